/**
 * Pairwise match score of two prepared offers (issue 11 point 1), precision first: agreement of
 * identifiers and model numbers, similarity of informative title words (weighted by rarity),
 * brand agreement and price ratio; a conflict (different GTIN, model number, brand, storage
 * capacity, colour, pack size, condition, or a third-party "compatible" part against the
 * original) vetoes the match whatever the rest says.
 */
import { titleNamesBrand } from './brands.ts';
import { compareModels, prefixedModel, type ModelAgreement } from './identifiers.ts';
import type { MatchRecord } from './record.ts';
import trainedModel from './weights.json' with { type: 'json' };

/** How a pair was judged; stored per offer as its match method. */
export type PairMethod = 'gtin' | 'model' | 'title';

/** Result of {@link matchScore}. */
export interface PairScore {
  /** 0..1; 0 when vetoed. */
  score: number;
  /** The evidence the score rests on. */
  method: PairMethod;
  /** The conflict that vetoed the pair, or null. */
  veto: 'gtin' | 'model' | 'fits' | 'brand' | 'capacity' | 'color' | 'pack_size' | 'count' | 'condition' | 'compatible' | null;
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

/** Weighted common, a and b word totals. */
function overlap(a: readonly string[], b: readonly string[], stats: WordStats): { common: number; wa: number; wb: number } {
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
  return { common, wa, wb };
}

/** Weighted Dice coefficient of two word sets, 0..1 (0 when either is empty). */
function diceOf(a: readonly string[], b: readonly string[], stats: WordStats): number {
  if (a.length === 0 || b.length === 0) return 0;
  const { common, wa, wb } = overlap(a, b, stats);
  return (2 * common) / (wa + wb);
}

/** Weighted containment of the shorter (by weight) word set in the other, 0..1. */
function containmentOf(a: readonly string[], b: readonly string[], stats: WordStats): number {
  if (a.length === 0 || b.length === 0) return 0;
  const { common, wa, wb } = overlap(a, b, stats);
  return common / Math.min(wa, wb);
}

/**
 * Title similarity of two word sets: the mean of the weighted Dice coefficient and the weighted
 * containment of the shorter title in the longer (so a terse title inside a verbose one scores
 * high), 0..1.
 */
export function titleSimilarity(a: readonly string[], b: readonly string[], stats: WordStats): number {
  return (diceOf(a, b, stats) + containmentOf(a, b, stats)) / 2;
}

/** Brand keys agree when equal or when one (3+ characters) starts the other (`tops` / `topsbusinessforms`). */
function sameBrand(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short);
}

/** Capacities agree within 3 % (1,024 MB = 1 GB). */
const near = (x: number, y: number): boolean => Math.abs(x - y) <= 0.03 * Math.max(x, y);

/** Title similarity from which two offers sharing a part number may differ in brand (see {@link sharesPartNumber}). */
const PART_NUMBER_TITLE_FLOOR = 0.5;

/**
 * True when both offers carry the same specific part number of 6+ characters and say the same
 * thing otherwise: titles of similarity ≥ PART_NUMBER_TITLE_FLOOR, or one title naming the other's
 * brand. It then outweighs a brand written differently (a maker and its parent company, "Motorola
 * Netopia …" / Netopia). Two brands' products that happen to share a code ("Studio Fenn Cozy Bib
 * Set" and "Studio Corvin Khaki Chinos", both `STU1-0004-SKY` at a merchant) stay apart.
 */
function sharesPartNumber(a: MatchRecord, b: MatchRecord, stats: WordStats, genericRecords: number, similarity: number): boolean {
  const shared = a.models.some((m) => m.length >= 6 && /\d/.test(m) && /[A-Z]/.test(m) && b.models.includes(m) && !stats.genericModel(m, genericRecords));
  return shared && (similarity >= PART_NUMBER_TITLE_FLOOR || titleNamesBrand(a.title, b.brand!) || titleNamesBrand(b.title, a.brand!));
}

/** Equal informative word sets (a record's `words` hold no duplicates). */
const sameWords = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((w) => b.includes(w));

/**
 * True when both offers count one word (`word:count` of {@link MatchRecord.counts}) and no count
 * of it agrees: `25-pin` / `9-pin`, `8-port` / `16-port`.
 */
