/**
 * Client behaviours of spec §4 and §9 as React hooks: mobile breakpoint, header hide on scroll,
 * scroll lock for overlays, scroll position past a threshold, and the NEW-badge state.
 */
import { useCallback, useContext, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { DeferredHydrationContext } from './progressive-hydration';
import { NEW_BADGE_KEY, currentNewBadge, readSeen } from './new-badges';

/** Mobile breakpoint of spec §9: widths up to 960 px use the mobile header. */
export const MOBILE_QUERY = '(max-width: 960px)';

/**
 * Header on scroll (spec §4, under 960 px): true (hidden) once the page scrolls down past
 * `headerHeight` px, false on any scroll up and at the top. Always false on desktop.
 */
export function useHideOnScroll(headerHeight: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (!mq.matches || y <= 0) setHidden(false);
      else if (y > last && y > headerHeight) setHidden(true);
      else if (y < last) setHidden(false);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    mq.addEventListener('change', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      mq.removeEventListener('change', onScroll);
    };
  }, [headerHeight]);
  return hidden;
}

/** True while the page is scrolled past `threshold()` px (re-evaluated on scroll and resize). */
export function useScrolledPast(threshold: () => number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const check = () => setPast(window.scrollY > threshold());
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [threshold]);
  return past;
}

/** Locks page scroll (overflow hidden on <html>) while `locked` (spec §4: search and profile overlays). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [locked]);
}

const STORAGE_EVENT = 'bdeals:storage';
const subscribeStorage = (onChange: () => void) => {
  window.addEventListener(STORAGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(STORAGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
};

/**
 * A localStorage value as React state: `serverValue` during SSR and hydration, then the stored
 * string (or null); `set` writes it and re-renders every reader in this tab.
 */
export function useLocalStorage(key: string, serverValue: string | null): [string | null, (v: string) => void] {
  const value = useExternalValue(subscribeStorage, () => localStorage.getItem(key), serverValue);
  const set = useCallback(
    (v: string) => {
      localStorage.setItem(key, v);
      window.dispatchEvent(new Event(STORAGE_EVENT));
    },
    [key],
  );
  return [value, set];
}

/** Set once the page has hydrated: components mounted later start hydrated. */
let hydratedOnce = false;

/**
 * False during SSR and hydration, true afterwards (for client-only parts). State plus an effect
 * rather than useSyncExternalStore's server snapshot, which Preact (decision 0004) ignores
 * while hydrating. Inside a region hydrated later (HydrateLater, decision 0005) the first render
 * is a hydration too, so it starts false there.
 */
export function useHydrated(): boolean {
  const deferred = useContext(DeferredHydrationContext);
  const [hydrated, setHydrated] = useState(hydratedOnce && !deferred);
  useEffect(() => {
    hydratedOnce = true;
    // The one re-render this hook exists for: the first browser render must match the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
  }, []);
  return hydrated;
}

/**
 * An external store's value (useSyncExternalStore), except `serverValue` during SSR and
 * hydration, so the first browser render matches the server's HTML under React and Preact.
 */
export function useExternalValue<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, serverValue: T): T {
  const hydrated = useHydrated();
  const value = useSyncExternalStore(subscribe, getSnapshot, () => serverValue);
  return hydrated ? value : serverValue;
}

/**
 * NEW badge state (spec §4): the href showing the badge (null before hydration and when all are
 * seen) and `markSeen(href)`, which stores the click time and advances the badge.
 */
export function useNewBadge(): [string | null, (href: string) => void] {
  const [raw, setRaw] = useLocalStorage(NEW_BADGE_KEY, null);
  const hydrated = useHydrated();
  const current = hydrated ? currentNewBadge(readSeen({ getItem: () => raw })) : null;
  const markSeen = useCallback(
    (href: string) => {
      const seen = readSeen(localStorage);
      if (seen[href]) return;
      seen[href] = Date.now();
      setRaw(JSON.stringify(seen));
    },
    [setRaw],
  );
  return [current, markSeen];
}

/** True once `target` has come within `margin` of the viewport (never on the server). */
export function useNearViewport(target: RefObject<HTMLElement | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el || near) return;
    const io = new IntersectionObserver(
      ([e]) => {
        if (e?.isIntersecting) setNear(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [target, margin, near]);
  return near;
}
