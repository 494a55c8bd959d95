// The static page's service worker (crates/wasm/build.sh puts it beside the page): it
// keeps the page itself, so that a reload with the host gone still loads it, and answers
// a dictionary from the cache the page put it in (js/backend.js). Over http(s) only; a
// page opened from a folder has none.
//
// The page's files: fetched from the host when it answers (a new build shows at once),
// from this build's cache when it does not. Dictionaries: from the cache first (they
// are large and do not change under one name), else the host.
const SHELL = 'polyboggle-page-@BUILD@';
const DICTIONARIES = 'polyboggle-dictionaries-v1';
const FILES = ['./', 'index.html', 'app.js', 'style.css', 'polyboggle_wasm.js',
  'polyboggle_wasm_bg.wasm', 'crossword-worker.js', 'languages.json'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // An older build's page goes; the dictionaries stay.
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('polyboggle-page-') && k !== SHELL)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

async function fromHostOrShell(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone()).catch(() => {});
    return response;
  } catch (e) {
    const kept = await cache.match(request, { ignoreSearch: true })
      || (request.mode === 'navigate' ? await cache.match('index.html') : undefined);
    if (kept) return kept;
    throw e;
  }
}

async function dictionary(request) {
  const kept = await caches.open(DICTIONARIES).then((c) => c.match(request)).catch(() => undefined);
  return kept || fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The page asks /api/dice to find a server: not ours to answer or keep.
  if (url.pathname.includes('/api/')) return;
  if (url.pathname.endsWith('.pbd')) {
    event.respondWith(dictionary(request));
  } else if (FILES.some((f) => url.pathname.endsWith(`/${f === './' ? '' : f}`))) {
    event.respondWith(fromHostOrShell(request));
  }
});
