// The page around the queens engine (queens.wasm, built from crates/web): it draws the LEDs and the
// words, turns keys, clicks and touches (on the joystick and on the LEDs' squares) into the engine's
// input, gives it the page's clock, and keeps the progress in localStorage. While nothing animates and no key is held it schedules nothing.
// Other tabs keep their progress under the same key: before storing, the page reads what is stored now
// and the engine merges it with this tab's (the solutions of both), so no tab loses another's.
"use strict";

const STORE = "queens";
// Set once the intro has played: it plays on a first visit only.
const INTRO_SEEN = "queens.intro-seen";
// What the engine's calls that can be refused return (crates/web/src/exports.rs, Status); their words
// are the output text.
const STATUS = { done: 0, nothing: 1, refused: 2, invalid: 3, newer: 4 };

let wasm;
let timer = null;
const leds = [];
let ledColours = [];

// What a Sense HAT LED can show of a colour: the framebuffer keeps 5 bits of red and blue and 6 of
// green (RGB565); each is widened back to 8 bits by repeating its top bits.
function ledColour(r, g, b) {
  const widen = (v, bits) => { const k = v >> (8 - bits); return (k << (8 - bits)) | (k >> (2 * bits - 8)); };
  return [widen(r, 5), widen(g, 6), widen(b, 5)];
}

// The module's memory as bytes, read only after `at` is known: a call that allocates may grow the
// memory, which detaches any view taken before it.
function bytes(at, len) {
  return new Uint8Array(wasm.memory.buffer, at, len);
}

function text(len) {
  return new TextDecoder().decode(bytes(wasm.output(), len));
}

// The output text of the last call, whatever it returned.
function outputText() {
  return text(wasm.output_len());
}

// What is stored now, as it is (the engine reads and checks it), or null: nothing, or a storage that
// cannot be read. `quiet`: a storage that cannot be read is not said (a save says it).
function loadStored(quiet) {
  try {
    return localStorage.getItem(STORE);
  } catch (e) {
    if (!quiet) console.warn(`queens: localStorage cannot be read (${e.message}); progress will not be kept`);
    return null;
  }
}

// A stored value that breaks a rule is moved to another key, never lost, and the game starts afresh.
function setAside(raw, why) {
  const aside = `${STORE}.corrupt-${Date.now()}`;
  try {
    localStorage.setItem(aside, raw);
    // Moved, not copied: a save reads the key again, and must not find it and set it aside twice.
    if (localStorage.getItem(STORE) === raw) localStorage.removeItem(STORE);
    console.warn(`queens: saved progress (localStorage "${STORE}") ${why}; kept as "${aside}" and started afresh`);
  } catch (e) {
    console.warn(`queens: saved progress (localStorage "${STORE}") ${why}; ignored (${e.message})`);
  }
}

// A value a newer queens stored is left alone, and said once: the engine then keeps nothing.
function notKept(why) {
  console.warn(`queens: saved progress (localStorage "${STORE}") ${why}`);
}

// Gives the engine `text` (what is stored, a puzzle, a key's name) for `call`, which reads it.
function withText(text, call) {
  const encoded = new TextEncoder().encode(text);
  bytes(wasm.input_buffer(encoded.length), encoded.length).set(encoded);
  return call();
}

// Stores the progress if it changed, merged with what is stored now (another tab's, perhaps).
function save() {
  if (!wasm.unsaved()) return;
  const stored = loadStored(true);
  let status = withText(stored ?? "", () => wasm.saved(stored === null ? 0 : 1));
  // What is stored cannot be merged (the words say why): set aside, and this tab's stored alone.
  if (status === STATUS.invalid) {
    setAside(stored, outputText());
    status = wasm.saved(0);
  }
  if (status === STATUS.newer) return notKept(outputText());
  if (status !== STATUS.done) return;
  try {
    localStorage.setItem(STORE, outputText());
  } catch (e) {
    console.warn(`queens: cannot keep the progress in localStorage (${e.message})`);
  }
}

// Whether the intro played on an earlier visit; notes that it has now (a storage that cannot be
// written plays it on every visit).
function introSeen() {
  try {
    if (localStorage.getItem(INTRO_SEEN) !== null) return true;
    localStorage.setItem(INTRO_SEEN, "1");
  } catch (e) {
    // Said by loadStored or save, which use the same storage.
  }
  return false;
}

