/** Sort options of spec §9 with their API keys and URL aliases. */
export const SORT_OPTIONS = [
  { key: 'none', label: 'Our Recommendation' },
  { key: 'sales', label: 'Best Sellers' },
  { key: 'recency', label: 'Newest' },
  { key: 'priceDescTag', label: 'Price High-Low' },
  { key: 'priceAscTag', label: 'Price Low-High' },
  { key: 'discountAsc', label: 'Discount Low-High' },
  { key: 'discount', label: 'Discount High-Low' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

export const SORT_KEYS = SORT_OPTIONS.map((s) => s.key) as unknown as readonly [SortKey, ...SortKey[]];

/** URL sort values of spec §9: latest → Newest, sale → Best Sellers, lowest-price → Price Low-High. */
export const SORT_URL_ALIASES: Readonly<Record<string, SortKey>> = { latest: 'recency', sale: 'sales', 'lowest-price': 'priceAscTag' };

/**
 * Resolves a sort value from a URL or API call (a sort key or a URL alias of spec §9) to a sort
 * key; unknown, empty or missing values give 'none' (Our Recommendation). Never throws.
 */
export function resolveSort(value: string | null | undefined): SortKey {
  if (!value) return 'none';
  if (Object.hasOwn(SORT_URL_ALIASES, value)) return SORT_URL_ALIASES[value]!;
  return (SORT_KEYS as readonly string[]).includes(value) ? (value as SortKey) : 'none';
}
