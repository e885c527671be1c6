/**
 * Issue 16 §3–§4, §7: buy-or-wait advice and its backtest on synthetic histories with known
 * answers; the look-ahead guard; no advice from too short a history.
 */
import { describe, expect, it } from 'vitest';
import {
  ADVICE_MIN_DAYS,
  advise,
  adviceFeatures,
  adviceFeaturesAt,
  blackFriday,
  adviceMargin,
  BASE_FEATURE_NAMES,
  FEATURE_NAMES,
  dropProbability,
  fitCalibration,
  fitLogistic,
  logisticMargin,
  dayNumber,
  type PricePoint,
} from '../../src/pricing/advice.ts';
import { treeValue } from '../../src/ml/index.ts';
import { alertCeiling, backtest, decisionsOf, examplesOf, guardedHistory, LookAheadError, score, type Policy } from '../../src/pricing/backtest.ts';

const BASE = BASE_FEATURE_NAMES.length;
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

describe('the hindsight bound of alert execution', () => {
  it('captures every sale the 3 % alert catches whole, and nothing of a drop under 3 % or below the alert', () => {
    // The cyclic sale is one step to $80: the alert buys at the lowest, so the bound captures it all.
    expect(alertCeiling(decisionsOf(cyclic(), 14))).toMatchObject({ noWorse: 1, capture: 1 });
    // A 2 % dip (days 40–44) never fires the alert: of the 11 decision days before it (29–39) whose horizon sees it,
    // only the two whose horizon ends inside it (29, 30) buy in it, on the horizon's last day.
    const dip = Array.from({ length: 60 }, (_, d) => ({ day: START + d, price: d >= 40 && d < 45 ? 9800 : 10000, inStock: true }));
    expect(alertCeiling(decisionsOf(dip, 14)).capture).toBeCloseTo(2 / 11, 10);
    // A sale in two steps, $95 on days 40–41 then $80 on 42–44: from a $100 day the alert buys at $95 of the $20 possible.
    const steps = Array.from({ length: 60 }, (_, d) => ({ day: START + d, price: d >= 42 && d < 45 ? 8000 : d >= 40 && d < 45 ? 9500 : 10000, inStock: true }));
    const d39 = decisionsOf(steps, 14).filter((x) => x.day === START + 39);
    expect(alertCeiling(d39)).toMatchObject({ decisions: 1, capture: 0.25, waitShare: 1 });
    // No policy does better under the same execution.
    const all = decisionsOf(steps, 14);
    for (const p of [() => true, () => false] as Policy[]) expect(score(p, all).capture!).toBeLessThanOrEqual(alertCeiling(all).capture!);
  });
});

