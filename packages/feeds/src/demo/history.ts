/**
 * Price history of demo offers as change points (DESIGN.md "Price history is stored as change
 * points"): runs of days with one state (price, sale price, availability), with gaps on days
 * nobody observed the offer (merchant feed outages, offers listed later). Days are UTC day
 * numbers (days since 1970-01-01); prices are minor units of the merchant's currency.
 *
 * Promotions follow the US retail calendar: Presidents' Day, Memorial Day, July 4th, a mid-July
 * sales event, back-to-school, Labor Day, Black Friday to Cyber Monday, Christmas, Boxing Day
 * and New Year; plus end-of-season clearance (markdowns that stay until the stock sells out),
 * 1–3 day flash deals of 20–40 %, occasional regular price increases and out-of-stock spells.
 */
import type { DemoOffer } from './plan.ts';
import { rngFor } from './random.ts';
import type { Rng } from './random.ts';

/** One run of identical state; `from`/`to` are inclusive UTC day numbers. */
export interface HistoryRun {
  from: number;
  to: number;
  /** Regular price (the was-price during a sale), minor units. */
  price: number;
  /** Sale price, minor units; null when not on sale. */
  sale: number | null;
  availability: 'in_stock' | 'out_of_stock';
}

/** A dated sales event. `departments` limits it (null: every department). */
export interface SalesEvent {
  name: string;
  from: number;
  to: number;
  departments: readonly string[] | null;
  /** Participation multiplier. */
  pull: number;
  /** Discount range, fractions. */
  off: readonly [number, number];
}

const DAY_MS = 86_400_000;

