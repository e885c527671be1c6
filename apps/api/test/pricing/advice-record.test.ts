/**
 * Issue 16 §3, the buy-or-wait advice's track record (src/pricing/advice-record.ts): on synthetic
 * held-out decisions with known outcomes, each band of the model's probability counts how often
 * its advice turned out right (BUY: no drop of 3 % or more came; WAIT: waiting paid no more than
 * buying at once) and how often the drop came; the backtest measures it on the held-out part only;
 * a band with too few decisions gives no figure; and core `casesOf100` never rounds a share up.
 */
import { describe, expect, it } from 'vitest';
import { casesOf100 } from '@b-deals/core';
import { dayNumber, FEATURE_NAMES, type AdviceModel, type PricePoint } from '../../src/pricing/advice.ts';
import { adviceRecord, RECORD_MIN_DECISIONS, recordEdges, trackOf, type AdviceRecord } from '../../src/pricing/advice-record.ts';
import { backtest, type Decision } from '../../src/pricing/backtest.ts';

/** A model whose drop probability is sigmoid(first feature): a decision's probability is set by its features. WAIT from 0.5. */
const model: AdviceModel = {
  horizon: 14,
  means: FEATURE_NAMES.map(() => 0),
  scales: FEATURE_NAMES.map(() => 1),
  weights: FEATURE_NAMES.map((_, i) => (i === 0 ? 1 : 0)),
  bias: 0,
  threshold: 0.5,
  meanDrop: 0.1,
};
const logit = (p: number) => Math.log(p / (1 - p));
const DAY0 = dayNumber(new Date(Date.UTC(2025, 2, 1)));

/** A held-out decision at $100 whose model probability is `p`, with the horizon's best price and what the 3 % alert paid, cents. */
const decision = (p: number, bestPrice: number, waitPrice: number, day = DAY0): Decision => ({
  series: [],
  index: 0,
  day,
  price: 10_000,
  waitPrice,
  end: 0,
  bestPrice,
  features: FEATURE_NAMES.map((_, i) => (i === 0 ? logit(p) : 0)),
});
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

