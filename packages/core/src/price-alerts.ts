/**
 * When a saved product's price alerts a shopper (issue 14 §3, §6). Pure: the API's alert job reads
 * the facts from the database and applies these rules to each saved product.
 *
 * The price watched is the lowest total (item plus stated shipping, decision 0006) a shopper can
 * pay now at an offer that is in stock (GMC `availability` in_stock), restricted to the watched
 * sizes when there are any (a size's own price at each merchant). Only prices observed in the
 * latest feeds are ever read, so an alert never speaks for a price nobody saw.
 *
 * - **Target rule** (the shopper set a target): fires when that price is at or below the target.
 *   Hysteresis: after it fired it stays quiet until the price has risen above the target by
 *   {@link ALERT_RULES}.rearmAbove (5 %), so a price hovering around the target alerts once. A new
 *   target re-arms it.
 * - **Default drop rule** (no target): fires when the price is at least {@link ALERT_RULES}.dropShare
 *   (10 %) below the baseline and at or below the product's 90-day median of observed daily best
 *   totals (no median, no alert). The baseline is the price when saved, then the price of each alert:
 *   it only moves down, so a price that falls back to a level already alerted never alerts again.
 */

/** The rules' constants. */
export const ALERT_RULES = {
  /** Smallest drop below the baseline that alerts, as a share (0.10 = 10 %). */
  dropShare: 0.1,
  /** A quiet target rule re-arms when the price rises above target × this. */
  rearmAbove: 1.05,
} as const;

/** The alert state of one saved product (columns of `favorites`). Cents. */
export interface AlertState {
  targetCents: number | null;
  /** The drop rule's baseline; null until a price was first observed for it. */
  baselineCents: number | null;
  targetArmed: boolean;
}

/** What was observed for it now. Cents. */
export interface AlertFacts {
  /** Lowest in-stock total of the watched sizes (or of any offer), null when none is in stock. */
  priceCents: number | null;
  /** Median of the product's observed daily best totals over the last 90 days; null when none was observed. */
  median90Cents: number | null;
}

/** The rule that fired and what it measured against (the target, or the baseline), cents. */
export interface AlertFiring {
  rule: 'target' | 'drop';
  thresholdCents: number;
}

/** The decision: the alert to raise (or null) and the state to keep. */
export interface AlertDecision {
  fire: AlertFiring | null;
  next: AlertState;
}

/** The highest price at which the drop rule fires for `baselineCents`, cents. */
export const dropThresholdCents = (baselineCents: number): number => Math.floor(baselineCents * (1 - ALERT_RULES.dropShare));

/** The price above which a quiet target rule re-arms, cents. */
export const rearmLevelCents = (targetCents: number): number => Math.round(targetCents * ALERT_RULES.rearmAbove);

/**
 * True when the watched price now (cents; null: nothing watched is in stock) already meets the
 * target (cents; null: none), at or below it: the target rule's test. A target set so (B-LOVED's
 * form says so at once) fires at the rule's next evaluation, as a new target is armed, and then
 * waits for the price to go above target × {@link ALERT_RULES}.rearmAbove and come back.
 */
export function targetMet(targetCents: number | null, priceCents: number | null): boolean {
  return targetCents !== null && priceCents !== null && priceCents <= targetCents;
}

/** Applies the rules above to one saved product. Never throws. */
export function decideAlert(state: AlertState, facts: AlertFacts): AlertDecision {
  const price = facts.priceCents;
  if (price === null) return { fire: null, next: state };
  const baseline = state.baselineCents ?? price;
  if (state.targetCents !== null) {
    if (state.targetArmed && targetMet(state.targetCents, price)) {
      return { fire: { rule: 'target', thresholdCents: state.targetCents }, next: { ...state, baselineCents: Math.min(baseline, price), targetArmed: false } };
    }
    const armed = state.targetArmed || price > rearmLevelCents(state.targetCents);
    return { fire: null, next: { ...state, baselineCents: baseline, targetArmed: armed } };
  }
  if (state.baselineCents !== null && price <= dropThresholdCents(baseline) && facts.median90Cents !== null && price <= facts.median90Cents) {
    return { fire: { rule: 'drop', thresholdCents: baseline }, next: { ...state, baselineCents: price } };
  }
  return { fire: null, next: { ...state, baselineCents: baseline } };
}

/** Median of `values` (cents), rounded to a whole cent; null for none. */
export function medianCents(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}
