/**
 * The browser's page-loading rules (spec §8 error catalogue and §4 "Page loading"; §9 "Page-data
 * retries: 3"; decision 0019), applied to the requests the browser really makes: React Router's
 * navigation data (`GET {path}.data`, the same loaders as `/page-data/{path}/page-data.json`),
 * the app's lazy chunks, and `/page-data/app-data.json` for the build hash.
 *
 * - Data of a navigation: a 404 or 500 answer goes through at once (React Router renders the 404
 *   or the 500 page); any other failure (network error, 408, 429, other 5xx) is retried up to
 *   {@link PAGE_DATA_RETRIES} times, then the last failure goes through (the error page) and the
 *   build hash is checked. An answer that is not page data (200 without React Router's
 *   `text/x-script`, e.g. an HTML page from a proxy) is invalid and treated as not found; a 404
 *   the server did not make itself is confirmed with a HEAD request on the page: when the page
 *   does exist, the browser loads it in full instead (spec §8 "on a failed navigation the browser
 *   does a full page load").
 * - Build hash: the client's own (`window.__reactRouterManifest.version`, what the server calls
 *   `webpackCompilationHash`) is compared with `/page-data/app-data.json` on the first client-side
 *   navigation of a page, every {@link BUILD_CHECK_INTERVAL_MS} after, and after a failed
 *   navigation. On a mismatch, Cache Storage is cleared and the page reloads, once per session
 *   (sessionStorage guard {@link BUILD_RELOAD_KEY}); a second mismatch in the session is left alone.
 * - Chunk-load failure (a lazy module of an old build gone after a deploy; Vite's
 *   `vite:preloadError`): the last page path is reloaded, once per path and session (guard
 *   {@link CHUNK_RELOAD_KEY}); a second failure there lets the error through. (A route module
 *   failing during a navigation is reloaded by React Router itself.)
 */

/** Retries of a failed page-data request (spec §9). */
export const PAGE_DATA_RETRIES = 3;
/** Least time between two build-hash checks on navigation, ms. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60_000;
/** sessionStorage key: set (to the server's hash) once the page reloaded for a build-hash mismatch. */
export const BUILD_RELOAD_KEY = 'bd:build-reload';
/** sessionStorage key: the page path last reloaded for a chunk-load failure. */
export const CHUNK_RELOAD_KEY = 'bd:chunk-reload';

const APP_DATA = '/page-data/app-data.json';
const RETRY_DELAY_MS = 250;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: no guard, so no automatic reload either
  }
}

/** The build hash the page was loaded with (React Router's manifest version), or null. */
export function clientBuildHash(): string | null {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? null;
}

/**
 * The server's build hash from `/page-data/app-data.json` (`webpackCompilationHash`), retried up to
 * {@link PAGE_DATA_RETRIES} times; null when it cannot be read.
 */
export async function serverBuildHash(): Promise<string | null> {
  for (let attempt = 0; attempt <= PAGE_DATA_RETRIES; attempt++) {
    if (attempt) await wait(RETRY_DELAY_MS * attempt);
    try {
      const res = await fetch(APP_DATA, { cache: 'no-cache', headers: { accept: 'application/json' } });
      if (!res.ok) continue;
      const hash = ((await res.json()) as { webpackCompilationHash?: unknown }).webpackCompilationHash;
      return typeof hash === 'string' && hash ? hash : null;
    } catch {
      // network failure or not JSON: try again
    }
  }
  return null;
}

/** Deletes every Cache Storage cache of this origin (the service worker's included). Never throws. */
export async function clearCachedResources(): Promise<void> {
  try {
    if ('caches' in window) await Promise.all((await caches.keys()).map((k) => caches.delete(k)));
  } catch {
    // Cache Storage unavailable (insecure context): nothing to clear
  }
}

let lastCheck = 0;

/**
 * Compares the build hashes (see the module comment). Resolves to `same`, `unknown` (no answer),
 * `stale` (a mismatch after this session already reloaded once) or `reloading`.
 */
