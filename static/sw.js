// Service worker of Consistency Lab: once the site has loaded, it works offline.
// This is a template: scripts/trunk-post-build.mjs fills in the build's name
// and the precache list (every file of the build, in three parts:
// scripts/precache.mjs) and writes it to the site root.
//
// - A language's files when a page of it is read. The worker precaches the
//   common part (the wasm, scripts, stylesheets, data) and the part of each
//   language whose pages are open when it installs (a Korean page: the Korean
//   pages, chapters and fonts, so a Korean reader has every file of the
//   Korean edition offline, as before; `sw.js?lang=xx` names one more), and
//   the other language's part once a page of it is opened.
//
// - One release at a time. The cache of a build holds every file of it, the
//   pages included, and answers first, so a page and what it loads come from
//   the same build. A new build (a new sw.js) is fetched whole, bypassing the
//   HTTP cache (`cache: 'reload'`: a host's max-age cannot slip old files into
//   it), and takes over once it is complete: the first load after a release
//   is still the old one, whole; the next is the new one, whole.
// - A page keeps its release. Each page is remembered with the build whose
//   cache served it, and everything it asks for later (a chapter, the lazily
//   loaded module, the pool workers' script) comes from that build's cache,
//   even after a newer build took over; a build's cache is deleted once no
//   open page of it is left. So a page left open across a release never
//   mixes the two. (The page fetches all of it itself: its workers run the
//   module the page compiled, src/web/worker_pool.rs.)
// - One deployment, one set of caches. Cache names carry the worker's scope
//   (the deployment's path), and a new build deletes only its own scope's old
//   caches, so two copies of the site on one origin (/a/ and /b/) keep their
//   own offline copies.
const BUILD = "__CACHE_NAME__";
const PRECACHE = { common: ["__PRECACHE__"], ko: ["__PRECACHE_KO__"], en: ["__PRECACHE_EN__"] };
// A language the registering page asked for (`sw.js?lang=en`), if any.
const ASKED_LANG = new URL(self.location.href).searchParams.get('lang');
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `consistency-lab:${SCOPE}:`;
const CACHE_NAME = PREFIX + BUILD;
// Which build served each open page: one JSON entry, { clientId: [cache name, when] }.
const PAGES_CACHE = `consistency-lab-pages:${SCOPE}`;
const PAGES_KEY = new Request(`${SCOPE}__lab-pages__`);

// The record, kept in memory too: every request of a page reads it, and the
// cache entry is read only when this worker has just started.
let pagesMemo = null;

async function pagesRead() {
  if (pagesMemo) return { ...pagesMemo };
  const hit = await (await caches.open(PAGES_CACHE)).match(PAGES_KEY);
  try {
    pagesMemo = hit ? await hit.json() : {};
  } catch (_) {
    pagesMemo = {};
  }
  return { ...pagesMemo };
}

async function pagesWrite(pages) {
  pagesMemo = { ...pages };
  const body = JSON.stringify(pages);
  await (await caches.open(PAGES_CACHE)).put(PAGES_KEY, new Response(body, { headers: { 'content-type': 'application/json' } }));
}

// A page being loaded is not yet among the open clients: its record is kept
// this long before a missing client counts as closed.
const NEW_PAGE_GRACE_MS = 60000;

// Forgets closed pages, and deletes this scope's build caches no open page
// and not the current build uses.
async function tidyNow() {
  const open = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })).map((c) => c.id));
  const pages = await pagesRead();
  const now = Date.now();
  for (const [id, record] of Object.entries(pages)) {
    if (!Array.isArray(record) || (!open.has(id) && now - record[1] > NEW_PAGE_GRACE_MS)) delete pages[id];
  }
  await pagesWrite(pages);
  const keep = new Set([CACHE_NAME, ...Object.values(pages).map(([name]) => name)]);
  const names = await caches.keys();
  // A newer build installing (or installed and waiting) is filling a cache
  // this worker does not know: an old worker's tidying must not take it away
  // (every load of the old release tidies). The newer worker tidies once it
  // is in charge.
  if (self.registration.installing || self.registration.waiting) return;
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && !keep.has(n)).map((n) => caches.delete(n)));
}

// Serializes the read-modify-write of the pages entry.
let pagesLock = Promise.resolve();
const tidy = () => (pagesLock = pagesLock.then(tidyNow).catch(() => {}));
const remember = (clientId, cacheName) => {
  pagesLock = pagesLock.then(async () => {
    const pages = await pagesRead();
    pages[clientId] = [cacheName, Date.now()];
    await pagesWrite(pages);
  }).catch(() => {});
  return pagesLock;
};

// The cache of the build that served the page `clientId`, if it is still kept.
async function cacheOf(clientId) {
  if (clientId) {
    await pagesLock;
    const [name] = (await pagesRead())[clientId] || [];
    if (name && name !== CACHE_NAME && (await caches.has(name))) return caches.open(name);
  }
  return caches.open(CACHE_NAME);
}

// The language whose part lists the page at `url` (its query aside), if any.
function langOfPage(url) {
  const path = new URL(url).pathname;
  if (!path.startsWith(SCOPE)) return null;
  const file = `./${path.slice(SCOPE.length)}`;
  const names = file.endsWith('/') ? [file, `${file}index.html`] : [file];
  for (const lang of ['ko', 'en']) {
    if (names.some((name) => PRECACHE[lang].includes(name))) return lang;
  }
  return null;
}

// The languages to precache at install: the open pages', the asked one, or
// Korean (the site's first language) when neither names one.
async function installLangs() {
  const langs = new Set();
  if (ASKED_LANG in PRECACHE && ASKED_LANG !== 'common') langs.add(ASKED_LANG);
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) {
    const lang = langOfPage(client.url);
    if (lang) langs.add(lang);
  }
  if (!langs.size) langs.add('ko');
  return [...langs];
}

const fresh = (url) => new Request(url, { cache: 'reload' });

// The languages whose part this worker's cache holds whole.
const complete = new Set();

// Adds to this build's cache what a language's part lacks (a page of the
// other language was opened): from then on that edition works offline too.
async function completeLang(lang) {
  if (!lang || complete.has(lang)) return;
  const cache = await caches.open(CACHE_NAME);
  const held = new Set((await cache.keys()).map((r) => new URL(r.url).href));
  const missing = PRECACHE[lang].filter((url) => !held.has(new URL(url, self.registration.scope).href));
  await cache.addAll(missing.map(fresh));
  complete.add(lang);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const langs = await installLangs();
    const cache = await caches.open(CACHE_NAME);
    // A file two parts list (a Korean cut an English page's Korean words ask for) once.
    await cache.addAll([...new Set([...PRECACHE.common, ...langs.flatMap((lang) => PRECACHE[lang])])].map(fresh));
    for (const lang of langs) complete.add(lang);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(tidy().then(() => self.clients.claim()));
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
    // ?embed=… are the app's), else from the network; the page is
    // remembered with this build.
    // A page of a language whose part is not cached yet brings it in.
    event.waitUntil(completeLang(langOfPage(request.url)).catch(() => {}));
    event.respondWith((async () => {
      const hit = await (await caches.open(CACHE_NAME)).match(request, { ignoreSearch: true });
      if (!hit) return fetch(request);
      if (event.resultingClientId) event.waitUntil(remember(event.resultingClientId, CACHE_NAME).then(tidy));
      return hit;
    })());
    return;
  }
  event.respondWith(cacheOf(event.clientId).then((cache) => cache.match(request)).then((hit) => hit || fetch(request)));
});
