/**
 * Promotion-cycle features of the buy-or-wait advice (issue 16 §3: "the merchant's past sale
 * calendar and depth", season and holiday proximity), pure: no I/O. Supermarket and pharmacy
 * promotions come in cycles: a price falls for a week or two, comes back, and falls again some
 * weeks later. Where today stands in the offer's own cycle is what the trailing statistics of
 * advice.ts (distance from the 90-day low, high and median) do not say.
 *
 * A **drop** is a point whose price is at least 3 % ({@link PROMO_STEP}, the advice's drop) under
 * the previous observed point's; a **rise** one at least 3 % over it (a promotion ends). Read, from
 * the last 365 days up to today only (and the one point on or before the day a year ago):
 * - the phase of the cycle: days since the last drop began and since the last rise, the median
 *   interval between drops, today's elapsed time in units of that interval, and the offer's own
 *   hazard of a drop within 14 and 30 days (of the year's intervals between drops longer than the
 *   time elapsed since the last drop, the share that ended within the next 14 / 30 days);
 * - the depth and length of its promotions: the median promotion price (the price on a drop day)
 *   against today's, whether today's price is still a promotion price (the last drop is later
 *   than the last rise), and the median days from a drop to the next rise;
 * - season: the drop a year ago (the lowest price of the 14 / 30 days after the day a year ago
 *   under that day's price) and the nearness of Christmas.
 * Prices are integer cents; days are whole UTC days since 1970-01-01.
 */
import type { PricePoint } from './advice.ts';

/** A step of this share of the previous price, down or up, starts or ends a promotion. */
export const PROMO_STEP = 0.03;

export const PROMO_FEATURE_NAMES = [
  'sinceDrop',
  'sinceRise',
  'dropInterval',
  'cyclePhase',
  'dropHazard14',
  'dropHazard30',
  'promoDepth',
  'onPromo',
  'promoLength',
  'lastYearDrop14',
  'lastYearDrop30',
  'christmas',
] as const;

/** The season's features of {@link PROMO_FEATURE_NAMES} (computed; not fitted by default, see advice.ts `FEATURE_NAMES`). */
export const SEASON_FEATURE_NAMES: readonly string[] = ['lastYearDrop14', 'lastYearDrop30', 'christmas'];

const DAY_MS = 86_400_000;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The offer's hazard of a drop within `h` days: of the past intervals between drops (`intervals`,
 * days) longer than `elapsed` (days since the last drop), the share no longer than `elapsed + h`,
 * shrunk towards 0 by one pseudo-interval (`n / (m + 1)`), so two intervals say less than twenty.
 * 0 when no past interval is longer than `elapsed` (the cycle is over due, or there is none).
 */
export function dropHazard(intervals: readonly number[], elapsed: number, h: number): number {
  let longer = 0;
  let within = 0;
  for (const iv of intervals) {
    if (iv <= elapsed) continue;
    longer++;
    if (iv <= elapsed + h) within++;
  }
  return within / (longer + 1);
}

/** Day number of the next 25 December on or after `t`. */
function nextChristmas(t: number): number {
  const y = new Date(t * DAY_MS).getUTCFullYear();
  const thisYear = Math.floor(Date.UTC(y, 11, 25) / DAY_MS);
  return thisYear >= t ? thisYear : Math.floor(Date.UTC(y + 1, 11, 25) / DAY_MS);
}

/**
 * The {@link PROMO_FEATURE_NAMES} of point `at` of `series` (oldest first, observed days only, each
 * day once), in that order: reads no point after `at`, and before it only the last 365 days and
 * the one point on or before the day a year ago (a test holds it equal to the reading of the
 * history cut at `at`, and through the backtest's look-ahead guard). Days are scaled to about
 * [0, 1]: days since a drop or a rise over 365 (1 when none in the year), the interval over 365
 * (1 with fewer than two drops), the phase capped at 3, the promotion length over 90 (capped at 1).
 */
export function promoFeaturesAt(series: readonly PricePoint[], at: number): number[] {
  const today = series[at]!;
  const t = today.day;
  const p = today.price;
  const drops: number[] = []; // days of the year's drops, newest first
  const dropPrices: number[] = [];
  const rises: number[] = []; // days of the year's rises, newest first
  let yearAgo: PricePoint | undefined;
  let min14 = Infinity;
  let min30 = Infinity;
  for (let i = at; i >= 0; i--) {
    const h = series[i]!;
    if (h.day <= t - 365) {
      yearAgo = h;
      break;
    }
    if (h.day <= t - 365 + 14) min14 = Math.min(min14, h.price);
    if (h.day <= t - 365 + 30) min30 = Math.min(min30, h.price);
    const before = i > 0 ? series[i - 1]! : undefined;
    if (!before) continue;
    if (h.price <= before.price * (1 - PROMO_STEP)) {
      drops.push(h.day);
      dropPrices.push(h.price);
    } else if (before.price <= h.price * (1 - PROMO_STEP)) rises.push(h.day);
  }
  const sinceDrop = drops.length ? t - drops[0]! : 365;
  const sinceRise = rises.length ? t - rises[0]! : 365;
  const intervals: number[] = [];
  for (let k = 1; k < drops.length; k++) intervals.push(drops[k - 1]! - drops[k]!);
  const interval = intervals.length ? median(intervals) : 365;
  // Promotion length: from each drop to the first rise after it (both lists oldest first, one pass).
  const lengths: number[] = [];
  for (let k = drops.length - 1, j = rises.length - 1; k >= 0; k--) {
    while (j >= 0 && rises[j]! <= drops[k]!) j--;
    if (j >= 0) lengths.push(rises[j]! - drops[k]!);
  }
  const lastYear = (min: number) => (yearAgo && Number.isFinite(min) ? Math.max(0, 1 - min / yearAgo.price) : 0);
  return [
    Math.min(sinceDrop, 365) / 365,
    Math.min(sinceRise, 365) / 365,
    Math.min(interval, 365) / 365,
    Math.min(sinceDrop / interval, 3),
    dropHazard(intervals, sinceDrop, 14),
    dropHazard(intervals, sinceDrop, 30),
    dropPrices.length ? 1 - median(dropPrices) / p : 0,
    drops.length && (!rises.length || drops[0]! > rises[0]!) ? 1 : 0,
    lengths.length ? Math.min(median(lengths), 90) / 90 : 0,
    lastYear(min14),
    lastYear(min30),
    Math.max(0, 1 - (nextChristmas(t) - t) / 60),
  ];
}
