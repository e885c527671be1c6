/**
 * `npm run backtest -- <history.csv[.gz] | history.runs.tsv[.gz] | folder of dated feed snapshots> [--split 0.6] [--max-gap 31] [--write-model FILE] [--source TEXT] [--history TEXT] [--write-runs FILE] [--unweighted] [--record-only FILE]`
 * (issue 16 §4): replays observed price histories chronologically, fits the buy-or-wait model and
 * the simple threshold rule on the earlier part (decisions whose horizon ends before the split
 * day), and prints for 14 and 30 days, for the model and the baselines, the share of decisions no
 * worse than buying at once and the share of the best possible saving captured — on the training
 * part and on the later, held-out part. `--write-model` saves the fitted models with their
 * held-out figures, the run's date and the history's name (`--source`, shown on /ai-price-hunter/;
 * default the input's file name); the API's advice reads that file. `--write-runs FILE` only
 * writes the history read (after `--max-gap`) as a runs file (backtest-input.ts; gzipped when FILE
 * ends in `.gz`), the compact form kept in the repository, and exits. `--unweighted` fits the
 * model without weighing days by what waiting won or cost (`backtest`'s `weightByOutcome`), for comparison.
 * The model file also holds each horizon's track record on the held-out part (`record`,
 * src/pricing/advice-record.ts: by band of the model's probability, how often its advice turned out
 * right), which the pages show instead of the model's probability; `--history` is the short name of
 * the history the pages give with it (default `--source`). `--record-only FILE` refits nothing: it
 * replays the held-out part (from FILE's `splitDay`; its decision count must equal FILE's held-out count) under FILE's models and writes their records
 * (and `recordedAt`) into FILE, leaving the models and figures as they are. Development options, to
 * compare variants on the training part only: `--until YYYY-MM-DD` drops every point on or after that
 * day before anything else (so the run's own split falls inside the real run's training part),
 * `--horizons 14` runs only those horizons, `--features base,cycle,…` fits the model on those
 * features (names of `ALL_FEATURE_NAMES` or the groups base, cycle, promo, season, all); a development
 * run writes no model. Exit 2 for bad arguments,
 * 1 when the input cannot be read.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADVICE_HORIZONS, ALL_FEATURE_NAMES, BASE_FEATURE_NAMES, type AdviceHorizon, type FeatureName, type PricePoint } from '../src/pricing/advice.ts';
import { adviceRecord, type AdviceRecord } from '../src/pricing/advice-record.ts';
import type { AdviceModels } from '../src/pricing/advice-service.ts';
import { backtest, decisionsOf, type Score } from '../src/pricing/backtest.ts';
import { isRunsFile, readHistoryCsv, runsOfSeries, seriesFromRuns, seriesFromSnapshots, snapshotsFromCsv, snapshotsFromFolder } from './backtest-input.ts';

const pct = (x: number | null) => (x === null ? '   n/a' : `${(x * 100).toFixed(1).padStart(5)}%`);
const date = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const cell = (s: Score) => `${pct(s.noWorse)}  ${pct(s.capture)}  ${String(s.decisions).padStart(7)}`;

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        split: { type: 'string', default: '0.6' },
        'max-gap': { type: 'string', default: '31' },
        'write-model': { type: 'string' },
        source: { type: 'string' },
        history: { type: 'string' },
        'record-only': { type: 'string' },
        'write-runs': { type: 'string' },
        unweighted: { type: 'boolean', default: false },
        until: { type: 'string' },
        horizons: { type: 'string' },
        features: { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`backtest: ${(err as Error).message}\n`);
    return 2;
  }
  const input = args.positionals[0];
  const split = Number(args.values.split);
  const maxGap = Number(args.values['max-gap']);
  const until = args.values.until === undefined ? undefined : Date.parse(`${args.values.until}T00:00:00Z`) / 86_400_000;
  const horizons = args.values.horizons === undefined ? [...ADVICE_HORIZONS] : args.values.horizons.split(',').map(Number);
  const features = args.values.features === undefined ? undefined : featuresOf(args.values.features);
  if (
    !input ||
    !(split > 0 && split < 1) ||
    !(maxGap >= 1) ||
    (until !== undefined && !Number.isInteger(until)) ||
    !horizons.every((h) => (ADVICE_HORIZONS as readonly number[]).includes(h)) ||
    features === null ||
    (args.values['write-model'] && (until !== undefined || args.values.horizons !== undefined))
  ) {
    process.stderr.write(
      'usage: npm run backtest -- <history.csv[.gz] | history.runs.tsv[.gz] | folder> [--split 0.6] [--max-gap 31] [--write-model FILE] [--source TEXT] [--history TEXT] [--write-runs FILE] [--unweighted] [--record-only FILE] [--until YYYY-MM-DD] [--horizons 14,30] [--features base,cycle,…]\n',
    );
    return 2;
  }
  let series: Map<string, PricePoint[]>;
  try {
    if (isRunsFile(input)) {
      series = seriesFromRuns(readHistoryCsv(input));
      process.stdout.write(`${path.basename(input)}: runs of ${series.size} offers (gaps as written)\n`);
    } else {
      const snapshots = statSync(input).isDirectory() ? snapshotsFromFolder(input) : snapshotsFromCsv(readHistoryCsv(input)).snapshots;
      series = seriesFromSnapshots(snapshots, maxGap);
      process.stdout.write(`${path.basename(input)}: ${snapshots.length} snapshots, ${series.size} offers\n`);
    }
  } catch (err) {
    process.stderr.write(`backtest: ${(err as Error).message}\n`);
    return 1;
  }
  if (until !== undefined) {
    for (const [id, points] of series) {
      const kept = points.filter((p) => p.day < until);
      if (kept.length) series.set(id, kept);
      else series.delete(id);
    }
    process.stdout.write(`development run: every point on or after ${date(until)} dropped (${series.size} offers left)\n`);
  }
  const runsFile = args.values['write-runs'];
  if (runsFile) {
    const text = runsOfSeries(series);
    writeFileSync(runsFile, runsFile.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
    process.stdout.write(`runs written to ${runsFile}\n`);
    return 0;
  }
  const recordOnly = args.values['record-only'];
  if (recordOnly) return writeRecords(recordOnly, series, args.values.history);
  const days = [...series.values()].flatMap((s) => [s[0]!.day, s[s.length - 1]!.day]);
  const first = Math.min(...days);
  const last = Math.max(...days);
  const splitDay = Math.round(first + (last - first) * split);
  process.stdout.write(`observed ${date(first)} … ${date(last)}; training before ${date(splitDay)}, scored from it (no look-ahead)\n\n`);
  const models: Record<string, unknown> = {};
  if (features) process.stdout.write(`features: ${features.join(', ')}\n\n`);
  for (const h of horizons as AdviceHorizon[]) {
    const result = backtest(series, h, splitDay, {
      features,
      weightByOutcome: !args.values.unweighted,
      history: args.values.history ?? args.values.source ?? path.basename(input),
    });
    process.stdout.write(`horizon ${h} days                                                   training part              held-out part\n`);
    process.stdout.write(`policy                                                        no-worse capture  decisions   no-worse capture  decisions\n`);
    process.stdout.write(
      "  alert: one alert at 3 % under the day's price, bought when it fires or on the horizon's last day (the figures the advice is judged by)\n",
    );
    for (const r of result.rows) process.stdout.write(`${r.policy.padEnd(60)}  ${cell(r.train)}    ${cell(r.test)}\n`);
    const c = result.ceiling;
    process.stdout.write(`${'  bound: hindsight (waits when the alert pays; no policy)'.padEnd(60)}  ${cell(c.train)}    ${cell(c.test)}\n`);
    process.stdout.write('  daily: the shopper reads the advice every day and buys when it says BUY (for comparison)\n');
    for (const r of result.dailyRows) process.stdout.write(`${r.policy.padEnd(60)}  ${cell(r.train)}    ${cell(r.test)}\n`);

    process.stdout.write('\n');
    const held = result.rows.at(-1)!.test;
    models[h] = { model: result.model, heldOut: held, training: result.rows.at(-1)!.train, record: result.record };
    printRecord(result.record);
  }
  if (args.values['write-model']) {
    writeFileSync(
      args.values['write-model'],
      `${JSON.stringify({ source: args.values.source ?? path.basename(input), generatedAt: new Date().toISOString(), observed: [date(first), date(last)], splitDay: date(splitDay), horizons: models }, null, 2)}\n`,
    );
    process.stdout.write(`model written to ${args.values['write-model']}\n`);
  }
  return 0;
}

/** Groups of features `--features` takes by name, besides each feature's own name (promo-features.ts). */
const FEATURE_GROUPS: Record<string, readonly FeatureName[]> = {
  base: BASE_FEATURE_NAMES,
  all: ALL_FEATURE_NAMES,
  cycle: ['sinceDrop', 'sinceRise', 'dropInterval', 'cyclePhase', 'dropHazard14', 'dropHazard30'],
  promo: ['promoDepth', 'onPromo', 'promoLength'],
  season: ['lastYearDrop14', 'lastYearDrop30', 'christmas'],
};

