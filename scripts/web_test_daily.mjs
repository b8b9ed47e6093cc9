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
import { spawn, spawnSync, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

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
const log = (line) => console.log(`web-test-daily: ${line}`);
const fail = (line) => {
  console.error(`web-test-daily: FAILED: ${line}`);
  process.exitCode = 1;
  throw new Error(line);
};

// --- a static file server for target/web ---
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const name = path.normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
  const file = path.join(webDir, name || "index.html");
  if (!file.startsWith(path.normalize(webDir)) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
  res.end(fs.readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/`;

// --- Chromium, and the DevTools protocol over its pipe (fd 3 to it, fd 4 from it) ---
const profile = fs.mkdtempSync(path.join(os.tmpdir(), "queens-web-test-daily-"));
const chrome = spawn(
  "/usr/bin/chromium",
  [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", `--user-data-dir=${profile}`, "--remote-debugging-pipe", "about:blank",
  ],
  { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
);
let chromeErr = "";
chrome.stdio[2].on("data", (d) => { chromeErr = (chromeErr + d).slice(-4000); });
let nextId = 0;
const pending = new Map();
const waiters = [];
const consoleLines = [];
let inbox = Buffer.alloc(0);
chrome.stdio[4].on("data", (data) => {
  inbox = Buffer.concat([inbox, data]);
  for (let end; (end = inbox.indexOf(0)) >= 0; inbox = inbox.subarray(end + 1)) {
    const msg = JSON.parse(inbox.subarray(0, end).toString());
    if (msg.id !== undefined) {
      const call = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) call.reject(new Error(`${call.method}: ${msg.error.message}`));
      else call.resolve(msg.result);
    } else {
      if (msg.method === "Runtime.consoleAPICalled") {
        consoleLines.push(`${msg.params.type}: ${msg.params.args.map((a) => a.value ?? a.description).join(" ")}`);
      }
      if (msg.method === "Runtime.exceptionThrown") consoleLines.push(`exception: ${msg.params.exceptionDetails.text}`);
      for (const w of waiters.filter((w) => w.method === msg.method)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(msg.params);
      }
    }
  }
});
chrome.on("exit", (code) => {
  for (const call of pending.values()) call.reject(new Error(`chromium exited (${code}): ${chromeErr}`));
});
function send(method, params = {}, sessionId) {
  return new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject, method });
    chrome.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
  });
}
const waitFor = (method) => new Promise((resolve) => waiters.push({ method, resolve }));

// The page's pending timers, counted by a wrapper added before the page's own script runs.
const timerSpy = `(() => {
  const pending = new Set(), set = window.setTimeout, clear = window.clearTimeout;
  window.setTimeout = (f, ms, ...a) => { const id = set(() => { pending.delete(id); f(...a); }, ms); pending.add(id); return id; };
  window.clearTimeout = (id) => { pending.delete(id); clear(id); };
  Object.defineProperty(window, "__pending", { value: pending });
})();`;

let session;
const page = (method, params) => send(method, params, session);
async function evaluate(expression) {
  const { result, exceptionDetails } = await page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) fail(`${expression}: ${exceptionDetails.text}`);
  return result.value;
}
async function advance(ms) {
  const expired = waitFor("Emulation.virtualTimeBudgetExpired");
  await page("Emulation.setVirtualTimePolicy", { policy: "advance", budget: ms });
  await expired;
}
// Runs virtual time on until the page has no timer pending: every animation has played.
async function settle() {
  for (let i = 0; i < 200; i++) {
    if ((await evaluate("window.__pending.size")) === 0) return;
    await advance(2000);
  }
  fail("the page never settled");
}
// Runs virtual time on, a little at a time, until `expression` holds on the page.
async function until(expression, what) {
  for (let i = 0; i < 100; i++) {
    if (await evaluate(expression)) return;
    await advance(50);
  }
  fail(`${what}: the page shows ${await evaluate(`document.querySelector(".words").innerText`)}`);
}
let openTarget = null;
// A phone-sized page at `hash`, with `setup` run before the page's own script (a stub).
async function openPage(hash, setup = "") {
  if (openTarget) await send("Target.closeTarget", { targetId: openTarget });
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  ({ sessionId: session } = await send("Target.attachToTarget", { targetId, flatten: true }));
  await page("Runtime.enable");
  await page("Page.enable");
  // The intro (a first visit's) is web_test.mjs's to check: seen already here.
  const introSeen = `localStorage.setItem("queens.intro-seen", "1");`;
  await page("Page.addScriptToEvaluateOnNewDocument", { source: timerSpy + introSeen + setup });
  await page("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, mobile: true, deviceScaleFactor: 1 });
  const loaded = waitFor("Page.loadEventFired");
  await page("Page.navigate", { url: url + hash });
  await loaded;
  for (let i = 0; i < 100 && (await evaluate("document.querySelectorAll('.led').length")) === 0; i++) {
    await new Promise((ok) => setTimeout(ok, 50));
  }
  await page("Emulation.setVirtualTimePolicy", { policy: "pause" });
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
  if (!process.exitCode) console.error(`web-test-daily: FAILED: ${e.stack}\n${chromeErr}`);
  process.exitCode = 1;
} finally {
  if (chrome.exitCode === null && chrome.signalCode === null) {
    const exited = new Promise((ok) => chrome.once("exit", ok));
    chrome.stdio[3].on("error", () => {});
    send("Browser.close").catch(() => {});
    const timer = setTimeout(() => chrome.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }
  server.close();
  try {
    fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  } catch (e) {
    console.error(`web-test-daily: warning: Chromium's profile ${profile} is left behind: ${e.message}`);
  }
}