function countsDiffer(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const byWord = (xs: readonly string[]) => {
    const m = new Map<string, Set<string>>();
    for (const x of xs) {
      const [word, n] = x.split(':') as [string, string];
      m.set(word, (m.get(word) ?? new Set()).add(n));
    }
    return m;
  };
  const mb = byWord(b);
  for (const [word, ns] of byWord(a)) {
    const other = mb.get(word);
    if (other && ![...ns].some((n) => other.has(n))) return true;
  }
  return false;
}

const disjoint = <T>(a: readonly T[], b: readonly T[]): boolean => a.length > 0 && b.length > 0 && !a.some((x) => b.includes(x));

/**
 * Names of the pair features {@link pairFeatures} computes, in order; the learned weights in
 * `weights.json` are keyed by them. Each is 0..1 unless stated.
 * - `model_same`: a specific model number agrees exactly; `model_same_long`: and it has 7+
 *   characters mixing letters and digits (such a key names one product); `model_close`: one key
 *   contains the other; `model_one_side`: only one offer has a specific model number;
 *   `model_same_generic`: a model number found in {@link GENERIC_MODEL_RECORDS}+ records (a
 *   line, or the device an accessory fits) is on both offers;
 *   `mpn_same`: both `mpn` fields are given and equal; `mpn_in_title`: no model numbers agree
 *   but one offer's `mpn` is written in the other's title (`282D` in "xantech 282d designer
 *   emitter", where `282d` reads as a measure).
 * - `color_one_side`: one offer names a colour and the other none (a variant, or a merchant
 *   that leaves colour out).
 * - `title_dice`, `title_containment`: weighted Dice and containment of the informative title
 *   words (see {@link titleSimilarity}); `title_missing_rare`: weight share of the terser title's
 *   words the other lacks; `title_trigrams`: Jaccard similarity of the character trigrams of
 *   the whole titles, spaces and punctuation removed (`titan pro` = `titanpro`, `attache` ≈ `attach`).
 * - `brand_same`: both brands known and equal; `brand_unknown`: a side has none.
 * - `price_log_ratio`: |ln(price a / price b)|, capped at 2, 0 when a price is unknown;
 *   `price_unknown`: a price is unknown.
 * - `numbers_missing`: stand-alone numbers of the title with fewer numbers that the other lacks
 *   (both having numbers), capped at 3.
 * - `title_same`: both titles have the same informative words (2+), in any order;
 *   `title_inside`: every informative word of the terser title (3+) is in the other ("leg saver
 *   back brace for standard fast-fold screens" inside "da-lite leg saver back brace …"). A
 *   weighted sum of the continuous title features could not tell these from a near miss, and
 *   a second merchant often only adds words (the brand, the model, the pack).
 * - `model_in_title`: the model numbers neither agree nor conflict (`unknown`: one side has none,
 *   or the two are numbered in different systems), and a model number of one offer is written in
 *   the other's title (the `mpn_in_title` evidence for every model key, not the `mpn` field alone).
 * - `model_brand_same`: `model_same_long` and both brands known and the same: one maker's long part
 *   number on both offers, which a weighted sum of the two alone let different title words outweigh
 *   (346 true pairs and 8 false among the development pairs holding both).
 * - `model_prefixed`: the model numbers are `close` because one is the other with a reseller's
 *   code of 1–4 characters in front (`VER97185` / `97185`; {@link prefixedModel}): of the
 *   development pairs whose keys are close that way 20 are true and 1 false, against a suffix
 *   (`PSDHC4G4EF` / `PSDHC4G4EFGRAY`), which more often names a colour or other variant.
 */
export const FEATURES = [
  'model_same',
  'model_same_long',
  'model_close',
  'model_one_side',
  'model_same_generic',
  'mpn_same',
  'mpn_in_title',
  'color_one_side',
  'title_dice',
  'title_containment',
  'title_missing_rare',
  'title_trigrams',
  'brand_same',
  'brand_unknown',
  'price_log_ratio',
  'price_unknown',
  'numbers_missing',
  'title_same',
  'title_inside',
  'model_in_title',
  'model_brand_same',
  'model_prefixed',
] as const;

/** One of {@link FEATURES}. */
export type FeatureName = (typeof FEATURES)[number];

/**
 * A logistic scorer over {@link FEATURES}: score = 1 / (1 + e^−(bias + Σ weight × feature)).
 * `threshold` is the score at or above which a pair is the same product.
 */
export interface MatchModel {
  bias: number;
  weights: Record<FeatureName, number>;
  threshold: number;
}

