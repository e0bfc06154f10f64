// The service worker (served as /sw.js by scorer/web/phone_app.py): keeps the app shell and the
// last state of every page this phone opened, so that a game still opens without network.
//
// - Pages (navigations) and the board's polls (?teil={{ poll }}): network first. The network's
//   answer is what the page gets, whatever it says; an answer of 200 is kept as the latest copy.
//   Only when the network does not answer at all comes the kept copy, marked as one (the header
//   below; a page also by data-offline-copy on <html>, which static/offline.js reads).
// - The shell (static files, whose URLs carry their content's fingerprint): from the cache.
// - Anything else, and every POST, passes by untouched: a write is never answered from a cache.
// - A game's page kept, the start page is kept again too: the installed app opens there, and
//   without network it then lists the game opened last.
"use strict";

const SHELL = {{ shell | tojson }};
const SHELL_CACHE = "jass-shell-{{ version }}";
const PAGES_CACHE = "jass-pages-v1"; // a new name when what is kept changes shape
const PAGES_KEPT = 100; // pages and boards; the oldest go first
const STATIC = {{ static | tojson }};
const MARK = "Jass-Offline-Copy"; // on an answer from the cache: when the network gave it
const START = {{ start | tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then(function (cache) { return cache.addAll(SHELL); })
      .then(function () { return self.skipWaiting(); }),
  );
});

// A new worker drops the caches of the old one (every "jass-" cache it does not use) and
// takes over the open pages at once.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        const old = names.filter(function (name) {
          return name.startsWith("jass-") && name !== SHELL_CACHE && name !== PAGES_CACHE;
        });
        return Promise.all(old.map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); }),
  );
});

// A page whose loading began before this worker took over (the first visit, when the start
// of a game loads the next page while the worker still installs), or a page reloaded past the
// worker, is not among the pages claim() took: it asks (static/offline.js) and is taken then,
// so that it is kept for a time without network like every other page.
//
// A page of a game changed by a form's answer (htmx swapped in the state after it) sends its
// new state (static/queue.js): kept as the page's copy, so that a reload without network shows
// what the phone showed last, not the page as it was first loaded. It keeps the headers the
// server gave the page (its security headers among them), with the time of this state.
self.addEventListener("message", function (event) {
  if (event.data === "claim") event.waitUntil(self.clients.claim());
  const page = event.data && event.data.page;
  if (page && new URL(page).origin === self.location.origin) {
    event.waitUntil(shown(page, event.data.html));
  }
});

async function shown(page, html) {
  const cache = await caches.open(PAGES_CACHE);
  const request = new Request(page);
  const old = await cache.match(request, { ignoreVary: true });
  const headers = new Headers(old ? old.headers : { "Content-Type": "text/html; charset=utf-8" });
  ["Content-Length", "Content-Encoding", "ETag"].forEach(function (name) { headers.delete(name); });
  headers.set("Date", new Date().toUTCString());
  await keep(cache, request, new Response(html, { status: 200, headers: headers }));
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(fromShell(event, url));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(event, true));
  } else if (url.searchParams.get("teil") === {{ poll | tojson }}) {
    event.respondWith(networkFirst(event, false));
  }
});

async function fromShell(event, url) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  try {
    const response = await fetch(event.request);
    if (response.status === 200 && url.searchParams.has("v")) {
      event.waitUntil(cache.put(event.request, response.clone()));
    }
    return response;
  } catch (error) {
    // A page kept by an older worker names older files: the current ones are the nearest.
    const near = await caches.match(event.request, { ignoreSearch: true });
    return near || Response.error();
  }
}

async function networkFirst(event, page) {
  const cache = await caches.open(PAGES_CACHE);
  let response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const copy = await cache.match(event.request, { ignoreVary: true });
    return copy ? marked(copy, page) : nothing(page);
  }
  const type = response.headers.get("Content-Type") || "";
  if (response.status === 200 && type.startsWith("text/html")) {
    const read = page ? response.clone() : null;
    event.waitUntil(
      keep(cache, event.request, response.clone()).then(function () {
        return read && start(cache, read);
      }),
    );
  } else if (response.status === 404 || response.status === 410) {
    event.waitUntil(cache.delete(event.request, { ignoreVary: true })); // a game gone is gone
  }
  return response;
}

async function keep(cache, request, response) {
  // A board that did not change since it was kept (the same ETag) is not written again.
  const old = await cache.match(request, { ignoreVary: true });
  const tag = response.headers.get("ETag");
  if (old && tag && old.headers.get("ETag") === tag) return;
  await cache.put(request, response);
  const keys = await cache.keys();
  const over = keys.slice(0, Math.max(0, keys.length - PAGES_KEPT));
  await Promise.all(over.map(function (key) { return cache.delete(key); }));
}

async function start(cache, response) {
  if (!(await response.text()).includes("<body data-game")) return;
  try {
    await keep(cache, new Request(START), await fetch(START));
  } catch (error) {} // the network is gone again: the older copy stays
}

// The kept copy, with the time the network gave it (its Date header).
async function marked(copy, page) {
  const at = copy.headers.get("Date") || "";
  const headers = new Headers(copy.headers);
  headers.set(MARK, at || "unbekannt");
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  let body = await copy.text();
  if (page) {
    body = body.replace("<html ", '<html data-offline-copy="' + at.replace(/"/g, "") + '" ');
  }
  return new Response(body, { status: 200, headers: headers });
}

// The phone's first language the app speaks, else German.
const NOTHING = {{ nothing | tojson }};
function language() {
  const spoken = (self.navigator.languages || [self.navigator.language || ""]).map(
    (tag) => tag.slice(0, 2).toLowerCase(),
  );
  return spoken.find((code) => code in NOTHING) || "de";
}

// No network and no copy. A page says so in words; a board poll gets "nothing new" (204: htmx
// leaves the board as it is), marked, so that the page knows the network is gone.
function nothing(page) {
  if (!page) return new Response(null, { status: 204, headers: { [MARK]: "keine" } });
  return new Response(NOTHING[language()] + "\n", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
