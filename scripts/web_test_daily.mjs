// The web page's daily part (issue 43) in a real Chromium, driven through the DevTools protocol
// over a pipe (no npm packages), as scripts/web_test.mjs drives it: a past day's puzzle from the
// address's #d= and from the date choice (days that cannot be played said in one line, in the words
// of `queens play --date`), solved without moving the daily streak, and kept across a reload; the
// Share button after solving the puzzle of the day (through a stubbed navigator.share) and a puzzle
// given by link (through a stubbed clipboard, with no navigator.share), sharing the engine's lines;
// and the region letters option, on the LEDs as `queens regions daily` prints the puzzle,
// remembered across a reload. Run by scripts/web-test after web_test.mjs.
// Usage: node scripts/web_test_daily.mjs QUEENS [WEB_DIR]   (scripts/web-test runs it with
// target/debug/queens and target/web)
import { spawnSync, execFileSync } from "node:child_process";
import path from "node:path";
import { launch, reporter, serve, timerSpy } from "./devtools.mjs";

// -h and --help print the comment above, another option or no QUEENS is refused (scripts/usage
// says both), before the server and Chromium start.
const options = process.argv.slice(2).filter((a) => a.startsWith("-"));
if (options.length > 0 || process.argv.length < 3) {
  const why = options.length > 0 ? ["--", ...options] : ["give the queens binary the page is compared with"];
  const usage = spawnSync(path.join(path.dirname(process.argv[1]), "usage"), [process.argv[1], ...why], { stdio: "inherit" });
  process.exit(usage.status ?? 2);
}
const [, , queensBin, webDir = "target/web"] = process.argv;
const started = Date.now();
const { log, fail } = reporter("web-test-daily");

// --- target/web served, and Chromium (scripts/devtools.mjs) ---
const site = await serve(webDir);
const url = site.url;
const browser = launch({ name: "web-test-daily", fail });
const { send, page, evaluate, settle, consoleLines } = browser;

// Runs virtual time on, a little at a time, until `expression` holds on the page.
const until = (expression, what) => browser.until(expression, what, {
  step: () => browser.advance(50),
  tries: 100,
  shows: async () => `the page shows ${await evaluate(`document.querySelector(".words").innerText`)}`,
});
let openTarget = null;
// A phone-sized page at `hash`, with `setup` run before the page's own script (a stub).
async function openPage(hash, setup = "") {
  if (openTarget) await send("Target.closeTarget", { targetId: openTarget });
  // The intro (a first visit's) is web_test.mjs's to check: seen already here.
  const introSeen = `localStorage.setItem("queens.intro-seen", "1");`;
  const targetId = await browser.tab(timerSpy + introSeen + setup, { width: 390, height: 844, mobile: true });
  await browser.loadPaused(url + hash);
  openTarget = targetId;
  await settle();
}
// The same address opened again (a reload, or the tab reopened): what the page keeps is in the
// address and localStorage, which the tabs of one profile share.
async function reload() {
  await openPage(await evaluate("location.hash"));
}

// --- the puzzles, as the command line has them ---
const iso = (days) => new Date(days * 86400000).toISOString().slice(0, 10);
const today = Math.floor(Date.now() / 86400000);
// `queens regions daily --date DATE --format json` (or another command's JSON): its letters and
// the squares of its solution ([col, row], one per column).
function puzzleOf(args) {
  const json = JSON.parse(execFileSync(queensBin, [...args, "--format", "json"]).toString());
  const letters = json.regions.flat().map((r) => String.fromCharCode(65 + r)).join("");
  return { n: json.n, letters, queens: json.solution.map((row, col) => [col, row]) };
}
const words = () => evaluate(`({ mode: document.getElementById("mode").textContent, tally: document.getElementById("tally").textContent,
  message: document.getElementById("message").textContent, day: document.getElementById("day-said").textContent,
  share: !document.getElementById("share").hidden, stored: localStorage.getItem("queens") })`);
