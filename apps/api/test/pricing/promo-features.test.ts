/**
 * Issue 16 §3: the promotion-cycle features of the buy-or-wait advice (promo-features.ts) on
 * histories with known answers; that they read nothing after the decision day (through the
 * backtest's guard, and against a changed future: a feature that peeks fails here); and models
 * that name their features (the model file's `features`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  adviceFeaturesAt,
  adviceMargin,
  ALL_FEATURE_NAMES,
  BASE_FEATURE_NAMES,
  dayNumber,
  fitLogistic,
  logisticMargin,
  modelInputs,
  type AdviceModel,
  type PricePoint,
} from '../../src/pricing/advice.ts';
import { loadAdviceModels } from '../../src/pricing/advice-service.ts';
import { backtest, examplesOf, decisionsOf, guardedHistory } from '../../src/pricing/backtest.ts';
import { dropHazard, PROMO_FEATURE_NAMES, promoFeaturesAt } from '../../src/pricing/promo-features.ts';

const START = dayNumber(new Date(Date.UTC(2024, 0, 1)));
/** $100, with a sale at $80 on days 20–24 of every 25-day cycle. */
const cyclic = (days = 400): PricePoint[] => Array.from({ length: days }, (_, d) => ({ day: START + d, price: d % 25 >= 20 ? 8000 : 10000, inStock: true }));
const feature = (x: readonly number[], name: (typeof PROMO_FEATURE_NAMES)[number]) => x[PROMO_FEATURE_NAMES.indexOf(name)]!;

/** A random, gappy history with promotions, price moves and stock-outs. */
function randomSeries(seed: number, length = 900): PricePoint[] {
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const series: PricePoint[] = [];
  let day = START;
  let price = 10_000;
  let promo = 0;
  while (series.length < length) {
    day += rand() < 0.05 ? 2 + Math.floor(rand() * 40) : 1;
    if (rand() < 0.02) price = Math.round(price * (0.8 + rand() * 0.4));
    if (promo === 0 && rand() < 0.06) promo = 3 + Math.floor(rand() * 10);
    series.push({ day, price: promo > 0 ? Math.round(price * 0.85) : price, inStock: rand() > 0.05 });
    if (promo > 0) promo--;
  }
  return series;
}

/**
 * Whether `features(series, at)` reads past `at` on any tested day: through the backtest's guard
 * (a read past `at` throws), or by giving another answer when every later point is changed.
 */
function peeks(features: (s: readonly PricePoint[], at: number) => number[], series: readonly PricePoint[]): boolean {
  for (let at = 0; at < series.length - 1; at += 5) {
    const own = features(series.slice(0, at + 1), at);
    let guarded: number[];
    try {
      guarded = features(guardedHistory(series, at), at);
    } catch {
      return true;
    }
    const otherFuture = series.map((p, i) => (i > at ? { ...p, price: p.price * 3, inStock: !p.inStock } : p));
    if (JSON.stringify(guarded) !== JSON.stringify(own) || JSON.stringify(features(otherFuture, at)) !== JSON.stringify(own)) return true;
  }
  return false;
}

