// Service worker of Consistency Lab: once the site has loaded, it works offline.
// This is a template: scripts/trunk-post-build.mjs fills in the cache name and
// the precache list (every file of the build) and writes it to the site root.
//
// - Navigations (the page, with any ?query) go to the network first, so a new
//   build is picked up at once; offline, the cached index.html answers.
// - Everything else is same-origin and content-addressed or versioned with
//   the cache, so the cache answers first.
const CACHE_NAME = "__CACHE_NAME__";
const PRECACHE = ["__PRECACHE__"];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE_NAME).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('consistency-lab-') && n !== CACHE_NAME).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('./', { cacheName: CACHE_NAME, ignoreSearch: true })));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE_NAME }).then((hit) => hit || fetch(request)));
});