function buildMatrix(side) {
  const matrix = document.getElementById("matrix");
  matrix.replaceChildren();
  matrix.style.setProperty("--side", side);
  matrix.classList.toggle("large", side > 8);
  leds.length = 0;
  for (let i = 0; i < side * side; i++) {
    const led = document.createElement("div");
    led.className = "led";
    matrix.appendChild(led);
    leds.push(led);
  }
  ledColours = new Array(side * side).fill(null);
}

function draw() {
  const side = wasm.frame_side();
  if (side * side !== leds.length) buildMatrix(side);
  const rgb = bytes(wasm.pixels(), side * side * 3);
  for (let i = 0; i < leds.length; i++) {
    const [r, g, b] = ledColour(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]);
    const css = `rgb(${r}, ${g}, ${b})`;
    if (ledColours[i] === css) continue;
    ledColours[i] = css;
    leds[i].style.backgroundColor = css;
    leds[i].style.color = css; // the glow's colour
    leds[i].classList.toggle("lit", r + g + b > 0);
  }
}

function describe() {
  const on = JSON.parse(text(wasm.describe()));
  document.getElementById("mode").textContent = `${on.mode} ${on.size}x${on.size}`;
  document.getElementById("tally").textContent = on.tally ?? "";
  // Regions' clock: a timer, which a screen reader reads when asked, never every second.
  const clock = document.getElementById("clock");
  if (clock.textContent !== (on.clock ?? "")) clock.textContent = on.clock ?? "";
  const menu = document.getElementById("menu");
  menu.replaceChildren();
  menu.hidden = on.menu === null;
  if (on.menu) {
    on.menu.items.forEach((label, i) => {
      const item = document.createElement("li");
      item.textContent = i === on.menu.selected ? `[${label}]` : label;
      item.className = i === on.menu.selected ? "selected" : "";
      menu.appendChild(item);
    });
  }
  const said = on.menu ? "" : on.message ?? (on.standby ? "asleep: any key to play" : "");
  document.getElementById("message").textContent = said;
  const help = document.getElementById("help");
  if (help.dataset.items !== on.help.join("\n")) {
    help.dataset.items = on.help.join("\n");
    help.replaceChildren(...on.help.map((words) => Object.assign(document.createElement("li"), { textContent: words })));
  }
  showShare(on.share);
  document.getElementById("undo").hidden = !on.undoes;
  // Auto-mark is regions mode's (null elsewhere); its state is the engine's, saved with the progress.
  document.getElementById("auto-marking").hidden = on.auto_mark === null;
  document.getElementById("auto-mark").checked = on.auto_mark === true;
  // Not over the words the LEDs scroll (a message, the menu): only on the board's squares.
  showLetters(on.menu || on.message ? "" : on.letters);
}

// The board in words, for a screen reader: an ARIA grid laid over the LEDs (hidden from the reader),
// a cell a square, named by the engine ("c4, queen", "a1, region red, dot"), the cursor's square
// selected and focused while the grid has the focus, so that the arrows, Enter and Space (the
// page's keys) play it. What else changed on the board (a queen placed or taken, a hint) is said
// in #spoken, and so is what only the LEDs show (speakSaid); the messages (solved) are said
// where they are shown.
let spokenSquares = [];
function speakBoard() {
  const on = JSON.parse(text(wasm.board_words()));
  const grid = document.getElementById("board");
  const side = Math.round(Math.sqrt(leds.length));
  const key = `${side}:${on.size}:${on.offset}`;
  if (grid.dataset.layout !== key) {
    grid.dataset.layout = key;
    grid.replaceChildren();
    for (let row = 0; row < on.size; row++) {
      const cells = document.createElement("div");
      cells.setAttribute("role", "row");
      for (let col = 0; col < on.size; col++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        cell.style.gridArea = `${on.offset + row + 1} / ${on.offset + col + 1}`;
        cells.appendChild(cell);
      }
      grid.appendChild(cells);
    }
    spokenSquares = [];
    layBoard();
  }
  const cells = grid.querySelectorAll("[role=gridcell]");
  const focused = grid.contains(document.activeElement);
  const changed = [];
  cells.forEach((cell, i) => {
    const words = on.squares[i];
    if (cell.getAttribute("aria-label") !== words) {
      cell.setAttribute("aria-label", words);
      if (spokenSquares.length) changed.push(words);
    }
    const cursor = i === (on.cursor ?? 0);
    cell.setAttribute("aria-selected", String(i === on.cursor));
    cell.tabIndex = cursor ? 0 : -1;
    if (cursor && focused && document.activeElement !== cell) cell.focus();
  });
  spokenSquares = on.squares;
  // A whole board changed (a new game) is said by the messages, not square by square.
  if (changed.length > 0 && changed.length <= on.size) document.getElementById("spoken").textContent = changed.join("; ");
}

