/**
 * Pairwise match score of two prepared offers (issue 11 point 1), precision first: agreement of
 * identifiers and model numbers, similarity of informative title words (weighted by rarity),
 * brand agreement and price ratio; a conflict (different GTIN, model number, brand, storage
 * capacity, colour, pack size, condition, or a third-party "compatible" part against the
 * original) vetoes the match whatever the rest says.
 */
import { compareModels, type ModelAgreement } from './identifiers.ts';
import type { MatchRecord } from './record.ts';

/** How a pair was judged; stored per offer as its match method. */
export type PairMethod = 'gtin' | 'model' | 'title';

/** Result of {@link matchScore}. */
export interface PairScore {
  /** 0..1; 0 when vetoed. */
  score: number;
  /** The evidence the score rests on. */
  method: PairMethod;
  /** The conflict that vetoed the pair, or null. */
  veto: 'gtin' | 'model' | 'brand' | 'capacity' | 'color' | 'pack_size' | 'condition' | 'compatible' | null;
  models: ModelAgreement;
  /** Title-word similarity 0..1. */
  titleSimilarity: number;
}

/** Records a model key must appear in to count as generic. */
export const GENERIC_MODEL_RECORDS = 3;

/**
 * Document frequencies of title words over a catalogue, for weighting rare words above common
 * ones: weight = ln(1 + N / (1 + df)). Words never seen weigh as if seen once.
 */
export class WordStats {
  private readonly df = new Map<string, number>();
  private n = 0;

  /** Counts one record's words and model numbers (models under `#` + key). */
  add(words: readonly string[], models: readonly string[] = []): void {
    this.n++;
    for (const w of new Set(words)) this.df.set(w, (this.df.get(w) ?? 0) + 1);
    for (const m of new Set(models)) this.df.set(`#${m}`, (this.df.get(`#${m}`) ?? 0) + 1);
  }

  /** True when a model key occurs in {@link GENERIC_MODEL_RECORDS} or more records: a line or standard, not one product. */
  genericModel(key: string, records: number = GENERIC_MODEL_RECORDS): boolean {
    return (this.df.get(`#${key}`) ?? 0) >= records;
  }

  /** Number of records in which `word` occurs. */
  frequency(word: string): number {
    return this.df.get(word) ?? 0;
  }

  weight(word: string): number {
    return Math.log(1 + Math.max(this.n, 1) / (1 + this.frequency(word)));
  }
}

/**
 * Title similarity of two word sets: the mean of the weighted Dice coefficient and the weighted
 * containment of the shorter title in the longer (so a terse title inside a verbose one scores
 * high), 0..1.
 */
export function titleSimilarity(a: readonly string[], b: readonly string[], stats: WordStats): number {
  if (a.length === 0 || b.length === 0) return 0;
  const inB = new Set(b);
  let common = 0;
  let wa = 0;
  let wb = 0;
  for (const w of a) {
    const x = stats.weight(w);
    wa += x;
    if (inB.has(w)) common += x;
  }
  for (const w of b) wb += stats.weight(w);
  const dice = (2 * common) / (wa + wb);
  const containment = common / Math.min(wa, wb);
  return (dice + containment) / 2;
}

/** Brand keys agree when equal or when one (3+ characters) starts the other (`tops` / `topsbusinessforms`). */
function sameBrand(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short);
}

/** Capacities agree within 3 % (1,024 MB = 1 GB). */
const near = (x: number, y: number): boolean => Math.abs(x - y) <= 0.03 * Math.max(x, y);

/** True when both offers carry the same specific part number of 6+ characters: it outweighs a brand written differently (a maker and its parent company). */
function sharesPartNumber(a: MatchRecord, b: MatchRecord, stats: WordStats, genericRecords: number): boolean {
  return a.models.some((m) => m.length >= 6 && /\d/.test(m) && /[A-Z]/.test(m) && b.models.includes(m) && !stats.genericModel(m, genericRecords));
}

const disjoint = <T>(a: readonly T[], b: readonly T[]): boolean => a.length > 0 && b.length > 0 && !a.some((x) => b.includes(x));

/** Tunable weights of {@link matchScore}; the defaults are the ones tuned on the development split (docs/decisions/0010). */
export interface ScoreWeights {
  /** Base score when a model number agrees exactly, and when one contains the other. */
  modelSame: number;
  /** Base score when the agreeing model number is long (7+ characters mixing letters and digits): such a key names one product. */
  modelSameLong: number;
  modelClose: number;
  /** Share of the title similarity added to the model base. */
  titleShare: number;
  /** Added when both brands are known and equal. */
  brandBonus: number;
  /** Subtracted when the higher price is more than `priceRatio` times the lower. */
  pricePenalty: number;
  priceRatio: number;
  /** Subtracted per number of the title with fewer numbers that the other title lacks (both having numbers). */
  numberPenalty: number;
  /** Subtracted from a title-only score (no model number on one side or both). */
  noModelPenalty: number;
}

