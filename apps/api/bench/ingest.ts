/**
 * Ingest benchmark (`npm run bench:ingest`): times `ingestFeed` of one merchant's GMC RSS 2.0
 * feed of N offers (default 100,000) into a fresh database, three times per driver, and prints
 * offers/s (median of the runs), the parse share (`parseFeed` timed on its own), the stages
 * inside the ingest transaction (from `onStage`), the maintenance after it (`finishIngest`:
 * vocabulary + VACUUM ANALYZE, not counted in offers/s), peak RSS and the machine. Target of
 * the issue: ≥ 5,000 offers/s on PostgreSQL. No assertions.
 *
 *   npm run bench:ingest -- [--offers 100000] [--driver postgres|pglite|both] [--runs 3]
 *
 * The feed is ./data/bench/ingest-<N>.xml, written once from the demo plan (one item per
 * standard product, GMC attributes as the demo merchants send them) and reused. PostgreSQL runs
 * use database `bdeals_bench_ingest` (dropped and recreated per run) on BENCH_DATABASE_URL's
 * server; PGlite runs use ./data/bench/ingest_pglite/ (removed per run).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDefaultFxTable, parseFeed } from '@b-deals/feeds';
import { finishIngest, ingestFeed } from '../src/index.ts';
import { ensureFeed, MERCHANT } from './bench-feed.ts';
import { machineLine, median, ms, openBenchDatabase, parseDrivers, peakRssMiB, positiveInt, type Driver } from '@b-deals/db/testing';

const OBSERVED_AT = new Date(Date.UTC(2025, 0, 1));
const TARGET_OFFERS_PER_S = 5000;

interface Run {
  offersPerS: number;
  totalMs: number;
  parseMs: number;
  /** Start → 'listings' (parse, match, write products/keys/offers/price runs). */
  listingsMs: number;
  deactivateMs: number;
  refreshMs: number;
  /** 'refreshed' → resolved (ingest_runs row, COMMIT). */
  commitMs: number;
  finishMs: number;
  accepted: number;
}

async function runOnce(driver: Driver, bytes: Buffer, feed: string): Promise<Run> {
  const fx = loadDefaultFxTable();
  const parseStart = performance.now();
  parseFeed(bytes, { filename: feed, fx, now: OBSERVED_AT });
  const parseMs = performance.now() - parseStart;

  const db = await openBenchDatabase(driver, driver === 'postgres' ? 'bdeals_bench_ingest' : 'ingest_pglite', true);
  try {
    const stages: Record<string, number> = {};
    const started = performance.now();
    const report = await ingestFeed(db, {
      bytes,
      feed,
      fx,
      observedAt: OBSERVED_AT,
      skipMaintenance: true,
      merchant: {
        slug: MERCHANT.slug,
        name: MERCHANT.name,
        region: MERCHANT.region,
        marketplace: MERCHANT.marketplace,
      },
      onStage: (stage) => {
        stages[stage] = performance.now();
      },
    });
    const ended = performance.now();
    await finishIngest(db);
    const finished = performance.now();
    return {
      offersPerS: (report.accepted * 1000) / (ended - started),
      totalMs: ended - started,
      parseMs,
      listingsMs: stages.listings! - started,
      deactivateMs: stages.deactivated! - stages.listings!,
      refreshMs: stages.refreshed! - stages.deactivated!,
      commitMs: ended - stages.refreshed!,
      finishMs: finished - ended,
      accepted: report.accepted,
    };
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '100000' },
      driver: { type: 'string', default: 'postgres' },
      runs: { type: 'string', default: '3' },
    },
  });
  const offers = positiveInt(values.offers, 'offers');
  const runs = positiveInt(values.runs, 'runs');
  console.log(machineLine());
  const file = ensureFeed(offers);
  const bytes = readFileSync(file);
  console.log(`ingest benchmark: ${path.basename(file)} (${(bytes.length / 2 ** 20).toFixed(1)} MiB), ${runs} runs per driver into a fresh database`);
  const medians: Array<{ driver: Driver; offersPerS: number }> = [];
  for (const driver of parseDrivers(values.driver)) {
    const results: Run[] = [];
    for (let i = 1; i <= runs; i++) {
      const r = await runOnce(driver, bytes, path.basename(file));
      results.push(r);
      console.log(
        `[${driver}] run ${i}: ${r.accepted} offers in ${ms(r.totalMs)} ms = ${Math.round(r.offersPerS)} offers/s | parse ${ms(r.parseMs)} ms ` +
          `(measured apart), listings stage ${ms(r.listingsMs)} ms (incl. parse → writes ≈ ${ms(r.listingsMs - r.parseMs)} ms), deactivate ${ms(r.deactivateMs)} ms, ` +
          `refreshProducts ${ms(r.refreshMs)} ms, commit ${ms(r.commitMs)} ms | finishIngest ${ms(r.finishMs)} ms | peak RSS ${peakRssMiB()} MiB`,
      );
    }
    const m = median(results.map((r) => r.offersPerS));
    medians.push({ driver, offersPerS: m });
    console.log(`[${driver}] median ${Math.round(m)} offers/s over ${runs} runs`);
  }
  for (const { driver, offersPerS } of medians) {
    const verdict = driver === 'postgres' ? `target ≥ ${TARGET_OFFERS_PER_S}: ${offersPerS >= TARGET_OFFERS_PER_S ? 'PASS' : 'MISS'}` : 'no target';
    console.log(`${driver.padEnd(8)} median ${Math.round(offersPerS)} offers/s (${verdict})`);
  }
  console.log(`peak RSS ${peakRssMiB()} MiB`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
