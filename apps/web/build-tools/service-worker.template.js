/*
 * The portal's service worker (docs/decisions/0038). The build fills in the cache's name and the files it
 * holds (build-tools/service-worker.ts): the hashed scripts and styles of this build and the offline page.
 * Only they are ever cached, when it installs; an API answer, a download or a page never is: they hold a
 * person's data, and a phone may be shared or lost.
 */
const CACHE_NAME = '__CACHE_NAME__';
const PRECACHED = new Set(__PRECACHED_URLS__);
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      .then((cache) => cache.addAll([...PRECACHED]))
      // A new build takes over at once: its pages ask for its files, which the old cache does not hold.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The origin's caches are this worker's alone: any other is an earlier build's.
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name !== CACHE_NAME).map((name) => caches.delete(name)));
      // A page's request starts on the network while the worker wakes up, so a page costs no extra wait.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** A page always comes from the server; offline, a page that says so, never an old copy of the app. */
async function openPage(event) {
  try {
    const preloaded = await event.preloadResponse;
    return preloaded ?? (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE_PAGE, { cacheName: CACHE_NAME })) ?? Response.error();
  }
}

/** A file of this build: from the cache, or from the network if the cache lost it. */
async function openAsset(request, pathname) {
  return (await caches.match(pathname, { cacheName: CACHE_NAME })) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(openPage(event));
  } else if (PRECACHED.has(url.pathname) && url.search === '') {
    event.respondWith(openAsset(request, url.pathname));
  }
  // Anything else (the API, downloads, signed links) goes to the network as if there were no worker.
});