describe('the advice track record', () => {
  // BUY at p = 0.004: 120 decisions, 90 without a 3 % drop (right), 30 with one; a drop of exactly 3 % counts as a drop, 2.99 % does not.
  // WAIT at p = 0.6: 150 decisions; waiting paid no more than buying at once on 135 (right), more on 15; the drop came on 60.
  const buys = [
    ...times(89, () => decision(0.004, 10_000, 10_000)),
    decision(0.004, 9_701, 9_701), // 2.99 %: no drop, the BUY was right
    decision(0.004, 9_700, 9_700), // exactly 3 %: a drop, the BUY was wrong
    ...times(29, () => decision(0.004, 9_000, 9_000)),
  ];
  const waits = [
    ...times(60, () => decision(0.6, 9_000, 9_500)), // the drop came and the alert bought at $95
    ...times(75, () => decision(0.6, 10_000, 10_000)), // flat: waiting cost nothing
    ...times(15, () => decision(0.6, 10_000, 10_400)), // the price rose: waiting cost $4
  ];
  const record = adviceRecord(model, [...buys, ...waits], 'a synthetic history');

  it('counts, by band, the decisions, those whose advice turned out right and those where the price fell 3 % or more', () => {
    expect(record.bands).toEqual([
      { from: 0, to: 0.01, advice: 'BUY', decisions: 120, right: 90, drops: 30 },
      { from: 0.6, to: 0.7, advice: 'WAIT', decisions: 150, right: 135, drops: 60 },
    ]);
    expect(record.history).toBe('a synthetic history');
    expect(record.measured).toEqual(['2025-03-01', '2025-03-01']);
  });

  it("gives an advice its band's observed shares, never the model's probability", () => {
    expect(trackOf(record, 0.004)).toEqual({
      band: [0, 0.01],
      decisions: 120,
      right: 0.75,
      drops: 0.25,
      history: 'a synthetic history',
      measured: ['2025-03-01', '2025-03-01'],
    });
    // The model said 99.6 % that no drop comes; it came in 1 of 4 similar cases: the page shows 75 of 100.
    expect(casesOf100(trackOf(record, 0.004)!.right!)).toBe(75);
    expect(trackOf(record, 0.65)).toMatchObject({ band: [0.6, 0.7], right: 0.9, drops: 0.4 });
    // No held-out decision fell in [0.3, 0.4): no record, rather than a neighbour's.
    expect(trackOf(record, 0.35)).toBeNull();
  });

  it('gives no share for a band with fewer than 100 decisions', () => {
    expect(RECORD_MIN_DECISIONS).toBe(100);
    const thin = adviceRecord(
      model,
      times(99, () => decision(0.004, 10_000, 10_000)),
      'h',
    );
    expect(trackOf(thin, 0.004)).toMatchObject({ decisions: 99, right: null, drops: null });
    const enough = adviceRecord(
      model,
      times(100, () => decision(0.004, 10_000, 10_000)),
      'h',
    );
    expect(trackOf(enough, 0.004)).toMatchObject({ decisions: 100, right: 1, drops: 0 });
  });

  it("splits bands at the model's WAIT threshold, so no band mixes BUY and WAIT, and puts a probability of 1 in the last band", () => {
    expect(recordEdges(0.05).filter((e) => e === 0.05)).toHaveLength(1);
    expect(recordEdges(0.12)).toContain(0.12);
    const at = { ...model, threshold: 0.12 };
    const r = adviceRecord(at, [decision(0.11, 10_000, 10_000), decision(0.12, 10_000, 10_000), decision(0.999999, 9_000, 9_000)], 'h');
    expect(r.bands.map((b) => [b.from, b.to, b.advice])).toEqual([
      [0.1, 0.12, 'BUY'],
      [0.12, 0.15, 'WAIT'],
      [0.9, 1, 'WAIT'],
    ]);
    expect(trackOf(r as AdviceRecord, 1)).toMatchObject({ band: [0.9, 1] });
  });

  it('refuses to measure nothing', () => {
    expect(() => adviceRecord(model, [], 'h')).toThrow(/no held-out decisions/);
  });

  it('is measured by the backtest on the held-out decisions only, every one of them once', () => {
    const start = dayNumber(new Date(Date.UTC(2024, 0, 1)));
    const cyclic = (offset: number): PricePoint[] =>
      Array.from({ length: 400 }, (_, d) => ({ day: start + d, price: (d + offset) % 25 >= 20 ? 8000 : 10000, inStock: true }));
    const series = new Map(Array.from({ length: 4 }, (_, i) => [`offer-${i}`, cyclic(i * 5)] as const));
    const split = start + 240;
    const result = backtest(series, 14, split, { history: 'cycles' });
    const heldOut = result.rows.at(-1)!.test.decisions;
    expect(result.record!.bands.reduce((n, b) => n + b.decisions, 0)).toBe(heldOut);
    expect(result.record!.measured[0] >= new Date(split * 86_400_000).toISOString().slice(0, 10)).toBe(true);
    expect(result.record!.history).toBe('cycles');
    // Every BUY is no worse than buying at once, so the WAIT bands' right decisions and the BUY bands' decisions are the model's no-worse ones.
    const model = result.rows.at(-1)!.test;
    const waitBands = result.record!.bands.filter((b) => b.advice === 'WAIT');
    const buyBands = result.record!.bands.filter((b) => b.advice === 'BUY');
    expect(waitBands.reduce((n, b) => n + b.decisions, 0)).toBe(Math.round(model.waitShare * heldOut));
    expect(waitBands.reduce((n, b) => n + b.right, 0) + buyBands.reduce((n, b) => n + b.decisions, 0)).toBe(Math.round(model.noWorse * heldOut));
  });
});
