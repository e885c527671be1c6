/**
 * `npm run eval:matching`: precision, recall and F1 of the offer matcher (apps/api
 * src/matching) on labelled pairs of real offers for the same or different products at two
 * merchants (Walmart-Amazon, see eval/matching/README.md).
 *
 * The pairs are split before any tuning: the development part (`development.tsv`) chooses the
 * score threshold (highest recall with precision ≥ 97 %, else the best F1); the held-out part
 * (`heldout.tsv`) is scored once with that threshold. Both are printed, each in two readings:
 * with the merchants' brand and model-number fields, and from the titles alone (brand inferred,
 * model numbers extracted), which is what most real feeds give.
 *
 * A pair is predicted a match only when blocking puts the two offers together (they share a
 * blocking key) and the pairwise score reaches the threshold.
 *
 * Data folder: MATCHING_EVAL_DIR, else the first `shared/eval-data/matching/walmart-amazon`
 * found beside the repository or one of its parent folders.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import {
  BrandLexicon,
  MATCH_THRESHOLD,
  WordStats,
  blockingKeys,
  matchScore,
  prepareRecord,
  type MatchInput,
  type MatchRecord,
  type PairScore,
} from '../src/matching/index.ts';

const TARGET_PRECISION = 0.97;

/** One labelled pair. */
interface Pair {
  match: boolean;
  a: MatchInput;
  b: MatchInput;
}

function dataDir(): string {
  if (process.env.MATCHING_EVAL_DIR) return process.env.MATCHING_EVAL_DIR;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'shared', 'eval-data', 'matching', 'walmart-amazon');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error('labelled pairs not found: set MATCHING_EVAL_DIR or put shared/eval-data/matching/walmart-amazon beside the repository');
}

/** Reads a split: TSV with `label` and `walmart_*` / `amazon_*` columns (title, brand, modelno, category, price in dollars). */
function readPairs(file: string, titleOnly: boolean): Pair[] {
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

interface Judged {
  match: boolean;
  blocked: boolean;
  score: PairScore;
}

/** Prepares every distinct offer of the split once (the split is the "catalogue": brand lexicon and word statistics come from it), then scores each pair. */
function judge(pairs: Pair[], lexiconSource: Pair[]): Judged[] {
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
  return pairs.map((p) => {
    const a = prep(p.a);
    const b = prep(p.b);
    const ka = new Set(blockingKeys(a, stats));
    const blocked = blockingKeys(b, stats).some((k) => ka.has(k));
    return { match: p.match, blocked, score: matchScore(a, b, stats) };
  });
}

interface Metrics {
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

function metrics(judged: Judged[], threshold: number): Metrics {
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

/** Threshold with the highest recall at precision ≥ target (the highest such threshold on a tie); when none reaches it, the one with the best F1. */
function tune(judged: Judged[]): Metrics {
  const candidates = [...new Set(judged.filter((j) => j.score.score > 0).map((j) => j.score.score))].sort((a, b) => a - b);
  let best: Metrics | null = null;
  let bestF1: Metrics | null = null;
  for (const t of candidates) {
    const m = metrics(judged, t);
    // Ties in recall go to the higher threshold (more margin for precision).
    if (m.precision >= TARGET_PRECISION && (!best || m.recall >= best.recall)) best = m;
    if (!bestF1 || m.f1 > bestF1.f1) bestF1 = m;
  }
  return best ?? bestF1 ?? metrics(judged, 1);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const line = (name: string, m: Metrics, judged: Judged[]) => {
  const positives = judged.filter((j) => j.match);
  const blockRecall = positives.filter((j) => j.blocked).length / Math.max(1, positives.length);
  return `${name.padEnd(34)} pairs ${String(judged.length).padStart(5)}  precision ${pct(m.precision).padStart(6)}  recall ${pct(m.recall).padStart(6)}  F1 ${pct(m.f1).padStart(6)}  (tp ${m.tp}, fp ${m.fp}, fn ${m.fn}; blocking keeps ${pct(blockRecall)} of true pairs)`;
};

function vetoCounts(judged: Judged[]): string {
  const counts: Record<string, number> = {};
  for (const j of judged) if (j.match && j.score.veto) counts[j.score.veto] = (counts[j.score.veto] ?? 0) + 1;
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
}

function main(): void {
  const dir = dataDir();
  console.log(`labelled pairs: ${dir}`);
  console.log(
    `tuning rule: one threshold for both readings, the highest recall with precision >= ${pct(TARGET_PRECISION)} on development (both readings together); held-out scored once with it\n`,
  );
  // Title-only: the brand lexicon still comes from the merchants' brand fields (the brands the catalogue knows).
  const read = (split: string, titleOnly: boolean) => readPairs(path.join(dir, `${split}.tsv`), titleOnly);
  const readings = [false, true].map((titleOnly) => ({
    label: titleOnly ? 'titles only (brand inferred, models from titles)' : 'with brand and model fields',
    dev: judge(read('development', titleOnly), read('development', false)),
    held: judge(read('heldout', titleOnly), read('heldout', false)),
  }));
  const tuned = tune(readings.flatMap((r) => r.dev));
  console.log(`threshold ${tuned.threshold.toFixed(3)} (chosen on development; MATCH_THRESHOLD used by ingest is ${MATCH_THRESHOLD})\n`);
  for (const r of readings) {
    console.log(r.label);
    console.log(line('  development', metrics(r.dev, tuned.threshold), r.dev));
    console.log(line('  held-out', metrics(r.held, tuned.threshold), r.held));
    console.log(`  true pairs vetoed (development): ${vetoCounts(r.dev) || 'none'}\n`);
  }
  const allHeld = readings.flatMap((r) => r.held);
  console.log(
    line(
      'both readings, development',
      tuned,
      readings.flatMap((r) => r.dev),
    ),
  );
  console.log(line('both readings, held-out', metrics(allHeld, tuned.threshold), allHeld));
}

main();