/** UTC day number of a date. */
export function dayOf(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day number. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const ymd = (y: number, m: number, d: number): number => Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
/** The n-th (1-based) weekday (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(y: number, m: number, weekday: number, n: number): number {
  if (n < 0) {
    const last = ymd(y, m + 1, 0);
    return last - ((new Date(last * DAY_MS).getUTCDay() - weekday + 7) % 7);
  }
  const first = ymd(y, m, 1);
  return first + ((weekday - new Date(first * DAY_MS).getUTCDay() + 7) % 7) + 7 * (n - 1);
}

/** Sales events of the calendar years touching [from, to]. */
export function salesCalendar(from: number, to: number): SalesEvent[] {
  const events: SalesEvent[] = [];
  const y0 = new Date(from * DAY_MS).getUTCFullYear();
  const y1 = new Date(to * DAY_MS).getUTCFullYear();
  for (let y = y0; y <= y1; y++) {
    const presidents = nthWeekday(y, 2, 1, 3);
    const memorial = nthWeekday(y, 5, 1, -1);
    const midJuly = nthWeekday(y, 7, 2, 2);
    const labor = nthWeekday(y, 9, 1, 1);
    const thanksgiving = nthWeekday(y, 11, 4, 4);
    events.push(
      { name: 'New Year', from: ymd(y, 1, 1), to: ymd(y, 1, 7), departments: null, pull: 0.9, off: [0.15, 0.35] },
      { name: "Presidents' Day", from: presidents - 3, to: presidents, departments: null, pull: 0.8, off: [0.15, 0.3] },
      { name: 'Memorial Day', from: memorial - 4, to: memorial, departments: null, pull: 0.9, off: [0.15, 0.35] },
      { name: 'July 4th', from: ymd(y, 7, 1), to: ymd(y, 7, 5), departments: null, pull: 0.8, off: [0.15, 0.3] },
      { name: 'Summer Deal Days', from: midJuly, to: midJuly + 1, departments: null, pull: 0.7, off: [0.2, 0.4] },
      { name: 'Back to School', from: ymd(y, 7, 25), to: ymd(y, 8, 20), departments: ['g', 'e', '7'], pull: 0.9, off: [0.1, 0.25] },
      { name: 'Labor Day', from: labor - 3, to: labor, departments: null, pull: 0.8, off: [0.15, 0.3] },
      { name: 'Black Friday to Cyber Monday', from: thanksgiving, to: thanksgiving + 4, departments: null, pull: 1.4, off: [0.2, 0.45] },
      { name: 'Christmas', from: ymd(y, 12, 10), to: ymd(y, 12, 23), departments: null, pull: 0.8, off: [0.15, 0.3] },
      { name: 'Boxing Day', from: ymd(y, 12, 26), to: ymd(y, 12, 31), departments: null, pull: 1.0, off: [0.2, 0.4] },
    );
  }
  return events.filter((e) => e.to >= from && e.from <= to);
}

/** Feed outages of a merchant: 0–2 spans of 2–5 days, never in the last 7 days of the window. */
export function merchantOutages(seed: number, slug: string, from: number, to: number): Array<[number, number]> {
  const rng = rngFor(seed, `outage:${slug}`);
  const out: Array<[number, number]> = [];
  const last = to - 7;
  if (last - from < 10) return out;
  for (let n = rng.weighted([0.3, 0.45, 0.25]); n > 0; n--) {
    const start = rng.int(from + 1, last - 6);
    out.push([start, start + rng.int(1, 4)]);
  }
  return out;
}

const WINTER = new Set(['coat', 'jacket', 'sweater', 'boot', 'helmet']);
const SUMMER = new Set(['dress', 'shorts', 'swimsuit', 'sandal', 'tank', 'skirt', 'goggles', 'tent']);

interface Span {
  from: number;
  to: number;
}
interface Deal extends Span {
  off: number;
}

function participation(offer: DemoOffer): number {
  switch (offer.merchant.marketplace) {
    case 'OUTLET':
      return 0.6;
    case 'LUXURY':
      return 0.2;
    default:
      return 0.4;
  }
}

/** Sale price for `off` (fraction) of `price`, shop-rounded, always below `price`. */
function salePrice(price: number, off: number): number {
  const raw = price * (1 - off);
  const rounded = raw >= 2000 ? Math.round(raw / 100) * 100 - 1 : Math.round(raw / 10) * 10 - 1;
  return Math.max(1, Math.min(rounded, price - 1));
}

function clearance(rng: Rng, offer: DemoOffer, from: number, to: number): { deals: Deal[]; soldOut: Span | null } | null {
  const shape = offer.product.spec.shape;
  const seasonal = WINTER.has(shape) ? 'winter' : SUMMER.has(shape) ? 'summer' : null;
  if (!rng.chance(seasonal ? 0.35 : 0.05)) return null;
  let start: number;
  if (seasonal) {
    const y = new Date(to * 86_400_000).getUTCFullYear();
    const starts = [y, y - 1].map((yy) => (seasonal === 'winter' ? ymd(yy, 1, 8) : ymd(yy, 7, 20)) + rng.int(0, 20));
    const found = starts.find((s) => s > from && s < to - 20);
    if (found === undefined) return null;
    start = found;
  } else {
    start = rng.int(from + 1, to - 20);
  }
  const first = { from: start, to: start + rng.int(14, 28), off: rng.pick([0.25, 0.3, 0.35]) };
  const second = { from: first.to + 1, to: first.to + rng.int(10, 30), off: rng.pick([0.4, 0.5, 0.6]) };
  const soldOut = rng.chance(0.6) ? { from: second.to + 1, to: second.to + rng.int(10, 45) } : null;
  return { deals: [first, second], soldOut };
}

/**
 * Builds one offer's history over [from, to] (UTC day numbers) and its state on `to`, which is
 * what today's feed shows. `from..to` must span at least 1 day. The state on `to` is always
 * observed, so the last run equals today's feed state.
 */
export function offerHistory(
  offer: DemoOffer,
  seed: number,
  from: number,
  to: number,
  calendar: readonly SalesEvent[],
  outages: ReadonlyArray<readonly [number, number]>,
): { runs: HistoryRun[]; today: HistoryRun } {
  const rng = rngFor(seed, `history:${offer.merchant.slug}:${offer.key}`);
  const span = to - from;
  const listed = span > 40 && rng.chance(0.12) ? rng.int(from + 30, to - 10) : from;
  const increases: Array<{ day: number; factor: number }> = [];
  for (let n = rng.weighted([0.65, 0.29, 0.06]); n > 0; n--) increases.push({ day: rng.int(from, to), factor: rng.float(1.04, 1.1) });
  const deals: Deal[] = [];
  const pull = participation(offer);
  const luxury = offer.merchant.marketplace === 'LUXURY' ? 0.7 : 1;
  for (const e of calendar) {
    if (e.departments && !e.departments.includes(offer.product.department)) continue;
    if (rng.chance(Math.min(0.95, pull * e.pull))) {
      const off = Math.round(rng.float(e.off[0], e.off[1]) * luxury * 20) / 20;
      if (off > 0) deals.push({ from: e.from, to: e.to, off });
    }
  }
  for (let n = rng.weighted([0.45, 0.35, 0.2]); n > 0 && span > 4; n--) {
    const start = rng.int(from, to - 3);
    deals.push({ from: start, to: start + rng.int(0, 2), off: rng.pick([0.2, 0.25, 0.3, 0.35, 0.4]) });
  }
  const oos: Span[] = [];
  if (span > 30) {
    const clear = clearance(rng, offer, from, to);
    if (clear) {
      deals.push(...clear.deals);
      if (clear.soldOut) oos.push(clear.soldOut);
    }
    if (rng.chance(0.18)) {
      const start = rng.int(from, to - 2);
      oos.push({ from: start, to: start + rng.int(1, 13) });
    }
  }

  const stateOn = (d: number): HistoryRun => {
    let price = offer.basePrice;
    for (const inc of increases) if (d >= inc.day) price = Math.round((price * inc.factor) / 100) * 100 - (price % 100 === 99 ? 1 : 0);
    let off = 0;
    for (const deal of deals) if (d >= deal.from && d <= deal.to && deal.off > off) off = deal.off;
    const out = oos.some((s) => d >= s.from && d <= s.to);
    return { from: d, to: d, price, sale: off > 0 ? salePrice(price, off) : null, availability: out ? 'out_of_stock' : 'in_stock' };
  };

  const runs: HistoryRun[] = [];
  let current: HistoryRun | null = null;
  for (let d = Math.max(from, listed); d <= to; d++) {
    if (d < to && outages.some(([a, b]) => d >= a && d <= b)) {
      current = null;
      continue;
    }
    const s = stateOn(d);
    if (current && current.to === d - 1 && current.price === s.price && current.sale === s.sale && current.availability === s.availability) {
      current.to = d;
    } else {
      current = s;
      runs.push(current);
    }
  }
  const last = runs[runs.length - 1] as HistoryRun;
  return { runs, today: { ...last, from: to, to } };
}