export async function checkBuildHash(): Promise<'same' | 'unknown' | 'stale' | 'reloading'> {
  lastCheck = Date.now();
  const [mine, theirs] = [clientBuildHash(), await serverBuildHash()];
  if (!mine || !theirs) return 'unknown';
  if (mine === theirs) return 'same';
  const store = session();
  if (!store || store.getItem(BUILD_RELOAD_KEY)) return 'stale';
  store.setItem(BUILD_RELOAD_KEY, theirs);
  await clearCachedResources();
  window.location.reload();
  return 'reloading';
}

/** After a client-side navigation: checks the build hash on the first one and then at most every {@link BUILD_CHECK_INTERVAL_MS}. */
export function checkBuildHashOnNavigation(): void {
  if (!lastCheck || Date.now() - lastCheck >= BUILD_CHECK_INTERVAL_MS) void checkBuildHash();
}

/** True for the error of a module script or lazy chunk that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(message);
}

/** Reloads `path` (the page shown) unless it was already reloaded for a chunk failure this session; true when reloading. */
export function reloadOnceForChunk(path: string): boolean {
  const store = session();
  if (!store || store.getItem(CHUNK_RELOAD_KEY) === path) return false;
  store.setItem(CHUNK_RELOAD_KEY, path);
  window.location.reload();
  return true;
}

/** The page a single-fetch data URL is for: `/_root.data` → `/`, `/a/b.data?x=1&_routes=…` → `/a/b?x=1`. */
export function pageOfDataUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('_routes');
  const query = params.size ? `?${params}` : '';
  return (url.pathname === '/_root.data' ? '/' : url.pathname.replace(/(?:\/_)?\.data$/, '')) + query;
}

const notFound = () => new Response('', { status: 404, statusText: 'Not Found' });

/**
 * A page that seems not to exist (an invalid data answer, or a 404 the server did not make
 * itself), confirmed with `HEAD` on the page: a 404 there answers 404 (the 404 page); a page that
 * answers loads in full instead and this promise never settles.
 */
async function confirmNotFound(doFetch: typeof fetch, page: string): Promise<Response> {
  try {
    const head = await doFetch(page, { method: 'HEAD', cache: 'no-store' });
    if (head.ok) {
      window.location.assign(page);
      return new Promise<Response>(() => undefined);
    }
  } catch {
    // the HEAD failed too: not found it is
  }
  return notFound();
}

/**
 * Fetches React Router's data for a navigation by the rules of the module comment. `doFetch` is
 * the browser's own fetch; `input` a GET of a same-origin `*.data` URL.
 */
export async function fetchPageData(doFetch: typeof fetch, input: Request | URL | string, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
  const page = pageOfDataUrl(url);
  let failure: unknown = null;
  let last: Response | null = null;
  for (let attempt = 0; attempt <= PAGE_DATA_RETRIES; attempt++) {
    if (attempt) await wait(RETRY_DELAY_MS * attempt);
    try {
      const res = await doFetch(input instanceof Request ? input.clone() : input, init);
      const fromRouter = res.headers.has('x-remix-response');
      if (res.status === 404) return fromRouter ? res : confirmNotFound(doFetch, page);
      if (res.status === 500) return res;
      if (res.ok && !(res.headers.get('content-type') ?? '').startsWith('text/x-script')) return confirmNotFound(doFetch, page);
      if (res.status < 500 && res.status !== 408 && res.status !== 429) return res;
      last = res;
    } catch (err) {
      if ((init?.signal ?? (input instanceof Request ? input.signal : null))?.aborted) throw err; // the navigation was cancelled
      failure = err;
    }
  }
  void checkBuildHash();
  if (last) return last;
  throw failure;
}

/**
 * Puts the rules in place (entry.client.tsx, before hydration): the browser's fetch of
 * same-origin `GET *.data` goes through {@link fetchPageData}, and a failed lazy chunk reloads the
 * page once.
 */
export function installPageLoading(): void {
  const browserFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, window.location.href);
    if (method !== 'GET' || url.origin !== window.location.origin || !url.pathname.endsWith('.data')) return browserFetch(input, init);
    return fetchPageData(browserFetch, input, init);
  };
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunk(window.location.pathname + window.location.search)) event.preventDefault();
  });
}
