/**
 * The "best price" rule (issue 20 §1, decision 0006): which of a product's offers is the best
 * one, and what a US shopper pays for it. Every place that says "best price" or sorts by price —
 * the product's stored price tag (and so cards, rails, search sorts and price bands), the product
 * page's headline, Buy button and offers table, JSON-LD `lowPrice`, and the price history's
 * "current" and daily points — uses this module, in TypeScript or through the SQL it exports.
 *
 * - The total is the item price (GMC `sale_price` when set, else `price`) plus US shipping (GMC
 *   `shipping`), in cents. Shipping the merchant does not state counts as 0 in the total; such an
 *   offer is shown with "shipping not stated" beside it.
 * - Offers that are not out of stock (GMC `availability`) come before out-of-stock ones; then the
 *   lowest total; on equal totals an offer with stated shipping before one without (the shopper
 *   knows what it costs); then the lowest offer id, so the choice is stable.
 */
import type { Availability } from './marketplace.ts';

/** The facts of an offer the rule reads. Amounts in integer US cents. */
export interface PricedOffer {
  /** Offer id (stable tie-break). */
  id: number;
  /** Item price the shopper pays now: the sale price when on sale, else the regular price. */
  price: number;
  /** US shipping, cents; null when the feed does not state it. */
  shipping: number | null;
  availability: Availability;
}

/** Total a US shopper pays for an offer: item price plus stated shipping (unstated counts as 0), cents. */
export function offerTotal(o: Pick<PricedOffer, 'price' | 'shipping'>): number {
  return o.price + (o.shipping ?? 0);
}

/** Orders offers best first by the rule above; a comparator for `Array.prototype.sort`. */
export function compareOffers(a: PricedOffer, b: PricedOffer): number {
  return (
    Number(a.availability === 'out_of_stock') - Number(b.availability === 'out_of_stock') ||
    offerTotal(a) - offerTotal(b) ||
    Number(a.shipping === null) - Number(b.shipping === null) ||
    a.id - b.id
  );
}

/** The best offer of a list by the rule above, or undefined for an empty list. Does not reorder the input. */
export function bestOffer<T extends PricedOffer>(offers: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const o of offers) if (!best || compareOffers(o, best) < 0) best = o;
  return best;
}

/** Offers sorted best first (a new array). */
export function sortOffers<T extends PricedOffer>(offers: readonly T[]): T[] {
  return [...offers].sort(compareOffers);
}

/**
 * The same rule for SQL over the `offers` table (columns `price_cents`, `sale_price_cents`,
 * `shipping_cents`, `availability`, `id`), so the database picks the offer `bestOffer` would.
 * `alias` is the table alias with its dot (`'o.'`) or `''`.
 */
export const bestOfferSql = (alias = '') => {
  const total = `coalesce(${alias}sale_price_cents, ${alias}price_cents) + coalesce(${alias}shipping_cents, 0)`;
  return {
    /** The offer's total, cents. */
    total,
    /** ORDER BY terms, best first. */
    orderBy: `(${alias}availability = 'out_of_stock'), ${total}, (${alias}shipping_cents IS NULL), ${alias}id`,
    /** The `offers` columns `total` and `orderBy` read (for queries that select only what the rule needs). */
    columns: ['id', 'price_cents', 'sale_price_cents', 'shipping_cents', 'availability'] as const,
  };
};
