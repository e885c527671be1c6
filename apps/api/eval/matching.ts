/**
 * `npm run eval:matching`: precision, recall and F1 of the offer matcher (apps/api
 * src/matching) on labelled pairs of real offers for the same or different products at two
 * merchants (Walmart-Amazon, see eval/matching/README.md).
 *
 * The pairs are split before any tuning: the development part (`training.tsv` and
 * `development.tsv`, the benchmark's training and validation parts) trains the
 * scorer and chooses its threshold (`npm run train:matching`, matching-train.ts: highest recall
 * with precision ≥ 97 % over cross-validated scores); the held-out part (`heldout.tsv`) is
 * scored once with the committed weights and threshold (`MATCH_MODEL`, the ingest's scorer). Both are printed, each in two readings:
 * with the merchants' brand and model-number fields, and from the titles alone (brand inferred,
 * model numbers extracted), which is what most real feeds give.
 *
 * A pair is predicted a match only when blocking puts the two offers together (they share a
 * blocking key) and the pairwise score reaches the threshold.
 *
 * Data folder: MATCHING_EVAL_DIR, else eval/data/matching/walmart-amazon (built from the public
 * source by `npm run eval:data`; see its SOURCE.md), else the first
 * `shared/eval-data/matching/walmart-amazon` found beside the repository or one of its parents.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MATCH_THRESHOLD, matchScore } from '../src/matching/index.ts';
import { TARGET_PRECISION, dataDir, metrics, readings as readSplit, type Judged, type Metrics, type PreparedPair } from './matching/pairs.ts';

/** Scores each prepared pair with the ingest's scorer (`matchScore`, the learned model). */
function judge(split: { pairs: PreparedPair[]; stats: Parameters<typeof matchScore>[2] }): Judged[] {
  return split.pairs.map((p) => ({ match: p.match, blocked: p.blocked, score: matchScore(p.a, p.b, split.stats) }));
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

async function main(): Promise<void> {
  const dir = dataDir();
  if (!dir) {
    console.log(
      'eval:matching skipped: labelled pairs not found (build them with `npm run eval:data`, see apps/api/eval/data/matching/walmart-amazon/SOURCE.md, or set MATCHING_EVAL_DIR)',
    );
    return;
  }
  const devFiles = existsSync(path.join(dir, 'training.tsv')) ? (['training', 'development'] as const) : (['development'] as const);
  console.log(`labelled pairs: ${dir} (development: ${devFiles.map((f) => `${f}.tsv`).join(' + ')}; held-out: heldout.tsv)`);
  console.log(
    `scorer: logistic regression over pair features trained on development by \`npm run train:matching\` (src/matching/weights.json); threshold ${MATCH_THRESHOLD}: the highest recall with precision >= ${pct(TARGET_PRECISION)} in each reading over out-of-fold (5-fold) development scores; development below is scored by the final model, held-out once with it\n`,
  );
  // Title-only: the brand lexicon still comes from the merchants' brand fields (the brands the catalogue knows).
  // Development: the benchmark's training part (training.tsv) when built, and its validation part (development.tsv).
  const dev = await Promise.all(devFiles.map((f) => readSplit(dir, f)));
  const held = await readSplit(dir, 'heldout');
  const readings = held.map((h, i) => ({
    label: h.titleOnly ? 'titles only (brand inferred, models from titles)' : 'with brand and model fields',
    dev: dev.flatMap((d) => judge(d[i]!)),
    held: judge(h),
  }));
  const tuned = metrics(
    readings.flatMap((r) => r.dev),
    MATCH_THRESHOLD,
  );
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
