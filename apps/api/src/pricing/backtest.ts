/**
 * Backtest of buy-or-wait policies on observed price histories (issue 16 §4), pure: no I/O.
 *
 * A decision is an offer on a day it was observed in stock, with at least ADVICE_MIN_DAYS of
 * history before it and the whole horizon after it inside the data: a shopper who wants the item
 * that day and will buy it within the horizon. Buying at once pays today's price. What waiting
 * pays depends on how the shopper follows the advice ({@link Execution}):
 * - `alert` (the default, and the figures the advice is judged and fitted by): one alert at 3 %
 *   under today's price, the drop the advice speaks of; the shopper buys on the first in-stock day
 *   of the horizon at or under it, else on the horizon's last in-stock day;
 * - `daily` (printed beside it): the shopper reads the advice again on every in-stock day of the
 *   horizon, as on the product page or in B-LOVED, and buys on the first day it says BUY, else on
 *   the horizon's last in-stock day (the simulated-passenger replay of Etzioni et al., "To buy or
 *   not to buy", KDD 2003).
 * Either way, today's price when no later day of the horizon is in stock. For a policy over a set
 * of decisions:
 * - **no-worse**: the share of decisions whose price paid is at most today's price;
 * - **capture**: the saving made (today's price − price paid, summed) over the best possible saving
 *   (today's price − the horizon's lowest in-stock price, summed); negative when waiting lost money.
 *
 * Training and scoring are chronological: a split day divides the data; training uses only
 * decisions whose horizon ends before it, scoring only decisions on or after it. Policies see an
 * offer's history through a guard that throws {@link LookAheadError} on any read past the
 * decision day, so a policy that peeks fails instead of scoring well.
 */
import {
  ADVICE_MIN_DAYS,
  ADVICE_MIN_DROP,
  adviceFeaturesAt,
  adviceMargin,
  dropProbability,
  fitCalibration,
  fitLogistic,
  logisticMargin,
  modelInputs,
  type AdviceHorizon,
  type AdviceModel,
  type Example,
  type FeatureName,
  type PricePoint,
} from './advice.ts';
import { fitBoosted, type BoostOptions } from '../ml/index.ts';
import { adviceRecord, type AdviceRecord } from './advice-record.ts';

/** Thrown when a policy reads an offer's history past the decision day. */
export class LookAheadError extends Error {
  constructor(day: number, index: number) {
    super(`look-ahead: a policy read point ${index} of the history on decision point ${day}`);
    this.name = 'LookAheadError';
  }
}

/** A policy: WAIT (true) or BUY (false) for the last point of `history`, given that day's advice features (computed from the same history). */
export type Policy = (history: readonly PricePoint[], features: readonly number[]) => boolean;

/** How a shopper follows WAIT: asks again every day (`daily`) or sets one alert at 3 % under today's price (`alert`). See the module comment. */
export type Execution = 'daily' | 'alert';

/** True when `prop` is an array index ("0", "17"): its first character is a digit and all are. */
const isIndex = (prop: string) => {
  const c = prop.charCodeAt(0);
  return c >= 48 && c <= 57 && /^\d+$/.test(prop);
};