// What only the LEDs show of a press (strict: why a queen was refused; a hint: what it lit, or why
// nothing), in the engine's words, said once after the press, over the squares speakBoard said: the
// LEDs' red flash, or what they light, is for the eyes. The same words as the last are said again:
// the live region is emptied first, so that its words are new.
function speakSaid() {
  const len = wasm.said();
  if (len === 0) return;
  const spoken = document.getElementById("spoken");
  spoken.textContent = "";
  spoken.textContent = text(len);
}

// The grid over the LEDs, square on LED: the matrix's place, size, padding and gaps.
function layBoard() {
  const matrix = document.getElementById("matrix");
  const grid = document.getElementById("board");
  const style = getComputedStyle(matrix);
  Object.assign(grid.style, {
    left: `${matrix.offsetLeft}px`, top: `${matrix.offsetTop}px`,
    width: `${matrix.offsetWidth}px`, height: `${matrix.offsetHeight}px`,
    padding: style.padding, gap: style.gap,
    // Square LEDs: the rows are as the columns.
    gridTemplateColumns: style.gridTemplateColumns, gridTemplateRows: style.gridTemplateColumns,
  });
}

// After every input and every deadline: show the result, keep the progress, and wake again only if
// something is due (an animation step, a held key's hold or repeat).
function update() {
  draw();
  describe();
  speakBoard();
  speakSaid();
  save();
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const due = wasm.deadline();
  if (due >= 0) {
    timer = setTimeout(() => {
      timer = null;
      wasm.tick(performance.now());
      update();
    }, Math.max(0, due - performance.now()));
  }
  // Regions' clock, a tick a second while a puzzle is in play and the page is shown; none otherwise.
  if (clockTimer !== null) clearTimeout(clockTimer);
  clockTimer = null;
  const second = wasm.clock_deadline();
  // A millisecond late: the browser's performance.now() is coarsened (and jittered), and read a
  // fraction early the second would not have come, and the tick would run again at once.
  if (second >= 0) clockTimer = setTimeout(tickClock, Math.max(0, Math.ceil(second - performance.now())) + 1);
}

let clockTimer = null;
function tickClock() {
  clockTimer = null;
  wasm.tick(performance.now());
  update();
}

// Whether `key` is the focused control's own, not the game's: every key in a text field (the puzzle
// box, the date), Enter and Space on a button, the checkbox or the puzzle box's summary, which act on
// them. The board's squares, and the page with nothing focused, give every key to the game.
function controlsOwn(target, key) {
  const control = target.closest?.("textarea, input, select, button, summary, a[href]");
  if (!control) return false;
  if (control.matches("textarea, select, input:not([type=checkbox], [type=radio], [type=button])")) return true;
  return key === "Enter" || key === " ";
}

// A control clicked with a pointer gives the keys back to the game: Space after a click on the
// letters box is a press again, not the box's. A click from the keyboard (detail 0) leaves the focus
// where the keyboard put it.
function pointerClicked(e) {
  if (e.detail > 0) e.target.closest?.("button, input[type=checkbox], summary")?.blur();
}

// A key is the game's if the engine's key table has it (a held one repeats only a direction, there).
function onKey(e) {
  if (e.ctrlKey || e.altKey || e.metaKey || controlsOwn(e.target, e.key)) return;
  if (!withText(e.key, () => wasm.key(performance.now(), e.repeat ? 1 : 0))) return;
  e.preventDefault();
  update();
}