/** The features of a `--features` list (comma-separated names or groups), in the order of `ALL_FEATURE_NAMES`; null when a name is unknown. */
function featuresOf(list: string): FeatureName[] | null {
  const picked = new Set<string>();
  for (const name of list.split(',')) {
    const group = FEATURE_GROUPS[name] ?? ((ALL_FEATURE_NAMES as readonly string[]).includes(name) ? [name] : null);
    if (!group) return null;
    for (const f of group) picked.add(f);
  }
  return ALL_FEATURE_NAMES.filter((f) => picked.has(f));
}

/** Prints a record's bands: probability band, advice, held-out decisions, share right, share with a 3 % drop. */
function printRecord(record: AdviceRecord | null): void {
  if (!record) return;
  process.stdout.write(`  track record on the held-out part (${record.measured.join(' … ')}): band, advice, decisions, right, 3 % drop\n`);
  for (const b of record.bands)
    process.stdout.write(
      `  [${b.from.toFixed(2)}, ${b.to.toFixed(2)})  ${b.advice.padEnd(4)}  ${String(b.decisions).padStart(7)}  ${pct(b.right / b.decisions)}  ${pct(b.drops / b.decisions)}\n`,
    );
  process.stdout.write('\n');
}

/** `--record-only FILE`: the held-out records of FILE's models over `series`, written into FILE (see the module comment). */
function writeRecords(file: string, series: ReadonlyMap<string, readonly PricePoint[]>, history: string | undefined): number {
  let models: AdviceModels & { horizons: Record<string, { record?: AdviceRecord | null }> };
  try {
    models = JSON.parse(readFileSync(file, 'utf8')) as typeof models;
  } catch (err) {
    process.stderr.write(`backtest: ${(err as Error).message}\n`);
    return 1;
  }
  if (!models.splitDay) {
    process.stderr.write(`backtest: ${file} names no splitDay, so its held-out part is unknown\n`);
    return 1;
  }
  const splitDay = Date.parse(`${models.splitDay}T00:00:00Z`) / 86_400_000;
  for (const h of ADVICE_HORIZONS) {
    const fitted = models.horizons[h];
    if (!fitted) continue;
    const test = [...series.values()].flatMap((s) => decisionsOf(s, h)).filter((d) => d.day >= splitDay);
    if (test.length !== fitted.heldOut.decisions) {
      process.stderr.write(
        `backtest: ${test.length} held-out decisions at ${h} days, ${file} says ${fitted.heldOut.decisions}: not the history it was fitted on\n`,
      );
      return 1;
    }
    fitted.record = adviceRecord(fitted.model, test, history ?? models.source);
    process.stdout.write(`horizon ${h} days\n`);
    printRecord(fitted.record);
  }
  writeFileSync(file, `${JSON.stringify({ ...models, recordedAt: new Date().toISOString() }, null, 2)}\n`);
  process.stdout.write(`records written to ${file}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
