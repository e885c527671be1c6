/**
 * Honest price claims (issue 16 §1–§2): which badge a product's price earns from the history we
 * observed, and whether a merchant's "was" price stands up against it. Every rule speaks only
 * for days we observed a price: a window we did not watch in full earns no claim about it.
 *
 * - **Lowest in 90 days**: today's best total is at or below the lowest daily best total of each
 *   of the 90 days before today, and all 90 were observed.
 * - **Good deal**: today's best total is within 5 % of the lowest daily best total we observed in
 *   the last 365 days, after at least 5 weeks (35 days) of observations; a product with the first
 *   badge does not also get this one.
 * - **Was-price check** (EU Omnibus Directive 2019/2161, Art. 6a: a price reduction is stated
 *   against the lowest price of the 30 days before it): 'verified' when the was-price is no higher
 *   than the offer's lowest observed item price in the 30 days before its current price began,
 *   'inflated' when it is higher (the claimed discount is bigger than the one a shopper got), and
 *   'claimed' when we did not observe the offer in those 30 days (the merchant's word, not ours).
 * - **Lowest-price event**: today's best total is below the lowest of the `window` days before
 *   today (30, 90 or 365), all of them observed.
 *
 * Amounts are integer US cents (totals include stated shipping, decision 0006; the was-price
 * check compares item prices, as the merchant states them).
 */

/** Badges a product card or page may show for its price. */
export const PRICE_BADGES = ['lowest_90', 'good_deal'] as const;
export type PriceBadge = (typeof PRICE_BADGES)[number];

/** Outcomes of the was-price check. */
export const WAS_CHECKS = ['verified', 'claimed', 'inflated'] as const;
export type WasCheck = (typeof WAS_CHECKS)[number];

/** Windows of lowest-price events, in days. */
export const LOW_WINDOWS = [30, 90, 365] as const;
export type LowWindow = (typeof LOW_WINDOWS)[number];

/** Days of observations a "Good deal" needs (5 weeks). */
export const GOOD_DEAL_MIN_DAYS = 35;
/** How far above the lowest observed price a "Good deal" may be (5 %). */
export const GOOD_DEAL_MARGIN = 0.05;

/** What the badge rules read of a product. Prices in cents; day counts over the days before today (UTC). */
export interface PriceFacts {
  /** Today's best total; null when the product has no active offer. */
  priceCents: number | null;
  /** Lowest daily best total over the observed days among the 90 days before today. */
  low90PriorCents: number | null;
  /** Observed days among those 90. */
  observedDays90: number;
  /** Lowest daily best total over the observed days of the last 365, today included. */
  low365Cents: number | null;
  /** Observed days among the 365 before today. */
  observedDays365: number;
}

/** The badge a product's price earns (rules in the module comment), or null. */
export function priceBadge(p: PriceFacts): PriceBadge | null {
  if (p.priceCents === null) return null;
  if (p.observedDays90 >= 90 && p.low90PriorCents !== null && p.priceCents <= p.low90PriorCents) return 'lowest_90';
  if (p.observedDays365 >= GOOD_DEAL_MIN_DAYS && p.low365Cents !== null && p.priceCents <= Math.round(p.low365Cents * (1 + GOOD_DEAL_MARGIN)))
    return 'good_deal';
  return null;
}

/**
 * The was-price check of an offer on sale (rule in the module comment).
 *
 * @param wasCents the merchant's regular item price (GMC `price` while `sale_price` applies)
 * @param referenceCents the offer's lowest observed item price in the 30 days before its current price began; null when unobserved
 */
export function wasCheck(wasCents: number, referenceCents: number | null): WasCheck {
  if (referenceCents === null) return 'claimed';
  return wasCents <= referenceCents ? 'verified' : 'inflated';
}

/** {@link wasCheck} as a SQL expression over a was-price and a reference expression (null was → null). */
export function wasCheckSql(was: string, reference: string): string {
  return `CASE WHEN ${was} IS NULL THEN NULL WHEN ${reference} IS NULL THEN 'claimed' WHEN ${was} <= ${reference} THEN 'verified' ELSE 'inflated' END`;
}

/** True when today's best total is a new low of the `window` days before today, all of them observed. */
export function isNewLow(priceCents: number | null, lowPriorCents: number | null, observedDays: number, window: LowWindow): boolean {
  return priceCents !== null && lowPriorCents !== null && observedDays >= window && priceCents < lowPriorCents;
}

/** {@link isNewLow} as a SQL condition over products' columns (alias `p`) for one window. */
export function isNewLowSql(window: LowWindow): string {
  return `(p.price_cents IS NOT NULL AND p.observed_days_${window} >= ${window} AND p.price_cents < p.low_${window}_prior_cents)`;
}