function joystick() {
  for (const button of document.querySelectorAll("#stick button")) {
    const key = Number(button.dataset.key);
    let down = false;
    const press = (e) => {
      e.preventDefault();
      if (down || e.button !== 0) return; // the main button, a touch or a pen: not a right click
      down = true;
      button.setPointerCapture?.(e.pointerId);
      button.classList.add("down");
      wasm.joystick(key, 1, performance.now());
      update();
    };
    const release = (e) => {
      e.preventDefault();
      if (!down) return;
      down = false;
      button.classList.remove("down");
      wasm.joystick(key, 0, performance.now());
      update();
    };
    button.addEventListener("pointerdown", press);
    button.addEventListener("pointerup", release);
    button.addEventListener("pointercancel", release);
    button.addEventListener("lostpointercapture", release);
    button.addEventListener("contextmenu", (e) => e.preventDefault());
    // Enter or Space on the focused button clicks it with no pointer (detail 0): a push of it, once
    // per press of the key, as the game's Enter (a held Enter would click again and again).
    button.addEventListener("keydown", (e) => {
      if (e.repeat && e.key === "Enter") e.preventDefault();
    });
    button.addEventListener("click", (e) => {
      if (e.detail !== 0) return;
      wasm.joystick(key, 1, performance.now());
      wasm.joystick(key, 0, performance.now());
      update();
    });
  }
}

// The joystick's middle, as `joystick` numbers its keys.
const MIDDLE = 4;

// The LED matrix as a pointer: a tap or click on a square is the cursor there and the joystick's
// middle going down, and lifting it the middle going up, so that a short tap is a press and a long
// one the hold (the menu), timed as the drawn middle's. Each LED answers for its whole cell, the gaps
// around it included: a point goes to the LED whose centre is nearest, in its column and its row.
function board() {
  const matrix = document.getElementById("matrix");
  let pressing = null; // the pointer whose tap went down on a square
  let from = null; // the LED it went down on, and the last it crossed
  let crossed = null;
  let tapOnly = false; // a mode that does not drag to mark: a tap that slides is a tap
  const nearest = (at, centres) =>
    centres.reduce((best, c, i) => (Math.abs(at - c) < Math.abs(at - centres[best]) ? i : best), 0);
  const ledAt = (e) => {
    const side = Math.round(Math.sqrt(leds.length));
    const rects = leds.map((l) => l.getBoundingClientRect());
    const x = nearest(e.clientX, rects.slice(0, side).map((r) => r.left + r.width / 2));
    const y = nearest(e.clientY, rects.filter((_, i) => i % side === 0).map((r) => r.top + r.height / 2));
    return [x, y];
  };
  matrix.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (pressing !== null || e.button !== 0 || leds.length === 0) return; // the main button, a touch or a pen
    const [x, y] = ledAt(e);
    if (!wasm.point(x, y, performance.now())) return; // off the board: nothing
    pressing = e.pointerId;
    from = crossed = [x, y];
    tapOnly = false;
    matrix.setPointerCapture?.(e.pointerId);
    update();
  });
  // Slid onto another LED: a drag, which marks the empty squares it crosses (the one it started on
  // too) and presses nothing; the engine says what a mark does.
  matrix.addEventListener("pointermove", (e) => {
    if (e.pointerId !== pressing || tapOnly) return;
    const [x, y] = ledAt(e);
    if (x === crossed[0] && y === crossed[1]) return;
    const first = crossed === from ? 1 : 0;
    if (!wasm.drag(from[0], from[1], x, y, first, performance.now())) {
      tapOnly = true;
      return;
    }
    crossed = [x, y];
    update();
  });
  // Lifted, the tap presses (or lets go of its hold); taken back by the browser, it presses nothing;
  // a drag has done its marking.
  const lift = (e) => {
    if (e.pointerId !== pressing) return;
    e.preventDefault();
    pressing = null;
    const dragged = crossed !== from;
    if (e.type === "pointercancel" || dragged) wasm.cancel_point(performance.now());
    else wasm.joystick(MIDDLE, 0, performance.now());
    update();
  };
  matrix.addEventListener("pointerup", lift);
  matrix.addEventListener("pointercancel", lift);
  matrix.addEventListener("lostpointercapture", lift);
  // A long press is the hold, not the browser's menu.
  matrix.addEventListener("contextmenu", (e) => e.preventDefault());
}

// Where regions mode's puzzles other than the puzzle of the day come from: the address's seed if it
// has one (`?seed=` and 1 to 16 hex digits: the same seed, the same puzzles, to share them), else
// the browser's randomness, so that each visit brings new ones.
function seed() {
  const given = new URLSearchParams(location.search).get("seed");
  if (given !== null) {
    if (/^[0-9a-f]{1,16}$/i.test(given)) return BigInt(`0x${given}`);
    console.warn(`queens: the address's seed "${given}" is not 1 to 16 hex digits; a random one is used`);
  }
  return crypto.getRandomValues(new BigUint64Array(1))[0];
}

