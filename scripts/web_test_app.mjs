// The page as an app, in a real Chromium driven through the DevTools protocol over a pipe (no npm
// packages), on a phone-sized viewport with touch: the manifest and its icons are there; after one
// visit the service worker keeps the page, which reloads with the server stopped and places a queen
// at a tap; a new release replaces the kept files as a set (a host caught between two releases
// changes nothing, a whole one is offered, taken at a tap, and keeps the progress); and the board is
// an ARIA grid a screen reader reads and plays (Chromium's accessibility tree, axe-core's checks).
// Run by scripts/web-test after web_test.mjs.
// Usage: node scripts/web_test_app.mjs WEB_DIR AXE_JS   (WEB_DIR: target/web; AXE_JS: axe-core's
// axe.min.js, which scripts/web-test installs from npm)
import { spawnSync, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, reporter, serve } from "./devtools.mjs";

const args = process.argv.slice(2);
if (args.length !== 2 || args.some((a) => a.startsWith("-"))) {
  const why = args.some((a) => a.startsWith("-")) ? ["--", ...args] : ["give WEB_DIR and AXE_JS"];
  const usage = spawnSync(path.join(path.dirname(process.argv[1]), "usage"), [process.argv[1], ...why], { stdio: "inherit" });
  process.exit(usage.status ?? 2);
}
const [webDir, axeJs] = args;
const started = Date.now();
const { log, fail } = reporter("web-test-app");

