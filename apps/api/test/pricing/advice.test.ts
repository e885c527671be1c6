/**
 * Issue 16 §3–§4, §7: buy-or-wait advice and its backtest on synthetic histories with known
 * answers; the look-ahead guard; no advice from too short a history.
 */
import { describe, expect, it } from 'vitest';
import { ADVICE_MIN_DAYS, advise, adviceFeatures, blackFriday, dayNumber, type PricePoint } from '../../src/pricing/advice.ts';
import { backtest, decisionsOf, guardedHistory, LookAheadError, score, type Policy } from '../../src/pricing/backtest.ts';

const START = dayNumber(new Date(Date.UTC(2024, 0, 1)));
/** A year of daily prices: $100, with a sale at $80 on days 20–24 of every 25-day cycle. */
const cyclic = (offset = 0, days = 400): PricePoint[] =>
  Array.from({ length: days }, (_, d) => ({ day: START + d, price: (d + offset) % 25 >= 20 ? 8000 : 10000, inStock: true }));

describe('backtest decisions', () => {
  it('knows what buying at once, waiting with an alert and the best choice would pay', () => {
    const s = cyclic();
    const d = decisionsOf(s, 14);
    const day30 = d.find((x) => x.day === START + 30)!; // cycle day 5: the sale starts on day 45
    expect(day30).toMatchObject({ price: 10000, bestPrice: 10000, waitPrice: 10000 });
    const day35 = d.find((x) => x.day === START + 35)!; // the sale (day 45) is 10 days away
    expect(day35).toMatchObject({ price: 10000, bestPrice: 8000, waitPrice: 8000 });
    // No decision without 30 days of history, or whose horizon runs past the data.
    expect(Math.min(...d.map((x) => x.day))).toBe(START + ADVICE_MIN_DAYS - 1);
    expect(Math.max(...d.map((x) => x.day))).toBe(START + 399 - 14);
  });

  it('scores always-buy as never worse and capturing nothing, and always-wait as worse exactly on sale days', () => {
    const d = decisionsOf(cyclic(), 14);
    const buy = score(() => false, d);
    expect(buy).toMatchObject({ noWorse: 1, capture: 0, waitShare: 0 });
    const wait = score(() => true, d);
    // Waiting on a sale day ends at the full price again (worse); on every other day it is never worse.
    const saleDays = d.filter((x) => x.price === 8000).length;
    expect(wait.noWorse).toBeCloseTo(1 - saleDays / d.length, 10);
    expect(wait.capture!).toBeLessThan(1);
  });

  it('fails a policy that reads past the decision day', () => {
    const d = decisionsOf(cyclic(), 14);
    const peeker: Policy = (h) => (h as PricePoint[])[h.length]!.price < h[h.length - 1]!.price;
    expect(() => score(peeker, d)).toThrow(LookAheadError);
    const slicer: Policy = (h) => [...h].length !== h.length;
    expect(score(slicer, d).waitShare).toBe(0);
    expect(() => guardedHistory(cyclic(), 5)[6]).toThrow(LookAheadError);
    expect(guardedHistory(cyclic(), 5).at(-1)!.day).toBe(START + 5);
  });
});

describe('buy-or-wait model', () => {
  it('learns a sale calendar on the earlier part and beats buying at once on the later part, never worse', () => {
    const series = new Map(Array.from({ length: 6 }, (_, i) => [`offer-${i}`, cyclic(i * 4)] as const));
    const result = backtest(series, 14, START + 240);
    const model = result.rows.at(-1)!;
    expect(model.test.decisions).toBeGreaterThan(500);
    expect(model.test.noWorse).toBeGreaterThanOrEqual(0.97);
    expect(model.test.capture!).toBeGreaterThan(0.5);
    const buy = result.rows[0]!;
    expect(buy.test.capture).toBe(0);
  });

  it('gives no advice from fewer than 30 observed days, and says BUY or WAIT with a confidence otherwise', () => {
    const series = new Map([['a', cyclic()]]);
    const { model } = backtest(series, 14, START + 240);
    expect(advise(model, cyclic().slice(0, 29))).toEqual({ kind: 'insufficient_history', observedDays: 29, neededDays: 30 });
    const advice = advise(model, cyclic().slice(0, 36));
    expect(['BUY', 'WAIT']).toContain(advice.kind);
    if (advice.kind !== 'insufficient_history') {
      expect(advice.confidence).toBeGreaterThanOrEqual(0.5);
      expect(advice.horizon).toBe(14);
    }
  });

  it('computes features from the history only, and finds Black Friday', () => {
    expect(new Date(blackFriday(2025) * 86_400_000).toISOString().slice(0, 10)).toBe('2025-11-28');
    expect(new Date(blackFriday(2026) * 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-27');
    const s = cyclic();
    expect(adviceFeatures(s.slice(0, 50))).toEqual(adviceFeatures(guardedHistory(s, 49)));
  });
});
