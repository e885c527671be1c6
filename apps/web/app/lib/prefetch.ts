/**
 * Prefetch of the pages a shopper can see links to (spec §9 "Page loading"): starting 3 s after
 * a page is shown, in batches of 4 internal links that are in the viewport, 3 s apart, each page
 * once; never on a 2g connection, with Data Saver on, or for a bot. What a prefetch loads is
 * React Router's own (`PrefetchPageLinks`: the page's modules and loader data), so a later tap
 * on such a link renders without waiting for the network.
 */
import { useEffect, useState } from 'react';

/** Delay before the first batch, and between batches, ms (spec §9). */
export const PREFETCH_DELAY_MS = 3000;
/** Links per batch (spec §9). */
export const PREFETCH_BATCH = 4;
/** Batches per page at most (40 pages), so an endless scroll does not prefetch endlessly. */
const MAX_BATCHES = 10;
/** User agents of crawlers and audits, which do not browse on. */
const BOT = /bot|crawler|spider|slurp|bingpreview|facebookexternalhit|lighthouse/i;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** True when prefetch must not run here (spec §9): 2g, Data Saver, or a bot. */
export function prefetchSkipped(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return true;
  if (connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g') return true;
  return BOT.test(navigator.userAgent);
}

function inViewport(a: Element): boolean {
  const r = a.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
}

/**
 * The internal pages to prefetch on the page at `pageKey` (its path and query), growing batch by
 * batch by the rules above; restarts on each new page.
 */
export function useViewportPrefetch(pageKey: string): string[] {
  const [pages, setPages] = useState<{ key: string; list: string[] }>({ key: pageKey, list: [] });
  useEffect(() => {
    if (prefetchSkipped()) return;
    const seen = new Set<string>([pageKey]);
    let batches = 0;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      const fresh: string[] = [];
      for (const a of document.querySelectorAll('a[href^="/"]')) {
        const href = a.getAttribute('href')!;
        if (href.startsWith('//') || seen.has(href) || a.getAttribute('target') || !inViewport(a)) continue;
        seen.add(href);
        fresh.push(href);
        if (fresh.length === PREFETCH_BATCH) break;
      }
      if (fresh.length > 0) {
        batches++;
        setPages((p) => ({ key: pageKey, list: [...(p.key === pageKey ? p.list : []), ...fresh] }));
      }
      if (batches < MAX_BATCHES) timer = setTimeout(next, PREFETCH_DELAY_MS);
    };
    timer = setTimeout(next, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pageKey]);
  return pages.key === pageKey ? pages.list : [];
}