describe('promotion-cycle features', () => {
  it('know the phase, length and depth of a regular sale: 25 days apart, 5 days long, 20 % off', () => {
    const s = cyclic();
    const regular = promoFeaturesAt(s, 314); // cycle day 14: the last sale began on day 295 and ended on day 300
    expect(feature(regular, 'sinceDrop')).toBeCloseTo(19 / 365, 10);
    expect(feature(regular, 'sinceRise')).toBeCloseTo(14 / 365, 10);
    expect(feature(regular, 'dropInterval')).toBeCloseTo(25 / 365, 10);
    expect(feature(regular, 'cyclePhase')).toBeCloseTo(19 / 25, 10);
    // Every past interval is 25 days: 19 days in, the next drop comes within 14 days (and 30), shrunk by one pseudo-interval.
    const intervals = 11; // drops on days 20, 45, …, 295 of the last 365 days
    expect(feature(regular, 'dropHazard14')).toBeCloseTo(intervals / (intervals + 1), 10);
    expect(feature(regular, 'dropHazard30')).toBeCloseTo(intervals / (intervals + 1), 10);
    expect(feature(regular, 'promoDepth')).toBeCloseTo(0.2, 10);
    expect(feature(regular, 'onPromo')).toBe(0);
    expect(feature(regular, 'promoLength')).toBeCloseTo(5 / 90, 10);
    // Five days in (cycle day 5): the next drop is 20 days away, beyond 14 days, within 30.
    const early = promoFeaturesAt(s, 305);
    expect(feature(early, 'dropHazard14')).toBe(0);
    expect(feature(early, 'dropHazard30')).toBeGreaterThan(0.9);
    // On a sale day the price is a promotion price: nothing deeper has come before.
    const sale = promoFeaturesAt(s, 321);
    expect(feature(sale, 'onPromo')).toBe(1);
    expect(feature(sale, 'promoDepth')).toBeCloseTo(0, 10);
  });

  it('say "no cycle" for a steady price: no drop, no rise, no hazard', () => {
    const flat = Array.from({ length: 200 }, (_, d) => ({ day: START + d, price: 5_000, inStock: true }));
    expect(promoFeaturesAt(flat, 199).slice(0, 9)).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('dropHazard is the share of the past intervals longer than the time elapsed that ended within the horizon, over one more', () => {
    expect(dropHazard([10, 20, 30], 15, 14)).toBeCloseTo(1 / 3, 10);
    expect(dropHazard([10, 20, 30], 15, 30)).toBeCloseTo(2 / 3, 10);
    expect(dropHazard([10, 20, 30], 30, 14)).toBe(0);
    expect(dropHazard([], 5, 14)).toBe(0);
  });

  it('see the drop of the same days a year ago, and Christmas coming', () => {
    // $100 all along but $70 on days 10–12 of 2024; read on 2025-01-05 (day 370 from START).
    const s = Array.from({ length: 400 }, (_, d) => ({ day: START + d, price: d >= 10 && d <= 12 ? 7000 : 10000, inStock: true }));
    const at = 370; // a year ago: day 5; the drop came 5 days after it
    expect(feature(promoFeaturesAt(s, at), 'lastYearDrop14')).toBeCloseTo(0.3, 10);
    expect(feature(promoFeaturesAt(s, at), 'lastYearDrop30')).toBeCloseTo(0.3, 10);
    expect(feature(promoFeaturesAt(s, 390), 'lastYearDrop14')).toBe(0); // a year ago was day 25: no drop after it
    expect(feature(promoFeaturesAt(s, 200), 'lastYearDrop30')).toBe(0); // no history a year back
    const dec1 = dayNumber(new Date(Date.UTC(2024, 11, 1))) - START;
    expect(feature(promoFeaturesAt(s, dec1), 'christmas')).toBeCloseTo(1 - 24 / 60, 10);
    expect(feature(promoFeaturesAt(s, 100), 'christmas')).toBe(0);
  });

  it('read nothing after the decision day: a peeking feature fails this test', () => {
    for (const seed of [3, 11, 29]) {
      const s = randomSeries(seed, 700);
      expect(peeks(promoFeaturesAt, s)).toBe(false);
      expect(peeks(adviceFeaturesAt, s)).toBe(false);
    }
    // The check catches a feature that reads tomorrow's price, guarded or not.
    const s = randomSeries(5, 300);
    const tomorrow = (h: readonly PricePoint[], at: number) => [...promoFeaturesAt(h, at), h[at + 1]?.price ?? 0];
    expect(peeks(tomorrow, s)).toBe(true);
    const lastOfArray = (h: readonly PricePoint[], at: number) => [...promoFeaturesAt(h, at), h.length > at + 1 ? 1 : 0];
    expect(peeks(lastOfArray, s)).toBe(true);
  });

  it('read only the last 365 days and the one point on or before the day a year ago', () => {
    const s = randomSeries(17, 900);
    for (let at = 0; at < s.length; at += 11) {
      const t = s[at]!.day;
      let from = at;
      while (from > 0 && s[from]!.day > t - 365) from--;
      expect(promoFeaturesAt(s.slice(from), at - from)).toEqual(promoFeaturesAt(s, at));
    }
  });
});

describe('models that name their features', () => {
  const series = new Map([
    ['a', cyclic(500)],
    ['b', randomSeries(23, 500)],
  ]);

  it('fit and read only the named features, in their order, and advise from the full vector', () => {
    const examples = examplesOf([...series.values()].flatMap((s) => decisionsOf(s, 14)));
    const model = fitLogistic(examples, 14, { features: ['cyclePhase', 'vsMin90'], epochs: 50 });
    expect(model.features).toEqual(['cyclePhase', 'vsMin90']);
    expect(model.weights).toHaveLength(2);
    const x = examples[40]!.x;
    expect(x).toHaveLength(ALL_FEATURE_NAMES.length);
    expect(modelInputs(model, x)).toEqual([x[ALL_FEATURE_NAMES.indexOf('cyclePhase')], x[0]]);
    const manual =
      model.bias +
      model.weights[0]! * ((modelInputs(model, x)[0]! - model.means[0]!) / model.scales[0]!) +
      model.weights[1]! * ((x[0]! - model.means[1]!) / model.scales[1]!);
    expect(logisticMargin(model, x)).toBeCloseTo(manual, 10);
    // A model without a list (files before 2026-11-29) reads the base features, the vector's first ten.
    const legacy: AdviceModel = { ...model, features: undefined, weights: model.weights.slice(0, 1), means: [0], scales: [1] };
    expect(logisticMargin(legacy, x)).toBeCloseTo(model.bias + model.weights[0]! * x[0]!, 10);
  });

  it('the backtest fits the features asked for, and its trees split only those', () => {
    const split = START + 300;
    const result = backtest(series, 14, split, { features: ['vsMin90', 'sinceDrop', 'dropHazard14'] });
    expect(result.model.features).toEqual(['vsMin90', 'sinceDrop', 'dropHazard14']);
    for (const t of result.model.trees ?? []) for (const f of t.feature) expect(f).toBeLessThan(3);
    expect(Number.isFinite(adviceMargin(result.model, adviceFeaturesAt(cyclic(), 350)))).toBe(true);
    // By default: the base features and the promotion cycle's, not the season's.
    const byDefault = backtest(series, 14, split).model.features!;
    expect(byDefault).toEqual([...BASE_FEATURE_NAMES, ...PROMO_FEATURE_NAMES.slice(0, 9)]);
    expect(byDefault).toEqual(expect.arrayContaining(['sinceDrop', 'dropHazard14', 'promoDepth', 'onPromo', 'promoLength']));
    expect(byDefault).not.toContain('lastYearDrop14');
  });

  it('the loader takes a model naming known features, and refuses an unknown one or a weight too many', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'advice-model-'));
    const model = fitLogistic(examplesOf(decisionsOf(cyclic(), 14)), 14, { features: ['onPromo', 'vsMax90'], epochs: 10 });
    const file = (m: object) => {
      const f = path.join(dir, `${Math.random()}.json`);
      writeFileSync(
        f,
        JSON.stringify({ source: 'test', generatedAt: '2026-11-29', horizons: { 14: { model: m, heldOut: { noWorse: 1, capture: 0, decisions: 1 } } } }),
      );
      return f;
    };
    expect(loadAdviceModels(file(model))!.horizons[14]!.model.features).toEqual(['onPromo', 'vsMax90']);
    expect(() => loadAdviceModels(file({ ...model, features: ['onPromo', 'nextWeekPrice'] }))).toThrow(/not a price-advice model/);
    expect(() => loadAdviceModels(file({ ...model, weights: [...model.weights, 0] }))).toThrow(/not a price-advice model/);
  });
});
