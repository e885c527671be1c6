/**
 * Ingest benchmark (`npm run bench:ingest`): times `ingestFeed` of one merchant's GMC RSS 2.0
 * feed of N offers (default 100,000) into a fresh database (or, with `--catalogue`, into a copy of
 * a database already holding that many products), three times per driver, and prints
 * offers/s (median of the runs), the parse share (`parseFeed` timed on its own), the stages
 * inside the ingest transaction (from `onStage`), the maintenance after it (`finishIngest`:
 * vocabulary + VACUUM ANALYZE, not counted in offers/s), peak RSS and the machine. Target of
 * the issue: ≥ 5,000 offers/s on PostgreSQL. No assertions.
 *
 *   npm run bench:ingest -- [--offers 100000] [--driver postgres|pglite|both] [--runs 3] [--catalogue 1000000] [--profile]
 *
 * `--profile` times every statement of each run's ingest transaction and prints, per statement kind
 * (its first words), the count and total milliseconds, and the rest of the wall time (Node, and
 * waiting that no statement covers) — where the time goes, without PostgreSQL's statement log.
 *
 * `--catalogue N` (PostgreSQL only) is the issue's case of matching against a large catalogue:
 * N products are first ingested from seed feeds of 100,000 items (one seed merchant each; done
 * once, kept as database `bdeals_bench_cat_<N>`, reused by later runs), then each run times a
 * rival merchant's feed (`ensureCatalogueFeeds`: 90 % catalogue products, mostly without GTIN and
 * titled its own way, 10 % new) into a copy of it, and prints how its offers were matched.
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
import type { Database, Queryable } from '@b-deals/db';
import type { MerchantDef } from '@b-deals/feeds/testing';
import { ensureCatalogueFeeds, ensureFeed, MERCHANT, RIVAL } from './bench-feed.ts';
import {
  benchDatabaseExists,
  cloneBenchDatabase,
  machineLine,
  median,
  ms,
  openBenchDatabase,
  parseDrivers,
  peakRssMiB,
  positiveInt,
  renameBenchDatabase,
  serverLine,
  type Driver,
} from '@b-deals/db/testing';

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
  /** WAL the ingest wrote (pg_wal_lsn_diff over the ingest), MiB; null where the driver cannot tell. */
  walMiB: number | null;
  accepted: number;
  /** Offers by match method (`gtin`, `title`, …, `new`). */
  methods: Record<string, number>;
}

const merchantOf = (m: Pick<MerchantDef, 'slug' | 'name' | 'region' | 'marketplace'>) => ({
  slug: m.slug,
  name: m.name,
  region: m.region,
  marketplace: m.marketplace,
});

/**
 * The template database of a `catalogue`-product catalogue, seeded on first use: each seed feed
 * ingested as its own merchant, then `finishIngest` once. Seeded under another name and renamed
 * when complete, so an interrupted seeding is never taken for a catalogue.
 */
