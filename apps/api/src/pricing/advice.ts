/**
 * Buy-or-wait advice (issue 16 §3), pure: no I/O. From an offer's observed daily prices up to
 * today, a logistic model gives the probability that the price falls at least
 * {@link ADVICE_MIN_DROP} (3 %) below today's within the horizon (14 or 30 days); WAIT when that
 * probability reaches the model's fitted threshold, else BUY. Too short a history (fewer than
 * {@link ADVICE_MIN_DAYS} observed days) gives no advice at all: it says so instead of guessing.
 *
 * The model is a logistic regression, optionally with small boosted trees on its residuals
 * (../ml), which draw the sharp lines a weighted sum cannot ("over 10 % above the 90-day low").
 *
 * Features (all from days up to today, never after): today's price against the trailing 90-day
 * minimum, maximum and median; the 7-day trend; how often the price changed in the last 90 days;
 * days since the last change; the share of the last 365 days spent below 95 % of the trailing
 * high (the merchant's sale habit); whether the offer is in stock; distance to Black Friday;
 * the length of the observed history ({@link BASE_FEATURE_NAMES}); then the phase, depth and length
 * of the offer's promotion cycle, the drop of the same days a year ago and the nearness of Christmas
 * (promo-features.ts). A model reads the ones it names (`features`). Prices are integer cents; days
 * are whole UTC days since 1970-01-01.
 */
import { treeValue, type Tree } from '../ml/index.ts';
import type { AdviceTrack } from './advice-record.ts';
import { PROMO_FEATURE_NAMES, promoFeaturesAt, SEASON_FEATURE_NAMES } from './promo-features.ts';

/** One observed day of an offer: the price a shopper could pay that day (cents) and whether it was in stock. */
export interface PricePoint {
  day: number;
  price: number;
  inStock: boolean;
}

/** The drop that counts as "the price fell" for the advice, as a share of today's price. */
export const ADVICE_MIN_DROP = 0.03;
/** Fewest observed days before any advice is given. */
export const ADVICE_MIN_DAYS = 30;
/** Horizons the advice and the backtest speak for, days. */
export const ADVICE_HORIZONS = [14, 30] as const;
export type AdviceHorizon = (typeof ADVICE_HORIZONS)[number];

/** The trailing statistics of the history (this module), the features of every model fitted before 2026-11-29, in this order. */
export const BASE_FEATURE_NAMES = [
  'vsMin90',
  'vsMax90',
  'vsMedian90',
  'trend7',
  'changes90',
  'daysSinceChange',
  'saleShare365',
  'inStock',
  'blackFriday',
  'historyLength',
] as const;

/** Every feature {@link adviceFeaturesAt} computes, in the order of its vector: the base ones, then the promotion cycle's (promo-features.ts). */
export const ALL_FEATURE_NAMES = [...BASE_FEATURE_NAMES, ...PROMO_FEATURE_NAMES] as const;
export type FeatureName = (typeof ALL_FEATURE_NAMES)[number];

/**
 * The features `npm run backtest` fits a model on (a model file names its own in `features`): the
 * base ones and the promotion cycle's phase, depth and length; not the season's (the drop a year
 * ago, Christmas), which lowered capture on the development run of 2026-11-29 (eval README).
 */
export const FEATURE_NAMES: readonly FeatureName[] = ALL_FEATURE_NAMES.filter((f) => !SEASON_FEATURE_NAMES.includes(f));

/**
 * A fitted model for one horizon: standardisation, weights, optional boosted trees over the raw
 * features (their values added to the logistic margin), the WAIT threshold, and the mean drop
 * when the price fell.
 */
