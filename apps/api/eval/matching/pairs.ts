/**
 * The labelled pairs of `npm run eval:matching` and `npm run train:matching` (Walmart-Amazon,
 * see README.md beside this file): where they live, how a split is read, and how its offers are
 * prepared into records, word statistics and blocking, exactly as the eval scores them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import {
  BrandLexicon,
  MemoryBlockingIndex,
  WordStats,
  blockCandidates,
  prepareRecord,
  type BlockingOptions,
  type MatchInput,
  type MatchRecord,
} from '../../src/matching/index.ts';

/** One labelled pair: `a` the walmart.com offer, `b` the amazon.com one. */
export interface Pair {
  match: boolean;
  a: MatchInput;
  b: MatchInput;
}

/** A pair prepared for scoring: both records, and whether blocking puts them together. */
export interface PreparedPair {
  match: boolean;
  a: MatchRecord;
  b: MatchRecord;
  blocked: boolean;
}

/** Where `npm run eval:data` builds the pairs (eval/data/matching/walmart-amazon; not committed, see its SOURCE.md). */
export const DEFAULT_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../data/matching/walmart-amazon');

/**
 * The folder of the labelled pairs: MATCHING_EVAL_DIR, else {@link DEFAULT_DATA_DIR} when built,
 * else the first `shared/eval-data/matching/walmart-amazon` found beside the working directory or
 * one of its parents; null when there is none (or MATCHING_EVAL_DIR holds no `development.tsv`).
 */
export function dataDir(): string | null {
  const hasPairs = (dir: string) => existsSync(path.join(dir, 'development.tsv'));
  if (process.env.MATCHING_EVAL_DIR) return hasPairs(process.env.MATCHING_EVAL_DIR) ? process.env.MATCHING_EVAL_DIR : null;
  if (hasPairs(DEFAULT_DATA_DIR)) return DEFAULT_DATA_DIR;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'eval-data', 'matching', 'walmart-amazon');
    if (hasPairs(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * Reads a split: TSV with `label` and `walmart_*` / `amazon_*` columns (title, brand, modelno,
 * category, price in dollars). `titleOnly` drops the brand and model-number fields.
 */
export function readPairs(file: string, titleOnly: boolean): Pair[] {
  const rows = parse(readFileSync(file, 'utf8'), {
    columns: true,
    delimiter: '\t',
    relax_quotes: true,
  }) as Record<string, string>[];
  const side = (row: Record<string, string>, p: 'walmart' | 'amazon'): MatchInput => {
    const price = Number(row[`${p}_price`]);
    return {
      title: row[`${p}_title`] ?? '',
      brand: titleOnly ? null : row[`${p}_brand`] || null,
      mpn: titleOnly ? null : row[`${p}_modelno`] || null,
      priceCents: Number.isFinite(price) && price > 0 ? Math.round(price * 100) : null,
    };
  };
  return rows.map((r) => ({ match: r.label === '1', a: side(r, 'walmart'), b: side(r, 'amazon') }));
}

/**
 * Prepares every distinct offer of a split once (the brand lexicon comes from `lexiconSource`'s
 * brand fields, the word statistics for scoring from the split's records), then blocks each pair
 * as the ingest would: the split's amazon.com offers are the catalogue (a {@link MemoryBlockingIndex},
 * ids in first-seen order), each walmart.com offer arrives as a listing, and a pair is blocked
 * together when the amazon offer is among the walmart offer's `blockCandidates` (the ingest's
 * function, keys and bounds). Returns the pairs and the statistics to score them with.
 */
export async function preparePairs(pairs: Pair[], lexiconSource: Pair[], blocking: BlockingOptions = {}): Promise<{ pairs: PreparedPair[]; stats: WordStats }> {
  const lexicon = new BrandLexicon();
  for (const p of lexiconSource) for (const s of [p.a, p.b]) if (s.brand) lexicon.add(s.brand);
  const cache = new Map<string, MatchRecord>();
  const prep = (m: MatchInput) => {
    const k = JSON.stringify(m);
    let r = cache.get(k);
    if (!r) cache.set(k, (r = prepareRecord(m, lexicon)));
    return r;
  };
  const stats = new WordStats();
  for (const p of pairs) for (const s of [p.a, p.b]) prep(s);
  for (const r of cache.values()) stats.add(r.words, r.models);

  const catalogue = new Map<MatchRecord, number>();
  const index = new MemoryBlockingIndex();
  for (const p of pairs) {
    const b = prep(p.b);
    if (!catalogue.has(b)) {
      catalogue.set(b, catalogue.size + 1);
      index.add(catalogue.size, b);
    }
  }
  const listings = [...new Set(pairs.map((p) => prep(p.a)))];
  const found = await blockCandidates(listings, index, blocking);
  const candidates = new Map(listings.map((r, i) => [r, new Set(found[i])]));
  const prepared = pairs.map((p) => {
    const a = prep(p.a);
    const b = prep(p.b);
    return { match: p.match, a, b, blocked: candidates.get(a)!.has(catalogue.get(b)!) };
  });
  return { pairs: prepared, stats };
}

/** Both readings of a split (with the brand and model fields, then titles only), prepared. */
export async function readings(
  dir: string,
  split: 'training' | 'development' | 'heldout',
  blocking: BlockingOptions = {},
): Promise<Array<{ titleOnly: boolean; pairs: PreparedPair[]; stats: WordStats }>> {
  const file = path.join(dir, `${split}.tsv`);
  const withFields = readPairs(file, false);
  return Promise.all(
    [false, true].map(async (titleOnly) => ({ titleOnly, ...(await preparePairs(titleOnly ? readPairs(file, true) : withFields, withFields, blocking)) })),
  );
}

/** Precision the threshold must keep on the development split (issue 11: precision ≥ 97 %). */
export const TARGET_PRECISION = 0.97;

/** A scored pair. */
export interface Judged {
  match: boolean;
  blocked: boolean;
  score: { score: number; veto: string | null };
}

/** Precision, recall and F1 at a threshold. */
export interface Metrics {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

/** Metrics of judged pairs: predicted a match when blocked together and scoring at or above `threshold`. */
export function metrics(judged: Judged[], threshold: number): Metrics {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const j of judged) {
    const predicted = j.blocked && j.score.score >= threshold;
    if (predicted && j.match) tp++;
    else if (predicted) fp++;
    else if (j.match) fn++;
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { threshold, precision, recall, f1, tp, fp, fn };
}

/**
 * Threshold with the highest recall over all `groups` together while precision ≥ target in
 * every group on its own (the readings with fields and from titles alone: a feed of either kind
 * must keep the target, the one's surplus may not pay for the other's shortfall); the highest
 * such threshold on a tie. When none reaches it, the one with the best F1 over all.
 */
export function tune(groups: Judged[][]): Metrics {
  const judged = groups.flat();
  const candidates = [...new Set(judged.filter((j) => j.score.score > 0).map((j) => j.score.score))].sort((a, b) => a - b);
  let best: Metrics | null = null;
  let bestF1: Metrics | null = null;
  for (const t of candidates) {
    const m = metrics(judged, t);
    const everyGroup = groups.every((g) => metrics(g, t).precision >= TARGET_PRECISION);
    // Ties in recall go to the higher threshold (more margin for precision).
    if (everyGroup && (!best || m.recall >= best.recall)) best = m;
    if (!bestF1 || m.f1 > bestF1.f1) bestF1 = m;
  }
  return best ?? bestF1 ?? metrics(judged, 1);
}
