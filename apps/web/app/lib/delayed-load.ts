/**
 * The delayed-load moment of spec §9 ("delayed-load hook fires after 1 s"): work the first view
 * does not need (the service worker's registration, consented third-party tags) waits until the
 * window's `load` event and then {@link DELAYED_LOAD_MS}, so it never competes with the page's
 * own first paint and hydration.
 */
/** Spec §9: the delayed-load hook fires 1 s after the page has loaded, ms. */
export const DELAYED_LOAD_MS = 1000;

/** The parts of `window` this needs (a test passes its own). */
export interface LoadTarget {
  document: { readyState: DocumentReadyState };
  addEventListener(type: 'load', listener: () => void, options: { once: true }): void;
  setTimeout(handler: () => void, ms: number): unknown;
}

/** Resolves {@link DELAYED_LOAD_MS} after `win`'s `load` event (at once counted from now when it already fired). */
export function afterDelayedLoad(win: LoadTarget = window): Promise<void> {
  const loaded =
    win.document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
  return loaded.then(() => new Promise<void>((resolve) => win.setTimeout(resolve, DELAYED_LOAD_MS)));
}
