/**
 * What the storefront says when a store has nothing in stock (QA finding 15): the product page's
 * outbound button, and why B-Deals Express Checkout cannot take a product. An offer is out of
 * stock when its store lists it so (GMC `availability` `out_of_stock`); to order (`preorder`,
 * `backorder`) still counts as buyable, as in core's best-offer rule. Only types come from
 * @b-deals/contracts (zod stays out of the browser bundle).
 */
import type { Offer } from '@b-deals/contracts';
import { formatPrice } from '@b-deals/core';

/** True when `offer`'s store lists it out of stock. */
export const outOfStock = (offer: Pick<Offer, 'availability'>): boolean => offer.availability === 'out_of_stock';

/**
 * The text of the product page's link to `offer`'s store: "Buy at {store} for {total}", or, when
 * that store has none in stock (the best offer is then out of stock everywhere), "See at {store}
 * (out of stock)" with no price to buy at.
 */
export function storeLinkText(offer: Pick<Offer, 'availability' | 'total' | 'merchant'>): string {
  return outOfStock(offer) ? `See at ${offer.merchant.name} (out of stock)` : `Buy at ${offer.merchant.name} for ${formatPrice(offer.total)}`;
}

/**
 * Why Express Checkout cannot take any of `offers`, when none is in stock (or to order) with a
 * stated US shipping cost: no store has it in stock, or those that do leave their shipping
 * unstated (no honest total). Null when there is no offer at all.
 */
export function expressUnavailableReason(offers: readonly Pick<Offer, 'availability' | 'shipping'>[]): string | null {
  if (offers.length === 0) return null;
  return offers.every(outOfStock)
    ? 'B-Deals Express Checkout is not available for this product: no store has it in stock right now.'
    : 'B-Deals Express Checkout is not available for this product: no store that lists it in stock states its US shipping cost. Buy it at the store instead.';
}