/**
 * Score at or above which a pair is the same product: the threshold `npm run eval:matching`
 * chooses on the development split (highest recall at precision ≥ 97 %; docs/decisions/0010).
 */
export const MATCH_THRESHOLD = 0.741;

export const DEFAULT_WEIGHTS: ScoreWeights = {
  modelSame: 0.6,
  modelSameLong: 0.7,
  modelClose: 0.35,
  titleShare: 0.4,
  brandBonus: 0.1,
  pricePenalty: 0.15,
  priceRatio: 2.5,
  numberPenalty: 0.1,
  noModelPenalty: 0.4,
};

/**
 * Scores a pair. Vetoes, in order: different GTINs; different model numbers (both sides have
 * one and none agrees); different brands (both known); disjoint storage capacities; disjoint
 * colours; different pack sizes; different conditions; a third-party part ("compatible",
 * "replacement for") against the original. Equal GTINs score 1.
 */
export function matchScore(
  a: MatchRecord,
  b: MatchRecord,
  stats: WordStats,
  w: ScoreWeights = DEFAULT_WEIGHTS,
  genericRecords: number = GENERIC_MODEL_RECORDS,
): PairScore {
  const models = compareModels(a.models, b.models, (k) => stats.genericModel(k, genericRecords));
  const sim = titleSimilarity(a.words, b.words, stats);
  const result = (score: number, method: PairMethod, veto: PairScore['veto'] = null): PairScore => ({
    score: veto ? 0 : Math.max(0, Math.min(1, score)),
    method,
    veto,
    models,
    titleSimilarity: sim,
  });
  if (a.gtin && b.gtin) return a.gtin === b.gtin ? result(1, 'gtin') : result(0, 'gtin', 'gtin');
  const method: PairMethod = models === 'same' || models === 'close' ? 'model' : 'title';
  if (models === 'different') return result(0, 'model', 'model');
  if (a.brand && b.brand && !sameBrand(a.brand, b.brand) && !(models === 'same' && sharesPartNumber(a, b, stats, genericRecords)))
    return result(0, method, 'brand');
  if (a.capacities.length && b.capacities.length && !near(Math.max(...a.capacities), Math.max(...b.capacities))) return result(0, method, 'capacity');
  if (disjoint(a.colors, b.colors)) return result(0, method, 'color');
  if (a.packSize !== null && b.packSize !== null && a.packSize !== b.packSize) return result(0, method, 'pack_size');
  if (a.condition !== b.condition) return result(0, method, 'condition');
  if (a.compatible !== b.compatible) return result(0, method, 'compatible');
  if (a.compatible !== b.compatible) return result(0, method, 'compatible');

  const long = models === 'same' && a.models.some((m) => m.length >= 7 && /\d/.test(m) && /[A-Z]/.test(m) && b.models.includes(m));
  let score = models === 'same' ? (long ? w.modelSameLong : w.modelSame) + w.titleShare * sim : models === 'close' ? w.modelClose + w.titleShare * sim : sim;
  if (method === 'title') score -= w.noModelPenalty;
  if (a.brand && a.brand === b.brand) score += w.brandBonus;
  if (a.numbers.length && b.numbers.length) {
    const [few, many] = a.numbers.length <= b.numbers.length ? [a.numbers, b.numbers] : [b.numbers, a.numbers];
    score -= w.numberPenalty * few.filter((n) => !many.includes(n)).length;
  }
  if (a.priceCents && b.priceCents) {
    const ratio = Math.max(a.priceCents, b.priceCents) / Math.min(a.priceCents, b.priceCents);
    if (ratio > w.priceRatio) score -= w.pricePenalty;
  }
  return result(score, method);
}

/**
 * The best-scoring of `candidates` for `record` (ties: the first), or null when there are none.
 * Candidates are catalogue products prepared with `prepareRecord`.
 */
export function bestMatch(
  record: MatchRecord,
  candidates: Iterable<{ productId: number; record: MatchRecord }>,
  stats: WordStats,
): { productId: number; score: number } | null {
  let best: { productId: number; score: number } | null = null;
  for (const c of candidates) {
    const { score } = matchScore(record, c.record, stats);
    if (!best || score > best.score) best = { productId: c.productId, score };
  }
  return best;
}
