// The web page in a real Chromium, driven through the DevTools protocol over a pipe (no npm
// packages): serves target/web on 127.0.0.1, plays whole games in every mode with the keyboard, the
// mouse and touch on the drawn joystick, and by tapping and clicking the squares on the LEDs (the
// script's `at X Y` and `press`), reads every LED's colour back after each action, and
// compares them with the script backend's settled frames for the same events (the script-frames
// example, given as argv[2]). Time on the page is Chromium's virtual time, so a scrolling message
// passes in an instant and holds and repeats fire exactly when due. Also: an idle page runs no timer,
// bad saved progress is ignored with a warning and kept aside, regions' puzzles other than the day's
// are new at each visit and the one in play survives a reload, and a screenshot (argv[3]). The page
// and the script backend are given one seed (?seed= and an argument) for regions' puzzles. A puzzle
// shared by link (`queens regions generate --link`, the queens binary is argv[5]) opens from the
// address's #p= and plays as `queens play --puzzle` plays it; one pasted plays too.
// Run by scripts/web-test.
// Usage: node scripts/web_test.mjs SCRIPT_FRAMES [SCREENSHOT [WEB_DIR [QUEENS]]]   (scripts/web-test
// runs it with the script-frames example, target/web-test/web.png, target/web, target/debug/queens)
import { spawnSync, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, reporter, serve, timerSpy } from "./devtools.mjs";

// -h and --help print the comment above, another option or no SCRIPT_FRAMES is refused (scripts/usage
// says both), before the server and Chromium start.
const options = process.argv.slice(2).filter((a) => a.startsWith("-"));
if (options.length > 0 || process.argv.length < 3) {
  const why = options.length > 0 ? ["--", ...options] : ["give the script-frames binary to compare the page with"];
  const usage = spawnSync(path.join(path.dirname(process.argv[1]), "usage"), [process.argv[1], ...why], { stdio: "inherit" });
  process.exit(usage.status ?? 2);
}
const [, , framesBin, screenshotPath, webDir = "target/web", queensBin = "target/debug/queens"] = process.argv;
// Regions mode's puzzles other than the day's come from a seed: the page takes this one from its
// address (?seed=), the script backend as its argument, so that both show the same puzzles.
const seed = randomBytes(8).toString("hex");
const started = Date.now();
// The day the page is played on: its clock is pinned to noon of it (UTC), and the script backend is
// given the same date, so a run across midnight compares one day's puzzle of the day.
const day = Math.floor(started / 86400000);
const noon = day * 86400000 + 43200000;
const date = new Date(noon).toISOString().slice(0, 10);
const { log, fail } = reporter("web-test");

// --- target/web served, and Chromium (scripts/devtools.mjs) ---
const site = await serve(webDir);
const url = site.url;
const browser = launch({ name: "web-test", fail });
const { send, page, evaluate, advance, settle, consoleLines } = browser;

let openTarget = null;
const desktop = { width: 960, height: 430, mobile: false };
async function openPage(setup = "", viewport = desktop, settled = true, query = "") {
  if (openTarget) await send("Target.closeTarget", { targetId: openTarget });
  const targetId = await browser.tab(timerSpy + setup, viewport);
  // A phone: touch only (a tap is a touch event, and the page sees a coarse pointer).
  await page("Emulation.setTouchEmulationEnabled", { enabled: viewport.mobile, maxTouchPoints: viewport.mobile ? 5 : 1 });
  await browser.loadPaused(url + query, noon);
  openTarget = targetId;
  if ((await evaluate("document.querySelectorAll('.led').length")) === 0) fail(`the page did not start: ${consoleLines.join("; ")}`);
  if (settled) await settle();
}

// --- what the LEDs show, and what the script backend says they should ---
// The Sense HAT keeps 5 bits of red and blue, 6 of green (RGB565); the page shows each widened back.
function asLed(hex) {
  const v = parseInt(hex, 16);
  const widen = (c, bits) => { const k = c >> (8 - bits); return (k << (8 - bits)) | (k >> (2 * bits - 8)); };
  return `rgb(${widen(v >> 16, 5)}, ${widen((v >> 8) & 255, 6)}, ${widen(v & 255, 5)})`;
}
const readLeds = () => evaluate("[...document.querySelectorAll('#matrix .led')].map((l) => getComputedStyle(l).backgroundColor)");
const words = () => evaluate("({ mode: document.getElementById('mode').textContent, menu: [...document.querySelectorAll('#menu li')].map((l) => l.textContent), message: document.getElementById('message').textContent })");

const lines = [];      // the script the page was played with, one event per line
const observed = [];   // after each action: [index of its last line, the LEDs, what was done]
let keyboardHolding = false;