/**
 * The learned scorer: logistic regression over {@link FEATURES}, trained on the development
 * split of the labelled Walmart-Amazon pairs by `npm run train:matching`
 * (apps/api/eval/matching-train.ts), which writes `weights.json`; threshold = the highest recall
 * with precision ≥ 97 % on that split (docs/decisions/0010).
 */
export const MATCH_MODEL: MatchModel = trainedModel as MatchModel;

/**
 * Score at or above which a pair is the same product ({@link MATCH_MODEL}'s threshold, chosen on
 * the development split).
 */
export const MATCH_THRESHOLD: number = MATCH_MODEL.threshold;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** The weighted sum of a model over features, as a 0..1 score. */
export function applyModel(features: Readonly<Record<FeatureName, number>>, model: MatchModel = MATCH_MODEL): number {
  let z = model.bias;
  for (const f of FEATURES) z += (model.weights[f] ?? 0) * features[f];
  return sigmoid(z);
}

/** Weighted share of `few`'s words missing from `many` (0 when `few` is empty). */
function missingShare(few: readonly string[], many: readonly string[], stats: WordStats): number {
  const inMany = new Set(many);
  let total = 0;
  let missing = 0;
  for (const w of few) {
    const x = stats.weight(w);
    total += x;
    if (!inMany.has(w)) missing += x;
  }
  return total ? missing / total : 0;
}

