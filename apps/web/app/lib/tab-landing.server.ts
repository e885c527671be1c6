/**
 * Loader shared by the tabbed landing pages (/top-selling/ and /lowest-price/, spec §2.1): the
 * API's tabs (ALL and departments), the tab chosen by `?tab=` (the first when absent; an unknown
 * tab is a 404), its first `size` products, and the canonical URL (the bare path for the first tab).
 * `keep` holds other query parameters of the page (e.g. Lowest Price's `window`) that every tab
 * link and the canonical URL carry, after `tab`.
 */
import { data as response } from 'react-router';
import type { ProductCard } from '@b-deals/contracts';

export interface TabLandingData<T extends ProductCard> {
  tab: string;
  tabName: string;
  tabs: Array<{ key: string; name: string; href: string }>;
  items: T[];
  total: number;
  canonical: string;
}

export async function loadTabLanding<T extends ProductCard>(
  request: Request,
  opts: {
    path: string;
    size: number;
    tabs: () => Promise<{ tabs: Array<{ id: string; name: string }> }>;
    items: (tab: string, from: number, to: number) => Promise<{ items: T[]; total: number }>;
    keep?: Record<string, string>;
  },
): Promise<TabLandingData<T>> {
  const url = new URL(request.url);
  const { tabs } = await opts.tabs();
  const tab = tabs.find((t) => t.id === (url.searchParams.get('tab') ?? tabs[0]?.id));
  if (!tab) throw response(null, { status: 404 });
  const { items, total } = await opts.items(tab.id, 0, opts.size);
  const href = (id: string, first: boolean) => {
    const q = new URLSearchParams(first ? {} : { tab: id });
    for (const [k, v] of Object.entries(opts.keep ?? {})) q.set(k, v);
    const qs = q.toString();
    return qs ? `${opts.path}?${qs}` : opts.path;
  };
  return {
    tab: tab.id,
    tabName: tab.name,
    tabs: tabs.map((t, i) => ({ key: t.id, name: t.name, href: href(t.id, i === 0) })),
    items,
    total,
    canonical: new URL(href(tab.id, tab === tabs[0]), url).href,
  };
}