/** The history of `series` up to point `i`, as an array that throws on any read past it. */
export function guardedHistory(series: readonly PricePoint[], i: number): readonly PricePoint[] {
  return new Proxy(series as PricePoint[], {
    get(target, prop, receiver) {
      if (prop === 'length') return i + 1;
      if (typeof prop === 'string' && isIndex(prop)) {
        const k = Number(prop);
        if (k > i) throw new LookAheadError(i, k);
        return target[k];
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      // Array methods run against the proxy, so they see the cut length and the guard too.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(receiver) : value;
    },
    has(target, prop) {
      if (typeof prop === 'string' && isIndex(prop)) return Number(prop) <= i;
      return Reflect.has(target, prop);
    },
  });
}

/** One decision: an offer's series, the index of the decision day, and what each choice would pay. Cents. */
export interface Decision {
  series: readonly PricePoint[];
  index: number;
  day: number;
  price: number;
  /** What waiting with the 3 % alert pays. */
  waitPrice: number;
  /** Index of the horizon's last point (the decision's walk under `daily` ends there). */
  end: number;
  /** The horizon's lowest in-stock price (today's included). */
  bestPrice: number;
  /** `adviceFeatures` of the decision day, computed once. */
  features: number[];
}

/** Every decision of `series` at horizon `h` (see the module comment). */
export function decisionsOf(series: readonly PricePoint[], h: AdviceHorizon): Decision[] {
  const out: Decision[] = [];
  const last = series[series.length - 1]?.day ?? 0;
  for (let i = ADVICE_MIN_DAYS - 1; i < series.length; i++) {
    const today = series[i]!;
    if (!today.inStock || today.day + h > last) continue;
    const target = today.price * (1 - ADVICE_MIN_DROP);
    let waitPrice: number | null = null;
    let lastSeen: number | null = null;
    let best = today.price;
    let end = i;
    for (let j = i + 1; j < series.length && series[j]!.day <= today.day + h; j++) {
      end = j;
      const p = series[j]!;
      if (!p.inStock) continue;
      best = Math.min(best, p.price);
      lastSeen = p.price;
      if (waitPrice === null && p.price <= target) waitPrice = p.price;
    }
    out.push({
      series,
      index: i,
      day: today.day,
      price: today.price,
      waitPrice: waitPrice ?? lastSeen ?? today.price,
      end,
      bestPrice: best,
      features: featuresAt(series, i),
    });
  }
  return out;
}

/** Each series' advice features by point, computed once (points not yet asked for are undefined). */
const featureCache = new WeakMap<readonly PricePoint[], Array<number[] | undefined>>();

/** `adviceFeatures` of point `i` of `series` (read up to `i` only, see `adviceFeaturesAt`), cached. */
function featuresAt(series: readonly PricePoint[], i: number): number[] {
  let cached = featureCache.get(series);
  if (!cached) featureCache.set(series, (cached = []));
  return (cached[i] ??= adviceFeaturesAt(series, i));
}

/**
 * What a shopper following `policy` pays for decision `d` under `daily` execution: the price of
 * the first in-stock day from the decision day to the horizon's end on which `ask` says BUY, else
 * the last in-stock price of the horizon. `ask(j)` is the policy's WAIT for point `j`.
 */
function dailyPaid(d: Decision, ask: (j: number) => boolean): number {
  let last = d.price;
  for (let j = d.index; j <= d.end; j++) {
    const p = d.series[j]!;
    if (!p.inStock) continue;
    if (!ask(j)) return p.price;
    last = p.price;
  }
  return last;
}

/** A policy's figures over decisions: count, share no worse than buying at once, share of the best saving captured (null when none was possible). */
export interface Score {
  decisions: number;
  noWorse: number;
  capture: number | null;
  waitShare: number;
}

/**
 * Scores `policy` over `decisions` under `execution`; the policy sees each history through
 * {@link guardedHistory}, and is asked at most once per point of a series.
 */
export function score(policy: Policy, decisions: readonly Decision[], execution: Execution = 'alert'): Score {
  let noWorse = 0;
  let saved = 0;
  let possible = 0;
  let waits = 0;
  const answers = new Map<readonly PricePoint[], Int8Array>();
  const askerOf = (series: readonly PricePoint[]) => {
    let memo = answers.get(series);
    if (!memo) answers.set(series, (memo = new Int8Array(series.length).fill(-1)));
    const m = memo;
    return (j: number) => {
      if (m[j] === -1) m[j] = policy(guardedHistory(series, j), featuresAt(series, j)) ? 1 : 0;
      return m[j] === 1;
    };
  };
  for (const d of decisions) {
    const ask = askerOf(d.series);
    const wait = ask(d.index);
    const paid = !wait ? d.price : execution === 'daily' ? dailyPaid(d, ask) : d.waitPrice;
    if (wait) waits++;
    if (paid <= d.price) noWorse++;
    saved += d.price - paid;
    possible += d.price - d.bestPrice;
  }
  const n = decisions.length;
  return { decisions: n, noWorse: n ? noWorse / n : 1, capture: possible > 0 ? saved / possible : null, waitShare: n ? waits / n : 0 };
}

/**
 * The hindsight bound of alert execution over `decisions`: WAIT exactly when waiting with the 3 %
 * alert pays less than today's price (`waitPrice < price`), BUY otherwise. It reads the horizon, so
 * it is no policy: it is the most any advice can capture when WAIT means one alert at 3 % under
 * today's price. Saving missed by it is out of reach of that execution (a drop under 3 % never fires
 * the alert; after the alert fires the price may fall further).
 */
export function alertCeiling(decisions: readonly Decision[]): Score {
  let saved = 0;
  let possible = 0;
  let waits = 0;
  for (const d of decisions) {
    if (d.waitPrice < d.price) {
      waits++;
      saved += d.price - d.waitPrice;
    }
    possible += d.price - d.bestPrice;
  }
  const n = decisions.length;
  return { decisions: n, noWorse: 1, capture: possible > 0 ? saved / possible : null, waitShare: n ? waits / n : 0 };
}

/** The no-worse floor a fitted threshold must keep on the training part. */
export const NO_WORSE_FLOOR = 0.97;

/** Of `candidates`, the one whose policy scores best on `train` (alert execution): the highest capture among those at or above the floor, else the highest no-worse. */
export function fitThreshold<T>(candidates: readonly T[], policyOf: (c: T) => Policy, train: readonly Decision[]): { best: T; score: Score } {
  let best: { best: T; score: Score } | null = null;
  const better = (a: Score, b: Score) => {
    const aOk = a.noWorse >= NO_WORSE_FLOOR;
    const bOk = b.noWorse >= NO_WORSE_FLOOR;
    if (aOk !== bOk) return aOk;
    return aOk ? (a.capture ?? 0) > (b.capture ?? 0) : a.noWorse > b.noWorse;
  };
  for (const c of candidates) {
    const s = score(policyOf(c), train);
    if (!best || better(s, best.score)) best = { best: c, score: s };
  }
  return best!;
}

/**
 * Training examples of the model from decisions: the features of the day, and whether the price
 * fell 3 % or more within the horizon. With `weightByOutcome`, each day weighs what the choice is
 * worth there: a day on which the price fell, its drop over 3 % (`drop / ADVICE_MIN_DROP` ≥ 1); a
 * day on which it did not, 1 plus what waiting would have cost over 3 % (`1 + rise /
 * ADVICE_MIN_DROP`, rise = the share the price paid after waiting is above today's, 0 when not).
 * Both come from the training part's own outcomes, as the labels do; never from the scored part.
 */
export function examplesOf(decisions: readonly Decision[], weightByOutcome = false): Example[] {
  return decisions.map((d) => {
    const drop = (d.price - d.bestPrice) / d.price;
    const y = drop >= ADVICE_MIN_DROP ? 1 : 0;
    if (!weightByOutcome) return { x: d.features, y, drop };
    const rise = Math.max(0, (d.waitPrice - d.price) / d.price);
    return { x: d.features, y, drop, w: y === 1 ? drop / ADVICE_MIN_DROP : 1 + rise / ADVICE_MIN_DROP };
  });
}

/** The trailing-minimum baseline: wait when today's price is more than 10 % above the lowest of the last 90 days. */
export const trailingMinimumRule: Policy = (h) => {
  const t = h[h.length - 1]!;
  let min = t.price;
  for (let i = h.length - 1; i >= 0 && h[i]!.day > t.day - 90; i--) min = Math.min(min, h[i]!.price);
  return t.price > min * 1.1;
};

/** The simple threshold rule: wait when today's price is at least `k` above the 90-day median (feature vsMedian90). */
export const medianThresholdRule =
  (k: number): Policy =>
  (_h, f) =>
    f[2]! >= k;

/** The model's policy: wait when its drop probability reaches the model's threshold. */
export const modelPolicy =
  (model: AdviceModel): Policy =>
  (_h, f) =>
    dropProbability(model, f) >= model.threshold;

/** Settings of the advice's boosted trees: set once on the training part of the HK history (2026-11-27) and not tuned after. */
export const ADVICE_TREES: BoostOptions & { sampleEvery: number } = { trees: 20, depth: 3, learningRate: 0.3, lambda: 1, minLeafWeight: 50, sampleEvery: 4 };

/**
 * Trees boosted on the residuals of `logistic` over `examples` (full feature vectors; the trees
 * split the logistic model's inputs, `modelInputs`; every `sampleEvery`-th example, in order, to bound the fit's time and memory on millions of days; none when there are too few
 * to split). Deterministic.
 */
export function boostedTrees(logistic: AdviceModel, examples: readonly Example[], options = ADVICE_TREES) {
  const rows = examples.filter((_, i) => i % options.sampleEvery === 0);
  if (rows.length < 2 * options.minLeafWeight) return [];
  return fitBoosted(
    rows.map((e) => modelInputs(logistic, e.x) as number[]),
    rows.map((e) => e.y),
    rows.map((e) => logisticMargin(logistic, e.x)),
    options,
    rows.map((e) => e.w ?? 1),
  );
}

/** The backtest of one horizon: each policy's scores on the training and the scoring part, and the fitted model. */
export interface BacktestResult {
  horizon: AdviceHorizon;
  splitDay: number;
  /** Each policy under alert execution (the figures the advice is judged and fitted by). */
  rows: Array<{ policy: string; train: Score; test: Score }>;
  /** The same policies when the shopper reads the advice every day instead (printed beside, for comparison). */
  dailyRows: Array<{ policy: string; train: Score; test: Score }>;
  /** {@link alertCeiling} of each part: the most any advice can capture under alert execution. */
  ceiling: { train: Score; test: Score };
  model: AdviceModel;
  /** The model's track record by probability band on the held-out decisions (advice-record.ts), named `opts.history`; null when none was scored. */
  record: AdviceRecord | null;
}

/**
 * Runs the backtest of `series` (offer id → observed points, oldest first) at horizon `h`, split
 * at `splitDay` (the first scored day). Deterministic. The model's training days weigh what
 * waiting was worth or cost there (a 30 % drop ten times a 3 % one, a wait that paid 6 % more three
 * times a day that stayed flat; `examplesOf`), so it ranks days by money, which is what capture
 * and a worse decision measure; its probability is then recalibrated on the plain labels
 * (`fitCalibration`). `weightByOutcome: false` fits the model of before 2026-11-27, for comparison.
 * The result carries the model's track record on the held-out part (advice-record.ts), which the
 * pages show instead of the model's probability; `history` names the history in it. `features`
 * picks the model's features (default `FEATURE_NAMES`; names of `ALL_FEATURE_NAMES`), for
 * comparing sets on a development run.
 */
export function backtest(
  series: ReadonlyMap<string, readonly PricePoint[]>,
  h: AdviceHorizon,
  splitDay: number,
  opts: { weightByOutcome?: boolean; history?: string; features?: readonly FeatureName[] } = {},
): BacktestResult {
  const weightByOutcome = opts.weightByOutcome ?? true;
  const all = [...series.values()].flatMap((s) => decisionsOf(s, h));
  const train = all.filter((d) => d.day + h < splitDay);
  const test = all.filter((d) => d.day >= splitDay);
  const k = fitThreshold([0, 0.02, 0.05, 0.08, 0.1, 0.15, 0.2, 0.3, 0.5, Infinity], medianThresholdRule, train);
  const examples = examplesOf(train, weightByOutcome);
  const logistic = fitLogistic(examples, h, { features: opts.features });
  const boosted: AdviceModel = { ...logistic, trees: boostedTrees(logistic, examples) };
  const fitted = weightByOutcome
    ? {
        ...boosted,
        calibration: fitCalibration(
          examples.map((e) => adviceMargin(boosted, e.x)),
          examples.map((e) => e.y),
        ),
      }
    : boosted;
  const thresholds = [0.03, 0.05, 0.07, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 1.01];
  const theta = fitThreshold(thresholds, (t) => modelPolicy({ ...fitted, threshold: t }), train);
  const model = { ...fitted, threshold: theta.best };
  const policies: Array<[string, Policy]> = [
    ['always BUY', () => false],
    ['always WAIT', () => true],
    ['trailing-minimum rule (wait above 90-day low + 10 %)', trailingMinimumRule],
    [`best threshold rule (wait at ≥ ${Number.isFinite(k.best) ? `${Math.round(k.best * 100)} %` : '∞'} over 90-day median)`, medianThresholdRule(k.best)],
    [`model (wait at P(drop) ≥ ${theta.best})`, modelPolicy(model)],
  ];
  const rowsOf = (execution: Execution) => policies.map(([policy, p]) => ({ policy, train: score(p, train, execution), test: score(p, test, execution) }));
  const record = test.length > 0 ? adviceRecord(model, test, opts.history ?? 'the backtest history') : null;
  return {
    horizon: h,
    splitDay,
    model,
    rows: rowsOf('alert'),
    dailyRows: rowsOf('daily'),
    ceiling: { train: alertCeiling(train), test: alertCeiling(test) },
    record,
  };
}
