/**
 * Tab lists of the brand and merchant indexes (spec §3): ALL, B-OUTLET, B-EURO, B-ECO; the
 * ALL tab is labelled ALL MERCHANTS or ALL BRANDS, and the brands list has no EURO tab. Each
 * tab names the marketplaces it lists (none = all).
 */
import type { Marketplace } from '@b-deals/core';

export interface IndexTab {
  key: string;
  name: string;
  marketplaces: readonly Marketplace[];
}

export const MERCHANT_TABS: readonly IndexTab[] = [
  { key: 'all', name: 'ALL MERCHANTS', marketplaces: [] },
  { key: 'outlet', name: 'B-OUTLET', marketplaces: ['OUTLET'] },
  { key: 'euro', name: 'B-EURO', marketplaces: ['LUXURY', 'EUROPEAN'] },
  { key: 'eco', name: 'B-ECO', marketplaces: ['ECO'] },
];

export const BRAND_TABS: readonly IndexTab[] = MERCHANT_TABS.filter((t) => t.key !== 'euro').map((t) => (t.key === 'all' ? { ...t, name: 'ALL BRANDS' } : t));

/** The tab named by `?tab=` (unknown or missing → ALL), its tab links, and the canonical path. */
export function pickIndexTab(tabs: readonly IndexTab[], path: string, requested: string | null) {
  const tab = tabs.find((t) => t.key === requested) ?? tabs[0]!;
  const href = (t: IndexTab) => (t === tabs[0] ? path : `${path}?tab=${t.key}`);
  return { tab, href: href(tab), links: tabs.map((t) => ({ key: t.key, name: t.name, href: href(t) })) };
}
