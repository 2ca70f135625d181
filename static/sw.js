// Service worker of Consistency Lab: once the site has loaded, it works offline.
// This is a template: scripts/trunk-post-build.mjs fills in the build's name
// and the precache list (every file of the build) and writes it to the site root.
//
// - One release at a time. The cache of a build holds every file of it, the
//   pages included, and answers first, so a page and what it loads come from
//   the same build. A new build (a new sw.js) is fetched whole, bypassing the
//   HTTP cache (`cache: 'reload'`: a host's max-age cannot slip old files into
//   it), and takes over once it is complete: the first load after a release
//   is still the old one, whole; the next is the new one, whole.
// - One deployment, one set of caches. Cache names carry the worker's scope
//   (the deployment's path), and a new build deletes only its own scope's old
//   caches, so two copies of the site on one origin (/a/ and /b/) keep their
//   own offline copies.
const BUILD = "__CACHE_NAME__";
const PRECACHE = ["__PRECACHE__"];
const PREFIX = `consistency-lab:${new URL(self.registration.scope).pathname}:`;
const CACHE_NAME = PREFIX + BUILD;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE_NAME).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every load asks for a new release (a conditional fetch of sw.js,
    // owned by the worker, so it outlives the page), which takes over once
    // complete: the load after a release is the last old one.
    event.waitUntil(self.registration.update().catch(() => {}));
    // The page from this build's cache (its address's query aside: ?ch=…,
    // ?embed=… are the app's), else from the network.
    event.respondWith(
      caches.open(CACHE_NAME)
        .then((cache) => cache.match(request, { ignoreSearch: true }))
        .then((hit) => hit || fetch(request)),
    );
    return;
  }
  event.respondWith(caches.open(CACHE_NAME).then((cache) => cache.match(request)).then((hit) => hit || fetch(request)));
});