describe('daily execution: the shopper asks the advice again every day', () => {
  /** $100, then $90 on cycle days 18–19 and $80 on days 20–24 of every 25-day cycle: a sale that deepens. */
  const deepening = (): PricePoint[] =>
    Array.from({ length: 400 }, (_, d) => ({ day: START + d, price: d % 25 >= 20 ? 8000 : d % 25 >= 18 ? 9000 : 10000, inStock: true }));
  /** Waits while today's price is above the lowest of the last 90 days. */
  const aboveLow: Policy = (h) => {
    const t = h[h.length - 1]!;
    let min = t.price;
    for (let i = h.length - 1; i >= 0 && h[i]!.day > t.day - 90; i--) min = Math.min(min, h[i]!.price);
    return t.price > min;
  };

  it("buys on the first day the policy says BUY: the sale's deepest day, where one 3 % alert buys its first", () => {
    const d = decisionsOf(deepening(), 14);
    const daily = score(aboveLow, d, 'daily');
    expect(daily).toMatchObject({ noWorse: 1, capture: 1 });
    const alert = score(aboveLow, d);
    expect(alert.noWorse).toBe(1);
    expect(alert.capture!).toBeLessThan(0.9);
    // A decision 4 days before the $90 days: daily pays $80, the alert $90.
    const one = d.filter((x) => x.day === START + 64);
    expect(score(aboveLow, one, 'daily').capture).toBe(1);
    expect(score(aboveLow, one, 'alert').capture).toBeCloseTo(10 / 20, 10);
  });

  it("buys on the horizon's last in-stock day when the policy never says BUY, and asks the policy once per day of a series", () => {
    const series = deepening();
    const d = decisionsOf(series, 14);
    const waitAlways = score(() => true, d, 'daily');
    // Always waiting pays the price 14 days on: worse exactly when that day is dearer.
    const worse = d.filter((x) => series.find((p) => p.day === x.day + 14)!.price > x.price).length;
    expect(waitAlways.noWorse).toBeCloseTo(1 - worse / d.length, 10);
    let calls = 0;
    score((h) => (calls++, h.length % 3 === 0), d, 'daily');
    expect(calls).toBeLessThanOrEqual(series.length);
  });

  it('fails a policy that peeks on any day of the walk', () => {
    const d = decisionsOf(deepening(), 14);
    const peeksLater: Policy = (h) => h.length > 60 && (h as PricePoint[])[h.length]!.price < 9000;
    expect(() => score(peeksLater, d, 'daily')).toThrow(LookAheadError);
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

  it('fits boosted trees on the logistic residuals and adds their values to its margin', () => {
    const series = new Map(Array.from({ length: 6 }, (_, i) => [`offer-${i}`, cyclic(i * 4)] as const));
    const { model } = backtest(series, 14, START + 240);
    expect(model.trees!.length).toBeGreaterThan(0);
    const x = adviceFeatures(cyclic().slice(0, 60));
    const z = logisticMargin(model, x) + model.trees!.reduce((sum, t) => sum + treeValue(t, x), 0);
    const raw = { ...model, calibration: undefined };
    expect(adviceMargin(model, x)).toBeCloseTo(z, 12);
    expect(dropProbability(raw, x)).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
    expect(dropProbability({ ...raw, trees: undefined }, x)).toBeCloseTo(1 / (1 + Math.exp(-logisticMargin(model, x))), 12);
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
    // The backtest's reading of a day inside a longer series reads nothing after that day.
    for (const i of [29, 49, 250]) expect(adviceFeaturesAt(guardedHistory(s, i), i)).toEqual(adviceFeatures(s.slice(0, i + 1)));
  });
});

/** The base features (BASE_FEATURE_NAMES) as first written (every filter over the whole history): the reference the windowed reading must equal. */
function wholeHistoryFeatures(history: readonly PricePoint[]): number[] {
  const today = history[history.length - 1]!;
  const t = today.day;
  const p = today.price;
  const last90 = history.filter((h) => h.day > t - 90).map((h) => h.price);
  const sorted = [...last90].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
  const weekAgo = [...history].reverse().find((h) => h.day <= t - 7);
  let changes = 0;
  let lastChange = history[0]!.day;
  for (let i = 1; i < history.length; i++) {
    if (history[i]!.price !== history[i - 1]!.price) {
      lastChange = history[i]!.day;
      if (history[i]!.day > t - 90) changes++;
    }
  }
  const year = history.filter((h) => h.day > t - 365);
  let high = 0;
  let below = 0;
  for (const h of year) {
    high = Math.max(high, h.price);
    if (h.price < high * 0.95) below++;
  }
  const y = new Date(t * 86_400_000).getUTCFullYear();
  const nextBf = [blackFriday(y), blackFriday(y + 1)].find((d) => d >= t)!;
  return [
    p / Math.min(...last90) - 1,
    1 - p / Math.max(...last90),
    p / median - 1,
    weekAgo ? p / weekAgo.price - 1 : 0,
    changes / 90,
    Math.min(t - lastChange, 90) / 90,
    year.length ? below / year.length : 0,
    today.inStock ? 1 : 0,
    Math.max(0, 1 - (nextBf - t) / 60),
    Math.min(t - history[0]!.day + 1, 365) / 365,
  ];
}

describe('advice features on long histories', () => {
  it('equal the whole-history reading on every day of long, gappy, sale-ridden histories (they read only the last year and the first day)', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 6; run++) {
      const series: PricePoint[] = [];
      let day = START - 200 * run;
      let price = 10_000;
      while (series.length < 900) {
        day += rand() < 0.05 ? 2 + Math.floor(rand() * (run % 2 ? 120 : 12)) : 1; // silences, some longer than a year's edge
        if (rand() < 0.04) price = Math.round(price * (0.7 + rand() * 0.6));
        series.push({ day, price: rand() < 0.1 ? Math.round(price * 0.8) : price, inStock: rand() > 0.05 });
      }
      for (let i = 0; i < series.length; i += 7) {
        expect(adviceFeatures(guardedHistory(series, i)).slice(0, BASE)).toEqual(wholeHistoryFeatures(series.slice(0, i + 1)));
        expect(adviceFeaturesAt(series, i).slice(0, BASE)).toEqual(wholeHistoryFeatures(series.slice(0, i + 1)));
      }
    }
    const flat = Array.from({ length: 500 }, (_, d) => ({ day: START + d, price: 5_000, inStock: true }));
    for (const i of [0, 1, 60, 89, 90, 91, 364, 365, 366, 499])
      expect(adviceFeatures(flat.slice(0, i + 1)).slice(0, BASE)).toEqual(wholeHistoryFeatures(flat.slice(0, i + 1)));
  });
});

