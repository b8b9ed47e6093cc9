// What the page's Chromium tests share (scripts/web_test.mjs, web_test_app.mjs, web_test_daily.mjs):
// their log and FAILED lines; Debian's headless Chromium driven through the DevTools protocol over a
// pipe (no npm packages), no answer or event waited for longer than 30 s; and the static server for
// target/web that they and scripts/lighthouse.mjs use. A module they import, not a script anyone
// runs.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

// An answer or an event that has not come in this long is a failure, never a hang.
const PATIENCE_MS = 30000;

const types = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".css": "text/css",
  ".wasm": "application/wasm", ".webmanifest": "application/manifest+json", ".png": "image/png",
  ".ico": "image/x-icon",
};

// A test's lines, each starting "NAME: ": log(line) on stdout; fail(line) on stderr as FAILED, the
// exit status 1, and thrown, to end the test.
export function reporter(name) {
  return {
    log: (line) => console.log(`${name}: ${line}`),
    fail: (line) => {
      console.error(`${name}: FAILED: ${line}`);
      process.exitCode = 1;
      throw new Error(line);
    },
  };
}

// Serves `dir` on 127.0.0.1 at a free port, gzipped to a client that takes it if `gzip` (as a static
// host sends text and WebAssembly). Its `dir` can change (a new release), and `offline(true)` stops
// it as the network off would: every request refused, kept-alive connections closed.
export async function serve(dir, { gzip = false } = {}) {
  const sockets = new Set();
  let refusing = false;
  const site = {
    dir,
    offline(off) {
      refusing = off;
      // Kept-alive connections would still answer: the network off closes them.
      if (off) for (const s of sockets) s.destroy();
    },
    close() {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
  const server = http.createServer((req, res) => {
    if (refusing) {
      req.socket.destroy();
      return;
    }
    const name = path.normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
    const file = path.join(site.dir, name || "index.html");
    if (!file.startsWith(path.normalize(site.dir)) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    const zipped = gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    res.writeHead(200, {
      "content-type": types[path.extname(file)] ?? "application/octet-stream",
      ...(zipped ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}),
    });
    res.end(zipped ? zlib.gzipSync(body, { level: 9 }) : body);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  site.url = `http://127.0.0.1:${server.address().port}/`;
  return site;
}

// Starts /usr/bin/chromium headless with a fresh profile and `flags` added, the DevTools protocol on
// its pipe (fd 3 to it, fd 4 from it). `name` (the test's) names the profile and its warning;
// `fail(line)` is the test's, called with what went wrong on the page. The browser:
//   send(method, params, sessionId)   a call to Chromium; page(method, params) one to the tab in
//                                     `session`
//   waitFor(method)                   the next event `method`'s params
//   tab(script, viewport, contextId)  a new tab, `session` its: `script` runs before the page's
//   loadPaused(address)               the page loaded in it, its clock paused (virtual time)
//   evaluate(expression)              its value on the page (a promise awaited)
//   until(expression, what, opts)     waits until `expression` holds on the page
//   advance(ms), settle()             virtual time: on by `ms`, or until no timer is pending
//   consoleLines, stderr()            what the pages logged, and the end of Chromium's stderr
//   close()                           Chromium closed and its profile removed
export function launch({ name, fail, flags = [] }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `queens-${name}-`));
  const chrome = spawn(
    "/usr/bin/chromium",
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-dev-shm-usage", ...flags, `--user-data-dir=${profile}`, "--remote-debugging-pipe", "about:blank",
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
  // `promise`, or a rejection naming `what` if it has not settled in PATIENCE_MS.
  const inTime = (promise, what) => {
    let timer;
    const late = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} in ${PATIENCE_MS / 1000} s (the console: ${consoleLines.join("; ")})`)), PATIENCE_MS);
    });
    return Promise.race([promise.finally(() => clearTimeout(timer)), late]);
  };
  const browser = {
    session: undefined,
    consoleLines,
    stderr: () => chromeErr,
    send(method, params = {}, sessionId) {
      const id = ++nextId;
      const answer = new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject, method });
        chrome.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + "\0");
      });
      return inTime(answer, `no answer to ${method}`).finally(() => pending.delete(id));
    },
    page: (method, params) => browser.send(method, params, browser.session),
    waitFor: (method) => inTime(new Promise((resolve) => waiters.push({ method, resolve })), `no ${method}`),
    async tab(script, viewport, browserContextId) {
      const { targetId } = await browser.send("Target.createTarget", { url: "about:blank", ...(browserContextId ? { browserContextId } : {}) });
      ({ sessionId: browser.session } = await browser.send("Target.attachToTarget", { targetId, flatten: true }));
      await browser.page("Runtime.enable");
      await browser.page("Page.enable");
      await browser.page("Page.addScriptToEvaluateOnNewDocument", { source: script });
      await browser.page("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1 });
      return targetId;
    },
    // Loads `address` in the tab, waits up to 5 s for the LEDs to show, then pauses virtual time
    // there: the page's clock runs on only by advance() and settle(). `clock` (ms since 1970), if
    // given, is the page's Date from then on, so that a test which compares the page's puzzle of the
    // day with one worked out for a date keeps that date however long it runs (midnight UTC passing
    // while it runs changed the page's day and not the other's).
    async loadPaused(address, clock) {
      const loaded = browser.waitFor("Page.loadEventFired");
      await browser.page("Page.navigate", { url: address });
      await loaded;
      for (let i = 0; i < 100 && (await browser.evaluate("document.querySelectorAll('.led').length")) === 0; i++) {
        await new Promise((ok) => setTimeout(ok, 50));
      }
      const initialVirtualTime = clock === undefined ? undefined : clock / 1000;
      await browser.page("Emulation.setVirtualTimePolicy", { policy: "pause", initialVirtualTime });
    },
    async evaluate(expression) {
      const { result, exceptionDetails } = await browser.page("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
      if (exceptionDetails) fail(`${expression}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    },
    // Checks `expression` up to `tries` times, `step()` between (50 ms of real time unless given:
    // the virtual-time tests advance it); fails with `what` and `shows()` if it never holds.
    async until(expression, what, { step = () => new Promise((ok) => setTimeout(ok, 50)), tries = 200, shows } = {}) {
      for (let i = 0; i < tries; i++) {
        if (await browser.evaluate(expression)) return;
        await step();
      }
      fail(`${what}: ${shows ? await shows() : `the console: ${consoleLines.join("; ")}`}`);
    },
    async advance(ms) {
      const expired = browser.waitFor("Emulation.virtualTimeBudgetExpired");
      await browser.page("Emulation.setVirtualTimePolicy", { policy: "advance", budget: ms });
      await expired;
    },
    // Runs virtual time on until the page has no timer pending (timerSpy counts them): every
    // animation has played.
    async settle() {
      for (let i = 0; i < 200; i++) {
        if ((await browser.evaluate("window.__timers.pending.size")) === 0) return;
        await browser.advance(2000);
      }
      fail("the page never settled");
    },
    // Chromium is asked to close (Browser.close), so that it and its helper processes stop writing
    // to the profile before it is removed; killed if it has not in 5 s. A removal that still races
    // a last write (ENOTEMPTY, seen once in a full .ci/run after a passing test) is retried, and a
    // profile that cannot be removed is one warning line, not a failed test.
    async close() {
      if (chrome.exitCode === null && chrome.signalCode === null) {
        const exited = new Promise((ok) => chrome.once("exit", ok));
        // Should it exit first, the write fails (EPIPE) as an error event: its exit is what matters.
        chrome.stdio[3].on("error", () => {});
        browser.send("Browser.close").catch(() => {});
        const timer = setTimeout(() => chrome.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch (e) {
        console.error(`${name}: warning: Chromium's profile ${profile} is left behind: ${e.message}`);
      }
    },
  };
  return browser;
}

// The page's timers, counted by a wrapper a test adds before the page's own script runs (tab's
// `script`): window.__timers, whose `pending` settle() waits to empty. Regions' clock's tick once a
// second (queens.js's tickClock) is kept apart, in `clock` (and `clockTicks` counts those run): it
// runs while a puzzle is in play.
export const timerSpy = `(() => {
  const spy = { pending: new Set(), clock: new Set(), scheduled: 0, fired: 0, intervals: 0, frames: 0, clockTicks: 0 };
  const set = window.setTimeout, clear = window.clearTimeout, every = window.setInterval, frame = window.requestAnimationFrame;
  window.setTimeout = (f, ms, ...a) => {
    const ticks = f.name === "tickClock", kept = ticks ? spy.clock : spy.pending;
    if (!ticks) spy.scheduled++;
    const id = set(() => { kept.delete(id); if (ticks) spy.clockTicks++; else spy.fired++; f(...a); }, ms);
    kept.add(id);
    return id;
  };
  window.clearTimeout = (id) => { spy.pending.delete(id); spy.clock.delete(id); clear(id); };
  window.setInterval = (...a) => { spy.intervals++; return every(...a); };
  window.requestAnimationFrame = (f) => { spy.frames++; return frame(f); };
  Object.defineProperty(window, "__timers", { value: spy });
})();`;
