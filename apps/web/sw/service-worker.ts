/**
 * The storefront's service worker, served at `/sw.js` with scope `/` (spec §4 "Service worker at
 * /sw.js is registered"; issue 19 §4; decision 0018). Bundled by esbuild and given its precache
 * manifest by Workbox's injectManifest after the Vite build (../build-sw.ts).
 *
 * What it does, and only for GET requests of this origin unless said otherwise:
 * - **Precache** (`self.__WB_MANIFEST`): the hashed bundles under `/assets/` and the offline page
 *   {@link OFFLINE_URL}. A new build brings a new worker that takes over at once (skipWaiting,
 *   clientsClaim) and deletes what the old build precached; an open page whose later chunk then
 *   fails reloads once (spec §4, app/lib/service-worker.ts).
 * - **Pages** (navigations, and the page that was open when the worker was first installed, on
 *   the page's request) and their **route data** (React Router's `*.data` requests): NetworkFirst, the cached copy after {@link NETWORK_TIMEOUT_S} s without an answer or when
 *   offline, else (navigations) the offline page. Only 200 answers that may be stored are kept:
 *   a response marked `no-store` or `private` (every page rendered for a signed-in shopper,
 *   apps/web/server/app.ts) is never written, so no personal page outlives the session.
 * - **Images**: `/media/…` and images from https merchants, CacheFirst with entry and age limits
 *   ({@link IMAGE_LIMITS}); cross-origin images answer opaquely (status 0), which is accepted.
 * - **Never**: anything under {@link NEVER_CACHED} (the API calls that carry a shopper's session,
 *   the checkout, the analytics collector), any method but GET (no route matches; the browser
 *   goes to the network as if there were no worker).
 */
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { PrecacheFallbackPlugin, cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The page shown for a navigation that has neither network nor a cached copy (apps/web/public/offline.html). */
const OFFLINE_URL = '/offline.html';
/** Seconds a navigation or route-data request waits for the network before the cached copy answers. */
const NETWORK_TIMEOUT_S = 4;
/** Image caches: at most this many entries, each kept at most this many seconds. */
const IMAGE_LIMITS = { media: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 }, merchant: { maxEntries: 150, maxAgeSeconds: 7 * 24 * 3600 } };
/**
 * Paths never answered from a cache, whatever the method: the calls that carry a shopper's session
 * (spec §7 `/user/`, `/order/`, `/inventory/api/v1/favorite`), the checkout, the analytics
 * collector, and the operator pages.
 */
const NEVER_CACHED = /^\/(user\/|order\/|inventory\/api\/v1\/favorite|checkout|analytics\/|admin\/)/;

/** Refuses to store answers the server marked `no-store` or `private` (pages of a signed-in shopper). */
const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (/no-store|private/i.test(response.headers.get('cache-control') ?? '') ? null : response),
};

const sameOriginGet = (url: URL, request: Request) => url.origin === self.location.origin && request.method === 'GET' && !NEVER_CACHED.test(url.pathname);

self.skipWaiting();
clientsClaim();
enableNavigationPreload();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: NETWORK_TIMEOUT_S,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    storableOnly,
    new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 }),
    new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_URL }),
  ],
});
registerRoute(new NavigationRoute(pages, { denylist: [NEVER_CACHED] }));

/**
 * `{type: 'CACHE_PAGE', url}` from a page (app/lib/service-worker.ts): the page that was open when
 * this worker was first installed did not go through it, so it is fetched once more and stored by
 * the pages' rules (nothing stored when marked no-store or private). Answers `true` on the
 * message's port when the page was fetched, `false` otherwise.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  if (data?.type !== 'CACHE_PAGE' || typeof data.url !== 'string') return;
  const url = new URL(data.url, self.location.origin);
  const reply = (ok: boolean) => event.ports[0]?.postMessage(ok);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return reply(false);
  event.waitUntil(
    pages.handle({ request: new Request(url.href, { credentials: 'same-origin' }), event }).then(
      () => reply(true),
      () => reply(false),
    ),
  );
});

registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && url.pathname.endsWith('.data'),
  new NetworkFirst({
    cacheName: 'route-data',
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), storableOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: 'media',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...IMAGE_LIMITS.media, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => url.protocol === 'https:' && url.origin !== self.location.origin && request.destination === 'image',
  new CacheFirst({
    cacheName: 'merchant-images',
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ ...IMAGE_LIMITS.merchant, purgeOnQuotaError: true })],
  }),
);
