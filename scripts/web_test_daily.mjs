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
  await browser.loadPaused(url + hash, noon);
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
// The page's clock pinned to noon of `today` (UTC): a run across midnight keeps one day.
const noon = today * 86400000 + 43200000;
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
// A key pressed and let go, to whatever has the focus (the page's keys are the document's), and
// the page settled.
const keyCodes = { ArrowUp: 38, ArrowDown: 40, Enter: 13, " ": 32 };
async function key(name) {
  const text = name === "Enter" ? "\r" : name.length === 1 ? name : undefined;
  const code = name === " " ? "Space" : name;
  await page("Input.dispatchKeyEvent", { type: text ? "keyDown" : "rawKeyDown", key: name, code, windowsVirtualKeyCode: keyCodes[name], text });
  await page("Input.dispatchKeyEvent", { type: "keyUp", key: name, code, windowsVirtualKeyCode: keyCodes[name] });
  await settle();
}
// The LEDs' colours (not their letters), in one string.
const ledColours = () => evaluate(`[...document.querySelectorAll("#matrix .led")].map((l) => l.style.backgroundColor).join(" ")`);
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

  // --- sharing a given puzzle, through the clipboard where there is no navigator.share, from the
  // keyboard: Enter on the focused button is the button's (issue 50: it was the game's, a press on
  // the solved board, which brought a new puzzle and hid the button) ---
  const link = execFileSync(queensBin, ["regions", "generate", "--size", "8", "--seed", "43", "--link"]).toString().trim();
  const given = puzzleOf(["regions", "generate", "--size", "8", "--seed", "43"]);
  const noShare = `delete Navigator.prototype.share; navigator.clipboard.writeText = (text) => { window.__copied = text; return Promise.resolve(); };`;
  await openPage(link, noShare);
  await solve(given);
  const solvedLeds = await ledColours();
  await evaluate(`document.getElementById("share").focus()`);
  await key("Enter");
  await until(`document.getElementById("share-said").textContent !== ""`, "Enter on the Share button shared nothing");
  const copied = await evaluate(`window.__copied`);
  // The page's own address before the fragment: a link a friend opens (it was the bare #p=...).
  checkLines(copied, `queens regions: 8x8 ${url}${link}`, "the given puzzle");
  if ((await evaluate(`document.getElementById("share-said").textContent`)) !== "copied: paste it anywhere") fail("the copy was not said");
  if (!(await words()).share || (await ledColours()) !== solvedLeds) fail("Enter on the Share button reached the game");
  log(`a puzzle given by link, solved and copied by Enter on the Share button: ${JSON.stringify(copied)}`);

  // --- issue 50: the lines shared, pasted back, play their puzzle (they were "'q' is not a region letter") ---
  await openPage("");
  await evaluate(`document.getElementById("letters").checked || document.getElementById("letters").click()`);
  await evaluate(`document.getElementById("puzzle").open = true; document.getElementById("pasted").value = ${JSON.stringify(copied)}; document.getElementById("play-pasted").click()`);
  const lettersNow = `[...document.querySelectorAll("#matrix .led")].map((l) => l.textContent || " ").join("")`;
  await until(`location.hash === ${JSON.stringify(link)} && ${lettersNow} === "${given.letters}" || document.getElementById("puzzle-said").textContent !== ""`, "the shared lines pasted did not play");
  if ((await ledLetters()) !== given.letters || (await evaluate(`document.getElementById("puzzle-said").textContent`)) !== "") {
    fail(`the shared lines pasted: letters ${await ledLetters()}, said "${await evaluate(`document.getElementById("puzzle-said").textContent`)}"`);
  }
  await evaluate(`document.getElementById("letters").click()`);
  log(`the lines shared, pasted back, play ${link}`);
  // --- issue 50: a day's link with a bad escape stopped the page ("the game could not start: URI
  // malformed"), and threw in an open tab; a space copied after the day was refused. The engine reads
  // the address's day as it reads a #p= link: one line under the date, the game as it was. ---
  await evaluate(`localStorage.removeItem("queens")`);
  for (const hash of ["#d=%", "#d=%E0%A4%A"]) {
    await openPage(hash);
    const said = (await words()).day;
    const leds = await evaluate(`document.querySelectorAll("#matrix .led").length`);
    if (leds !== 64 || (await words()).mode !== "classic 8x8" || !/^the address's day: '[^\n]+' is not a date as YYYY-MM-DD$/.test(said)) {
      fail(`${hash}: ${leds} LEDs, the page shows ${JSON.stringify(await words())}`);
    }
    log(`${hash} opened: the game, and "${said}"`);
  }
  // In an open tab, half-way through a game: the line, and the game goes on as it was.
  await openPage(`#d=${iso(yesterday)}`);
  await clickSquare(8, 0, 0);
  const halfWay = await ledColours();
  await evaluate(`location.hash = "#d=%"`);
  await until(`document.getElementById("day-said").textContent !== ""`, "#d=% in an open tab was not said");
  if ((await ledColours()) !== halfWay || (await words()).mode !== "regions 8x8") fail(`#d=% in an open tab changed the game: ${JSON.stringify(await words())}`);
  log(`#d=% in an open tab: "${(await words()).day}", the game as it was`);
  await openPage(`#d=${iso(yesterday)}%20`);
  await evaluate(`document.getElementById("letters").checked || document.getElementById("letters").click()`);
  if ((await ledLetters()) !== past.letters || (await words()).day !== "") fail(`#d=${iso(yesterday)}%20: ${JSON.stringify(await words())}`);
  log(`#d=${iso(yesterday)}%20 plays that day, as #p=...%20 plays its puzzle`);

  // --- issue 50: Play it under an empty date choice asks for a day ("'' is not a date as YYYY-MM-DD") ---
  await evaluate(`document.getElementById("day").value = ""; document.getElementById("play-day").click()`);
  if ((await words()).day !== "choose a day first") fail(`Play it with no day: said "${(await words()).day}"`);
  log(`Play it with no day chosen: "${(await words()).day}"`);
  // Enter in the date field plays the day in it, and a day played takes that line away, also when it
  // is the day already in the address (the line stayed)
  for (let i = 0; i < 2; i++) {
    await evaluate(`document.getElementById("day").value = "${iso(yesterday)}"; document.getElementById("day").focus()`);
    await key("Enter");
    await until(`location.hash === "#d=${iso(yesterday)}" && document.getElementById("day-said").textContent === ""`,
      `Enter in the date field with ${iso(yesterday)} (the address's day ${i ? "already" : "not yet"})`);
    await evaluate(`document.getElementById("day").value = ""; document.getElementById("play-day").click()`);
  }
  log(`Enter in the date field plays the day, and a day played takes the last line away`);

  // --- issue 50: a focused control gets its own keys (Space on the checkbox put a dot on d4, Enter on
  // a joystick button placed a queen); the board, and the page with nothing focused, the game's ---
  await evaluate(`document.getElementById("letters").checked && document.getElementById("letters").click()`);
  const before50 = await ledColours();
  await evaluate(`document.getElementById("letters").focus()`);
  await key(" ");
  const toggled = await evaluate(`document.getElementById("letters").checked`);
  await key("Enter");
  if (!toggled || (await ledColours()) !== before50) fail(`Space and Enter on the checkbox: checked ${toggled}, the board changed: ${(await ledColours()) !== before50}`);
  await key(" ");
  // "up" pushed by Enter moves the cursor up (down on the page's keys brings it back); the middle's is a press.
  await evaluate(`document.querySelector('#stick [data-key="0"]').focus()`);
  await key("Enter");
  const moved = await ledColours();
  await evaluate(`document.activeElement.blur()`);
  await key("ArrowDown");
  if (moved === before50 || (await ledColours()) !== before50) fail("Enter on the joystick's up did not move the cursor up, or did more");
  await evaluate(`document.querySelector('#stick .middle').focus()`);
  await key(" ");
  const pressed = await ledColours();
  await evaluate(`document.activeElement.blur()`);
  await key("Enter");
  await key("Enter");
  if (pressed === before50 || (await ledColours()) !== before50) fail("Space on the joystick's middle was not one press (empty, dot, queen, empty)");
  // Enter held on it (the key repeating) is one press too, as the game's Enter is.
  await evaluate(`document.querySelector('#stick .middle').focus()`);
  const enter = { key: "Enter", code: "Enter", windowsVirtualKeyCode: 13, text: "\r" };
  await page("Input.dispatchKeyEvent", { type: "keyDown", ...enter });
  await page("Input.dispatchKeyEvent", { type: "keyDown", autoRepeat: true, ...enter });
  await page("Input.dispatchKeyEvent", { type: "keyUp", key: "Enter", code: "Enter", windowsVirtualKeyCode: 13 });
  await settle();
  const held = await ledColours();
  await evaluate(`document.activeElement.blur()`);
  await key("Enter");
  await key("Enter");
  if (held !== pressed || (await ledColours()) !== before50) fail("Enter held on the joystick's middle was not one press");
  // Clicked with the mouse, the box gives the keys back: Space is a press again (a dot), not the box's.
  const { x: bx, y: by } = await evaluate(`(() => { const r = document.getElementById("letters").getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  for (const type of ["mousePressed", "mouseReleased"]) await page("Input.dispatchMouseEvent", { type, x: bx, y: by, button: "left", clickCount: 1 });
  await key(" ");
  const clickedBox = await evaluate(`document.getElementById("letters").checked`);
  await evaluate(`document.getElementById("letters").click()`);
  await key(" ");
  await key(" ");
  if (!clickedBox || (await ledColours()) !== before50) fail(`Space after a click on the letters box: checked ${clickedBox}, not one press`);
  log("Space and Enter on the checkbox are the checkbox's, but after a click on it the game's; Enter on the joystick's up moves up, Space or a held Enter on its middle presses once");

  // --- issue 50: a streak ending on a day to come (another tab's, or written by hand) held still;
  // stored while this tab plays, this tab's save sets it aside and stores today's ---
  const daily50 = puzzleOf(["regions", "daily", "--date", iso(today)]);
  await evaluate(`localStorage.removeItem("queens")`);
  await openPage(`#d=${iso(today)}`);
  const toCome = `{"mode":"regions","size":8,"found":[5],"daily_solved":"${iso(today + 365)}","daily_streak":5}`;
  await evaluate(`localStorage.setItem("queens", ${JSON.stringify(toCome)})`);
  consoleLines.length = 0;
  await solve(daily50);
  const after50 = await words();
  const stored50 = JSON.parse(after50.stored);
  const aside50 = await evaluate(`Object.keys(localStorage).filter((k) => k.startsWith("queens.corrupt-")).map((k) => localStorage.getItem(k))`);
  const warned50 = consoleLines.filter((l) => l.includes(`daily_solved "${iso(today + 365)}" is after today, ${iso(today)} (UTC)`));
  if (after50.tally !== "daily streak 1 day" || stored50.daily_solved !== iso(today) || stored50.daily_streak !== 1 ||
    !aside50.includes(toCome) || warned50.length !== 1) {
    fail(`a streak to come stored while the day's puzzle was solved: ${JSON.stringify({ after50, aside50, console: consoleLines })}`);
  }
  log(`a streak ending ${iso(today + 365)}, stored meanwhile: set aside ("${warned50[0]}"); today's solve stored, daily streak 1 day`);

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