export interface AdviceModel {
  horizon: AdviceHorizon;
  /**
   * The features the model reads, in the order of its weights (names of {@link ALL_FEATURE_NAMES});
   * absent in files written before 2026-11-29: the {@link BASE_FEATURE_NAMES}.
   */
  features?: FeatureName[];
  means: number[];
  scales: number[];
  weights: number[];
  bias: number;
  /** Trees boosted on the logistic model's residuals (`npm run backtest`); none for a plain logistic model. */
  trees?: Tree[];
  /** WAIT when the probability of a drop is at least this. */
  threshold: number;
  /** Mean drop (share of today's price) to the horizon's low, over training days on which the price did fall. */
  meanDrop: number;
  /**
   * Platt scaling of the margin (probability = sigmoid(scale × margin + offset)), fitted on the
   * training days' plain labels when the model was trained with weighted examples, so the
   * probability shown stays a frequency; absent: the margin is already one.
   */
  calibration?: { scale: number; offset: number };
}

/** The advice for one offer. Cents and days. */
export type Advice =
  | { kind: 'insufficient_history'; observedDays: number; neededDays: number }
  | {
      kind: 'BUY' | 'WAIT';
      horizon: AdviceHorizon;
      /** Probability that the price falls 3 % or more within the horizon. */
      dropProbability: number;
      /** The model's probability of the outcome the advice bets on (a model's figure, not an observed rate: see `record`). */
      confidence: number;
      /** Expected saving from waiting: probability × mean drop × today's price, cents (0 for BUY). */
      expectedSavingCents: number;
      /**
       * How advice of this probability band did on the backtest's held-out part (advice-record.ts),
       * which the pages show instead of `confidence`; null when the model file holds no record.
       * Set by the service (advice-service.ts), not by {@link advise}.
       */
      record?: AdviceTrack | null;
    };

const DAY_MS = 86_400_000;
/** Whole UTC days since 1970-01-01 of `d`. */
export const dayNumber = (d: Date): number => Math.floor(d.getTime() / DAY_MS);

