// The shop's service worker (docs/decisions/offline-and-caching.md). The build (sw/vite-plugin.ts)
// writes the version, the API's base, the caches' names (src/lib/cache-names.ts) and the list of the
// app's files in place of the placeholders.
// It answers only the GET requests named below; everything else (orders, the live stream, admin
// work) goes to the network untouched. It also sends the orders a page saved offline, by Background
// Sync, when the network is back, even with no page of the shop open (sendSavedOrders below).

const VERSION = '__KOPI_VERSION__';
const API_BASE = '__KOPI_API_BASE__';
const TOKEN_HEADER = '__KOPI_TOKEN_HEADER__';
const APP_FILES = ['__KOPI_APP_FILES__'];

const NAMES = JSON.parse('__KOPI_CACHE_NAMES__');
const OUTBOX_SYNC = JSON.parse('__KOPI_OUTBOX_SYNC__');

/** This version's shell: index.html and every built file, so any page opens offline. */
const SHELL_CACHE = `kopi-shell-${VERSION}`;
/** The menu's answers, shared by everyone: they carry nobody's data. */
const MENU_CACHE = NAMES.menu;
const PICTURES_CACHE = NAMES.pictures;
const PAGES_CACHE = NAMES.pages;
/** One cache per session token: an account's orders never answer another account's request. */
const PRIVATE_PREFIX = NAMES.privatePrefix;
/** When the answer was stored: the offline banner says "the menu as of" this time. */
const STORED_AT = NAMES.storedAt;
const BYTES = 'x-kopi-bytes';

const LIMITS = {
  menu: { entries: 80 },
  pictures: { entries: 120, bytes: 25 * 1024 * 1024 },
  private: { entries: 40 },
  pages: { entries: 30 },
};

const MENU_PATHS = [/^\/products\/get$/, /^\/products\/\d+$/];
const PRIVATE_PATHS = [/^\/transactions\/history$/, /^\/transactions\/\d+$/, /^\/users\/profile$/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(APP_FILES.map((url) => new Request(url, { cache: 'reload' })));
      // The first version on this device has no one to wait for; a later one waits until the person
      // agrees to reload (the page posts 'skip-waiting'), so a page never runs on two versions.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('kopi-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') void self.skipWaiting();
  // The page loaded these before this worker controlled it (the first visit): kept as if they had passed here.
  if (event.data?.type === 'keep' && Array.isArray(event.data.urls)) event.waitUntil(keep(event.data.urls, event.data.locale));
});

/** A page's address: not the API's, not a picture's, not a file's. */
const isPagePath = (pathname) =>
  !pathname.startsWith(`${API_BASE}/`) && !pathname.startsWith('/images/') && !/\.[a-z0-9]+$/i.test(pathname);

/** Which cache a first visit's address belongs to, if any: a page, a menu answer or a picture. */
function kindOf(url) {
  if (url.origin !== self.location.origin) return null;
  if (url.pathname.startsWith('/images/')) return 'pictures';
  const apiPath = url.pathname.startsWith(`${API_BASE}/`) ? url.pathname.slice(API_BASE.length) : null;
  if (apiPath) return MENU_PATHS.some((path) => path.test(apiPath)) ? 'menu' : null;
  return isPagePath(url.pathname) ? 'pages' : null;
}

/** How many of a first visit's addresses are kept at most, the page and the menu's answers first. */
const KEEP_MAX = 150;
const KEEP_ORDER = { pages: 0, menu: 1, pictures: 2 };

/**
 * Stores the pages, menu answers and pictures among `urls` (only those; private answers need their
 * session). The page and the menu's answers go first: a visit that loaded many pictures before this
 * worker took over (a long menu scrolled) must not push out the product it opened last, which a
 * bound taken in load order did (docs/decisions/offline-and-caching.md).
 */