async function record(what, eventLines) {
  await settle();
  lines.push(...eventLines);
  observed.push([lines.length, await readLeds(), what]);
}
const keyCodes = { ArrowUp: 38, ArrowDown: 40, ArrowLeft: 37, ArrowRight: 39, Enter: 13, " ": 32, m: 77, w: 87, a: 65, s: 83, d: 68, h: 72, j: 74, k: 75, l: 76 };
const keyEvent = { ArrowUp: "up", w: "up", k: "up", ArrowDown: "down", s: "down", j: "down", ArrowLeft: "left", a: "left", h: "left", ArrowRight: "right", d: "right", l: "right", Enter: "press", " ": "press", m: "hold" };
async function key(name) {
  const code = keyCodes[name];
  const text = name.length === 1 ? name : name === "Enter" ? "\r" : undefined;
  await page("Input.dispatchKeyEvent", { type: text ? "keyDown" : "rawKeyDown", key: name, windowsVirtualKeyCode: code, text });
  await page("Input.dispatchKeyEvent", { type: "keyUp", key: name, windowsVirtualKeyCode: code });
  const eventLines = keyboardHolding ? ["release", keyEvent[name]] : [keyEvent[name]];
  keyboardHolding = name === "m";
  await record(`key ${name}`, eventLines);
}
async function centre(button) {
  return evaluate(`(() => { const r = document.querySelector('#stick [aria-label^="${button}"]').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
}
async function pointer(button, down, touch) {
  await pointAt(await centre(button), down, touch);
}
// A finger (touch) or the mouse's left button going down at, or lifted from, a point of the page.
async function pointAt({ x, y }, down, touch) {
  if (touch) {
    await page("Input.dispatchTouchEvent", { type: down ? "touchStart" : "touchEnd", touchPoints: down ? [{ x, y }] : [] });
  } else {
    await page("Input.dispatchMouseEvent", { type: down ? "mousePressed" : "mouseReleased", x, y, button: "left", clickCount: 1 });
  }
}
// A tap (touch) or click (mouse) of a joystick button.
async function tap(button, touch = false) {
  await pointer(button, true, touch);
  await pointer(button, false, touch);
  await record(`${touch ? "tap" : "click"} ${button}`, [button === "middle" ? "press" : button]);
}
// A direction held 700 ms: at once, then at 500 and 650 ms, as on the HAT; in classic once only,
// as its seed moves once per push.
async function holdDirection(button, touch = false, repeats = true) {
  await pointer(button, true, touch);
  await advance(700);
  await pointer(button, false, touch);
  await record(`${button} held 700 ms`, repeats ? [button, button, button] : [button]);
}
// The middle held a second: the menu; then let go.
async function holdMiddle(touch = false) {
  await pointer("middle", true, touch);
  await settle();
  lines.push("hold");
  observed.push([lines.length, await readLeds(), "middle held"]);
  await pointer("middle", false, touch);
  await record("middle let go", ["release"]);
}

// --- pointing at a square (issue 32) ---
// A point in the cell of the LED at pixel (x, y) of the frame: its centre moved by `nudge`, in
// fractions of the distance between LED centres (0.49: just short of the middle of the gap).
async function ledPoint(x, y, [fx, fy] = [0, 0]) {
  return evaluate(`(() => {
    const leds = [...document.querySelectorAll("#matrix .led")], side = Math.round(Math.sqrt(leds.length));
    const centre = (i) => { const r = leds[i].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
    const [cx, cy] = centre(${y} * side + ${x});
    const pitch = centre(1)[0] - centre(0)[0];
    return { x: cx + ${fx} * pitch, y: cy + ${fy} * pitch };
  })()`);
}
// The board's square (col, row) is drawn at this pixel of the frame: centred on a frame of at least 8.
const pixelOf = (col, row) => [col, row].map((v) => v + ((Math.max(8, n) - n) >> 1));
// A tap (touch) or click (mouse) on the square (col, row), at its LED's centre moved by `nudge`, or
// held a second (`long`: the hold, then let go). The page sends the cursor there and the middle, as
// the script's `at X Y` and `press` (a hold: `hold`, then `release`); a hold of the keyboard's m still
// pending is released first, as before a key.
async function tapSquare(col, row, { touch = false, nudge, long = false } = {}) {
  const [x, y] = pixelOf(col, row);
  const point = await ledPoint(x, y, nudge);
  const how = `${touch ? "tap" : "click"}${long ? " held" : ""} on (${col}, ${row})${nudge ? ` off its centre by ${nudge}` : ""}`;
  const first = [...(keyboardHolding ? ["release"] : []), `at ${x} ${y}`];
  keyboardHolding = false;
  cursor = [col, row];
  await pointAt(point, true, touch);
  if (long) {
    await settle();
    lines.push(...first, "hold");
    observed.push([lines.length, await readLeds(), `${how}: the hold`]);
    await pointAt(point, false, touch);
    return record(`${how}: let go`, ["release"]);
  }
  await pointAt(point, false, touch);
  await record(how, [...first, "press"]);
}
// Taps the squares (col, rows[col]) in turn, each `presses` times (regions: a dot, then a queen),
// each somewhere else in its cell: the centre, and near each corner, in the gaps between LEDs.
async function tapSquares(rows, touch, presses = 1) {
  const spots = [[0, 0], [0.49, 0.49], [-0.49, -0.49], [0.49, -0.49], [-0.49, 0.49]];
  let i = 0;
  for (const [col, row] of rows.entries()) {
    for (let p = 0; p < presses; p++) await tapSquare(col, row, { touch, nudge: spots[i++ % spots.length] });
  }
}
// How big a square of the board is to a finger, from the page's layout: the distance between the
// LEDs' centres (a tap goes to the nearest), and for the squares on the edge from their centre to
// the matrix's edge and half that distance inward; the smallest of these, in CSS px.
const squareSize = () => evaluate(`(() => {
  const leds = [...document.querySelectorAll("#matrix .led")], side = Math.round(Math.sqrt(leds.length));
  const m = document.getElementById("matrix").getBoundingClientRect();
  const r = (i) => leds[i].getBoundingClientRect();
  const pitch = Math.min(r(1).x - r(0).x, r(side).y - r(0).y);
  const first = r(0), last = r(side * side - 1);
  const edge = Math.min(first.x + first.width / 2 - m.left, m.right - (last.x + last.width / 2),
    first.y + first.height / 2 - m.top, m.bottom - (last.y + last.height / 2)) + pitch / 2;
  return Math.round(Math.min(pitch, edge) * 10) / 10;
})()`);

// --- playing: the cursor is tracked here to find the moves to a square ---
let n = 8;
let cursor = [3, 4];
const start = (size) => [Math.floor((size - 1) / 2), Math.floor(size / 2)];
// A new game traced from here: the script and the observations start empty, the cursor at a
// size x size board's start.
function traceAnew(size) {
  lines.length = 0;
  observed.length = 0;
  keyboardHolding = false;
  n = size;
  cursor = start(size);
}
// Plays `solution` (the row of the queen in each column, as `queens regions solve --format json`
// gives it): each square a dot, then a queen.
async function placeSolution(solution) {
  for (const [col, row] of solution.entries()) {
    await moveTo(col, row);
    await key("Enter");
    await key("Enter");
  }
}
async function moveTo(col, row, keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]) {
  const [left, right, up, down] = keys;
  const dx = (col - cursor[0] + n) % n, dy = (row - cursor[1] + n) % n;
  const steps = [...(dx <= n / 2 ? Array(dx).fill(right) : Array(n - dx).fill(left)),
    ...(dy <= n / 2 ? Array(dy).fill(down) : Array(n - dy).fill(up))];
  for (const k of steps) await key(k);
  cursor = [col, row];
}
// Opens the menu with m, picks `label` with the arrows and Enter.
async function choose(label) {
  await key("m");
  const { menu } = await words();
  const at = menu.findIndex((l) => l.replace(/^\[|\]$/g, "") === label);
  const selected = menu.findIndex((l) => l.startsWith("["));
  if (at < 0) fail(`no ${label} in the menu: ${menu.join(" ")}`);
  for (let i = selected; i < at; i++) await key("ArrowRight");
  for (let i = selected; i > at; i--) await key("ArrowLeft");
  await key("Enter");
}
async function size(m) {
  await choose(String(m) + "X" + String(m));
  n = m;
  cursor = start(m);
}
async function mode(name) {
  await choose(name);
  cursor = start(n);
}
async function place(rows, keys) {
  for (const [col, row] of rows.entries()) {
    await moveTo(col, row, keys);
    await key(keys && keys[4] ? keys[4] : "Enter");
  }
}

// The progress shown after the mode and size (its separator included, as the page shows it): the
// 92 on the 8x8 in classic and strict, the daily streak on regions' puzzle of the day, else nothing.
// The help's items are set apart by the page, not by the terminal's double spaces.
async function tallyIs(want, where) {
  const { tally, separator, help } = await evaluate(`({
    tally: document.getElementById("tally").textContent,
    separator: getComputedStyle(document.getElementById("tally"), "::before").content,
    help: [...document.querySelectorAll("#help li")].map((l) => l.textContent) })`);
  const said = tally === "" ? "" : (separator === "none" ? "" : JSON.parse(separator)) + tally;
  if (!want.test(said)) fail(`${where}: the page says "${said}" after the mode and size`);
  if (help.length < 1 || help.some((h) => /\s\s/.test(h))) fail(`${where}: the help is ${JSON.stringify(help)}`);
}

// Where the page's parts are: none may move when the menu opens (the menu and message are last).
const boxes = () => evaluate(`[".hat", "#matrix", "#stick", ".words", "#help", ".said"].map((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [s, r.x, r.y, r.width]; })`);
// Fails unless the matrix, every LED and every joystick button are whole inside the viewport, the page
// is no wider than it, and every button is at least 44x44 px (a finger's touch target).
async function checkFits(where) {
  const found = await evaluate(`(() => {
    const w = innerWidth, h = innerHeight, problems = [];
    const check = (name, el, touch) => {
      const r = el.getBoundingClientRect();
      if (r.left < 0 || r.top < 0 || r.right > w || r.bottom > h) problems.push(name + " at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
      if (touch && (r.width < 44 || r.height < 44)) problems.push(name + " is " + Math.round(r.width) + "x" + Math.round(r.height) + " px");
      return r;
    };
    check("the matrix", document.getElementById("matrix"), false);
    const leds = [...document.querySelectorAll("#matrix .led")];
    leds.forEach((l, i) => check("LED " + i, l, false));
    for (const b of document.querySelectorAll("#stick button")) check("the " + b.getAttribute("aria-label").split(":")[0] + " button", b, true);
    const scrolls = document.scrollingElement.scrollWidth;
    if (scrolls > w) problems.push("the page is " + scrolls + " px wide");
    return { problems, led: leds[0].getBoundingClientRect().width, viewport: [w, h] };
  })()`);
  if (found.viewport[0] !== Number(where.match(/(\d+)x/)[1])) fail(`${where}: the page does not fit: the browser widened the viewport to ${found.viewport.join("x")}`);
  if (found.problems.length) fail(`${where}: ${found.problems.slice(0, 6).join("; ")}`);
}

// The script backend's settled frames for the events played since `lines` was emptied, against the
// LEDs the page showed after each action: by default script-frames' (the page's start, the seed);
// `command` names another, `queens play --backend script --puzzle FILE` for a given puzzle.
// Issue 39: a puzzle pasted as JSON, as `queens regions generate --format json` prints it, plays as its
// letters do (the address becomes the same link `fragment`); a wrong "solution" in it is refused in one
// line, in the words of `queens regions solve` (the same reader, in the engine). `waitUntil` moves
// virtual time on until an expression holds. Returns what was said.
async function pastedJson(fragment, waitUntil) {
  const json = execFileSync(queensBin, ["regions", "generate", "--size", "7", "--seed", "30", "--format", "json"]).toString();
  const paste = (text) => evaluate(`document.getElementById("puzzle").open = true; document.getElementById("pasted").value = ${JSON.stringify(text)}; document.getElementById("play-pasted").click()`);
  await openPage();
  await paste(json);
  await waitUntil(`location.hash === ${JSON.stringify(fragment)} && document.getElementById("mode").textContent === "regions 7x7"`, "the pasted JSON did not start");
  const puzzle = JSON.parse(json);
  [puzzle.solution[0], puzzle.solution[1]] = [puzzle.solution[1], puzzle.solution[0]];
  const wrong = JSON.stringify(puzzle);
  const solve = spawnSync(queensBin, ["regions", "solve"], { input: wrong }).stderr.toString().trim();
  const why = solve.replace(/^queens regions solve: /, "").replace(/ \(see 'queens regions solve --help'\)$/, "");
  await paste(wrong);
  const said = await evaluate(`document.getElementById("puzzle-said").textContent`);
  if (said !== why || !said.startsWith(`the puzzle's "solution" does not solve its grid: `)) {
    fail(`a wrong "solution" pasted: the page said "${said}", queens regions solve "${solve}"`);
  }
  return said;
}

function compareWithScript(command = [framesBin, [seed, date]]) {
  const script = lines.join("\n") + "\n";
  const text = execFileSync(command[0], command[1], { input: script, maxBuffer: 1 << 26 }).toString();
  const frames = text.split("\n\n").map((f) => f.trim()).filter((f) => f !== "");
  if (frames.length !== lines.length + 1) fail(`the script backend printed ${frames.length} frames for ${lines.length} lines`);
  for (const [index, leds, what] of observed) {
    const want = frames[index].split(/\s+/).map(asLed);
    const bad = want.findIndex((c, i) => leds[i] !== c);
    if (leds.length !== want.length || bad >= 0) {
      fs.writeFileSync("target/web-test/script.txt", script); // replayed: script-frames SEED DATE < target/web-test/script.txt
      const side = Math.sqrt(want.length);
      fail(`after ${what} (script line ${index}: ${lines[index - 1]}), LED (${bad % side}, ${Math.floor(bad / side)}) ` +
        `shows ${leds[bad]}, the script backend ${want[bad]} (${leds.length} LEDs, ${want.length} expected)`);
    }
  }
}

// --- issue 39: defects found by trying the page as a stranger ---
// Runs virtual time on, a little at a time, until `expression` holds on the page (an address's
// hashchange comes as a task); fails with `what` and what the page shows if it never does.
const until = (expression, what) => browser.until(expression, what, {
  step: () => advance(50),
  tries: 100,
  shows: async () => `the page has ${JSON.stringify(await evaluate(`[location.hash, document.getElementById("mode").textContent, document.getElementById("puzzle-said").textContent]`))}`,
});
// The LEDs `queens play --backend script --puzzle LINK` shows first.
const linkFirstLeds = (link) => execFileSync(queensBin, ["play", "--backend", "script", "--puzzle", link], { input: "" })
  .toString().split("\n\n")[0].trim().split(/\s+/).map(asLed);

// A link that cannot be played, put in the address of a tab where the 7x7 of `link` is half played:
// one line says why, and the game goes on as it was, its mode, queens and dots where they were.
async function aBadLinkInAnOpenTabKeepsTheGame(link) {
  await evaluate("localStorage.clear()");
  await openPage("", desktop, true, link);
  traceAnew(7);
  await place([1, 1]); // dots on (0, 1) and (1, 1)
  await place([1]); // and a queen on (0, 1)
  const before = { mode: (await words()).mode, leds: await readLeds() };
  await evaluate(`location.hash = "#p=8.tSSh"`);
  await until(`document.getElementById("puzzle-said").textContent !== ""`, "a bad link in an open tab was not said");
  await settle();
  const said = await evaluate(`document.getElementById("puzzle-said").textContent`);
  const after = { mode: (await words()).mode, leds: await readLeds() };
  if (!/^the address's puzzle: [^\n]+$/.test(said) || after.mode !== before.mode || JSON.stringify(after.leds) !== JSON.stringify(before.leds)) {
    fail(`#p=8.tSSh put in the address while ${before.mode} was half played: said "${said}", the page shows ${after.mode}`);
  }
  await key("ArrowRight"); // the game goes on
  compareWithScript([queensBin, ["play", "--backend", "script", "--puzzle", link]]);
  log(`#p=8.tSSh in an open tab: "${said}", and ${after.mode} goes on with its queen and dots`);
}

// A link is read as it was written: the browser keeps the address percent-encoded, so %37 is the 7
// of 7x7, and a space typed after the link (%20) is ignored, as the command line ignores it.
async function aLinkIsReadAsWritten(link) {
  const want = linkFirstLeds(link);
  const encoded = link.replace("#p=7.", "#p=%37.");
  await evaluate("localStorage.clear()");
  await openPage("", desktop, true, encoded);
  const opened = [(await words()).mode, await evaluate(`document.getElementById("puzzle-said").textContent`)];
  if (opened[0] !== "regions 7x7" || opened[1] !== "" || JSON.stringify(await readLeds()) !== JSON.stringify(want)) {
    fail(`the link ${encoded} opened ${JSON.stringify(opened)}`);
  }
  await openPage();
  await evaluate(`location.hash = ${JSON.stringify(`${link} `)}`);
  await until(`document.getElementById("mode").textContent === "regions 7x7" || document.getElementById("puzzle-said").textContent !== ""`, "a link with a space after it did nothing");
  await settle();
  const spaced = [await evaluate("location.hash"), (await words()).mode, await evaluate(`document.getElementById("puzzle-said").textContent`)];
  if (spaced[1] !== "regions 7x7" || spaced[2] !== "" || JSON.stringify(await readLeds()) !== JSON.stringify(want)) {
    fail(`a space after the link in an open tab: ${JSON.stringify(spaced)}`);
  }
  log(`the links ${encoded} and ${spaced[0]} open the 7x7 of ${link}`);
}

// A version JSON.parse cannot hold whole (2^53 + 1, and one it writes as 1e+23) is a newer queens's,
// by the state file's rule: one warning naming it as written, nothing set aside or replaced.
async function aVersionOfAnyLengthIsNewer() {
  for (const version of ["9007199254740993", "99999999999999999999999"]) {
    const stored = `{"version":${version},"mode":"classic","size":8,"found":[]}`;
    consoleLines.length = 0;
    await evaluate(`localStorage.clear(); localStorage.setItem('queens', ${JSON.stringify(stored)})`);
    await openPage();
    n = 8;
    await mode("STRICT"); // a change to store
    const warned = consoleLines.filter((l) => l.startsWith("warning: queens: saved progress"));
    const keys = await evaluate("Object.keys(localStorage).filter((k) => k !== 'queens.intro-seen').join(' ')");
    const left = await evaluate("localStorage.getItem('queens')");
    if (warned.length !== 1 || !warned[0].includes(`newer queens (format version ${version},`) || keys !== "queens" || left !== stored) {
      fail(`stored ${stored}: warnings ${JSON.stringify(consoleLines)}, keys ${keys}, left ${left}`);
    }
  }
  log("a version past 2^53 is a newer queens's, named as written, and left alone");
}

// On a phone held upright the intro's words are under the joystick, out of sight: the first tap on a
// square while the intro scrolls ends it and acts there, as the script backend's `at X Y`, `press`.
async function aTapDuringTheIntroActs() {
  await evaluate("localStorage.clear()");
  await openPage("", { width: 390, height: 844, mobile: true }, false, `?seed=${seed}`);
  // A moment of the intro first: on a page where no virtual time has run yet, Chromium never
  // answers the lifting of a touch.
  await advance(300);
  const playing = (await words()).message;
  if (!/^EIGHT QUEENS/.test(playing)) fail(`the intro does not play on a first visit: "${playing}"`);
  traceAnew(8);
  await tapSquare(2, 5, { touch: true });
  compareWithScript();
  log(`a tap on a square during the intro ("${playing.slice(0, 20)}...") ends it and places a queen there`);
}

try {
  await send("Target.setDiscoverTargets", { discover: false });
  await openPage("", desktop, true, `?seed=${seed}`);
  log(`${url}?seed=${seed} loaded in Chromium (${(await send("Browser.getVersion")).product})`);
  if ((await readLeds()).length !== 64) fail("the matrix is not 8x8");
  // Regions mode's puzzle of the day: the page's date must be the script backend's (`date`, UTC).
  const pageDay = await evaluate("Math.floor(Date.now() / 86400000)");
  if (pageDay !== day) fail(`the page's date is day ${pageDay}, not ${date}'s`);

  // An idle page schedules nothing: after settling, a minute of (virtual) time passes untouched.
  const before = await evaluate("JSON.stringify({ ...window.__timers, pending: window.__timers.pending.size })");
  await advance(60_000);
  const after = await evaluate("JSON.stringify({ ...window.__timers, pending: window.__timers.pending.size })");
  const idle = JSON.parse(after);
  if (before !== after || idle.pending !== 0 || idle.intervals !== 0 || idle.frames !== 0) {
    fail(`an idle page ran timers: before ${before}, after ${after}`);
  }
  log(`idle: no timer scheduled or run in a minute of idle time (${idle.scheduled} timeouts while the title played, no interval, no animation frame)`);

  // Classic on the 8x8: a whole game with the keyboard's every key family.
  await place([0, 4, 7, 5, 2, 6, 1, 3]);
  await choose("HINT");
  await key("Enter"); // on a queen: the answer
  await place([0, 4, 7, 5, 2, 6, 1, 3], ["h", "l", "k", "j", " "]);
  // The joystick: clicks, taps, held directions, the middle held for the menu.
  await tap("left");
  await tap("up", true);
  await tap("middle");
  await tap("middle", true);
  await holdDirection("right", false, false);
  await holdDirection("down", true, false);
  await holdMiddle();
  await tap("right");
  await tap("down"); // leaves the menu
  await holdMiddle(true);
  await tap("middle", true); // picks the first item
  cursor = null;
  // Strict: refused moves, take-backs, solve; then a whole game by hand.
  n = 8;
  await mode("STRICT");
  await tallyIs(/^ · \d+\/92 found$/, "strict 8x8");
  await holdDirection("right"); // strict repeats a held direction
  cursor = [6, 4];
  await place([0, 1]); // (1, 1) attacks (0, 0): refused
  await moveTo(2, 4);
  await key("Enter");
  await choose("SOLVE");
  await choose("RESTART");
  cursor = start(8);
  await place([0, 4, 7, 5, 2, 6, 1, 3], ["a", "d", "w", "s", "Enter"]);
  // Cover: queens placed and taken back, and the Delphi program's Go.
  await mode("COVER");
  await tallyIs(/^$/, "cover 8x8");
  await place([2, 2, 2]);
  await key("Enter"); // takes the last one back
  await choose("GO");
  await choose("GO");
  await choose("CLOSEST");
  await choose("RESET");
  cursor = start(8);
  await place([3, 5, 1, 7, 4]);
  // Regions: the puzzle of the day on the 8x8 (the page's date and the script backend's are today's,
  // in UTC), marks, queens that clash, a hint, restart, a 12x12 (from the seed both were given). Not
  // NEW: a new puzzle's seed also takes the engine's clock, which the script backend keeps apart from
  // the page's virtual time.
  await mode("REGIONS");
  await tallyIs(/^ · daily streak 0 days$/, "regions 8x8 (the puzzle of the day)");
  await place([1, 1]); // marks on (0, 1) and (1, 1)
  await place([1, 1]); // queens there: touching, they clash
  await choose("HINT");
  await choose("RESTART");
  cursor = start(8);
  await place([2, 5, 7]);
  await choose("HINT");
  await choose("DAILY");
  await size(12);
  await tallyIs(/^$/, "regions 12x12");
  await place([0, 3, 6]);
  await choose("HINT");
  // Sizes: 4 to 8 on the matrix, larger on a larger grid.
  await mode("CLASSIC");
  await size(5);
  await place([0, 2, 4, 1, 3]);
  await size(4);
  await place([1, 3, 0, 2]);
  await size(12);
  await tallyIs(/^$/, "classic 12x12");
  if ((await readLeds()).length !== 144) fail("a 12x12 board is not drawn on a 12x12 grid");
  await place([0, 2, 4]);
  await choose("HINT");
  await mode("STRICT");
  await size(16);
  if ((await readLeds()).length !== 256) fail("a 16x16 board is not drawn on a 16x16 grid");
  await place([0, 2, 4, 1]);
  await choose("SOLVE");
  await mode("COVER"); // cover plays up to 11x11
  n = 11;
  cursor = start(11);
  await place([1, 3, 5]);
  await size(8);
  await mode("CLASSIC");
  await place([3, 1, 6, 2, 5, 7, 4, 0]);
  if (!/\/92/.test((await words()).message) && (await evaluate("document.getElementById('tally').textContent")) === "0/92 found") {
    fail("the progress was not counted");
  }

  compareWithScript();
  log(`${observed.length} actions (${lines.length} script lines), every LED the same as the script backend's frames`);

  // Progress is kept: a new page starts where this one was, with what it found.
  const stored = await evaluate("localStorage.getItem('queens')");
  const kept = JSON.parse(stored);
  if (kept.mode !== "classic" || kept.size !== 8 || kept.found.length === 0) fail(`stored progress: ${stored}`);
  const first = await words();
  await openPage();
  const again = await words();
  const found = await evaluate("document.getElementById('tally').textContent");
  if (again.mode !== "classic 8x8" || found !== `${kept.found.length}/92 found`) fail(`a new page shows ${again.mode}, ${found}`);
  // The intro played on the first visit only: this one scheduled nothing (no title scrolled).
  const scheduled = await evaluate("window.__timers.scheduled");
  if (scheduled !== 0) fail(`the intro played again on a second visit (${scheduled} timeouts)`);
  log(`progress kept in localStorage: ${stored} (the page said ${first.mode})`);

  // Another tab stores its progress while this page plays: solving a board here keeps both, and
  // the mode and size the other tab chose (this one chose none since it opened).
  const otherTab = JSON.stringify({ version: 1, mode: "strict", size: 6, found: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] });
  await evaluate(`localStorage.setItem('queens', ${JSON.stringify(otherTab)})`);
  n = 8;
  cursor = start(8);
  await place([7, 1, 3, 0, 6, 4, 2, 5]); // a solution not found before: the progress changes
  const mergedText = await evaluate("localStorage.getItem('queens')");
  const merged = JSON.parse(mergedText);
  const both = [...kept.found, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  // The 12x12 regions puzzle left unsolved is still this tab's puzzle in play (version 2 keeps it).
  if (!/^12:[0-9a-f]{16}$/.test(kept.regions_puzzle) || kept.version !== 2) fail(`the 12x12 in play is not kept: ${stored}`);
  if (merged.version !== 2 || merged.mode !== "strict" || merged.size !== 6 || merged.regions_puzzle !== kept.regions_puzzle ||
    !both.every((i) => merged.found.includes(i))) {
    fail(`with ${otherTab} stored by another tab, solving a board stored ${mergedText}`);
  }
  log(`another tab's progress kept: ${mergedText}`);

  // Regions' puzzles other than the day's: a new one at each visit (the browser's randomness, no
  // seed in the address), stored at once; one in play, not solved, comes back on a reload.
  const regions7 = '{"mode":"regions","size":7,"found":[]}';
  const visits = [];
  for (let visit = 0; visit < 2; visit++) {
    await evaluate(`localStorage.setItem('queens', ${JSON.stringify(regions7)})`);
    await openPage();
    visits.push({ leds: await readLeds(), stored: await evaluate("localStorage.getItem('queens')") });
  }
  const [firstVisit, secondVisit] = visits;
  if (JSON.stringify(firstVisit.leds) === JSON.stringify(secondVisit.leds)) {
    fail(`two visits at regions 7x7 showed the same puzzle (stored ${firstVisit.stored}, then ${secondVisit.stored})`);
  }
  const inPlay = JSON.parse(secondVisit.stored);
  if (inPlay.version !== 2 || inPlay.mode !== "regions" || !/^7:[0-9a-f]{16}$/.test(inPlay.regions_puzzle)) {
    fail(`the 7x7 in play is stored as ${secondVisit.stored}`);
  }
  n = 7;
  cursor = start(7);
  await key("Enter"); // a dot, not kept: the puzzle is
  await openPage();
  if (JSON.stringify(await readLeds()) !== JSON.stringify(secondVisit.leds)) fail(`a reload did not show the 7x7 in play (${secondVisit.stored})`);
  // Another tab stores its progress and its own puzzle in play: this tab's mode changes, and what is
  // stored is the solutions of both with this tab's puzzle.
  const otherTabPuzzle = JSON.stringify({ version: 2, mode: "strict", size: 6, found: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], regions_puzzle: "9:0123456789abcdef" });
  await evaluate(`localStorage.setItem('queens', ${JSON.stringify(otherTabPuzzle)})`);
  await mode("CLASSIC");
  const afterOther = await evaluate("localStorage.getItem('queens')");
  const withOther = JSON.parse(afterOther);
  if (withOther.mode !== "classic" || withOther.size !== 7 || withOther.regions_puzzle !== inPlay.regions_puzzle ||
    ![0, 1, 2, 3, 4, 5, 6, 7, 8, 9].every((i) => withOther.found.includes(i))) {
    fail(`with ${otherTabPuzzle} stored by another tab, a new mode stored ${afterOther}`);
  }
  log(`regions 7x7: two visits, two puzzles; the one in play (${inPlay.regions_puzzle}) back after a reload and kept over another tab's: ${afterOther}`);

  // Every format of the stored value a release wrote (tests/fixtures/state/, its README says which
  // commit wrote each): the page opens in its mode and size, with its regions puzzle in play, and a
  // new solution found is stored beside its solutions and daily streak, in a format this build reads.
  const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "tests", "fixtures", "state");
  const fixture = (name) => fs.readFileSync(path.join(fixtures, name), "utf8");
  // The LEDs of the 7x7 regions puzzle of seed `seed` (16 hex digits), as the script backend shows it.
  const ledsOf = (seed) => {
    const link = execFileSync(queensBin, ["regions", "generate", "--size", "7", "--seed", String(BigInt(`0x${seed}`)), "--link"])
      .toString().trim();
    const leds = execFileSync(queensBin, ["play", "--backend", "script", "--puzzle", link], { input: "" })
      .toString().split("\n\n")[0].trim().split(/\s+/).map(asLed);
    return { link, leds };
  };
  // [file, what it shows, its puzzle in play, the version written after a classic solution].
  for (const [name, shows, inPlay, version] of [["page-unversioned.json", "strict 6x6", null, 1], ["page-v1.json", "cover 7x7", null, 1],
    ["page-v2.json", "regions 7x7", "7:763a7268fb424736", 2], ["page-v5.json", "regions 7x7", "7:160e7902eaaaf35c", 5]]) {
    const released = fixture(name);
    consoleLines.length = 0;
    await evaluate(`localStorage.clear(); localStorage.setItem('queens', ${JSON.stringify(released)})`);
    await openPage();
    const opened = await words();
    if (opened.mode !== shows) fail(`stored ${released} (${name}): the page shows ${opened.mode}`);
    if (inPlay) {
      const { link, leds } = ledsOf(inPlay.split(":")[1]);
      if (JSON.stringify(await readLeds()) !== JSON.stringify(leds)) fail(`stored ${released} (${name}): the LEDs are not its regions puzzle in play, ${link}`);
    }
    n = Number(shows.split("x")[1]);
    await mode("CLASSIC");
    await size(8);
    await place([7, 1, 4, 2, 0, 6, 3, 5]);
    const keptText = await evaluate("localStorage.getItem('queens')");
    const keptNow = JSON.parse(keptText);
    const storedKeys = await evaluate("Object.keys(localStorage).filter((k) => k !== 'queens.intro-seen').join(' ')");
    // Its best times (version 5) kept as they were.
    const best = (value) => JSON.stringify([value.best_times, value.daily_best]);
    if (JSON.stringify(keptNow.found) !== "[0,1,71]" || keptNow.daily_solved !== "2026-11-20" || keptNow.daily_streak !== 3 ||
      keptNow.regions_puzzle !== (inPlay ?? undefined) || keptNow.version !== version || storedKeys !== "queens" ||
      best(keptNow) !== best(JSON.parse(released)) || consoleLines.some((l) => l.startsWith("warning:"))) {
      fail(`stored ${released} (${name}), then a new solution: stored ${keptText}, keys ${storedKeys}, console ${JSON.stringify(consoleLines)}`);
    }
  }
  log("every released format of the stored progress opens in its mode and size, its puzzle in play, and keeps its solutions, streak and best times");

  // A value a newer queens stored: one warning, neither kept aside nor replaced, and the page plays.
  // (A version far above any this build knows, so that raising STATE_VERSION keeps it newer.)
  const future = fixture("page-v99-future.json");
  consoleLines.length = 0;
  await evaluate(`localStorage.clear(); localStorage.setItem('queens', ${JSON.stringify(future)})`);
  await openPage();
  n = 8;
  cursor = start(8);
  await place([7, 1, 4, 2, 0, 6, 3, 5]);
  await mode("STRICT");
  const newer = consoleLines.filter((l) => l.startsWith("warning: queens: saved progress"));
  const storedKeys = await evaluate("Object.keys(localStorage).filter((k) => k !== 'queens.intro-seen').join(' ')");
  const left = await evaluate("localStorage.getItem('queens')");
  if (newer.length !== 1 || !/newer queens/.test(newer[0]) || storedKeys !== "queens" || left !== future) {
    fail(`stored ${future}: warnings ${JSON.stringify(consoleLines)}, keys ${storedKeys}, left ${left}`);
  }
  log(`a newer queens's stored value: one warning (${newer[0]}), left as it is`);

  // A stored value that breaks the rules: ignored with a warning, kept aside, the page plays. A streak
  // too large for its number is said to be too large, not too small. Issue 50: a key given twice was
  // taken (the last), and a streak ending on a day to come showed ("daily streak 5 days") and held
  // still until that day; both are refused, in the state file's words.
  const tooLong = '{"mode":"regions","size":8,"found":[],"daily_solved":"2026-02-03","daily_streak":99999999999999999999}';
  const twice = '{"mode":"strict","mode":"classic","size":8,"found":[]}';
  const toCome = new Date(Date.now() + 365 * 86400000).toISOString().slice(0, 10);
  const later = `{"mode":"regions","size":8,"found":[],"daily_solved":"${toCome}","daily_streak":5}`;
  const wording = new Map([[tooLong, /daily_streak is too large \(at most 4294967295 days\)/], [twice, /"mode" is given twice$/],
    [later, new RegExp(`daily_solved "${toCome}" is after today, \\d{4}-\\d\\d-\\d\\d \\(UTC\\)`)]]);
  for (const bad of ["{not json", '{"mode":"chess","size":8,"found":[]}', '{"mode":"cover","size":30,"found":[]}',
    '{"mode":"classic","size":8,"found":[92]}', '{"mode":"classic","size":8,"found":[],"extra":1}', "[]", tooLong, twice, later]) {
    consoleLines.length = 0;
    await evaluate(`localStorage.clear(); localStorage.setItem('queens', ${JSON.stringify(bad)})`);
    await openPage();
    const warned = consoleLines.filter((l) => l.startsWith("warning: queens: saved progress"));
    const aside = await evaluate("Object.keys(localStorage).filter((k) => k.startsWith('queens.corrupt-')).map((k) => localStorage.getItem(k))");
    const shown = await words();
    if (warned.length !== 1 || aside[0] !== bad || shown.mode !== "classic 8x8" || (await readLeds()).length !== 64) {
      fail(`stored ${bad}: warnings ${JSON.stringify(consoleLines)}, kept aside ${JSON.stringify(aside)}, page ${shown.mode}`);
    }
    if (wording.has(bad) && !wording.get(bad).test(warned[0].split("; kept as")[0])) fail(`stored ${bad}: ${warned[0]}`);
  }
  log("bad stored progress (a key given twice and a streak ending on a day to come too): one console warning each, the value kept aside, a fresh game");

  // A first visit in regions mode: its intro says what a press does there (no "PRESS TO PLACE");
  // the next visit plays none.
  await evaluate(`localStorage.clear(); localStorage.setItem('queens', '{"mode":"regions","size":8,"found":[]}')`);
  await openPage("", desktop, false);
  const regionsIntro = (await words()).message;
  if (!/DOT/.test(regionsIntro) || /PLACE/.test(regionsIntro)) fail(`regions' intro says "${regionsIntro}"`);
  await settle();
  await openPage("", desktop, false);
  const nextVisit = await evaluate("({ message: document.getElementById('message').textContent, timers: window.__timers.scheduled })");
  if (nextVisit.message !== "" || nextVisit.timers !== 0) fail(`the intro played again: ${JSON.stringify(nextVisit)}`);
  log(`the intro on a first visit only, in regions mode in its words: "${regionsIntro}"`);

  // Issue 30: a puzzle shared by link. The fragment the CLI prints opens that puzzle; every action on
  // it (moves, a dot, queens that clash, a hint, restart, the whole solve) shows what the script
  // backend given the same puzzle shows, and no daily streak is shown beside it.
  const puzzleDir = fs.mkdtempSync(path.join(os.tmpdir(), "queens-web-puzzle-"));
  const cli = (...args) => execFileSync(queensBin, args, { input: "" }).toString();
  const fragment = cli("regions", "generate", "--size", "7", "--seed", "30", "--link").trim();
  const letters = cli("regions", "generate", "--size", "7", "--seed", "30");
  const puzzleFile = path.join(puzzleDir, "puzzle.txt");
  fs.writeFileSync(puzzleFile, letters);
  const givenPlay = [queensBin, ["play", "--backend", "script", "--puzzle", puzzleFile]];
  const { solution } = JSON.parse(cli("regions", "solve", puzzleFile, "--format", "json"));
  if (!/^#p=7\.[A-Za-z0-9_-]{25}$/.test(fragment)) fail(`queens regions generate --link printed "${fragment}"`);
  // (The address's hashchange comes as a task: virtual time is moved on for it.)
  const waitUntil = async (expression, what) => {
    for (let i = 0; i < 100; i++) {
      if (await evaluate(expression)) return;
      await advance(50);
    }
    const now = await evaluate(`[location.hash, document.getElementById("mode").textContent, document.getElementById("puzzle-said").textContent]`);
    fail(`${what}: the page has ${JSON.stringify(now)}`);
  };
  await evaluate("localStorage.clear()");
  await openPage("", desktop, true, fragment);
  await tallyIs(/^$/, "a puzzle from a link");
  if ((await words()).mode !== "regions 7x7") fail(`the link ${fragment} opened ${(await words()).mode}`);
  traceAnew(7);
  await place([1, 1]); // dots
  await place([1, 1]); // queens, touching: they clash
  await choose("HINT");
  await choose("RESTART");
  cursor = start(7);
  await placeSolution(solution);
  compareWithScript(givenPlay);
  log(`the link ${fragment} from queens regions generate opened that 7x7: ${observed.length} actions, every LED as queens play --puzzle shows`);

  // Pasted: `queens regions generate`'s output, its # line too, plays the same puzzle, and the address
  // becomes its link; a puzzle with 14 solutions pasted is refused in one line and nothing changes.
  await openPage();
  await evaluate(`document.getElementById("puzzle").open = true; document.getElementById("pasted").value = ${JSON.stringify(letters)}; document.getElementById("play-pasted").click()`);
  await waitUntil(`location.hash === ${JSON.stringify(fragment)} && document.getElementById("mode").textContent === "regions 7x7"`, "the pasted puzzle did not start");
  await settle();
  const givenFirst = execFileSync(givenPlay[0], givenPlay[1], { input: "" }).toString().split("\n\n")[0].trim().split(/\s+/).map(asLed);
  if (JSON.stringify(await readLeds()) !== JSON.stringify(givenFirst)) fail("the pasted puzzle shows other LEDs than queens play --puzzle");
  const beforeBad = await readLeds();
  await evaluate(`document.getElementById("pasted").value = "AAAAA\\nBBBBB\\nCCCCC\\nDDDDD\\nEEEEE\\n"; document.getElementById("play-pasted").click()`);
  const refusedSaid = await evaluate(`document.getElementById("puzzle-said").textContent`);
  if (refusedSaid !== "the puzzle has 14 solutions: a puzzle to play has exactly one" ||
    (await evaluate("location.hash")) !== fragment || JSON.stringify(await readLeds()) !== JSON.stringify(beforeBad)) {
    fail(`a puzzle with 14 solutions pasted: said "${refusedSaid}"`);
  }
  // A link cut short in the address: the box opens with one line, and the game starts as usual.
  await openPage("", desktop, true, fragment.slice(0, -3));
  const cutSaid = await evaluate(`[document.getElementById("puzzle").open, document.getElementById("puzzle-said").textContent, document.getElementById("mode").textContent]`);
  if (!cutSaid[0] || !/^the address's puzzle: the link has 22 characters of regions where 7x7 takes 25: is the link whole\?$/.test(cutSaid[1]) || cutSaid[2] !== "classic 8x8") {
    fail(`a link cut short: ${JSON.stringify(cutSaid)}`);
  }
  // A puzzle with regions in two pieces (issue 30's done-when), pasted: the address becomes its link,
  // and that link, opened afresh, plays it to the end as `queens play --puzzle` plays the file.
  const piecesFile = "tests/fixtures/regions/two-pieces.txt";
  await openPage();
  await evaluate(`document.getElementById("puzzle").open = true; document.getElementById("pasted").value = ${JSON.stringify(fs.readFileSync(piecesFile, "utf8"))}; document.getElementById("play-pasted").click()`);
  await waitUntil(`location.hash.startsWith("#p=8.") && document.getElementById("mode").textContent === "regions 8x8"`, "the puzzle in two pieces did not start");
  const piecesLink = await evaluate("location.hash");
  await evaluate("localStorage.clear()");
  await openPage("", desktop, true, piecesLink);
  if ((await words()).mode !== "regions 8x8") fail(`the link ${piecesLink} opened ${(await words()).mode}`);
  traceAnew(8);
  await placeSolution(JSON.parse(cli("regions", "solve", piecesFile, "--format", "json")).solution);
  compareWithScript([queensBin, ["play", "--backend", "script", "--puzzle", piecesFile]]);
  log(`a puzzle with regions in two pieces, pasted, became the link ${piecesLink}, which played it to the end as queens play --puzzle does`);
  const jsonSaid = await pastedJson(fragment, waitUntil);
  log(`pasted JSON plays that puzzle too; a wrong "solution" in it is said as queens regions solve says it: "${jsonSaid}"`);
  fs.rmSync(puzzleDir, { recursive: true, force: true });
  log(`pasted letters play that puzzle (the address becomes ${fragment}); 14 solutions pasted and a link cut short are one line each: "${refusedSaid}", "${cutSaid[1]}"`);

  await aBadLinkInAnOpenTabKeepsTheGame(fragment);
  await aLinkIsReadAsWritten(fragment);
  await aVersionOfAnyLengthIsNewer();
  await aTapDuringTheIntroActs();

  // Issue 32: pointing at a square. Whole games in every mode played by tapping squares (touch) and
  // by clicking them (the mouse), each tap somewhere else in its square's cell (the gaps between the
  // LEDs too), every LED after each as the script backend shows for the same `at X Y` and `press`
  // lines; menus on the keys. A long press on a square is the hold (the menu opens); a tap after the
  // keyboard's m, off a smaller board (nothing), on a 5x5 (offset on the 8x8 frame) and on a 16x16.
  const daily = JSON.parse(cli("regions", "daily", "--format", "json")).solution;
  for (const touch of [true, false]) {
    const how = touch ? "tapped" : "clicked";
    await evaluate("localStorage.clear()");
    await openPage("", desktop, true, `?seed=${seed}`);
    traceAnew(8);
    const square = await squareSize();
    if (square < 40) fail(`at ${desktop.width}x${desktop.height}: a square of the 8x8 is ${square} px (at least 40 wanted)`);
    // Classic: a whole game, found; the answer on a queen; m, then a square (the release first, and
    // pointing closes the menu); a long press on a square opens the menu, which up leaves.
    await tapSquares([0, 4, 7, 5, 2, 6, 1, 3], touch);
    if (!/1\/92/.test(await evaluate("document.getElementById('tally').textContent"))) fail(`classic ${how}: the solution was not counted`);
    await tapSquares([7, 1, 4, 2, 0, 6, 3], touch);
    await tapSquare(6, 3, { touch });
    await key("m");
    await tapSquare(2, 2, { touch, nudge: [0.3, -0.3] });
    await tapSquare(5, 1, { touch, long: true });
    if ((await words()).menu.length === 0) fail(`classic ${how}: a long press on a square did not open the menu`);
    await key("ArrowUp");
    // Strict: a refused square, restart, then a whole game.
    await mode("STRICT");
    await tapSquares([0, 1], touch); // (1, 1) attacks (0, 0): refused
    await choose("RESTART");
    await tapSquares([3, 1, 6, 2, 5, 7, 4, 0], touch);
    // Cover: five queens that cover the 8x8, one taken back on the way.
    await mode("COVER");
    await tapSquares([3, 5, 1], touch);
    await tapSquare(2, 1, { touch }); // on a queen: taken back
    for (const [col, row] of [[2, 1], [3, 7], [4, 4]]) await tapSquare(col, row, { touch, nudge: [-0.45, 0.45] });
    // Regions: the puzzle of the day, each square a dot then a queen, to solved.
    await mode("REGIONS");
    await tapSquares(daily, touch, 2);
    // Smaller and larger boards: a 5x5 drawn in the middle of the 8x8 (a tap on the dark edge round
    // it does nothing: no line, the LEDs unchanged), and a 16x16 on a 16x16 grid.
    await mode("CLASSIC");
    await size(5);
    await tapSquares([0, 2, 4, 1, 3], touch);
    for (const [x, y] of [[0, 0], [7, 3], [4, 6]]) {
      await pointAt(await ledPoint(x, y), true, touch);
      await pointAt(await ledPoint(x, y), false, touch);
      await record(`${how} (${x}, ${y}), off the 5x5`, []);
    }
    if (touch) {
      // A touch the browser takes back (pointercancel: a call coming in): the cursor goes there, no press.
      const [x, y] = pixelOf(2, 2);
      await pointAt(await ledPoint(x, y), true, true);
      await page("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
      cursor = [2, 2];
      await record("a tap on (2, 2) taken back", [`at ${x} ${y}`]);
    }
    await size(16);
    await tapSquares([0, 2, 4, 1, 12, 8, 13, 11, 14, 5, 15, 6, 3, 10, 7, 9], touch); // a whole 16x16
    const large = await squareSize();
    compareWithScript();
    const taps = observed.filter(([, , what]) => / on \(/.test(what)).length;
    log(`squares ${how}: whole games in classic, strict, cover and regions, a 5x5 and a 16x16 (${taps} ${how} squares of ${observed.length} actions), every LED as the script backend's; at ${desktop.width}x${desktop.height} a square is ${square} px on the 8x8, ${large} px on the 16x16`);
  }

  // Phones, portrait and landscape, with touch: the matrix, every LED and the joystick whole in the
  // viewport, nothing wider than it, every button at least 44x44 px, also on a 16x16 board; the words
  // column keeps its place when the menu opens; a few moves tapped on the joystick show what the
  // script backend shows.
  const shots = path.dirname(screenshotPath ?? "target/web-test/web.png");
  for (const [width, height] of [[320, 568], [375, 667], [390, 844], [412, 915], [844, 390], [568, 320]]) {
    await evaluate("localStorage.clear()");
    await openPage("", { width, height, mobile: true });
    const where = `at ${width}x${height}`;
    const touch = await evaluate("matchMedia('(pointer: coarse)').matches && navigator.maxTouchPoints > 0");
    if (!touch) fail(`${where}: the page does not see a touch screen`);
    await checkFits(where);
    lines.length = 0;
    observed.length = 0;
    keyboardHolding = false;
    // Three queens, at (3, 4), (4, 6) and (5, 1), and the cursor on to (6, 3).
    for (const button of ["middle", "right", "down", "down", "middle", "right", "down", "down", "down", "middle", "right"]) {
      await tap(button, true);
    }
    await holdDirection("down", true, false); // classic: once per push, held or not
    // Squares tapped: two corners, each near its outer edge, and one in the gap by its neighbours.
    n = 8;
    await tapSquare(0, 0, { touch: true, nudge: [-0.45, -0.45] });
    await tapSquare(7, 7, { touch: true, nudge: [0.45, 0.45] });
    await tapSquare(4, 3, { touch: true, nudge: [0.49, -0.49] });
    // A finger put on a square and dragged up the screen scrolls nothing (the page is longer than
    // the screen where the words go under the board): lifted, it is the press on that square.
    const [dx, dy] = pixelOf(1, 6);
    const from = await ledPoint(dx, dy);
    await pointAt(from, true, true);
    for (const step of [20, 60, 120]) {
      await page("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from.x, y: from.y - step }] });
    }
    await pointAt(from, false, true);
    const scrolled = await evaluate("[scrollY, document.scrollingElement.scrollHeight > innerHeight]");
    if (scrolled[0] !== 0) fail(`${where}: a finger dragged on the board scrolled the page by ${scrolled[0]} px`);
    const menuOff = await evaluate(`document.getElementById("matrix").dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true }))`);
    if (menuOff) fail(`${where}: the browser's menu is not kept off the board`);
    cursor = [1, 6];
    await record("a finger dragged up from (1, 6)", [`at ${dx} ${dy}`, "press"]);
    compareWithScript();
    const taps = observed.length;
    // A square of the 8x8 is at least 40 px to a finger on a phone held upright, 320 px wide or more.
    const square = await squareSize();
    if (width < height && square < 40) fail(`${where}: a square of the 8x8 is ${square} px (at least 40 wanted)`);
    if (width === 390) {
      const shot = await page("Page.captureScreenshot", { format: "png" });
      fs.writeFileSync(path.join(shots, "web-phone.png"), Buffer.from(shot.data, "base64"));
    }
    if (width === 844) {
      const shot = await page("Page.captureScreenshot", { format: "png" });
      fs.writeFileSync(path.join(shots, "web-phone-landscape.png"), Buffer.from(shot.data, "base64"));
    }
    // Strict's menu is the longest (21 items): the words column has room for it before it opens.
    n = 8;
    await mode("STRICT");
    const before = await boxes();
    await key("m");
    const menuOpen = await boxes();
    if (JSON.stringify(menuOpen) !== JSON.stringify(before)) {
      fail(`${where}: the page moved when the menu opened: ${JSON.stringify(before)} then ${JSON.stringify(menuOpen)}`);
    }
    await key("ArrowUp"); // leaves the menu
    n = 8;
    await size(16);
    await checkFits(`${where} on a 16x16 board`);
    const large = await squareSize();
    log(`phone ${where}: matrix, LEDs and joystick inside, no overflow, buttons >= 44 px, the menu moves nothing, ${taps} taps as the script backend, a drag on the board scrolls nothing${scrolled[1] ? " (the page could scroll)" : ""}; a square ${square} px on the 8x8, ${large} px on the 16x16`);
  }

  // The screenshot for the README: a game under way.
  await evaluate("localStorage.clear()");
  await openPage();
  n = 8;
  cursor = start(8);
  lines.length = 0;
  observed.length = 0;
  await place([0, 4, 7]);
  await moveTo(5, 3);
  const shot = await page("Page.captureScreenshot", { format: "png" });
  if (screenshotPath) fs.writeFileSync(screenshotPath, Buffer.from(shot.data, "base64"));
  const errors = consoleLines.filter((l) => l.startsWith("error") || l.startsWith("exception"));
  if (errors.length) fail(`the page logged errors: ${errors.join("; ")}`);
  log(`screenshot ${screenshotPath}; done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  if (!process.exitCode) console.error(`web-test: FAILED: ${e.stack}\n${browser.stderr()}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  site.close();
}
