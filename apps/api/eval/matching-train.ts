/**
 * `npm run train:matching`: trains the offer matcher's scorer (apps/api/src/matching/score.ts
 * `MATCH_MODEL`) and writes its weights to apps/api/src/matching/weights.json.
 *
 * Training data: the development split of the labelled Walmart-Amazon pairs only
 * (eval/matching/README.md), in both readings the eval prints (with the brand and model fields,
 * and titles alone); the held-out split is never read here. Examples are the pairs no veto
 * rejects (a vetoed pair scores 0 whatever the weights) and without equal GTINs.
 *
 * Model: L2-regularised logistic regression over `FEATURES` (`pairFeatures`), fitted by
 * Newton–Raphson from zero weights (deterministic: the same data gives the same weights); the
 * penalty is chosen from `LAMBDAS` by the same cross-validation.
 * Threshold: the eval's rule (`tune`: the highest recall over the development pairs of both
 * readings with precision ≥ 97 % in each reading, blocking included) applied to out-of-fold scores of a
 * 5-fold cross-validation on the development split, so it is not chosen on scores the model
 * was fitted to.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FEATURES, applyModel, modelMargin, pairFeatures, type FeatureName, type MatchModel } from '../src/matching/index.ts';
import { fitBoosted, type BoostOptions } from '../src/ml/index.ts';
import { fitLogistic } from './matching/logistic.ts';
import { dataDir, metrics, readings, tune, type Metrics } from './matching/pairs.ts';

/** L2 penalties on the weights (not the bias) tried; the one with the best cross-validated recall is kept. */
const LAMBDAS = [0.1, 0.3, 1, 3, 10, 30, 100];
/** Tree depths and counts tried for the boosted trees on top of the logistic scorer (0 trees: none). */
const DEPTHS = [2, 3];
const TREE_COUNTS = [0, 10, 20, 40];
/** Fixed boosting settings (shrinkage, leaf penalty, least leaf weight). */
const BOOST: Omit<BoostOptions, 'trees' | 'depth'> = { learningRate: 0.1, lambda: 1, minLeafWeight: 3 };
/** Folds of the cross-validation that chooses the threshold. */
const FOLDS = 5;