// A puzzle to play first: the address's `#p=...` (a shared link). The engine reads it, and says in one
// line why it cannot be played (shown under the puzzle box, opened). Returns whether there is one to
// play: the next start plays it.
function givenPuzzle() {
  const said = document.getElementById("puzzle-said");
  said.textContent = "";
  if (!location.hash.startsWith("#p=")) return false;
  if (withText(location.hash, wasm.given_puzzle) === STATUS.done) return true;
  said.textContent = `the address's puzzle: ${outputText()}`;
  document.getElementById("puzzle").open = true;
  return false;
}

// Starts a game: the stored progress, and first the puzzle given (read by givenPuzzle or pasted), if any.
function startGame(intro) {
  const stored = loadStored(false);
  const status = withText(stored ?? "", () => wasm.start(performance.now(), intro ? 1 : 0, seed(), stored === null ? 0 : 1));
  if (status === STATUS.invalid) setAside(stored, outputText());
  else if (status === STATUS.newer) notKept(outputText());
  update();
}

// A puzzle pasted (a link, or rows of region letters): played by putting its link in the address,
// which a player can then share; one line says why one cannot be played.
function playPasted() {
  const pasted = document.getElementById("pasted").value;
  const status = withText(pasted, wasm.given_puzzle);
  const answer = outputText();
  const said = document.getElementById("puzzle-said");
  if (status !== STATUS.done) {
    said.textContent = answer;
    return;
  }
  said.textContent = ""; // a line about an earlier paste is no longer true
  if (location.hash === answer) startGame(false); // the puzzle just read
  else location.hash = answer; // hashchange starts it
  document.getElementById("puzzle").open = false;
  document.activeElement?.blur(); // the keys are the game's again
}

// The app: sw.js keeps this release's files for playing offline. When a visit finds a new release,
// sw.js fetches it whole and waits; the page says so, and its button (or closing every tab of the
// page) takes it. Until then this page keeps playing the release it loaded.
function app() {
  if (!("serviceWorker" in navigator)) return;
  const notice = document.getElementById("update");
  const button = notice.querySelector("button");
  let waiting = null;
  const ready = (worker) => {
    waiting = worker;
    notice.hidden = false;
  };
  navigator.serviceWorker.register("sw.js").then((registration) => {
    // A worker waits only when another controls the page: the first visit's goes live at once.
    if (registration.waiting && navigator.serviceWorker.controller) ready(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) ready(worker);
      });
    });
  }, (e) => console.warn(`queens: no offline play (${e.message})`));
  button.addEventListener("click", () => waiting?.postMessage("take the new release"));
  // The new release is live: this page's files are the old one's, so load the new ones.
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (waiting === null || reloading) return;
    reloading = true;
    location.reload();
  });
}

// Sharing a result, past days and region letters (issue 43). -----------------------------------

// The lines to share the puzzle just solved (the engine's, the same the terminal prints), or
// null: the Share button shows while there are some.
let shareLines = null;

function showShare(lines) {
  shareLines = lines;
  document.getElementById("share").hidden = lines === null;
}

