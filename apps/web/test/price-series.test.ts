import { describe, expect, it } from 'vitest';
import { compactPriceHistory, fromDailyRuns, toDailyRuns, type PricePoint } from '../app/lib/price-series';

/** `n` consecutive days from 2026-01-30 with the prices `price(i)`. */
const days = (n: number, price: (i: number) => number | null): PricePoint[] =>
  Array.from({ length: n }, (_, i) => ({ date: new Date(Date.UTC(2026, 0, 30 + i)).toISOString().slice(0, 10), price: price(i) }));

describe('daily price runs (product page data, issue 12 §3)', () => {
  it('keeps a year of step prices as a few runs and gives every day back, across month and leap-year ends', () => {
    const points = days(366, (i) => (i < 20 ? null : i < 200 ? 4_999 : i < 230 ? 3_999 : 4_999));
    const series = toDailyRuns(points);
    expect(series).toEqual({
      start: '2026-01-30',
      runs: [
        [20, null],
        [180, 4_999],
        [30, 3_999],
        [136, 4_999],
      ],
    });
    expect(fromDailyRuns(series)).toEqual(points);
    expect(JSON.stringify(series).length).toBeLessThan(JSON.stringify(points).length / 100);
  });

  it('round-trips a series whose price changes every day, and an empty one', () => {
    const points = days(40, (i) => 1_000 + i);
    expect(fromDailyRuns(toDailyRuns(points))).toEqual(points);
    expect(fromDailyRuns(toDailyRuns([]))).toEqual([]);
  });

  it('refuses a series with a missing day instead of moving prices to other days', () => {
    const points = days(5, () => 100);
    points.splice(2, 1);
    expect(() => toDailyRuns(points)).toThrow(RangeError);
  });

  it('keeps the figures of the history and replaces only its points', () => {
    const history = { days: 3, points: days(3, () => 500), lowest: 500, average: 500, highest: 500, current: 500, merchants: [] };
    expect(compactPriceHistory(history)).toEqual({
      days: 3,
      lowest: 500,
      average: 500,
      highest: 500,
      current: 500,
      merchants: [],
      series: { start: '2026-01-30', runs: [[3, 500]] },
    });
  });
});
