// The page's service worker: after one visit the page opens and plays with no network. It keeps the
// release's files as one set, in a cache named after their hashes (scripts/web-release writes
// RELEASE and FILES below), and answers every request for them from that set only: a page never
// gets a new queens.js with an old queens.wasm. A new release is a new sw.js, which the browser
// finds on a visit: it fetches the new set whole, checking each file's hash (a host caught between
// two releases fails the install, and the next visit tries again), then waits; the page says a new
// version is ready, and taking it (or closing every tab) swaps the sets and deletes the old one.
// localStorage (the progress) is the page's and is never touched here.
"use strict";

const RELEASE = "@RELEASE@";
const FILES = @FILES@;
const CACHE = `queens-${RELEASE}`;
// The directory the page is served from: the files' names are relative to it.
const BASE = new URL("./", self.location).pathname;

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      for (const [name, sha256] of Object.entries(FILES)) {
        // Past the browser's HTTP cache, which may hold the last release's file.
        const response = await fetch(name, { cache: "no-cache" });
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        if (hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer())) !== sha256) {
          throw new Error(`${name} is not release ${RELEASE}'s`);
        }
        await cache.put(name, response);
      }
    } catch (e) {
      await caches.delete(CACHE);
      throw e;
    }
  })());
});

// The page asks for the waiting release when the player takes it.
self.addEventListener("message", (event) => {
  if (event.data === "take the new release") self.skipWaiting();
});

// Active: the other releases' sets go.
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("queens-") && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  // The page's own address (the folder, or its index.html), whatever its query (?seed=) or
  // fragment (#p=), is the page; any other address is itself: a kept file by its name (an icon
  // opened in a tab is the icon), the rest the network's (its 404 too).
  const name = url.pathname.slice(BASE.length) || "index.html";
  if (!(name in FILES)) return;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(name)).then((kept) => kept ?? fetch(event.request)));
});