const ledLetters = () => evaluate(`[...document.querySelectorAll("#matrix .led")].map((l) => l.textContent || " ").join("")`);
// A click at the centre of the LED of square (col, row) of an n x n board: a press there.
async function clickSquare(n, col, row) {
  const off = (Math.max(8, n) - n) >> 1;
  const { x, y } = await evaluate(`(() => { const leds = [...document.querySelectorAll("#matrix .led")], side = Math.round(Math.sqrt(leds.length));
    const r = leds[${row + off} * side + ${col + off}].getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await page("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 });
  }
}
// Two presses on each of the solution's squares (empty, dot, queen): solved.
async function solve(puzzle) {
  for (const [col, row] of puzzle.queens) {
    await clickSquare(puzzle.n, col, row);
    await clickSquare(puzzle.n, col, row);
  }
  await settle();
}
async function clickShare() {
  const { x, y } = await evaluate(`(() => { const r = document.getElementById("share").getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await page("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 });
  }
  await until(`document.getElementById("share-said").textContent !== ""`, "the share said nothing");
}
// What the engine says to share, as the page's describe() gives it: the Share button shares these.
const engineLines = () => evaluate(`JSON.parse(text(wasm.describe())).share`);
function checkLines(shared, first, what) {
  const lines = shared.split("\n");
  if (lines.length !== 3 || lines[0] !== first || !/^solved in \d+s with no hints$/.test(lines[1]) || lines[2] !== "\u{1f451}".repeat(8)) {
    fail(`${what}: shared ${JSON.stringify(shared)}, not "${first}", the time and the hints, and eight crowns`);
  }
}

try {
  // --- past days ---
  const yesterday = today - 1;
  const past = puzzleOf(["regions", "daily", "--date", iso(yesterday)]);
  await openPage(`#d=${iso(yesterday)}`);
  let shown = await words();
  if (shown.mode !== "regions 8x8" || shown.tally !== "") fail(`#d=${iso(yesterday)}: the page shows ${JSON.stringify(shown)}`);
  // Its puzzle, by its letters (the option on; a reload keeps both the day and the option).
  await evaluate(`document.getElementById("letters").click()`);
  if ((await ledLetters()) !== past.letters) fail(`the letters of #d=${iso(yesterday)} are ${await ledLetters()}, not ${past.letters}`);
  await reload();
  if (!(await evaluate(`document.getElementById("letters").checked`)) || (await ledLetters()) !== past.letters) {
    fail(`after a reload: the option ${await evaluate(`document.getElementById("letters").checked`)}, letters ${await ledLetters()}`);
  }
  log(`#d=${iso(yesterday)} plays that day's puzzle, its letters on the LEDs; a reload keeps the day and the option`);
  await solve(past);
  shown = await words();
  if (!shown.share) fail(`yesterday's puzzle solved, but no Share button: ${JSON.stringify(shown)}`);
  if (shown.stored !== null && shown.stored.includes("daily")) fail(`a past day moved the streak: ${shown.stored}`);
  log(`solved, the streak untouched (stored: ${shown.stored})`);
  // Days that cannot be played: one line, the command line's words.
  for (const [date, how] of [[iso(today + 1), "the date choice"], ["2026-11-20", "the address"]]) {
    const cli = spawnSync(queensBin, ["play", "--backend", "script", "--date", date], { input: "" }).stderr.toString();
    const why = cli.slice(cli.indexOf("--date: ") + 8, cli.indexOf(" (see"));
    if (how === "the address") {
      await evaluate(`location.hash = "#d=${date}"`);
      await until(`document.getElementById("day-said").textContent.includes("${date}")`, `#d=${date} was not refused`);
    } else {
      await evaluate(`document.getElementById("day").value = "${date}"; document.getElementById("play-day").click()`);
    }
    const said = (await words()).day;
    if (!said.endsWith(why) || said.includes("\n")) fail(`${how} with ${date}: said "${said}", where queens play --date says "${why}"`);
    log(`${date} in ${how}: "${said}"`);
  }
  // The date choice plays another day, by putting it in the address.
  const before = iso(today - 2);
  await evaluate(`document.getElementById("day").value = "${before}"; document.getElementById("play-day").click()`);
  const other = puzzleOf(["regions", "daily", "--date", before]);
  const letters = `[...document.querySelectorAll("#matrix .led")].map((l) => l.textContent || " ").join("")`;
  await until(`location.hash === "#d=${before}" && ${letters} === "${other.letters}"`, `the date choice did not play ${before}`);
  await evaluate(`document.getElementById("letters").click()`);
  if ((await ledLetters()).trim() !== "") fail(`the option off, the LEDs still show letters`);
  log(`the date choice plays ${before}; the option off, no letters`);

  // --- sharing the puzzle of the day, through navigator.share ---
  const daily = puzzleOf(["regions", "daily", "--date", iso(today)]);
  await openPage(`#d=${iso(today)}`, `navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };`);
  await solve(daily);
  shown = await words();
  if (!shown.share || shown.tally !== "daily streak 1 day") fail(`today's puzzle solved: ${JSON.stringify(shown)}`);
  const lines = await engineLines();
  await clickShare();
  const shared = await evaluate(`window.__shared.text`);
  if (shared !== lines.join("\n")) fail(`shared ${JSON.stringify(shared)}, the engine says ${JSON.stringify(lines)}`);
  checkLines(shared, `queens regions: the puzzle of ${iso(today)}`, "today's puzzle");
  log(`today's puzzle solved (daily streak 1 day) and shared through navigator.share: ${JSON.stringify(shared)}`);

  // --- sharing a given puzzle, through the clipboard where there is no navigator.share ---
  const link = execFileSync(queensBin, ["regions", "generate", "--size", "8", "--seed", "43", "--link"]).toString().trim();
  const given = puzzleOf(["regions", "generate", "--size", "8", "--seed", "43"]);
  const noShare = `delete Navigator.prototype.share; navigator.clipboard.writeText = (text) => { window.__copied = text; return Promise.resolve(); };`;
  await openPage(link, noShare);
  await solve(given);
  await clickShare();
  const copied = await evaluate(`window.__copied`);
  checkLines(copied, `queens regions: 8x8 ${link}`, "the given puzzle");
  if ((await evaluate(`document.getElementById("share-said").textContent`)) !== "copied: paste it anywhere") fail("the copy was not said");
  log(`a puzzle given by link, solved and copied: ${JSON.stringify(copied)}`);
  const errors = consoleLines.filter((l) => l.startsWith("error") || l.startsWith("exception"));
  if (errors.length) fail(`the page logged errors: ${errors.join("; ")}`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  if (!process.exitCode) console.error(`web-test-daily: FAILED: ${e.stack}\n${browser.stderr()}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  site.close();
}
