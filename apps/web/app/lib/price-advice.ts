/**
 * Buy-or-wait advice as pages carry it (issue 16 §3): the API's advice reduced to what the note
 * shows, so page data stays small. Money in cents. The model's own probability is not carried: a
 * page shows only the advice's track record on the held-out backtest (contracts
 * `AdviceTrackSchema`), as whole cases of 100 rounded down (core `casesOf100`).
 */
import type { AdviceTrack, PriceAdvice, ProductsAdvice } from '@b-deals/contracts';
import { casesOf100 } from '@b-deals/core';

/**
 * The track record an advice note shows: in how many of 100 similar held-out cases advice of this
 * kind was right and the price fell 3 % or more (null: too few cases to say), how many cases there
 * were, and the history and years they come from ("Hong Kong pharmacy and supermarket prices",
 * "2025–2026").
 */
export interface TrackView {
  right: number | null;
  drops: number | null;
  cases: number;
  history: string;
  years: string;
}

/** What the advice note shows: BUY or WAIT with the horizon (days), expected saving (cents) and track record (null: none published), or "not enough history yet". */
export type AdviceView =
  { kind: 'short'; observedDays: number; neededDays: number } | { kind: 'BUY' | 'WAIT'; horizon: number; saving: number; track: TrackView | null };

type Advice = PriceAdvice['offers'][number]['advice'];

/** The years of a measured span: "2025–2026", or "2025" when it lies in one year. */
const yearsOf = ([from, to]: readonly [string, string]) => (from.slice(0, 4) === to.slice(0, 4) ? from.slice(0, 4) : `${from.slice(0, 4)}–${to.slice(0, 4)}`);

/** The view of a track record (see {@link TrackView}); null for none. */
export function trackView(t: AdviceTrack | null | undefined): TrackView | null {
  if (!t) return null;
  return {
    right: t.right === null ? null : casesOf100(t.right),
    drops: t.drops === null ? null : casesOf100(t.drops),
    cases: t.decisions,
    history: t.history,
    years: yearsOf(t.measured),
  };
}

/** The view of one advice; saving in cents, the track record as cases of 100. */
export function adviceView(a: Advice): AdviceView {
  if (a.kind === 'insufficient_history') return { kind: 'short', observedDays: a.observedDays, neededDays: a.neededDays };
  return { kind: a.kind, horizon: a.horizon, saving: a.expectedSavingCents, track: trackView(a.record) };
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