async function main(): Promise<void> {
  const dir = dataDir();
  if (!dir) {
    console.log('train:matching skipped: labelled pairs not found (build them with `npm run eval:data`, or set MATCHING_EVAL_DIR)');
    return;
  }
  const dev = await readings(dir, 'development');
  // Every development pair of both readings, with its evidence; pair i of a reading is in fold i mod FOLDS.
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
  // eval's rule: scores of a model on its own training pairs are over-confident. `folds[k]` is the
  // model trained without fold k; the readings' pairs are judged apart (fields, then titles only).
  const outOfFold = (folds: readonly MatchModel[]) => {
    const judged = rows.map((r) => ({
      match: r.match,
      blocked: r.blocked,
      reading: r.reading,
      score: { score: scoreOf(r, folds[r.fold]!), veto: r.e.veto },
    }));
    const groups = [false, true].map((t) => judged.filter((j) => j.reading === t));
    const cv = tune(groups);
    return { groups, cv, perReading: groups.map((g) => metrics(g, cv.threshold)) };
  };
  const crossValidate = (lambda: number) => {
    const folds = Array.from({ length: FOLDS }, (_, k) =>
      fit(
        rows.filter((r) => r.fold !== k),
        lambda,
      ),
    );
    const { cv, perReading } = outOfFold(folds);
    return { lambda, cv, perReading };
  };
  // The penalty with the highest cross-validated recall at the target precision (the stronger on a tie).
  const { lambda } = LAMBDAS.map(crossValidate).reduce((best, c) => (c.cv.recall >= best.cv.recall ? c : best));

  // Boosted trees on the residuals of that logistic scorer: for each fold, the trees grown on
  // the other folds' pairs; the depth and tree count with the highest out-of-fold recall at the
  // target precision (the fewest trees, then the shallower, on a tie).
  const vector = (r: (typeof rows)[number]) => FEATURES.map((f) => r.e.features[f]);
  const boost = (rs: typeof rows, logistic: MatchModel, depth: number, trees: number) => {
    const t = trainable(rs);
    return fitBoosted(
      t.map(vector),
      t.map((r) => (r.match ? 1 : 0)),
      t.map((r) => modelMargin(r.e.features, logistic)),
      { ...BOOST, depth, trees },
    );
  };
  const logisticFolds = Array.from({ length: FOLDS }, (_, k) =>
    fit(
      rows.filter((r) => r.fold !== k),
      lambda,
    ),
  );
  let chosen: { depth: number; trees: number; cv: Metrics; perReading: Metrics[] } | null = null;
  for (const depth of DEPTHS) {
    const grown = logisticFolds.map((m, k) =>
      boost(
        rows.filter((r) => r.fold !== k),
        m,
        depth,
        Math.max(...TREE_COUNTS),
      ),
    );
    for (const trees of TREE_COUNTS) {
      if (trees === 0 && depth !== DEPTHS[0]) continue;
      const { groups, cv, perReading } = outOfFold(logisticFolds.map((m, k) => ({ ...m, trees: grown[k]!.slice(0, trees) })));
      if (process.argv.includes('--verbose'))
        console.log(
          `  depth ${depth}, ${trees} trees: out-of-fold recall ${(cv.recall * 100).toFixed(1)}% (fields ${(perReading[0]!.recall * 100).toFixed(1)}%, titles ${(perReading[1]!.recall * 100).toFixed(1)}%; fields alone could reach ${(tune([groups[0]!]).recall * 100).toFixed(1)}%)`,
        );
      if (!chosen || cv.recall > chosen.cv.recall) chosen = { depth, trees, cv, perReading };
    }
  }
  const { depth, trees, cv, perReading } = chosen!;
  const model = fit(rows, lambda);
  if (trees > 0) model.trees = boost(rows, model, depth, trees);
  model.threshold = Math.floor(cv.threshold * 10_000) / 10_000;
  const inSample = metrics(
    rows.map((r) => ({ match: r.match, blocked: r.blocked, score: { score: scoreOf(r, model), veto: r.e.veto } })),
    model.threshold,
  );
  const examples = trainable(rows);
  const file = path.resolve(import.meta.dirname, '../src/matching/weights.json');
  const out = {
    trainedOn: 'development.tsv (Walmart-Amazon), both readings; threshold by 5-fold cross-validation on it',
    examples: examples.length,
    positives: examples.filter((r) => r.match).length,
    lambda,
    boosting: { ...BOOST, depth, trees },
    // The trees name features by index into this list (FEATURES when trained).
    features: FEATURES,
    ...model,
  };
  // One line per tree array keeps the file short and its diffs readable.
  const json = JSON.stringify(out, (k, v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'number') ? `@[${v.join(', ')}]` : v), 2);
  writeFileSync(file, `${json.replace(/"@(\[[^"]*\])"/g, '$1')}\n`);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `trained on ${out.examples} development pairs (${out.positives} true); L2 penalty ${lambda}; ${trees} boosted trees of depth ${depth}; threshold ${model.threshold}`,
  );
  console.log(`development, out-of-fold: precision ${pct(cv.precision)}, recall ${pct(cv.recall)} (both readings)`);
  console.log(
    `  with brand and model fields: precision ${pct(perReading[0]!.precision)}, recall ${pct(perReading[0]!.recall)}; titles only: precision ${pct(perReading[1]!.precision)}, recall ${pct(perReading[1]!.recall)}`,
  );
  console.log(`development, final model: precision ${pct(inSample.precision)}, recall ${pct(inSample.recall)} (both readings)`);
  console.log(`weights written to ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