/** Character trigrams of a text: lower case, letters and digits only. */
function trigrams(text: string): Set<string> {
  const t = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

/** Jaccard similarity of two texts' character trigrams, 0..1. */
export function trigramJaccard(a: string, b: string): number {
  const ga = trigrams(a);
  const gb = trigrams(b);
  if (ga.size === 0 || gb.size === 0) return 0;
  let common = 0;
  for (const g of ga) if (gb.has(g)) common++;
  return common / (ga.size + gb.size - common);
}

/** Result of {@link pairFeatures}: the veto (vetoed pairs score 0) and the features of the rest. */
export interface PairEvidence {
  method: PairMethod;
  veto: PairScore['veto'];
  models: ModelAgreement;
  titleSimilarity: number;
  /** Equal GTINs (score 1 whatever the features say). */
  gtinSame: boolean;
  features: Record<FeatureName, number>;
}

/**
 * The evidence of a pair: vetoes, in order — different GTINs; different model numbers (both
 * sides have one and none agrees); made for different devices (disjoint "for …" model numbers,
 * `case for … TF101` / `case for … P1000`); different brands (both known, unless both carry the same
 * specific part number and otherwise agree, `sharesPartNumber`); disjoint storage capacities; disjoint colours; different pack sizes; a word counted differently (`25-pin` / `9-pin`);
 * different conditions; a third-party part ("compatible", "replacement for") against the
 * original — and the {@link FEATURES}.
 */
export function pairFeatures(a: MatchRecord, b: MatchRecord, stats: WordStats, genericRecords: number = GENERIC_MODEL_RECORDS): PairEvidence {
  const models = compareModels(a.models, b.models, (k) => stats.genericModel(k, genericRecords));
  const sim = titleSimilarity(a.words, b.words, stats);
  const method: PairMethod = a.gtin && b.gtin ? 'gtin' : models === 'same' || models === 'close' ? 'model' : 'title';
  let veto: PairScore['veto'] = null;
  if (a.gtin && b.gtin) veto = a.gtin === b.gtin ? null : 'gtin';
  else if (models === 'different') veto = 'model';
  else if (disjoint(a.fits, b.fits)) veto = 'fits';
  else if (a.brand && b.brand && !sameBrand(a.brand, b.brand) && !(models === 'same' && sharesPartNumber(a, b, stats, genericRecords, sim))) veto = 'brand';
  else if (a.capacities.length && b.capacities.length && !near(Math.max(...a.capacities), Math.max(...b.capacities))) veto = 'capacity';
  else if (disjoint(a.colors, b.colors)) veto = 'color';
  else if (a.packSize !== null && b.packSize !== null && a.packSize !== b.packSize) veto = 'pack_size';
  else if (countsDiffer(a.counts, b.counts)) veto = 'count';
  else if (a.condition !== b.condition) veto = 'condition';
  else if (a.compatible !== b.compatible) veto = 'compatible';

  const specific = (r: MatchRecord) => r.models.some((k) => !stats.genericModel(k, genericRecords));
  const long = models === 'same' && a.models.some((m) => m.length >= 7 && /\d/.test(m) && /[A-Z]/.test(m) && b.models.includes(m));
  const [few, many] = a.words.length <= b.words.length ? [a.words, b.words] : [b.words, a.words];
  let numbersMissing = 0;
  if (a.numbers.length && b.numbers.length) {
    const [fewN, manyN] = a.numbers.length <= b.numbers.length ? [a.numbers, b.numbers] : [b.numbers, a.numbers];
    numbersMissing = Math.min(3, fewN.filter((n) => !manyN.includes(n)).length);
  }
  const priced = a.priceCents !== null && b.priceCents !== null;
  const features: Record<FeatureName, number> = {
    model_same: models === 'same' ? 1 : 0,
    model_same_long: long ? 1 : 0,
    model_close: models === 'close' ? 1 : 0,
    model_one_side: models === 'unknown' && specific(a) !== specific(b) ? 1 : 0,
    model_same_generic: a.models.some((k) => b.models.includes(k) && stats.genericModel(k, genericRecords)) ? 1 : 0,
    mpn_same: a.mpn !== null && a.mpn === b.mpn ? 1 : 0,
    mpn_in_title:
      models !== 'same' &&
      ((a.mpn !== null && /\d/.test(a.mpn) && b.titleKeys.includes(a.mpn)) || (b.mpn !== null && /\d/.test(b.mpn) && a.titleKeys.includes(b.mpn)))
        ? 1
        : 0,
    color_one_side: (a.colors.length === 0) !== (b.colors.length === 0) ? 1 : 0,
    title_dice: diceOf(a.words, b.words, stats),
    title_containment: containmentOf(a.words, b.words, stats),
    title_missing_rare: missingShare(few, many, stats),
    title_trigrams: trigramJaccard(a.title, b.title),
    brand_same: a.brand !== null && a.brand === b.brand ? 1 : 0,
    brand_unknown: a.brand === null || b.brand === null ? 1 : 0,
    price_log_ratio: priced ? Math.min(2, Math.abs(Math.log(a.priceCents! / b.priceCents!))) : 0,
    price_unknown: priced ? 0 : 1,
    numbers_missing: numbersMissing,
    title_same: few.length >= 2 && sameWords(a.words, b.words) ? 1 : 0,
    title_inside: few.length >= 3 && few.every((w) => many.includes(w)) ? 1 : 0,
    model_in_title:
      models === 'unknown' && (a.models.some((m) => /\d/.test(m) && b.titleKeys.includes(m)) || b.models.some((m) => /\d/.test(m) && a.titleKeys.includes(m)))
        ? 1
        : 0,
    model_brand_same: long && a.brand !== null && b.brand !== null && sameBrand(a.brand, b.brand) ? 1 : 0,
    model_prefixed: models === 'close' && prefixedModel(a.models, b.models, (k) => stats.genericModel(k, genericRecords)) ? 1 : 0,
  };
  return { method, veto, models, titleSimilarity: sim, gtinSame: !!a.gtin && a.gtin === b.gtin, features };
}

/**
 * Scores a pair with {@link MATCH_MODEL}: equal GTINs score 1, a vetoed pair 0 (see
 * {@link pairFeatures}), any other the learned score over its features.
 */
export function matchScore(
  a: MatchRecord,
  b: MatchRecord,
  stats: WordStats,
  model: MatchModel = MATCH_MODEL,
  genericRecords: number = GENERIC_MODEL_RECORDS,
): PairScore {
  const e = pairFeatures(a, b, stats, genericRecords);
  const score = e.gtinSame ? 1 : e.veto ? 0 : applyModel(e.features, model);
  return { score, method: e.method, veto: e.veto, models: e.models, titleSimilarity: e.titleSimilarity };
}

/**
 * The best-scoring of `candidates` for `record` (ties: the first), or null when there are none.
 * Candidates are catalogue products prepared with `prepareRecord`.
 */
export function bestMatch(
  record: MatchRecord,
  candidates: Iterable<{ productId: number; record: MatchRecord }>,
  stats: WordStats,
): { productId: number; score: number; method: ScoredMatchMethod } | null {
  let best: { productId: number; score: number; method: ScoredMatchMethod } | null = null;
  for (const c of candidates) {
    const { score, method } = matchScore(record, c.record, stats);
    if (!best || score > best.score) best = { productId: c.productId, score, method: method === 'title' ? 'title' : 'model' };
  }
  return best;
}

/**
 * The match method an offer joined by its score records (core MATCH_METHODS): 'model' when the
 * pair agreed on a model number or GTIN, 'title' when its title words alone carried it.
 */
export type ScoredMatchMethod = 'model' | 'title';
