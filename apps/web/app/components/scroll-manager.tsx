import { useEffect, useLayoutEffect, useRef } from 'react';
import { UNSAFE_useScrollRestoration as useScrollRestoration, useLocation, useNavigationType } from 'react-router';

/** Delay of spec §9 ("Scroll restore delay: 100 ms"). */
export const SCROLL_TOP_DELAY_MS = 100;

/**
 * Scroll behaviour of spec §2.4: back/forward (POP) restores the saved position (React Router's
 * <ScrollRestoration> does that); a new navigation (PUSH/REPLACE) to another path scrolls to
 * the top 100 ms after the location changes (after the new page has painted). Navigations to a
 * #hash or within the same path (tabs, filters) keep their place.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const type = useNavigationType();
  const previous = useRef(pathname);
  // The location on screen, updated at commit (a layout effect): a timer of a location the shopper
  // already left (e.g. went back within 100 ms) must not scroll the page React Router just restored,
  // and the passive-effect cleanup that clears it may run after the timer fires.
  const current = useRef(key);
  useLayoutEffect(() => {
    current.current = key;
  }, [key]);
  useEffect(() => {
    const moved = previous.current !== pathname;
    previous.current = pathname;
    if (type === 'POP' || hash || !moved) return;
    const timer = setTimeout(() => {
      if (current.current === key) window.scrollTo(0, 0);
    }, SCROLL_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, pathname, hash, type]);
  return null;
}

/** sessionStorage key of the saved scroll positions, by history entry key. */
const SCROLL_STORAGE_KEY = 'bdeals:scroll-positions';

/**
 * Runs before the first paint: on a reload or a back/forward to a document, scrolls to the
 * position saved for this history entry. Unlike React Router's own script it does nothing on a
 * fresh navigation (the entry has no key yet, so nothing can be saved for it), which spares
 * the page's first sessionStorage and history access (tens of ms on a cold renderer) while the
 * HTML is parsed; the key is given in the browser entry ({@link ensureHistoryKey}).
 */
const RESTORE_SCRIPT = `(function(k){var s=history.state;if(!s||!s.key)return;try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")scrollTo(0,y)}catch(e){sessionStorage.removeItem(k)}})(${JSON.stringify(SCROLL_STORAGE_KEY)})`;

/**
 * React Router's scroll restoration (positions saved per history entry on page hide, restored
 * on back/forward; spec §2.4) with the lighter pre-paint script above in place of
 * `<ScrollRestoration />`'s.
 */
export function ScrollRestorationScript({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: SCROLL_STORAGE_KEY });
  return <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />;
}

/**
 * Gives the current history entry the random key React Router's <ScrollRestoration> script
 * would have given it, before the router reads `history.state` (called by the browser entry).
 */
export function ensureHistoryKey(): void {
  const state = (window.history.state ?? {}) as { key?: string };
  if (!state.key) window.history.replaceState({ ...state, key: Math.random().toString(32).slice(2) }, '');
}
