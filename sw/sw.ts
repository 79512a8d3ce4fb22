/// <reference lib="webworker" />
/**
 * Podium's service worker (ARCHITECTURE §6), built by vite-plugin-pwa `injectManifest` into `dist/sw.js`.
 *
 * - Precache: the app shell (index.html, JS/CSS chunks incl. route chunks and lazily loaded locale chunks, icons)
 *   from the build manifest, downloaded six files at a time at install; outdated precaches are removed on activate.
 * - Navigations: answered with the precached `index.html` (the SPA shell), online and offline, except `/api/`,
 *   `/cdn/`, `/config.json` and the worker itself.
 * - Runtime caches, with expiry and size limits:
 *   - `/api/media/{id}` (images, video posters, avatars): cache first, 200 entries, 30 days.
 *   - PDFs (`/cdn/*.pdf`, or `.pdf` on a configured CDN origin): cache first, 50 entries, 90 days, so a PDF opened
 *     once opens offline. The app fetches them with CORS, so only readable 200 answers are kept.
 *   - saved videos: the page alone fills and empties `podium-videos-v1` ("Save for offline"); the
 *     `<video>` element's requests are answered from it, a Range request with a 206 slice (workbox-range-requests),
 *     and go to the network untouched (never stored) when the video is not saved.
 *   - fonts: cache first, 30 entries, 1 year.
 *   - hashed `/assets/*` not in the precache (optional chunks): cache first, 60 entries, 30 days.
 *   - `/config.json`: network first with a 3 s timeout, falling back to the last copy, because the app needs it
 *     to boot (it is also fetched into the cache at install, so the first offline start works).
 * - API JSON (`/api/*` except media) is never cached here: TanStack Query owns it and persists it to IndexedDB.
 * - Updates: the new worker waits; it calls `skipWaiting()` only when the page sends `{type: 'SKIP_WAITING'}`
 *   (the fan pressed "Reload" on the update toast). `clientsClaim()` makes the first install control open pages.
 * - `{type: 'CACHE_URLS', payload: {urlsToCache}}` (Workbox router) caches resources the page loaded before the
 *   worker controlled it (e.g. the first dashboard's media), using the matching route's strategy.
 * - Web Push: a `push` shows the notification (the club's icon, the in-app path to open) and tells
 *   open pages `{type: 'PUSH_REFRESH', keys}` so they refetch the data it is about; `notificationclick` focuses an
 *   open page and tells it `{type: 'PUSH_OPEN', url}` (or opens a window at the path); `pushsubscriptionchange`
 *   subscribes again with the same key and moves the server's subscription (`POST {apiOrigin}/push/renew`), proving
 *   possession with the old subscription's endpoint and `auth` secret.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { Semaphore } from 'async-mutex';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { PDF_CACHE, SAVED_VIDEOS_CACHE } from '../src/offline/offline-caches';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

const DAY_SECONDS = 24 * 60 * 60;

/** Runtime cache names (versioned by purpose, not by build: entries stay valid across deploys). */
const CACHE_NAMES = {
  media: 'podium-media-v1',
  pdf: PDF_CACHE,
  videos: SAVED_VIDEOS_CACHE,
  fonts: 'podium-fonts-v1',
  config: 'podium-config-v1',
  assets: 'podium-assets-v1',
} as const;

