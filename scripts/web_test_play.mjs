// The web page's regions play (issue 54) in a real Chromium on a phone's viewport, driven through
// the DevTools protocol over a pipe (no npm packages), as scripts/web_test.mjs drives it: the Undo
// button takes back the last press, and the one before, as the engine's undo key does; the
// auto-mark checkbox dots what a queen rules out, Undo takes those back with it, and the choice
// is kept across a reload; the clock runs from the first press, a tick a second, and stops while
// the page is hidden; a drag with a finger (touch events) and with the mouse marks the empty
// squares it crosses; best times are said at the solve and kept across a reload. What a square shows is read as a screen reader reads it (the
// engine's words for the board's grid). Run by scripts/web-test after web_test_daily.mjs.
// Usage: node scripts/web_test_play.mjs [WEB_DIR]   (scripts/web-test runs it with target/web)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { launch, reporter, serve, timerSpy } from "./devtools.mjs";

// -h and --help print the comment above, another option is refused (scripts/usage says both),
// before the server and Chromium start.
const options = process.argv.slice(2).filter((a) => a.startsWith("-"));
if (options.length > 0) {
  const usage = spawnSync(path.join(path.dirname(process.argv[1]), "usage"), [process.argv[1], "--", ...options], { stdio: "inherit" });
  process.exit(usage.status ?? 2);
}
const [, , webDir = "target/web"] = process.argv;
const started = Date.now();
const { log, fail } = reporter("web-test-play");

const site = await serve(webDir);
const browser = launch({ name: "web-test-play", fail });
const { page, evaluate, settle, consoleLines } = browser;

const today = Math.floor(Date.now() / 86400000);
// The page's clock pinned to noon of `today` (UTC): a run across midnight keeps one day.
const noon = today * 86400000 + 43200000;

