import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

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