/** Day number of Black Friday (the day after the fourth Thursday of November) of `year`. */
export function blackFriday(year: number): number {
  const nov1 = new Date(Date.UTC(year, 10, 1));
  const firstThursday = 1 + ((4 - nov1.getUTCDay() + 7) % 7);
  return dayNumber(new Date(Date.UTC(year, 10, firstThursday + 21 + 1)));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The features of the last point of `history` (oldest first, observed days only, each day once).
 * Reads nothing after that point, and of the earlier points only the last 365 days and the first
 * one (the history's length), walking back from today: the cost of a day's features does not grow
 * with the length of the history. `history` must hold at least one point.
 */
export function adviceFeatures(history: readonly PricePoint[]): number[] {
  return adviceFeaturesAt(history, history.length - 1);
}

/**
 * {@link adviceFeatures} of point `at` of `series`, reading no point after it (the backtest's
 * way to get every day's features without copying or guarding the history; a test holds it
 * equal to the features of the history cut at `at`).
 */
export function adviceFeaturesAt(series: readonly PricePoint[], at: number): number[] {
  const history = series;
  const n = at + 1;
  const today = history[n - 1]!;
  const t = today.day;
  const p = today.price;
  const first = history[0]!;
  // One walk back over the last 365 days: the 90-day prices, price changes and the week-ago point.
  const year: number[] = [];
  const last90: number[] = [];
  let weekAgo: PricePoint | undefined;
  let changes = 0;
  let lastChange: number | null = null;
  let later = today;
  for (let i = n - 1; i >= 0; i--) {
    const h = i === n - 1 ? today : history[i]!;
    if (i < n - 1 && h.price !== later.price) {
      // A change on point i + 1 (what the forward reading counts at i + 1).
      lastChange ??= later.day;
      if (later.day > t - 90) changes++;
    }
    if (!weekAgo && h.day <= t - 7) weekAgo = h;
    if (h.day <= t - 365) break;
    year.push(h.price);
    if (h.day > t - 90) last90.push(h.price);
    later = h;
  }
  // No change in the days walked: there was none (the first day counts), or it is over a year old
  // (and so is the first day): either way the feature below is the same.
  lastChange ??= first.day;
  const min90 = Math.min(...last90);
  const max90 = Math.max(...last90);
  let high = 0;
  let below = 0;
  for (let k = year.length - 1; k >= 0; k--) {
    high = Math.max(high, year[k]!);
    if (year[k]! < high * 0.95) below++;
  }
  const y = new Date(t * DAY_MS).getUTCFullYear();
  const nextBf = [blackFriday(y), blackFriday(y + 1)].find((d) => d >= t)!;
  return [
    p / min90 - 1,
    1 - p / max90,
    p / median(last90) - 1,
    weekAgo ? p / weekAgo.price - 1 : 0,
    changes / 90,
    Math.min(t - lastChange, 90) / 90,
    year.length ? below / year.length : 0,
    today.inStock ? 1 : 0,
    Math.max(0, 1 - (nextBf - t) / 60),
    Math.min(t - first.day + 1, 365) / 365,
    ...promoFeaturesAt(history, at),
  ];
}

/** Index in {@link ALL_FEATURE_NAMES} of each feature a model reads, by the model's `features` list. */
const inputIndex = new WeakMap<readonly FeatureName[], number[]>();

/**
 * The inputs of `model` from a full feature vector `x` ({@link adviceFeaturesAt}'s, of
 * {@link ALL_FEATURE_NAMES}): the values of the model's `features`, in its order; `x` itself for a
 * model without a list (its weights read the first, base, features).
 */
export function modelInputs(model: Pick<AdviceModel, 'features'>, x: readonly number[]): readonly number[] {
  if (!model.features) return x;
  let idx = inputIndex.get(model.features);
  if (!idx) inputIndex.set(model.features, (idx = model.features.map((name) => ALL_FEATURE_NAMES.indexOf(name))));
  return idx.map((i) => x[i]!);
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The logistic part's margin (log-odds) for the full feature vector `x`: bias plus the weighted standardised inputs ({@link modelInputs}). */
export function logisticMargin(model: AdviceModel, x: readonly number[]): number {
  return marginOfInputs(model, modelInputs(model, x), false);
}

/** The margin of the model's own `inputs`: the logistic part's, plus its trees' values when `withTrees`. */
function marginOfInputs(model: AdviceModel, inputs: readonly number[], withTrees: boolean): number {
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i]! * ((inputs[i]! - model.means[i]!) / model.scales[i]!);
  if (withTrees && model.trees) for (const t of model.trees) z += treeValue(t, inputs);
  return z;
}

/** The model's probability that the price falls 3 % or more within its horizon, for features `x`: the sigmoid of {@link adviceMargin}, through the model's calibration when it has one. */
export function dropProbability(model: AdviceModel, x: readonly number[]): number {
  const z = adviceMargin(model, x);
  return sigmoid(model.calibration ? model.calibration.scale * z + model.calibration.offset : z);
}

/** The model's uncalibrated margin for the full feature vector `x`: the logistic margin plus its trees' values (trees split the model's inputs, {@link modelInputs}). */
export function adviceMargin(model: AdviceModel, x: readonly number[]): number {
  return marginOfInputs(model, modelInputs(model, x), true);
}

/**
 * Platt scaling (a one-feature logistic regression by Newton's method) of `margins` against the
 * 0/1 `labels`: the `{ scale, offset }` of {@link AdviceModel.calibration}. Deterministic.
 */
export function fitCalibration(margins: readonly number[], labels: readonly number[], iterations = 25): { scale: number; offset: number } {
  let a = 1;
  let b = 0;
  for (let it = 0; it < iterations; it++) {
    let ga = 0;
    let gb = 0;
    let haa = 1e-9;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < margins.length; i++) {
      const z = margins[i]!;
      const p = sigmoid(a * z + b);
      const e = p - labels[i]!;
      const v = p * (1 - p);
      ga += e * z;
      gb += e;
      haa += v * z * z;
      hab += v * z;
      hbb += v;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-12) break;
    a -= (hbb * ga - hab * gb) / det;
    b -= (haa * gb - hab * ga) / det;
  }
  return { scale: Math.round(a * 1e6) / 1e6, offset: Math.round(b * 1e6) / 1e6 };
}

/** Observed days in `history`. */
const observedDays = (history: readonly PricePoint[]) => history.length;

/** The advice for the last point of `history` under `model` (see the module comment). */
export function advise(model: AdviceModel, history: readonly PricePoint[]): Advice {
  if (observedDays(history) < ADVICE_MIN_DAYS) return { kind: 'insufficient_history', observedDays: observedDays(history), neededDays: ADVICE_MIN_DAYS };
  const prob = dropProbability(model, adviceFeatures(history));
  const wait = prob >= model.threshold;
  const price = history[history.length - 1]!.price;
  return {
    kind: wait ? 'WAIT' : 'BUY',
    horizon: model.horizon,
    dropProbability: prob,
    confidence: wait ? prob : 1 - prob,
    expectedSavingCents: wait ? Math.round(prob * model.meanDrop * price) : 0,
  };
}

/** One training example: features of a day and whether the price fell 3 % or more within the horizon (and by how much). */
export interface Example {
  x: number[];
  y: 0 | 1;
  drop: number;
  /** Weight of the example in the fit (default 1). */
  w?: number;
}

/**
 * Fits a logistic model by gradient descent with L2 regularisation on standardised features
 * (`epochs` full passes, learning rate `rate`), reading of each example's full feature vector
 * the `features` (default {@link FEATURE_NAMES}; the model keeps their names). Deterministic for
 * the same examples.
 */
export function fitLogistic(
  examples: readonly Example[],
  horizon: AdviceHorizon,
  opts: { epochs?: number; rate?: number; l2?: number; features?: readonly FeatureName[] } = {},
): AdviceModel {
  const n = examples.length;
  const features = [...(opts.features ?? FEATURE_NAMES)];
  const k = features.length;
  const inputs = examples.map((e) => modelInputs({ features }, e.x));
  const means = Array.from({ length: k }, (_, j) => inputs.reduce((s, x) => s + x[j]!, 0) / Math.max(n, 1));
  const scales = Array.from({ length: k }, (_, j) => Math.sqrt(inputs.reduce((s, x) => s + (x[j]! - means[j]!) ** 2, 0) / Math.max(n, 1)) || 1);
  const xs = inputs.map((x) => x.map((v, j) => (v - means[j]!) / scales[j]!));
  const weights = new Array<number>(k).fill(0);
  const total = examples.reduce((s, e) => s + (e.w ?? 1), 0);
  const positives = examples.reduce((s, e) => s + (e.y === 1 ? (e.w ?? 1) : 0), 0);
  let bias = Math.log((positives + 1) / (total - positives + 1));
  const { epochs = 300, rate = 0.5, l2 = 1e-3 } = opts;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = new Array<number>(k).fill(0);
    let gBias = 0;
    for (let i = 0; i < n; i++) {
      let z = bias;
      for (let j = 0; j < k; j++) z += weights[j]! * xs[i]![j]!;
      const err = (sigmoid(z) - examples[i]!.y) * (examples[i]!.w ?? 1);
      gBias += err;
      for (let j = 0; j < k; j++) grad[j]! += err * xs[i]![j]!;
    }
    bias -= (rate * gBias) / Math.max(total, 1);
    for (let j = 0; j < k; j++) weights[j]! -= rate * (grad[j]! / Math.max(total, 1) + l2 * weights[j]!);
  }
  const drops = examples.filter((e) => e.y === 1).map((e) => e.drop);
  return { horizon, features, means, scales, weights, bias, threshold: 0.5, meanDrop: drops.length ? drops.reduce((a, b) => a + b, 0) / drops.length : 0 };
}
