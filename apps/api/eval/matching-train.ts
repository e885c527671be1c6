/**
 * `npm run train:matching`: trains the offer matcher's scorer (apps/api/src/matching/score.ts
 * `MATCH_MODEL`) and writes its weights to apps/api/src/matching/weights.json.
 *
 * Training data: the development part of the labelled Walmart-Amazon pairs only
 * (eval/matching/README.md: `training.tsv` when built, and `development.tsv`, the benchmark's
 * training and validation parts), in both readings the eval prints (with the brand and model fields,
 * and titles alone); the held-out split is never read here. Examples are the pairs no veto
 * rejects (a vetoed pair scores 0 whatever the weights) and without equal GTINs.
 *
 * Model: L2-regularised logistic regression over `FEATURES` (`pairFeatures`), fitted by
 * Newton–Raphson from zero weights (deterministic: the same data gives the same weights); the
 * penalty is chosen from `LAMBDAS` by the same cross-validation.
 * Threshold: the eval's rule (`tune`: the highest recall over the development pairs of both
 * readings with precision ≥ 97 % in each reading, blocking included) applied to out-of-fold scores of a
 * 5-fold cross-validation on the development part, so it is not chosen on scores the model
 * was fitted to.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FEATURES, applyModel, pairFeatures, type FeatureName, type MatchModel } from '../src/matching/index.ts';
import { fitLogistic } from './matching/logistic.ts';
import { dataDir, metrics, readings, tune } from './matching/pairs.ts';

/** L2 penalties on the weights (not the bias) tried; the one with the best cross-validated recall is kept. */
const LAMBDAS = [0.1, 0.3, 1, 3, 10, 30, 100];
/** Folds of the cross-validation that chooses the threshold. */
const FOLDS = 5;

async function main(): Promise<void> {
  const dir = dataDir();
  if (!dir) {
    console.log('train:matching skipped: labelled pairs not found (build them with `npm run eval:data`, or set MATCHING_EVAL_DIR)');
    return;
  }
  // The development data: the benchmark's training part when built (training.tsv), then its validation part
  // (development.tsv); each file is prepared on its own (its own word statistics and blocking, as one feed).
  const files = existsSync(path.join(dir, 'training.tsv')) ? (['training', 'development'] as const) : (['development'] as const);
  const dev = (await Promise.all(files.map((f) => readings(dir, f)))).flat();
  // Every development pair of both readings, with its evidence; pair i of a file's reading is in fold i mod FOLDS.
  const rows = dev.flatMap((r) =>
    r.pairs.map((p, i) => ({ match: p.match, blocked: p.blocked, reading: r.titleOnly, fold: i % FOLDS, e: pairFeatures(p.a, p.b, r.stats) })),
  );
  const trainable = (rs: typeof rows) => rs.filter((r) => !r.e.veto && !r.e.gtinSame);
  const fit = (rs: typeof rows, lambda: number): MatchModel => {
    const t = trainable(rs);
    const w = fitLogistic(
      t.map((r) => FEATURES.map((f) => r.e.features[f])),
      t.map((r) => (r.match ? 1 : 0)),
      lambda,
    );
    const round = (v: number) => Math.round(v * 10_000) / 10_000;
    return {
      bias: round(w[0]!),
      weights: Object.fromEntries(FEATURES.map((f, i) => [f, round(w[i + 1]!)])) as Record<FeatureName, number>,
      threshold: 0.5,
    };
  };
  const scoreOf = (r: (typeof rows)[number], m: MatchModel) => (r.e.gtinSame ? 1 : r.e.veto ? 0 : applyModel(r.e.features, m));
  // Threshold from out-of-fold scores (each pair scored by a model that did not see it), by the
  // eval's rule: scores of a model on its own training pairs are over-confident.
  const crossValidate = (lambda: number) => {
    const folds = Array.from({ length: FOLDS }, (_, k) =>
      fit(
        rows.filter((r) => r.fold !== k),
        lambda,
      ),
    );
    const outOfFold = rows.map((r) => ({
      match: r.match,
      blocked: r.blocked,
      reading: r.reading,
      score: { score: scoreOf(r, folds[r.fold]!), veto: r.e.veto },
    }));
    const groups = [false, true].map((t) => outOfFold.filter((j) => j.reading === t));
    const cv = tune(groups);
    return { lambda, cv, byReading: groups.map((g) => metrics(g, cv.threshold)) };
  };
  // The penalty with the highest cross-validated recall at the target precision (the stronger on a tie).
  const { lambda, cv, byReading } = LAMBDAS.map(crossValidate).reduce((best, c) => (c.cv.recall >= best.cv.recall ? c : best));
  const model = fit(rows, lambda);
  model.threshold = Math.floor(cv.threshold * 10_000) / 10_000;
  const inSample = metrics(
    rows.map((r) => ({ match: r.match, blocked: r.blocked, score: { score: scoreOf(r, model), veto: r.e.veto } })),
    model.threshold,
  );
  const examples = trainable(rows);
  const file = path.resolve(import.meta.dirname, '../src/matching/weights.json');
  const out = {
    trainedOn: `${files.map((f) => `${f}.tsv`).join(' + ')} (Walmart-Amazon), both readings; threshold by 5-fold cross-validation on them`,
    examples: examples.length,
    positives: examples.filter((r) => r.match).length,
    lambda,
    ...model,
  };
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`trained on ${out.examples} development pairs (${out.positives} true); L2 penalty ${lambda}; threshold ${model.threshold}`);
  console.log(`development, out-of-fold: precision ${pct(cv.precision)}, recall ${pct(cv.recall)} (both readings)`);
  for (const [i, m] of byReading.entries())
    console.log(`  ${i ? 'titles only' : 'with fields'}: precision ${pct(m.precision)}, recall ${pct(m.recall)} (tp ${m.tp}, fp ${m.fp}, fn ${m.fn})`);
  console.log(`development, final model: precision ${pct(inSample.precision)}, recall ${pct(inSample.recall)} (both readings)`);
  console.log(`weights written to ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