async function ensureCatalogue(catalogue: number, parts: readonly string[]): Promise<string> {
  const name = `bdeals_bench_cat_${catalogue}`;
  if (await benchDatabaseExists(name)) {
    console.log(`catalogue: reusing database ${name}`);
    return name;
  }
  const seeding = `${name}_seeding`;
  const started = performance.now();
  const db = await openBenchDatabase('postgres', seeding, true);
  try {
    for (const [k, file] of parts.entries()) {
      const report = await ingestFeed(db, {
        bytes: readFileSync(file),
        feed: path.basename(file),
        fx: loadDefaultFxTable(),
        observedAt: OBSERVED_AT,
        skipMaintenance: true,
        merchant: merchantOf({ ...MERCHANT, slug: `catalogue-${k + 1}`, name: `Catalogue ${k + 1}` }),
      });
      console.log(
        `catalogue: seed feed ${k + 1}/${parts.length}: ${report.accepted} offers (${ms(performance.now() - started)} ms so far, peak RSS ${peakRssMiB()} MiB)`,
      );
    }
    await finishIngest(db);
    const n = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products`);
    console.log(`catalogue: ${n.rows[0]!.n} products seeded in ${ms(performance.now() - started)} ms`);
  } finally {
    await db.close();
  }
  await renameBenchDatabase(seeding, name);
  return name;
}

/** The server's current WAL position, or null where there is none to read (PGlite). */
async function walLsn(db: Database): Promise<string | null> {
  try {
    return (await db.query<{ lsn: string }>(`SELECT pg_current_wal_lsn()::text AS lsn`)).rows[0]?.lsn ?? null;
  } catch {
    return null;
  }
}

/** Statement kind → count and total ms, filled by {@link profiled}. */
type Profile = Map<string, { n: number; ms: number }>;

/** A statement's kind: its first 40 characters and the verb of its main statement, e.g. `WITH ids AS (SELECT unnest($1::bigint[])… UPDATE products`. */
function statementKind(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  let main = flat;
  // Leave out every parenthesised part (CTE bodies, subqueries), innermost first, so the main statement's verb is what remains.
  for (let prev = ''; prev !== main;) [prev, main] = [main, main.replace(/\([^()]*\)/g, '')];
  const verb = /\b(INSERT INTO \w+|UPDATE \w+|DELETE FROM \w+|SELECT)\b/.exec(main);
  return `${flat.slice(0, 40)}… ${verb?.[1] ?? ''}`.trim();
}

/** The database with its transactions' statements timed into `profile` (bench `--profile`). */
function profiled(db: Database, profile: Profile): Database {
  const time = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      const k = statementKind(sql);
      const e = profile.get(k) ?? { n: 0, ms: 0 };
      e.n++;
      e.ms += performance.now() - t0;
      profile.set(k, e);
    }
  };
  return Object.assign(Object.create(db) as Database, {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction((tx) => fn({ query: (text: string, params?: unknown[]) => time(text, () => tx.query(text, params)) } as Queryable)),
  });
}

/** Prints the statement kinds, slowest first, and the wall time of the ingest that no statement covers. */
function printProfile(profile: Profile, totalMs: number): void {
  const rows = [...profile].sort((a, b) => b[1].ms - a[1].ms);
  const inStatements = rows.reduce((s, [, e]) => s + e.ms, 0);
  for (const [k, e] of rows) console.log(`  ${ms(e.ms).padStart(7)} ms ${String(e.n).padStart(4)}× ${k}`);
  console.log(`  ${ms(totalMs - inStatements).padStart(7)} ms       outside statements (parse and Node work while no statement ran)`);
}

async function runOnce(open: () => Promise<Database>, bytes: Buffer, feed: string, merchant: MerchantDef = MERCHANT, profile?: Profile): Promise<Run> {
  const fx = loadDefaultFxTable();
  const parseStart = performance.now();
  parseFeed(bytes, { filename: feed, fx, now: OBSERVED_AT });
  const parseMs = performance.now() - parseStart;

  const opened = await open();
  const db = profile ? profiled(opened, profile) : opened;
  try {
    const stages: Record<string, number> = {};
    const walBefore = await walLsn(db);
    const started = performance.now();
    const report = await ingestFeed(db, {
      bytes,
      feed,
      fx,
      observedAt: OBSERVED_AT,
      skipMaintenance: true,
      merchant: merchantOf(merchant),
      onStage: (stage) => {
        stages[stage] = performance.now();
      },
    });
    const ended = performance.now();
    const walAfter = await walLsn(db);
    const walMiB =
      walBefore && walAfter
        ? Number((await db.query<{ b: string }>(`SELECT pg_wal_lsn_diff($1, $2)::bigint AS b`, [walAfter, walBefore])).rows[0]!.b) / 2 ** 20
        : null;
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
      walMiB,
      accepted: report.accepted,
      methods: report.matchMethods ?? {},
    };
  } finally {
    await opened.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '100000' },
      driver: { type: 'string', default: 'postgres' },
      runs: { type: 'string', default: '3' },
      catalogue: { type: 'string' },
      profile: { type: 'boolean', default: false },
    },
  });
  const offers = positiveInt(values.offers, 'offers');
  const runs = positiveInt(values.runs, 'runs');
  const catalogue = values.catalogue === undefined ? 0 : positiveInt(values.catalogue, 'catalogue');
  const drivers = parseDrivers(values.driver);
  if (catalogue && drivers.includes('pglite')) throw new RangeError('--catalogue runs on PostgreSQL only (--driver postgres)');
  console.log(machineLine());
  if (drivers.includes('postgres')) console.log(await serverLine());
  const feeds = catalogue ? ensureCatalogueFeeds(catalogue, offers) : null;
  const file = feeds ? feeds.rival : ensureFeed(offers);
  const template = feeds ? await ensureCatalogue(catalogue, feeds.parts) : null;
  const bytes = readFileSync(file);
  console.log(
    `ingest benchmark: ${path.basename(file)} (${(bytes.length / 2 ** 20).toFixed(1)} MiB), ${runs} runs per driver into ${template ? `a copy of ${template}` : 'a fresh database'}`,
  );
  const medians: Array<{ driver: Driver; offersPerS: number }> = [];
  for (const driver of drivers) {
    const results: Run[] = [];
    const open = () =>
      template
        ? cloneBenchDatabase(template, 'bdeals_bench_ingest')
        : openBenchDatabase(driver, driver === 'postgres' ? 'bdeals_bench_ingest' : 'ingest_pglite', true);
    for (let i = 1; i <= runs; i++) {
      const profile: Profile | undefined = values.profile ? new Map() : undefined;
      const r = await runOnce(open, bytes, path.basename(file), template ? RIVAL : MERCHANT, profile);
      results.push(r);
      console.log(
        `[${driver}] run ${i}: ${r.accepted} offers in ${ms(r.totalMs)} ms = ${Math.round(r.offersPerS)} offers/s | parse ${ms(r.parseMs)} ms ` +
          `(measured apart), listings stage ${ms(r.listingsMs)} ms (incl. parse → writes ≈ ${ms(r.listingsMs - r.parseMs)} ms), deactivate ${ms(r.deactivateMs)} ms, ` +
          `refreshProducts ${ms(r.refreshMs)} ms, commit ${ms(r.commitMs)} ms${r.walMiB === null ? '' : `, WAL ${Math.round(r.walMiB)} MiB`} | finishIngest ${ms(r.finishMs)} ms | peak RSS ${peakRssMiB()} MiB`,
      );
      if (template)
        console.log(
          `[${driver}] run ${i}: matched by ${Object.entries(r.methods)
            .map(([m, n]) => `${m} ${n}`)
            .join(', ')}`,
        );
      if (profile) printProfile(profile, r.totalMs);
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