// A phone-sized page in regions mode on the 8x8 (the puzzle of the day), the intro seen.
// `again`: the page opened again (a reload), with what it stored; `touch`: touch emulated.
let openTarget = null;
async function openRegions(again = false, touch = false) {
  // One tab at a time, the one in front: a tab behind another gets no input.
  if (openTarget) await browser.send("Target.closeTarget", { targetId: openTarget });
  const state = again ? "" : `localStorage.setItem("queens", '{"mode":"regions","size":8,"found":[]}');`;
  const setup = `localStorage.setItem("queens.intro-seen", "1");` + state;
  openTarget = await browser.tab(timerSpy + setup, { width: 390, height: 844, mobile: true });
  await page("Emulation.setTouchEmulationEnabled", { enabled: touch, maxTouchPoints: touch ? 5 : 1 });
  await browser.loadPaused(site.url, noon);
  await settle();
}
// The middle of element `selector`, or of the LED of square (col, row) of the 8x8.
const centre = (expression) => evaluate(`(() => { const r = (${expression}).getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
const led = (col, row) => `document.querySelectorAll("#matrix .led")[${row * 8 + col}]`;
async function click(expression) {
  const { x, y } = await centre(expression);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await page("Input.dispatchMouseEvent", { type, x, y, button: "left", clickCount: 1 });
  }
  await settle();
}
// What square (col, row) shows in the words the board's grid gives a screen reader: "dot", "queen", "".
async function shows(col, row) {
  const words = await evaluate(`JSON.parse(text(wasm.board_words())).squares[${row * 8 + col}]`);
  return words.split(", ").slice(2).join(", ");
}

try {
  await openRegions();
  const undo = `document.getElementById("undo")`;
  if (await evaluate(`${undo}.hidden`)) fail("regions mode shows no Undo button");
  await click(led(2, 3));
  await click(led(2, 3));
  await click(led(5, 1));
  const placed = [await shows(2, 3), await shows(5, 1)];
  await click(undo);
  const once = [await shows(2, 3), await shows(5, 1)];
  await click(undo);
  const twice = [await shows(2, 3), await shows(5, 1)];
  if (placed.join() !== "queen,dot" || once.join() !== "queen," || twice.join() !== "dot,") {
    fail(`Undo: placed ${placed}, after one ${once}, after two ${twice}`);
  }
  log(`a queen and a dot placed by taps; Undo took back the dot, then the queen (to its dot)`);

  // Auto-mark: off by default; the checkbox on, a queen dots its row, column, region and
  // neighbours (here: its row and column at least), Undo takes them back with it, and the choice
  // is stored with the progress and kept across a reload.
  const box = `document.getElementById("auto-mark")`;
  if (await evaluate(`${box}.checked || document.getElementById("auto-marking").hidden`)) fail("the auto-mark checkbox is not there, off");
  await click(undo);
  await click(box);
  const stored = JSON.parse(await evaluate(`localStorage.getItem("queens")`));
  await click(led(6, 6));
  await click(led(6, 6));
  const row = await Promise.all([0, 1, 2, 3, 4, 5, 7].map((c) => shows(c, 6)));
  const column = await Promise.all([0, 1, 2, 3, 4, 5, 7].map((r) => shows(6, r)));
  if ((await shows(6, 6)) !== "queen" || !row.every((w) => w === "dot") || !column.every((w) => w === "dot") || stored.auto_mark !== true) {
    fail(`auto-mark: the queen's row ${row}, column ${column}, stored ${JSON.stringify(stored)}`);
  }
  await click(undo);
  const dots = await evaluate(`JSON.parse(text(wasm.board_words())).squares.filter((w) => w.endsWith(", dot")).length`);
  if ((await shows(6, 6)) !== "dot" || dots !== 1) fail(`Undo after an auto-marked queen: ${dots} dots left, not the queen's square alone`);
  await openRegions(true);
  if (!(await evaluate(`${box}.checked`))) fail("auto-mark was not kept across a reload");
  log(`the checkbox "Mark the squares a queen rules out": a queen dotted its row and column, one Undo took them back with it; kept across a reload`);

  // Drag to mark: pressed on an empty square and slid across four empty squares, it marks the four
  // (once each, back and forth) and places no queen; a tap still cycles (a dot, then a queen). A
  // finger first, with touch emulated: Input.dispatchTouchEvent answers only once the page has drawn
  // a frame, which its paused virtual time holds back, so each is sent and virtual time run on a
  // little before its answer is awaited. Then the mouse.
  const touch = async (params) => {
    const sent = page("Input.dispatchTouchEvent", params);
    await browser.advance(50);
    await sent;
  };
  for (const [pointer, row] of [["touch", 7], ["mouse", 7]]) {
    await openRegions(false, pointer === "touch");
    const points = [];
    for (const col of [0, 1, 2, 3, 2]) points.push(await centre(led(col, row)));
    if (pointer === "mouse") {
      await page("Input.dispatchMouseEvent", { type: "mousePressed", ...points[0], button: "left", clickCount: 1 });
      for (const p of points.slice(1)) await page("Input.dispatchMouseEvent", { type: "mouseMoved", ...p, button: "left", buttons: 1 });
      await page("Input.dispatchMouseEvent", { type: "mouseReleased", ...points.at(-1), button: "left", clickCount: 1 });
    } else {
      await touch({ type: "touchStart", touchPoints: [points[0]] });
      for (const p of points.slice(1)) await touch({ type: "touchMove", touchPoints: [p] });
      await touch({ type: "touchEnd", touchPoints: [] });
    }
    await settle();
    const marked = await Promise.all([0, 1, 2, 3, 4].map((c) => shows(c, row)));
    const queens = await evaluate(`JSON.parse(text(wasm.board_words())).squares.filter((w) => w.endsWith(", queen")).length`);
    if (marked.join() !== "dot,dot,dot,dot," || queens !== 0) fail(`a ${pointer} drag across four squares: ${marked}, ${queens} queens`);
    await click(led(6, row));
    const once = await shows(6, row);
    await click(led(6, row));
    if (once !== "dot" || (await shows(6, row)) !== "queen") fail(`a tap after a ${pointer} drag: ${once}, then ${await shows(6, row)}`);
  }
  log("a drag across four empty squares with a finger and with the mouse: four dots, no queen; a tap after it still cycles");

  // The clock: a timer (read out on request, never every second), standing at 0s until the first
  // press, then a tick a second; hidden, the page stops it and schedules nothing; shown, it runs on.
  await openRegions();
  const clock = () => evaluate(`document.getElementById("clock").textContent`);
  const role = await evaluate(`[document.getElementById("clock").getAttribute("role"), document.getElementById("clock").getAttribute("aria-live")].join()`);
  const before = [await clock(), await evaluate("window.__timers.clock.size")];
  if (role !== "timer,off" || before.join() !== "0s,0") fail(`the clock before a press: ${role}, ${before}`);
  await click(led(4, 4));
  await browser.advance(65_000);
  const running = [await clock(), await evaluate("window.__timers.clockTicks")];
  if (!/^1m0[456]s$/.test(running[0]) || running[1] < 63 || running[1] > 66) fail(`the clock after 65 s: ${running}`);
  await evaluate(`Object.defineProperty(document, "hidden", { value: true, configurable: true }); document.dispatchEvent(new Event("visibilitychange"))`);
  const hiddenAt = await clock();
  await browser.advance(600_000);
  const hidden = [await clock(), await evaluate("window.__timers.clock.size"), await evaluate("window.__timers.pending.size")];
  if (hidden.join() !== `${hiddenAt},0,0`) fail(`ten minutes hidden: the clock ${hidden[0]} (was ${hiddenAt}), ${hidden[1] + hidden[2]} timers pending`);
  await evaluate(`Object.defineProperty(document, "hidden", { value: false, configurable: true }); document.dispatchEvent(new Event("visibilitychange"))`);
  await browser.advance(5_000);
  const shown = await clock();
  if (!/^1m(09|10|11)s$/.test(shown)) fail(`shown again for 5 s: the clock says ${shown}`);
  // What a tick costs: the page's work once a second (the engine's tick, the words, the grid), timed
  // in real time over 200 of them.
  const t0 = Date.now();
  await evaluate(`for (let i = 0; i < 200; i++) tickClock()`);
  const perTick = (Date.now() - t0) / 200;
  log(`the clock: 0s until the first press, ${running[0]} after 65 s (${running[1]} ticks), held at ${hiddenAt} for ten minutes hidden with no timer, ${shown} 5 s after; a tick costs ${perTick.toFixed(2)} ms of the page's time`);

  // Best times: the puzzle of the day solved by taps (its solution worked out here from the regions
  // the grid names), stored; the page opened again, solved again 30 s slower (10 s, then 40 s, between two taps): the share lines say
  // the best it was measured against, as the engine says it at the solve.
  await openRegions();
  const solveByTaps = async (slowBy) => {
    const regions = await evaluate(`JSON.parse(text(wasm.board_words())).squares.map((w) => w.split(", ")[1])`);
    const columns = [];
    const place = (row, used) => {
      if (row === 8) return true;
      for (let col = 0; col < 8; col++) {
        const region = regions[row * 8 + col];
        if (columns.includes(col) || used.includes(region) || (row > 0 && Math.abs(columns[row - 1] - col) < 2)) continue;
        columns.push(col);
        if (place(row + 1, [...used, region])) return true;
        columns.pop();
      }
      return false;
    };
    if (!place(0, [])) fail(`no solution to the regions ${regions}`);
    for (const [row, col] of columns.entries()) {
      await click(led(col, row));
      if (row === 4) await browser.advance(slowBy);
      await click(led(col, row));
    }
    return evaluate("shareLines");
  };
  const first = await solveByTaps(10_000);
  const kept = JSON.parse(await evaluate(`localStorage.getItem("queens")`));
  const took = /^solved in (\S+) with no hints$/.exec(first?.[1] ?? "")?.[1];
  if (!took || kept.best_times?.length !== 1 || typeof kept.daily_best !== "number" || kept.version !== 5) {
    fail(`the first solve: ${JSON.stringify(first)}, stored ${JSON.stringify(kept)}`);
  }
  await openRegions(true);
  const again = await solveByTaps(40_000);
  if (!again?.[1]?.endsWith(` with no hints - best ${took} - daily best ${took}`)) fail(`solved again after a reload: ${JSON.stringify(again)}`);
  log(`best times: the puzzle of the day solved in ${took}, stored (version 5); after a reload, solved again slower: "${again[1]}"`);

  const errors = consoleLines.filter((l) => l.startsWith("error") || l.startsWith("exception"));
  if (errors.length) fail(`the page logged errors: ${errors.join("; ")}`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  if (!process.exitCode) console.error(`web-test-play: FAILED: ${e.stack}\n${browser.stderr()}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  site.close();
}