describe('weighted fit and calibration', () => {
  it('fitCalibration recovers the scale and offset of labels drawn from sigmoid(2z − 1)', () => {
    // Deterministic labels: for each margin, a share sigmoid(2z − 1) of 200 copies are positive.
    const margins: number[] = [];
    const labels: number[] = [];
    for (let z = -3; z <= 3; z += 0.25) {
      const p = 1 / (1 + Math.exp(-(2 * z - 1)));
      for (let k = 0; k < 200; k++) {
        margins.push(z);
        labels.push(k < Math.round(p * 200) ? 1 : 0);
      }
    }
    const c = fitCalibration(margins, labels);
    expect(c.scale).toBeCloseTo(2, 1);
    expect(c.offset).toBeCloseTo(-1, 1);
  });

  it('a model fitted with drop weights gives sigmoid(scale × margin + offset); without a calibration, sigmoid(margin)', () => {
    const series = new Map(Array.from({ length: 6 }, (_, i) => [`offer-${i}`, cyclic(i * 4)] as const));
    const { model } = backtest(series, 14, START + 240);
    const x = adviceFeatures(cyclic().slice(0, 60));
    const z = adviceMargin(model, x);
    // The backtest's model is fitted with drop weights, so it carries a calibration; the plain fit carries none.
    const { scale, offset } = model.calibration!;
    expect(dropProbability(model, x)).toBeCloseTo(1 / (1 + Math.exp(-(scale * z + offset))), 12);
    expect(dropProbability({ ...model, calibration: undefined }, x)).toBeCloseTo(1 / (1 + Math.exp(-z)), 12);
    expect(backtest(series, 14, START + 240, { weightByOutcome: false }).model.calibration).toBeUndefined();
  });

  it('weights examples: positives weighted by their drop pull the fit towards the days of deep drops', () => {
    // One feature: days with x = 1 fall rarely but deeply, days with x = 0 often but shallowly; unweighted, x = 1 looks worse.
    const ex = (x: number, y: 0 | 1, drop: number) => ({ x: FEATURE_NAMES.map((_, i) => (i === 0 ? x : 0)), y, drop });
    const rows = [
      ...Array.from({ length: 30 }, () => ex(1, 1, 0.3)),
      ...Array.from({ length: 70 }, () => ex(1, 0, 0)),
      ...Array.from({ length: 50 }, () => ex(0, 1, 0.03)),
      ...Array.from({ length: 50 }, () => ex(0, 0, 0)),
    ];
    const plain = fitLogistic(rows, 14);
    const weighted = fitLogistic(
      rows.map((r) => (r.y ? { ...r, w: r.drop / 0.03 } : r)),
      14,
    );
    const at = (m: typeof plain, x: number) => logisticMargin(m, ex(x, 0, 0).x);
    expect(at(plain, 1)).toBeLessThan(at(plain, 0));
    expect(at(weighted, 1)).toBeGreaterThan(at(weighted, 0));
  });

  it('weighs a day by what waiting was worth or cost there: the drop over 3 %, or 1 plus the rise over 3 %', () => {
    const steps = (after: number): PricePoint[] => Array.from({ length: 80 }, (_, d) => ({ day: START + d, price: d < 40 ? 10_000 : after, inStock: true }));
    // Decisions start on day 29 (30 days of history): the 7th is day 35, whose 14-day horizon holds the step on day 40.
    const at = (series: PricePoint[], weighted: boolean) => examplesOf(decisionsOf(series, 14), weighted)[6]!;
    expect(decisionsOf(steps(7_000), 14)[6]!.day).toBe(START + 35);
    expect(at(steps(7_000), true)).toMatchObject({ y: 1, drop: expect.closeTo(0.3, 9), w: expect.closeTo(10, 9) }); // a 30 % drop weighs 10
    expect(at(steps(10_600), true)).toMatchObject({ y: 0, w: expect.closeTo(3, 9) }); // waiting paid 6 % more: 1 + 2
    expect(at(steps(10_000), true)).toMatchObject({ y: 0, w: 1 }); // flat
    expect(at(steps(7_000), false).w).toBeUndefined();
  });
});