/** Paths that are never answered with the app shell. */
const NAVIGATION_DENYLIST = [/^\/api\//, /^\/cdn\//, /^\/config\.json$/, /^\/sw\.js$/, /^\/workbox-[^/]+\.js$/];

/**
 * A cache-first strategy over the runtime cache `cacheName`: answers with the status codes in `statuses` are kept
 * (0 = an opaque cross-origin answer), at most `maxEntries` of them for `maxAgeDays` days, the oldest dropped
 * first and the whole cache when storage runs out.
 */
function cacheFirst(cacheName: string, limits: { statuses: number[]; maxEntries: number; maxAgeDays: number }): CacheFirst {
  return new CacheFirst({
    cacheName,
    plugins: [
      new CacheableResponsePlugin({ statuses: limits.statuses }),
      new ExpirationPlugin({ maxEntries: limits.maxEntries, maxAgeSeconds: limits.maxAgeDays * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  });
}

// --- Precache and app shell ------------------------------------------------------------------------------------
/** Precache downloads at once during install: the browser's connections per host (HTTP/1.1). */
const PRECACHE_CONCURRENCY = 6;

const manifest = self.__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(manifest);
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

/**
 * Workbox's own install stores the precache one file at a time: with some 160 files, a first visit waited a round
 * trip per file before it worked offline (seconds on loopback, far more on a phone's network). This install does the
 * same through Workbox's precache strategy (same cache keys, integrity and cache modes: `reload` for files with a
 * revision, the HTTP cache for hashed ones, most already loaded by the page) with `PRECACHE_CONCURRENCY` requests
 * at a time. Takes the install event; resolves once every file is stored, rejects (failing the
 * install, as Workbox's does) when one cannot be.
 */
async function installPrecache(event: ExtendableEvent): Promise<void> {
  const revisioned = new Set(
    manifest
      .filter((entry) => typeof entry !== 'string' && entry.revision)
      .map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).href),
  );
  const slots = new Semaphore(PRECACHE_CONCURRENCY);
  await Promise.all(
    [...precache.getURLsToCacheKeys()].map(([url, cacheKey]) =>
      slots.runExclusive(async () => {
        const request = new Request(url, {
          integrity: precache.getIntegrityForCacheKey(cacheKey),
          cache: revisioned.has(url) ? 'reload' : 'default',
          credentials: 'same-origin',
        });
        await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
      }),
    ),
  );
}
self.addEventListener('install', (event) => event.waitUntil(installPrecache(event)));
// Removes the precached files the new manifest no longer lists.
self.addEventListener('activate', (event) => void precache.activate(event));

// --- Runtime config: the app cannot boot without it ------------------------------------------------------------
const configStrategy = new NetworkFirst({
  cacheName: CACHE_NAMES.config,
  networkTimeoutSeconds: 3,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json', configStrategy);

// --- Saved videos (before the media route: an uploaded video lives under /api/media/ too) -------------------------
// Only what the fan saved is answered from the cache; anything else is fetched and never stored, so watching a
// video online fills no cache and the saved ones stay within the page's budget.
const VIDEO_FILE = /\.(?:mp4|webm|m4v|mov)$/i;
registerRoute(
  ({ url, request }) => request.method === 'GET' && (request.destination === 'video' || VIDEO_FILE.test(url.pathname)),
  new CacheFirst({
    cacheName: CACHE_NAMES.videos,
    plugins: [new RangeRequestsPlugin(), { cacheWillUpdate: async () => null }],
  }),
);

// --- Media images and video posters ------------------------------------------------------------------------------
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/media/'),
  cacheFirst(CACHE_NAMES.media, { statuses: [0, 200], maxEntries: 200, maxAgeDays: 30 }),
);

// --- CDN PDFs (same-origin /cdn/ by default; any origin's .pdf when the CDN lives elsewhere) ------------------------
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.toLowerCase().endsWith('.pdf'),
  cacheFirst(CACHE_NAMES.pdf, { statuses: [200], maxEntries: 50, maxAgeDays: 90 }),
);

// --- Hashed build assets left out of the precache (optional chunks such as analytics/telemetry SDKs) --------------
// Their names change with their content, so a cached copy never goes stale; old ones expire by count and age.
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  cacheFirst(CACHE_NAMES.assets, { statuses: [200], maxEntries: 60, maxAgeDays: 30 }),
);

// --- Fonts (self-hosted ones are precached; this covers fonts from elsewhere) -------------------------------------
registerRoute(
  ({ request }) => request.destination === 'font',
  cacheFirst(CACHE_NAMES.fonts, { statuses: [0, 200], maxEntries: 30, maxAgeDays: 365 }),
);

// --- Lifecycle -----------------------------------------------------------------------------------------------------
self.addEventListener('install', (event) => {
  // Warm the config cache so the first start without network can boot; a failure must not fail the install.
  event.waitUntil(
    caches
      .open(CACHE_NAMES.config)
      .then((cache) => cache.add(new Request('/config.json', { cache: 'no-store' })))
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && typeof event.data === 'object' && (event.data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// --- Web Push ----------------------------------------------------------------------------------------------------
/** What a push carries (the server's `PushPayloadSchema`, src/contracts/push.ts), read defensively. */
type PushPayload = { title: string; body: string; icon: string; url: string; tag?: string; refresh: string[] };

/** The payload of a push, or null when it is not one of ours. */
function readPush(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || typeof value.title !== 'string') return null;
    const url = typeof value.url === 'string' && /^\/(?!\/)/.test(value.url) ? value.url : '/';
    const refresh = Array.isArray(value.refresh) ? value.refresh.filter((k): k is string => typeof k === 'string') : [];
    return {
      title: value.title,
      body: String(value.body ?? ''),
      icon: String(value.icon ?? '/icons/icon-192.png'),
      url,
      tag: value.tag,
      refresh,
    };
  } catch {
    return null;
  }
}

/** The app's open windows, controlled or not yet. */
const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

self.addEventListener('push', (event) => {
  const payload = readPush(event.data);
  if (!payload) return;
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        icon: payload.icon,
        badge: payload.icon,
        tag: payload.tag,
        data: { url: payload.url },
      }),
      // Open pages refetch what the push is about, so the app shows fresh content when the fan switches to it.
      windows().then((list) => list.forEach((client) => client.postMessage({ type: 'PUSH_REFRESH', keys: payload.refresh }))),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    windows().then(async (list) => {
      const open = list.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return void (await self.clients.openWindow(url));
      // The app's router moves to the screen without reloading (and keeps the fan's state).
      open.postMessage({ type: 'PUSH_OPEN', url });
      await open.focus();
    }),
  );
});

/** `pushsubscriptionchange` as browsers send it (not in TypeScript's WebWorker lib). */
type SubscriptionChangeEvent = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

/**
 * Subscribes again with the old key when the browser did not, and moves the server's row to the new endpoint. The
 * worker holds no session: the old subscription's endpoint and `auth` secret, which only this browser and the server
 * know, prove the row is this browser's. Without the old subscription there is nothing to prove, and nothing to move.
 */
async function renewSubscription(event: SubscriptionChangeEvent): Promise<void> {
  const old = event.oldSubscription;
  const oldAuth = old?.toJSON().keys?.auth;
  if (!old || !oldAuth) return;
  const next =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: old.options.applicationServerKey }));
  const { endpoint, keys } = next.toJSON();
  const config = (await (await fetch('/config.json')).json()) as { apiOrigin?: string };
  const api = (config.apiOrigin ?? '/api').replace(/\/+$/, '');
  await fetch(`${api}/push/renew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oldEndpoint: old.endpoint, oldKeys: { auth: oldAuth }, endpoint, keys }),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as SubscriptionChangeEvent;
  change.waitUntil(renewSubscription(change).catch(() => undefined));
});

clientsClaim();