async function keep(urls, locale) {
  const wanted = [];
  const seen = new Set();
  for (const href of urls.slice(0, 1000)) {
    const url = new URL(href, self.location.origin);
    url.hash = '';
    const kind = kindOf(url);
    if (!kind || seen.has(url.href)) continue;
    seen.add(url.href);
    wanted.push({ url, kind });
  }
  wanted.sort((a, b) => KEEP_ORDER[a.kind] - KEEP_ORDER[b.kind]);
  for (const { url, kind } of wanted.slice(0, KEEP_MAX)) {
    const cacheName = { pictures: PICTURES_CACHE, menu: MENU_CACHE, pages: PAGES_CACHE }[kind];
    // The menu's answers vary on the language: asked for and kept in the page's, as its own requests are.
    const request =
      kind === 'menu' && typeof locale === 'string'
        ? new Request(url.href, { headers: { 'accept-language': locale } })
        : new Request(url.href);
    if (await caches.match(request, { cacheName, ignoreVary: kind !== 'menu' })) continue;
    const response = await fetch(request);
    if (response.ok) await put(cacheName, request, response, LIMITS[kind]);
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if ((request.headers.get('accept') ?? '').includes('text/event-stream')) return;

  if (request.mode === 'navigate') {
    event.respondWith(pageOrShell(event, request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || APP_FILES.includes(url.pathname)) {
    event.respondWith(shellFirst(request));
    return;
  }
  if (url.pathname.startsWith('/images/')) {
    event.respondWith(pictureFirst(request));
    return;
  }
  if (!url.pathname.startsWith(`${API_BASE}/`)) return;
  const apiPath = url.pathname.slice(API_BASE.length);
  if (MENU_PATHS.some((path) => path.test(apiPath))) {
    event.respondWith(menuAnswer(event, request));
    return;
  }
  const token = request.headers.get(TOKEN_HEADER);
  if (token && PRIVATE_PATHS.some((path) => path.test(apiPath))) {
    event.respondWith(privateAnswer(request, token));
  }
});

/** A copy of an answer with the time it was stored and its size, for the banner and the bounds. */
async function stamped(response) {
  const body = await response.clone().arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, new Date().toISOString());
  headers.set(BYTES, String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Drops the oldest entries (Cache Storage keeps them in the order they were put) beyond the bounds. */
async function trim(cacheName, { entries, bytes = Number.POSITIVE_INFINITY }) {
  const cache = await caches.open(cacheName);
  const keys = await cache.keys();
  const sizes = await Promise.all(keys.map(async (key) => Number((await cache.match(key))?.headers.get(BYTES) ?? 0)));
  let total = sizes.reduce((sum, size) => sum + size, 0);
  for (let i = 0; i < keys.length && (keys.length - i > entries || total > bytes); i += 1) {
    await cache.delete(keys[i]);
    total -= sizes[i];
  }
}

async function put(cacheName, request, response, limits) {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, await stamped(response));
  await trim(cacheName, limits);
}

/**
 * A page: the network's (a copy kept: a page the server rendered carries its menu answers, so it
 * opens offline as it was), else the copy kept of it, else this version's shell (the app then draws
 * the page from its caches).
 */
async function pageOrShell(event, request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      event.waitUntil(put(PAGES_CACHE, request, response.clone(), LIMITS.pages));
    }
    return response;
  } catch (error) {
    // Pages vary by language (Vary: Accept-Language, Cookie): the copy kept is this phone's own.
    const kept = await caches.match(request, { cacheName: PAGES_CACHE, ignoreVary: true });
    if (kept) return kept;
    const shell = await caches.match('/', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** Built files never change under their name: the cache's copy, else the network's (kept). */
async function shellFirst(request) {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE, ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(SHELL_CACHE)).put(request, response.clone());
  return response;
}

/** A picture's address changes with the picture: the cache's copy first, within the size bound. */
async function pictureFirst(request) {
  const cached = await caches.match(request, { cacheName: PICTURES_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await put(PICTURES_CACHE, request, response.clone(), LIMITS.pictures);
  return response;
}

/** How long the menu waits for the network before the stored answer is shown (one bar of signal). */
const MENU_PATIENCE_MS = 1_500;

/**
 * The menu: the network's answer when it comes within MENU_PATIENCE_MS (an admin's own edit shows at
 * once), else the stored one, stale while the network's is still revalidating it; when that arrives
 * and differs, the open pages are told to read the menu again. Offline, the stored answer at once.
 */
async function menuAnswer(event, request) {
  const cached = await caches.match(request, { cacheName: MENU_CACHE });
  const fresh = fetch(request).then(async (response) => {
    if (!response.ok) return response;
    const changed = cached && (await cached.clone().text()) !== (await response.clone().text());
    await put(MENU_CACHE, request, response.clone(), LIMITS.menu);
    return { response, changed };
  });
  if (!cached) return fresh.then((answer) => (answer instanceof Response ? answer : answer.response));
  // The worker stays alive until the network's answer is stored, whichever answer the page got.
  event.waitUntil(fresh.catch(() => undefined));
  const first = await Promise.race([
    fresh.then(
      (answer) => answer,
      () => 'offline',
    ),
    new Promise((resolve) => setTimeout(() => resolve('slow'), MENU_PATIENCE_MS)),
  ]);
  if (first !== 'offline' && first !== 'slow') return first instanceof Response ? first : first.response;
  if (first === 'slow') {
    event.waitUntil(
      fresh.then(
        async (answer) => {
          if (answer instanceof Response || !answer.changed) return;
          for (const client of await self.clients.matchAll()) client.postMessage({ type: 'menu-updated' });
        },
        () => undefined,
      ),
    );
  }
  return cached;
}

/** An account's own answer: always the network's when there is one, else the copy kept for this session only. */
async function privateAnswer(request, token) {
  const cacheName = PRIVATE_PREFIX + (await digest(token));
  try {
    const response = await fetch(request);
    if (response.ok) await put(cacheName, request, response.clone(), LIMITS.private);
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName });
    if (cached) return cached;
    throw error;
  }
}

async function digest(text) {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(hash).slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// Orders saved offline (docs/decisions/background-sync.md). A page that keeps an order offline puts
// it in the sends cache (its body, its one Idempotency-Key, the session's token and the page's
// language) and registers the sync; the browser fires it once the network is back, page open or not.
// The worker sends each order with its key under the pages' Web Lock (one sender at a time), keeps
// the shop's answer as it came in the answers cache, and tells the open pages. What the answer means
// (placed, refused and why, the cart given back) is the page's to say: it reads the kept answer
// instead of sending again (features/checkout/api/background-send.ts).

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC.tag) event.waitUntil(self.navigator.locks.request(OUTBOX_SYNC.lock, sendSavedOrders));
});

