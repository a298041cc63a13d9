/*
 * Jornada's service worker (issue 36 point 4, decision 071). Registered only by the personal
 * clock page, with scope /personal/: it controls the personal area's pages and nothing else.
 *
 * It keeps the personal clock's app shell so the page loads with no network once visited:
 * - the /personal/clock page itself (network first; the copy kept is the last one the server
 *   sent; a redirect (signed out) or an error answer deletes it);
 * - the /_astro/ files those pages load (hashed names, never changed: cache first).
 * It NEVER answers or keeps /api/ requests (personal data, punches: always the network), nor any
 * other path: those requests are left to the browser untouched. Punches made offline are kept by
 * the page in IndexedDB (offline-queue.ts), not here.
 */
const CACHE = 'jornada-personal-shell-v1';
const PAGE = '/personal/clock';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok && !answer.redirected && answer.type === 'basic') await cache.put(PAGE, answer.clone());
    else await cache.delete(PAGE);
    return answer;
  } catch (error) {
    const kept = await cache.match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok && answer.type === 'basic') await cache.put(request, answer.clone());
  return answer;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate' && url.pathname === PAGE && url.search === '') event.respondWith(page(request));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(asset(request));
});