// Shares the lines through the system's share sheet where there is one (a phone), else copies
// them; either way the page says what it did, in one line.
async function shareResult() {
  if (shareLines === null) return;
  // The engine's lines name a puzzle by its fragment, as the terminal can only; here the page's own
  // address goes before it, so a friend gets a link to open (every reader takes it whole).
  const page = location.origin + location.pathname;
  const text = shareLines.map((line) => line.replace(/(^|\s)(#p=\S+)/, `$1${page}$2`)).join("\n");
  const said = document.getElementById("share-said");
  try {
    if (navigator.share) {
      await navigator.share({ text });
      said.textContent = "shared";
    } else {
      await navigator.clipboard.writeText(text);
      said.textContent = "copied: paste it anywhere";
    }
  } catch (e) {
    // Closing the share sheet is no failure.
    said.textContent = e.name === "AbortError" ? "" : `could not share: ${e.message}`;
  }
}

// Remembered like the intro: a storage that cannot be read leaves the letters off.
const LETTERS = "queens.letters";
let lettersOn = false;

function letterToggle() {
  const box = document.getElementById("letters");
  try {
    lettersOn = localStorage.getItem(LETTERS) === "1";
  } catch (e) {
    // Said by loadStored or save, which use the same storage.
  }
  box.checked = lettersOn;
  box.addEventListener("change", () => {
    lettersOn = box.checked;
    try {
      localStorage.setItem(LETTERS, lettersOn ? "1" : "0");
    } catch (e) {
      // Kept for this visit only.
    }
    if (wasm) update();
  });
}

// Each LED of a regions square shows its region's letter (the engine's, as the puzzle's text
// form writes them), when the option is on; `letters` has one per LED, a space off the board.
function showLetters(letters) {
  const show = lettersOn && letters.length === leds.length;
  for (let i = 0; i < leds.length; i++) {
    const letter = show && letters[i] !== " " ? letters[i] : "";
    if (leds[i].textContent !== letter) leds[i].textContent = letter;
  }
}

// A past day's puzzle: the address's `#d=YYYY-MM-DD`, which the engine reads as it is kept (its
// escapes undone there, as a `#p=` link's) and checks (from the first day to today), and says in one
// line why not. Returns whether there is one to play. The address keeps it: a reload plays that day
// again, and today's progress stays as it was.
function givenDay() {
  const said = document.getElementById("day-said");
  said.textContent = "";
  if (!location.hash.startsWith("#d=")) return false;
  const status = withText(location.hash, wasm.given_day);
  const answer = outputText();
  if (status === STATUS.done) {
    document.getElementById("day").value = answer.slice("#d=".length);
    return true;
  }
  said.textContent = `the address's day: ${answer}`;
  return false;
}

// The date choice: from the first day to today (UTC, as the puzzle of the day changes); played by
// putting the day in the address, as a pasted puzzle is.
function pastDays() {
  const input = document.getElementById("day");
  const iso = (days) => new Date(days * 86400000).toISOString().slice(0, 10);
  input.min = iso(wasm.first_day());
  input.max = iso(Math.floor(Date.now() / 86400000));
  const play = document.getElementById("play-day");
  // Enter in the date field is Play it, as in a form.
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") play.click();
  });
  play.addEventListener("click", () => {
    const status = withText(input.value, wasm.given_day);
    const answer = outputText();
    const said = document.getElementById("day-said");
    if (status !== STATUS.done) {
      said.textContent = answer;
      return;
    }
    said.textContent = ""; // a line about an earlier choice is no longer true
    if (location.hash === answer) startGame(false);
    else location.hash = answer; // hashchange starts it
    document.activeElement?.blur(); // the keys are the game's again
  });
}

async function main() {
  // The date in days since 1970-01-01, UTC: the puzzle of the day changes at midnight UTC everywhere.
  const imports = { page: { now: () => performance.now(), today: () => Math.floor(Date.now() / 86400000) } };
  const { instance } = await WebAssembly.instantiateStreaming(fetch("queens.wasm"), imports);
  wasm = instance.exports;
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", pointerClicked);
  joystick();
  board();
  new ResizeObserver(layBoard).observe(document.getElementById("matrix"));
  document.getElementById("play-pasted").addEventListener("click", playPasted);
  // A link opened in this tab, or typed into its address: that puzzle, now. Any other change of the
  // address (a link that cannot be played, said in one line) leaves the game in play as it is.
  addEventListener("hashchange", () => {
    if (givenPuzzle() || givenDay()) startGame(false);
  });
  pastDays();
  letterToggle();
  document.getElementById("share").addEventListener("click", shareResult);
  // Hidden, the page stops regions' clock and schedules no tick for it; shown, it runs on.
  document.addEventListener("visibilitychange", () => {
    wasm.hidden(document.hidden ? 1 : 0, performance.now());
    update();
  });
  document.getElementById("auto-mark").addEventListener("change", (e) => {
    wasm.set_auto_mark(e.target.checked ? 1 : 0);
    update();
  });
  // The Undo button is the game's undo key, through the engine's key table as every key.
  document.getElementById("undo").addEventListener("click", () => {
    withText("u", () => wasm.key(performance.now(), 0));
    update();
  });
  // The address's puzzle or day, if any (one that cannot be played is said), then the game.
  givenPuzzle() || givenDay();
  startGame(!introSeen());
}

// The service worker once the page has loaded: its fetches never delay the board.
addEventListener("load", app);
main().catch((e) => {
  document.getElementById("message").textContent = `the game could not start: ${e.message}`;
  console.error(e);
});