/**
 * Whether the shop's answer to an order is final (placed, or refused by a rule): the page's own rule
 * (src/lib/order-answer.ts), whose source the build writes here.
 */
const isFinalOrderAnswer = globalThis.__KOPI_IS_FINAL_ORDER_ANSWER__;

/** The error code of the shop's refusal; none for an order placed, or a body not the shop's JSON (a proxy's page). */
async function errorCodeOf(response) {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return undefined;
  const body = await response.clone().json();
  return typeof body?.code === 'string' ? body.code : undefined;
}

async function sendSavedOrders() {
  const sends = await caches.open(OUTBOX_SYNC.sendsCache);
  const answers = await caches.open(OUTBOX_SYNC.answersCache);
  // Oldest first (Cache Storage keeps the order they were put in), read inside the lock: a page
  // that sent or cancelled one meanwhile has removed it.
  for (const request of await sends.keys()) {
    const saved = await (await sends.match(request))?.json();
    if (!saved) continue;
    // Offline, fetch throws: the sync fails and the browser tries again later.
    const response = await fetch(`${API_BASE}/transactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': saved.locale,
        'idempotency-key': saved.key,
        [TOKEN_HEADER]: saved.token,
      },
      body: JSON.stringify(saved.order),
    });
    // A session that ended: its token is useless, so the send is dropped; the page sends the order
    // after the account's next sign-in.
    if (response.status === 401) {
      await sends.delete(request);
      continue;
    }
    // A final answer is kept for the page to show; any other fails the sync: the browser fires it
    // again later, and an open page sends on its own.
    if (!isFinalOrderAnswer(response.status, await errorCodeOf(response))) {
      throw new Error(`The shop answered ${response.status}: the saved order is sent again later`);
    }
    await answers.put(OUTBOX_SYNC.answerPrefix + encodeURIComponent(saved.key), response);
    await sends.delete(request);
    for (const client of await self.clients.matchAll()) client.postMessage({ type: 'outbox-answered' });
  }
}
