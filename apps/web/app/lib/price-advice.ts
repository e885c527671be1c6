/**
 * Buy-or-wait advice as pages carry it (issue 16 §3): the API's advice reduced to what the note
 * shows, so page data stays small. Money in cents; confidence 0..1.
 */
import type { PriceAdvice, ProductsAdvice } from '@b-deals/contracts';

/** What the advice note shows: BUY or WAIT with the horizon (days), confidence and expected saving, or "not enough history yet". */
export type AdviceView =
  { kind: 'short'; observedDays: number; neededDays: number } | { kind: 'BUY' | 'WAIT'; horizon: number; confidence: number; saving: number };

type Advice = PriceAdvice['offers'][number]['advice'];

/** The view of one advice; confidence to a tenth of a percent (enough for core `formatProbability`), saving in cents. */
export function adviceView(a: Advice): AdviceView {
  if (a.kind === 'insufficient_history') return { kind: 'short', observedDays: a.observedDays, neededDays: a.neededDays };
  return { kind: a.kind, horizon: a.horizon, confidence: Math.round(a.confidence * 1000) / 1000, saving: a.expectedSavingCents };
}

/** Advice by offer id for a product page; null when no model is fitted (nothing is shown then). */
export function adviceByOffer(advice: PriceAdvice | null): Record<number, AdviceView> | null {
  if (!advice?.available) return null;
  return Object.fromEntries(advice.offers.map((o) => [o.offerId, adviceView(o.advice)]));
}

/** Advice of each product's best offer, by product id, for a list; null when no model is fitted. */
export function adviceByProduct(advice: ProductsAdvice | null): Record<number, AdviceView> | null {
  if (!advice?.available) return null;
  return Object.fromEntries(advice.products.map((p) => [p.productId, adviceView(p.advice)]));
}

/** The API path of the advice of the products `ids` (at most 48; issue 16 §3), 14-day horizon. */
export const productsAdvicePath = (ids: readonly number[]) => `/inventory/api/v1/standard-product/price-advice?ids=${ids.slice(0, 48).join(',')}&horizon=14`;