// --- target/web served, and Chromium with its accessibility tree (scripts/devtools.mjs); the
// server's directory can change (a new release) and it can be stopped (the network off) ---
const site = await serve(webDir);
const url = site.url;
const browser = launch({ name: "web-test-app", fail, flags: ["--force-renderer-accessibility"] });
const { send, page, waitFor, evaluate, consoleLines } = browser;
// Waits up to 10 s for `expression` to be true on the page.
const until = (expression, what) => browser.until(expression, `${what} (after 10 s)`);
const phone = { width: 390, height: 844, mobile: true };
// A tab on the page, as a phone: the intro already seen, so that the board is in play at once.
async function openPage(browserContextId) {
  await browser.tab(`localStorage.setItem("queens.intro-seen", "1");`, phone, browserContextId);
  await page("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 });
  // Focused as a tab in front is, for the accessibility tree's focus.
  await page("Emulation.setFocusEmulationEnabled", { enabled: true });
  await navigate(() => page("Page.navigate", { url }));
}
// Loads the page (`how`: navigate, reload or a tap that reloads it) and waits until the LEDs show.
async function navigate(how) {
  const loaded = waitFor("Page.loadEventFired");
  await how();
  await loaded;
  await until("document.querySelectorAll('#matrix .led').length === 64", "the page shows the board");
}
const reload = () => navigate(() => page("Page.reload", { ignoreCache: false }));

// A tap on the LED in column `col`, row `row`, and its colour once the page has settled.
async function tapLed(col, row) {
  const { x, y } = await evaluate(`(() => { const r = document.querySelectorAll('#matrix .led')[${row * 8 + col}].getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  await page("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  await page("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}
const ledColour = (col, row) => evaluate(`getComputedStyle(document.querySelectorAll('#matrix .led')[${row * 8 + col}]).backgroundColor`);
// A queen's LED: the theme's (120, 120, 120) as the Sense HAT's RGB565 shows it (web_test.mjs's asLed).
const QUEEN = "rgb(123, 121, 123)";

// A key pressed and let go, to whatever has the focus (the page's keys are the document's).
const keyCodes = { ArrowUp: 38, ArrowDown: 40, ArrowLeft: 37, ArrowRight: 39, Enter: 13, " ": 32, m: 77, Tab: 9 };
async function key(name) {
  const text = name.length === 1 ? name : name === "Enter" ? "\r" : undefined;
  await page("Input.dispatchKeyEvent", { type: text ? "keyDown" : "rawKeyDown", key: name, code: name, windowsVirtualKeyCode: keyCodes[name], text });
  await page("Input.dispatchKeyEvent", { type: "keyUp", key: name, code: name, windowsVirtualKeyCode: keyCodes[name] });
}
// What a screen reader is given: Chromium's accessibility tree of the board, its grid's rows of
// cells (name, and whether selected and focused), and what the live region last said.
async function readBoard() {
  const { nodes } = await page("Accessibility.getFullAXTree");
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const prop = (n, name) => n.properties?.find((p) => p.name === name)?.value.value;
  const grid = nodes.find((n) => n.role?.value === "grid" && !n.ignored);
  if (!grid) fail("no grid in the accessibility tree");
  const rows = (grid.childIds ?? []).map((id) => byId.get(id)).filter((n) => n.role?.value === "row");
  const cells = rows.map((row) => (row.childIds ?? []).map((id) => byId.get(id)).filter((n) => n.role?.value === "gridcell")
    .map((n) => ({ name: n.name?.value, selected: prop(n, "selected") === true, focused: prop(n, "focused") === true })));
  const spoken = await evaluate("document.getElementById('spoken').textContent");
  const matrixSeen = nodes.some((n) => !n.ignored && n.name?.value?.includes("LED matrix"));
  return { name: grid.name?.value, cells, spoken, matrixSeen, focused: cells.flat().find((c) => c.focused)?.name ?? null };
}
// axe-core's checks on the page as it is: its violations, one line each.
async function axe() {
  if (!(await evaluate("typeof axe !== 'undefined'"))) await evaluate(fs.readFileSync(axeJs, "utf8"));
  return evaluate(`axe.run(document).then((r) => r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))`);
}

// The page's service worker: the release it runs and the caches there are.
const worker = () => evaluate(`(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  return { controlled: navigator.serviceWorker.controller !== null, active: r?.active?.state ?? null,
           waiting: r?.waiting !== null && r?.waiting !== undefined, caches: await caches.keys() };
})()`);
// The page's own files as it loads them (through its service worker): a mark of release two in each?
const marks = () => evaluate(`(async () => {
  const js = await (await fetch("queens.js")).text();
  const wasm = new Uint8Array(await (await fetch("queens.wasm")).arrayBuffer());
  const module = await WebAssembly.compile(wasm);
  return { js: js.includes("release two"), wasm: WebAssembly.Module.customSections(module, "release").length > 0,
           running: globalThis.queensRelease === "two" };
})()`);
// Asks the service worker to look for a new release now (as a visit does) and waits until it
// has either failed or installed one that waits.
const lookForRelease = () => evaluate(`(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  try { await r.update(); } catch (e) {}
  for (let i = 0; i < 200 && r.installing; i++) await new Promise((ok) => setTimeout(ok, 50));
  return r.waiting !== null;
})()`);

// Release two: release one's files with a mark in queens.js and in queens.wasm (a custom section,
// which the module ignores), and its sw.js written by scripts/web-release as build-web writes it.
function releaseTwo(dir, { wasmFromOne = false } = {}) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(webDir, dir, { recursive: true });
  fs.appendFileSync(path.join(dir, "queens.js"), '\n// release two\nglobalThis.queensRelease = "two";\n');
  const name = Buffer.from("release");
  const payload = Buffer.concat([Buffer.from([name.length]), name, Buffer.from("two")]);
  fs.appendFileSync(path.join(dir, "queens.wasm"), Buffer.concat([Buffer.from([0, payload.length]), payload]));
  execFileSync(path.join(path.dirname(process.argv[1]), "web-release"), [dir], { stdio: "ignore" });
  // A host caught mid-upload: the new sw.js and queens.js, the old queens.wasm.
  if (wasmFromOne) fs.copyFileSync(path.join(webDir, "queens.wasm"), path.join(dir, "queens.wasm"));
}

try {
  await send("Target.setDiscoverTargets", { discover: false });
  await openPage();

  // --- installable: the manifest, its icons at their sizes, the favicon, the description ---
  const app = await evaluate(`(async () => {
    const manifest = await (await fetch(document.querySelector('link[rel=manifest]').href)).json();
    const sizes = [];
    for (const icon of manifest.icons) {
      const image = new Image();
      image.src = new URL(icon.src, location.href);
      await image.decode();
      sizes.push([icon.sizes, image.naturalWidth + "x" + image.naturalHeight, icon.type]);
    }
    const favicon = await fetch(document.querySelector('link[rel=icon]').href);
    return { name: manifest.name, short: manifest.short_name, display: manifest.display, start: manifest.start_url,
             theme: manifest.theme_color, sizes, favicon: favicon.ok && (await favicon.blob()).type,
             description: document.querySelector('meta[name=description]')?.content ?? "",
             themeMeta: document.querySelector('meta[name=theme-color]')?.content };
  })()`);
  const want = [["192x192", "192x192", "image/png"], ["512x512", "512x512", "image/png"]];
  if (!app.name || !app.short || app.display !== "standalone" || !app.start || app.theme !== app.themeMeta ||
      JSON.stringify(app.sizes) !== JSON.stringify(want) || app.favicon !== "image/x-icon" || app.description.length < 50) {
    fail(`the manifest, icons or description: ${JSON.stringify(app)}`);
  }
  log(`manifest "${app.short}" with icons ${app.sizes.map((s) => s[1]).join(" and ")}, favicon, description`);
  const appTab = browser.session;

  // --- a screen reader plays: in a browser context of its own (its own storage and service worker) ---
  const { browserContextId } = await send("Target.createBrowserContext");
  await openPage(browserContextId);
  await page("Accessibility.enable");
  let violations = await axe();
  if (violations.length) fail(`axe-core finds violations: ${violations.join("; ")}`);
  let board = await readBoard();
  if (board.name !== "the board" || board.cells.length !== 8 || board.cells.some((r) => r.length !== 8)) {
    fail(`the grid is not the 8x8 board: ${JSON.stringify(board).slice(0, 400)}`);
  }
  if (board.matrixSeen) fail("the LED matrix is read besides the grid");
  // Square names as a chess board's, a1 at the bottom left; the cursor starts on d4 (web_test.mjs's start).
  if (board.cells[0][0].name !== "a8" || board.cells[7][7].name !== "h1") fail(`the corners are ${board.cells[0][0].name} and ${board.cells[7][7].name}`);
  const selected = board.cells.flat().filter((c) => c.selected).map((c) => c.name);
  if (JSON.stringify(selected) !== '["d4"]') fail(`the cursor's square is ${selected}`);
  // Tab reaches the board, on the cursor's square; the arrows move the focus with the cursor.
  await key("Tab");
  board = await readBoard();
  if (board.focused !== "d4") fail(`Tab focused ${board.focused}, not the cursor's d4`);
  await key("ArrowRight");
  await key("ArrowDown");
  board = await readBoard();
  if (board.focused !== "e3") fail(`after right and down the focus is on ${board.focused}, not e3`);
  await key("Enter");
  board = await readBoard();
  if (board.focused !== "e3, queen" || board.spoken !== "e3, queen") fail(`Enter on e3: focused "${board.focused}", said "${board.spoken}"`);
  // Classic's newest queen wins: one on d4 takes e3's, and both changes are said.
  await key("ArrowUp");
  await key("ArrowLeft");
  await key("Enter");
  board = await readBoard();
  if (board.focused !== "d4, queen" || !/^d4, queen; e3$|^e3; d4, queen$/.test(board.spoken)) {
    fail(`a queen on d4 beside e3's: focused "${board.focused}", said "${board.spoken}"`);
  }
  log(`a screen reader's classic: the grid "${board.name}", Tab to d4, arrows to e3, Enter: "e3, queen"; d4's queen takes it: "${board.spoken}"`);
  // Strict: a queen where another attacks it is refused, and the live region says why (the LEDs flash red).
  await key("m");
  for (let i = 0; i < 12 && (await evaluate("document.querySelector('#menu .selected')?.textContent")) !== "[STRICT]"; i++) await key("ArrowRight");
  await key("Enter");
  await until("document.getElementById('mode').textContent.startsWith('strict')", "strict is played");
  // A hint on the empty board lights all 64 squares, too many to say one by one: it says itself.
  await key("m");
  for (let i = 0; i < 40 && (await evaluate("document.querySelector('#menu .selected')?.textContent")) !== "[HINT]"; i++) await key("ArrowLeft");
  await key("Enter");
  board = await readBoard();
  if (board.spoken !== "hint: 64 squares still lead to a solution") fail(`a hint on strict's empty board: said "${board.spoken}"`);
  log(`a screen reader's hint on an empty 8x8: "${board.spoken}"`);
  await key("Enter");
  await key("ArrowRight");
  await key("Enter");
  board = await readBoard();
  if (board.focused !== "e4" || board.spoken !== "e4 refused: the queen on d4 attacks it") {
    fail(`a queen on e4 beside d4's in strict: focused "${board.focused}", said "${board.spoken}"`);
  }
  log(`a screen reader's strict: a queen on e4 beside d4's: "${board.spoken}"`);
  // Regions: the menu by the keys, then every square says its region, and a press its dot.
  await key("m");
  for (let i = 0; i < 12 && (await evaluate("document.querySelector('#menu .selected')?.textContent")) !== "[REGIONS]"; i++) await key("ArrowRight");
  await key("Enter");
  await until("document.querySelector('#board [aria-selected=true]')?.getAttribute('aria-label').includes('region')", "regions' squares say their regions");
  await until("document.getElementById('message').textContent === ''", "regions' message has played");
  board = await readBoard();
  const regionNames = "red|green|purple|cyan|orange|pink|sky blue|lime|sea green|magenta|salmon|mint";
  const unnamed = board.cells.flat().filter((c) => !new RegExp(`^[a-h][1-8], region (${regionNames})$`).test(c.name));
  if (unnamed.length) fail(`regions' squares not named by square and region: ${unnamed.map((c) => c.name).join("; ")}`);
  const pressed = board.focused;
  await key("Enter");
  board = await readBoard();
  if (board.focused !== `${pressed}, dot` || board.spoken !== board.focused) fail(`a press on "${pressed}": focused "${board.focused}", said "${board.spoken}"`);
  violations = await axe();
  if (violations.length) fail(`axe-core finds violations after the moves: ${violations.join("; ")}`);
  log(`a screen reader's regions: every square says its region, a press "${board.spoken}"; axe-core: no violation`);
  await send("Target.disposeBrowserContext", { browserContextId });
  browser.session = appTab;

  // --- offline: one visit, then the network off; the page reloads and a tap places a queen ---
  await until("navigator.serviceWorker.getRegistration().then((r) => r?.active?.state === 'activated')", "the service worker is active after one visit");
  site.offline(true);
  await reload();
  const offline = await worker();
  if (!offline.controlled || offline.caches.length !== 1) fail(`offline, the page is not the service worker's: ${JSON.stringify(offline)}`);
  // The network is off for the page: a file that is not kept cannot be fetched.
  if (await evaluate(`fetch("not-kept").then(() => true, () => false)`)) fail("offline, the server still answers");
  if ((await ledColour(2, 7)) === QUEEN) fail("a queen on the square before the tap");
  await tapLed(2, 7);
  await until(`getComputedStyle(document.querySelectorAll('#matrix .led')[${7 * 8 + 2}]).backgroundColor === "${QUEEN}"`, "offline, a tap places a queen");
  log(`offline: the page reloaded from ${offline.caches[0]} and a tap placed a queen`);
  site.offline(false);
  // The rest of a solution (a queen in each column, by row), for progress to keep: 1/92 found.
  for (const [col, row] of [0, 4, 7, 5, 2, 6, 1, 3].entries()) if (col !== 2) await tapLed(col, row);
  await until(`document.getElementById('tally').textContent.startsWith("1/92")`, "the solution is counted");
  const progress = await evaluate(`localStorage.getItem("queens")`);
  if (!progress) fail("no progress stored after a solution");

  // --- a host caught between releases (new sw.js and queens.js, old queens.wasm): nothing changes ---
  const two = fs.mkdtempSync(path.join(os.tmpdir(), "queens-release-two-"));
  releaseTwo(two, { wasmFromOne: true });
  site.dir = two;
  if (await lookForRelease()) fail("a release whose files do not match its sw.js was installed");
  const mixed = await worker();
  if (mixed.caches.length !== 1 || mixed.caches[0] !== offline.caches[0] || !(await evaluate("document.getElementById('update').hidden"))) {
    fail(`a half-uploaded release changed the kept set or was offered: ${JSON.stringify(mixed)}`);
  }
  log("a host caught between releases: the kept release is played, nothing offered");

  // --- a whole new release: fetched whole, offered, and until taken, the old set is played whole ---
  releaseTwo(two);
  await reload();
  await until("!document.getElementById('update').hidden", "the page says a new version is ready");
  const waiting = await worker();
  if (!waiting.waiting || waiting.caches.length !== 2) fail(`the new release is not waiting beside the old: ${JSON.stringify(waiting)}`);
  const before = await marks();
  if (before.js || before.wasm || before.running) fail(`before it is taken, release two's files are loaded: ${JSON.stringify(before)}`);
  // Where the page is scrolled to (the top): the notice is on the screen wherever that is.
  const { x, y } = await evaluate(`(() => { const r = document.querySelector('#update button').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`);
  if (y > phone.height) fail(`the new version's button is below the phone's screen (y ${y})`);
  await navigate(async () => {
    await page("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    await page("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  });
  const after = await marks();
  const taken = await worker();
  if (!after.js || !after.wasm || !after.running) fail(`after the tap, not all of release two's files: ${JSON.stringify(after)}`);
  if (taken.caches.length !== 1 || taken.caches[0] === offline.caches[0] || taken.waiting) fail(`the old set is still kept: ${JSON.stringify(taken)}`);
  if ((await evaluate(`localStorage.getItem("queens")`)) !== progress) fail("the new release changed the stored progress");
  if (!(await evaluate(`document.getElementById('tally').textContent.startsWith("1/92")`))) fail("the solution found is forgotten");
  fs.rmSync(two, { recursive: true, force: true });
  log("a new release: offered, taken at a tap, its files replaced the kept set whole; the progress is kept");

  // --- issue 50: the service worker answered every address under the page's folder with the page;
  // only the page's own address (its query and fragment whatever they are) is the page: a kept file
  // opened is that file, any other address the network's. Opened in a frame: a navigation, as a
  // tab's is, which the page's service worker answers. ---
  const opened = (address) => evaluate(`new Promise((ok) => {
    const frame = document.createElement("iframe");
    frame.onload = () => { const d = frame.contentDocument; ok({ type: d.contentType, game: d.getElementById("matrix") !== null }); frame.remove(); };
    frame.src = ${JSON.stringify(address)};
    document.body.append(frame);
  })`);
  for (const [address, type, game] of [["icon-192.png", "image/png", false], ["manifest.webmanifest", "application/manifest+json", false],
    ["nonexist.html", null, false], ["sub/dir/", null, false], ["?seed=3#p=8.x", "text/html", true], ["index.html?seed=3", "text/html", true]]) {
    const got = await opened(url + address);
    if (got.game !== game || (type && got.type !== type)) fail(`${address} opened as ${JSON.stringify(got)}, not ${game ? "the page" : type ?? "the server's 404"}`);
  }
  if (!(await worker()).controlled) fail("the page is not the service worker's");
  log("the service worker: the page's own address is the page; an icon, the manifest, any other address is itself");

  const errors = consoleLines.filter((l) => l.startsWith("error") || l.startsWith("exception"));
  if (errors.length) fail(`the page logged errors: ${errors.join("; ")}`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (e) {
  if (!process.exitCode) console.error(`web-test-app: FAILED: ${e.stack}\n${browser.stderr()}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  site.close();
}
