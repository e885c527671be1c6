/**
 * Price bands of spec §9 in cents, half-open `[low, high)` (DESIGN.md: the 30000–50000
 * reading is dropped; the last band has no upper bound).
 */
export interface PriceBand {
  /** Stable key used in URLs and the API (`price=5000-10000`). */
  key: string;
  label: string;
  /** Inclusive lower bound, cents. */
  low: number;
  /** Exclusive upper bound, cents; null for "and up". */
  high: number | null;
}

export const PRICE_BANDS: readonly PriceBand[] = [
  { key: '0-5000', label: 'Under $50', low: 0, high: 5000 },
  { key: '5000-10000', label: '$50 – $100', low: 5000, high: 10000 },
  { key: '10000-20000', label: '$100 – $200', low: 10000, high: 20000 },
  { key: '20000-30000', label: '$200 – $300', low: 20000, high: 30000 },
  { key: '30000-40000', label: '$300 – $400', low: 30000, high: 40000 },
  { key: '40000-', label: '$400 & above', low: 40000, high: null },
];

/** The band that holds `cents`. */
export function bandOf(cents: number): PriceBand {
  return PRICE_BANDS.find((b) => cents >= b.low && (b.high === null || cents < b.high)) ?? PRICE_BANDS[0]!;
}

/** Looks a band up by key; undefined when the key is not a band. */
export function bandByKey(key: string): PriceBand | undefined {
  return PRICE_BANDS.find((b) => b.key === key);
}
