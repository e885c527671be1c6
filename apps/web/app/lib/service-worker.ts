/**
 * The service worker's side in the page (spec §4 "Service worker at /sw.js is registered. The page
 * reloads if resources failed and the worker updated"; spec §8 "Service worker problems: only
 * logged"; decision 0018).
 *
 * - {@link watchFailedResources} notes, from the first render on, when a script, a stylesheet or a
 *   lazily imported module of the app fails to load (an image does not count: merchants' images
 *   fail for reasons of their own). A failure also asks the registration for a newer worker, since
 *   a missing bundle usually means a new deploy.
 * - {@link registerServiceWorker} registers `/sw.js` at the delayed-load moment (spec §9: 1 s
 *   after load) once the browser is idle, through workbox-window imported on demand (no first-load JavaScript, issue 19 §7).
 *   When it is first installed it takes over this page and is asked to store it (`CACHE_PAGE`),
 *   so the page a shopper arrived on also opens offline.
 *   When a newer worker takes control of the page and resources had failed, the page reloads, at
 *   most once per browser-tab session ({@link RELOADED_KEY} in sessionStorage), so a broken deploy
 *   cannot loop. Registration errors go to `console.warn` and nowhere else.
 */
import { afterDelayedLoad } from './delayed-load';

/** sessionStorage key set when the page reloaded for a new worker (the once-per-session guard). */
export const RELOADED_KEY = 'bd_sw_reloaded';
/** The worker's address and scope (served by server/app.ts). */
export const SW_URL = '/sw.js';

let resourcesFailed = false;
let watching = false;
let registration: ServiceWorkerRegistration | undefined;

/** True when an element that failed to load is one of the app's own scripts or stylesheets. */
function isAppResource(target: EventTarget | null): boolean {
  if (target instanceof HTMLScriptElement) return true;
  return target instanceof HTMLLinkElement && /^(stylesheet|modulepreload|preload)$/.test(target.rel);
}

/** Marks a failed resource and looks for a newer worker (a failure of the update check is only logged). */
function noteFailure(): void {
  resourcesFailed = true;
  registration?.update().catch((err: unknown) => console.warn('service worker: update check failed', err));
}

/**
 * Starts noting failed resources (see the module comment). Call once, early, in the browser;
 * later calls do nothing. Failures: a script or stylesheet element's `error` event, Vite's
 * `vite:preloadError`, and a rejected dynamic `import()` ("Failed to fetch dynamically imported
 * module" in Chromium, "error loading dynamically imported module" in Firefox, "Importing a module
 * script failed" in Safari).
 */
export function watchFailedResources(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('error', (e) => isAppResource(e.target) && noteFailure(), true);
  window.addEventListener('vite:preloadError', noteFailure);
  window.addEventListener('unhandledrejection', (e) => {
    const message = String((e.reason as { message?: unknown } | null)?.message ?? e.reason);
    if (/dynamically imported module|Importing a module script failed/i.test(message)) noteFailure();
  });
}

/**
 * The spec §4 rule as a decision: reload when resources failed, the worker that took control is an
 * update (not the first install), and this tab has not reloaded for that reason yet. Sets the
 * guard in `storage` when it answers true; a storage that throws (disabled) means no reload.
 */
export function shouldReloadForUpdate(failed: boolean, isUpdate: boolean, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  if (!failed || !isUpdate) return false;
  try {
    if (storage.getItem(RELOADED_KEY)) return false;
    storage.setItem(RELOADED_KEY, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

/** Resolves at the delayed-load moment (spec §9: 1 s after `load`) and then an idle period (or at once where requestIdleCallback is missing). */
function afterLoadAndIdle(): Promise<void> {
  return afterDelayedLoad().then(
    () =>
      new Promise<void>((r) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => r(), { timeout: 5000 });
        else r();
      }),
  );
}

/**
 * Registers the service worker after load (see the module comment). Never rejects and never
 * throws: browsers without service workers, and insecure origins, skip it; every problem is logged.
 */
export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    await afterLoadAndIdle();
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: '/' });
    wb.addEventListener('controlling', (e) => {
      if (e.isUpdate !== true) {
        // First install: this page came from the network before the worker; have it stored now.
        wb.messageSW({ type: 'CACHE_PAGE', url: location.href }).catch((err: unknown) => console.warn('service worker: could not store this page', err));
      } else if (shouldReloadForUpdate(resourcesFailed, true, sessionStorage)) window.location.reload();
    });
    registration = await wb.register();
  } catch (err) {
    console.warn('service worker: registration failed', err);
  }
}
