import type { PriceHistory } from '@b-deals/contracts';

/** One day of a price history: date YYYY-MM-DD (UTC) and the lowest price in cents, or null when unobserved. */
export type PricePoint = PriceHistory['points'][number];

/**
 * A daily price series as runs (issue 12 §3, HTML weight): the first day and, in order, how many
 * consecutive days kept one price (cents, or null for days nobody observed). Prices move in steps,
 * so a year of days is a handful of runs: the product page's data carries these instead of 365
 * `{date, price}` objects (about 15 KB of the page), and the chart expands them in the browser.
 */
export interface DailyRuns {
  /** YYYY-MM-DD (UTC) of the first point; null for an empty series. */
  start: string | null;
  /** `[days, cents | null]`, days ≥ 1, in date order. */
  runs: Array<[number, number | null]>;
}

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Runs of `points`, which must be consecutive days (as the API's PriceHistory gives them).
 * Throws a RangeError when a date is not the day after the one before it, rather than shifting prices to other days.
 */
export function toDailyRuns(points: PricePoint[]): DailyRuns {
  if (points.length === 0) return { start: null, runs: [] };
  const first = dayOf(points[0]!.date);
  const runs: DailyRuns['runs'] = [];
  points.forEach((p, i) => {
    if (dayOf(p.date) !== first + i) throw new RangeError(`price history is not daily at ${p.date} (point ${i})`);
    const last = runs[runs.length - 1];
    if (last && last[1] === p.price) last[0]++;
    else runs.push([1, p.price]);
  });
  return { start: points[0]!.date, runs };
}

/** The daily points of `series` again (inverse of {@link toDailyRuns}). */
export function fromDailyRuns(series: DailyRuns): PricePoint[] {
  if (series.start === null) return [];
  const points: PricePoint[] = [];
  let day = dayOf(series.start);
  for (const [days, price] of series.runs) for (let i = 0; i < days; i++) points.push({ date: dateOf(day++), price });
  return points;
}

/** The price history as the product page's data carries it: the figures, and the daily points as runs. */
export type CompactPriceHistory = Omit<PriceHistory, 'points'> & { series: DailyRuns };

/** {@link CompactPriceHistory} of an API price history. Throws like {@link toDailyRuns}. */
export function compactPriceHistory({ points, ...rest }: PriceHistory): CompactPriceHistory {
  return { ...rest, series: toDailyRuns(points) };
}
