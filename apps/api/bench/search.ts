/**
 * Search benchmark (`npm run bench:search`): builds a catalogue of N standard products through
 * the real ingest path (demo-generator GMC feeds → `ingestSource` → `finishIngest`), then runs
 * `searchProducts` (the function behind POST /inventory/api/v1/search/condition) with facets,
 * in-process, at a fixed concurrency, for four query kinds picked from the catalogue itself:
 *
 *   broad term         the most frequent category noun (e.g. "dresses")
 *   narrow term        the biggest brand's name plus its most common category noun
 *   category only      `cids` of the group (two-character code) with the most products
 *   term+brand+band    the broad term, the top brand of its facets, that brand's top price band
 *   mixed              400 different conditions in turn: each of the 200 most frequent vocabulary
 *                      words alone, and with the top brand or a price band (no two requests of a
 *                      round alike, so no cache of any kind can answer them)
 *   nothing as typed   100 conditions in turn: each of the 100 most frequent vocabulary words with
 *                      a made-up word no product holds ("dress qzvab"): the path of a query that
 *                      finds nothing (typo correction, then the fallbacks of nearest-kind.ts, the
 *                      last leaving out the made-up word)
 *
 * The API's in-memory search index (decision 0003) is built once per driver first, as the API
 * does at start and after an ingest; its build time and heap are printed. "cold" requests
 * compute every answer from it; "cached" ones go through the API's response cache.
 *
 * Prints per driver and kind the hit count, p50/p95/p99 latency (ms, nearest rank) and
 * requests per second, the machine, and the issue's targets with PASS/MISS (p95 ≤ 25 ms on
 * PostgreSQL, ≤ 60 ms on PGlite, defined at 100,000 products). No assertions.
 *
 *   npm run bench:search -- [--products 100000] [--driver pglite|postgres|both]
 *     [--requests 200] [--concurrency 10] [--keep]
 *
 * Files: generated feeds in ./data/bench/feeds-<N>/ (reused when present); the PGlite catalogue
 * in ./data/bench/search_<N>/; the PostgreSQL catalogue in database `bdeals_bench_<N>` on
 * BENCH_DATABASE_URL's server. `--keep` reuses a catalogue an earlier run built completely;
 * without it the catalogue is rebuilt (and the build timed).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LEAF_CATEGORIES, PRICE_BANDS } from '@b-deals/core';
import { SearchConditionSchema, type SearchCondition, type SearchConditionInput } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { demoMerchantInput, generateDemoCatalogue, loadDefaultFxTable, type DemoMerchantEntry } from '@b-deals/feeds';
import { finishIngest, ingestSource } from '../src/index.ts';
import { searchProducts } from '../src/search/index.ts';
import { SearchCache } from '../src/search/index.ts';
import { SearchIndex } from '../src/search/index.ts';
import { BENCH_DIR, machineLine, ms, openBenchDatabase, parseDrivers, peakRssMiB, percentile, positiveInt, type Driver } from '@b-deals/db/testing';

/** "Today" of the generated catalogue: fixed, so feeds are reproducible and reusable. */
const NOW = new Date(Date.UTC(2025, 0, 1));
/** Bump when the generator options below change, so cached feeds regenerate. */
const FEEDS_VERSION = 1;
/** p95 targets of the issue (ms), defined at 100,000 products. */
const P95_TARGET: Record<Driver, number> = { postgres: 25, pglite: 60 };
const TARGET_PRODUCTS = 100_000;

interface QueryKind {
  name: string;
  /** Conditions asked in turn (one for the fixed kinds; many for the mixed kind). */
  conditions: SearchCondition[];
  /** What the condition holds, for the printout. */
  describe: string;
  hits: number;
}

/** Writes (or reuses) the GMC feeds of an N-product demo catalogue; returns its directory and merchants. */
async function ensureFeeds(products: number): Promise<{ dir: string; merchants: DemoMerchantEntry[]; offers: number }> {
  const dir = path.join(BENCH_DIR, `feeds-${products}`);
  const stampFile = path.join(dir, 'generated.json');
  const wanted = { version: FEEDS_VERSION, products };
  const stamp = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, 'utf8')) as typeof wanted & { offers: number }) : null;
  if (stamp?.version === wanted.version && stamp.products === products) {
    console.log(`feeds: reusing ${dir} (${stamp.offers} offers)`);
    return { dir, merchants: readMerchants(dir), offers: stamp.offers };
  }
  const started = performance.now();
  // One day of history only: the benchmark ingests feeds, not histories; no images.
  const result = await generateDemoCatalogue({
    outDir: dir,
    mediaDir: path.join(dir, 'media'),
    products,
    days: 1,
    now: NOW,
    images: false,
  });
  writeFileSync(stampFile, JSON.stringify({ ...wanted, offers: result.offers }));
  console.log(`feeds: generated ${result.products} products, ${result.offers} offers in ${result.feeds.length} feeds in ${ms(performance.now() - started)} ms`);
  return { dir, merchants: readMerchants(dir), offers: result.offers };
}

const readMerchants = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'merchants.json'), 'utf8')) as DemoMerchantEntry[];

/** True when an earlier run ingested every feed and ran finishIngest (the vocabulary exists). */
async function isComplete(db: Database, feeds: number): Promise<boolean> {
  const res = await db.query<{ runs: number; words: number }>(
    `SELECT (SELECT count(*) FROM ingest_runs)::int AS runs, (SELECT count(*) FROM search_words)::int AS words`,
  );
  const row = res.rows[0]!;
  return row.runs >= feeds && row.words > 0;
}

/** Ingests every feed like the demo loader does (skipMaintenance, then finishIngest once); prints the build time. */
async function buildCatalogue(db: Database, driver: Driver, feeds: { dir: string; merchants: DemoMerchantEntry[] }): Promise<void> {
  const fx = loadDefaultFxTable();
  const started = performance.now();
  let accepted = 0;
  for (const [i, m] of feeds.merchants.entries()) {
    const t = performance.now();
    const report = await ingestSource(db, {
      bytes: readFileSync(path.join(feeds.dir, m.feed)),
      filename: m.feed,
      fx,
      observedAt: NOW,
      skipMaintenance: true,
      merchant: demoMerchantInput(m),
    });
    accepted += report.accepted;
    process.stderr.write(`  [${driver}] ${i + 1}/${feeds.merchants.length} ${m.slug}: ${report.accepted} items in ${ms(performance.now() - t)} ms\n`);
  }
  const ingested = performance.now();
  await finishIngest(db);
  const done = performance.now();
  const counts = await db.query<{ products: number; offers: number }>(
    `SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM offers)::int AS offers`,
  );
  const c = counts.rows[0]!;
  console.log(
    `[${driver}] catalogue built: ${c.products} products, ${c.offers} offers from ${accepted} feed items; ingest ${ms(ingested - started)} ms ` +
      `(${Math.round((accepted * 1000) / (ingested - started))} items/s), finishIngest ${ms(done - ingested)} ms, total ${ms(done - started)} ms`,
  );
}

const parse = (input: SearchConditionInput): SearchCondition => SearchConditionSchema.parse(input);

/** Picks the four query kinds from the catalogue so each has hits. Throws when the catalogue is empty. */
async function pickQueries(db: Database, index: SearchIndex): Promise<QueryKind[]> {
  const deps = { index };
  const leafWords = new Set(LEAF_CATEGORIES.flatMap((l) => l.term.toLowerCase().match(/[a-z]{4,}/g) ?? []));
  const words = await db.query<{ word: string }>(`SELECT word FROM search_words ORDER BY ndoc DESC, word LIMIT 500`);
  const broad = words.rows.map((r) => r.word).find((w) => leafWords.has(w));
  if (!broad) throw new Error('no category noun in the search vocabulary: is the catalogue empty?');

  const top = await db.query<{ id: number; name: string }>(
    `SELECT b.id, b.name FROM products p JOIN brands b ON b.id = p.brand_id WHERE p.offer_count > 0 GROUP BY b.id ORDER BY count(*) DESC, b.id LIMIT 1`,
  );
  const brand = top.rows[0]!;
  const rows = await db.query<{ title: string; category_terms: string }>(`SELECT title, category_terms FROM products WHERE brand_id = $1 AND offer_count > 0`, [
    brand.id,
  ]);
  const brandWords = new Set(brand.name.toLowerCase().match(/[a-z]+/g) ?? []);
  const nouns = new Map<string, number>();
  for (const r of rows.rows) {
    const terms = r.category_terms.toLowerCase();
    for (const w of new Set(r.title.toLowerCase().match(/[a-z]{4,}/g) ?? []))
      if (!brandWords.has(w) && terms.includes(w)) nouns.set(w, (nouns.get(w) ?? 0) + 1);
  }
  const noun = [...nouns].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? broad;

  const group = await db.query<{ code: string }>(
    `SELECT left(category_code, 2) AS code FROM products WHERE offer_count > 0 AND length(category_code) >= 2 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  const cid = group.rows[0]!.code;

  const broadFacets = await searchProducts(db, parse({ q: broad }), deps);
  const facetBrand = broadFacets.facets.brands[0]!.key;
  const withBrand = await searchProducts(db, parse({ q: broad, b: facetBrand }), deps);
  const band = [...withBrand.facets.priceBands].sort((a, b) => b.count - a.count)[0]!.key;

  const vocabulary = words.rows.slice(0, 200).map((r) => r.word);
  const mixed = vocabulary.flatMap((w, i) => [
    parse({ q: w }),
    i % 2 ? parse({ q: w, b: facetBrand }) : parse({ q: w, price: PRICE_BANDS[i % PRICE_BANDS.length]!.key }),
  ]);

  // The fallbacks' path (typo correction, category phrase, nearest kind, the kind, the held words): "<word> qzvab".
  const letters = (i: number) => String.fromCharCode(97 + (Math.floor(i / 26) % 26), 97 + (i % 26));
  const nothing = vocabulary.slice(0, 100).map((w, i) => parse({ q: `${w} qzv${letters(i)}` }));

  const kinds: Array<Omit<QueryKind, 'hits'>> = [
    { name: 'broad term', describe: `q="${broad}"`, conditions: [parse({ q: broad })] },
    {
      name: 'narrow term',
      describe: `q="${brand.name} ${noun}"`,
      conditions: [parse({ q: `${brand.name} ${noun}` })],
    },
    { name: 'category only', describe: `cids=${cid}`, conditions: [parse({ cids: cid })] },
    {
      name: 'term+brand+band',
      describe: `q="${broad}" b=${facetBrand} price=${band}`,
      conditions: [parse({ q: broad, b: facetBrand, price: band })],
    },
    { name: 'mixed', describe: `${mixed.length} conditions over ${vocabulary.length} words (hits: mean)`, conditions: mixed },
    {
      name: 'nothing as typed',
      describe: `${nothing.length} conditions: a vocabulary word and a word no product holds (hits: mean)`,
      conditions: nothing,
    },
  ];
  const out: QueryKind[] = [];
  for (const k of kinds) {
    let hits = 0;
    for (const c of k.conditions) hits += (await searchProducts(db, c, deps)).total;
    out.push({ ...k, hits: Math.round(hits / k.conditions.length) });
  }
  return out;
}

interface Measured {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/**
 * Runs `requests` searches with `concurrency` Promise-based workers (after one warm-up round);
 * latencies in ms. Without `cache` every request computes its answer (cold); with it, requests
 * after the warm-up are answered from the API's response cache (the repeated-query case).
 */
async function measure(
  db: Database,
  conditions: SearchCondition[],
  requests: number,
  concurrency: number,
  index: SearchIndex,
  cache?: SearchCache,
): Promise<Measured> {
  const deps = { index, cache };
  await Promise.all(Array.from({ length: concurrency }, (_, i) => searchProducts(db, conditions[i % conditions.length]!, deps)));
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const condition = conditions[next++ % conditions.length]!;
      const t = performance.now();
      await searchProducts(db, condition, deps);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: (requests * 1000) / wall,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: String(TARGET_PRODUCTS) },
      driver: { type: 'string', default: 'both' },
      requests: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
    },
  });
  const products = positiveInt(values.products, 'products');
  const drivers = parseDrivers(values.driver);
  const requests = positiveInt(values.requests, 'requests');
  const concurrency = positiveInt(values.concurrency, 'concurrency');

  console.log(machineLine());
  console.log(`search benchmark: ${products} products, ${requests} requests per kind at concurrency ${concurrency}, facets on`);
  const feeds = await ensureFeeds(products);
  const results: Array<{ driver: Driver; kind: QueryKind; m: Measured; cached: boolean }> = [];
  for (const driver of drivers) {
    const db = await openBenchDatabase(driver, driver === 'postgres' ? `bdeals_bench_${products}` : `search_${products}`, !values.keep, concurrency);
    try {
      if (values.keep && (await isComplete(db, feeds.merchants.length))) console.log(`[${driver}] reusing the catalogue built by an earlier run`);
      else await buildCatalogue(db, driver, feeds);
      // The index is built once per catalogue version, like the API does at start and after an ingest.
      const index = new SearchIndex();
      const heapBefore = process.memoryUsage().heapUsed;
      const t0 = performance.now();
      await index.rebuild(db);
      const snap = await index.snapshot(db);
      console.log(
        `[${driver}] search index built in ${ms(performance.now() - t0)} ms: ${snap.n} products, ${snap.lexicon.length} lexemes, ${snap.postRow.length} postings, heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20)} MiB`,
      );
      const kinds = await pickQueries(db, index);
      for (const cached of [false, true]) {
        for (const kind of kinds) {
          const m = await measure(db, kind.conditions, requests, concurrency, index, cached ? new SearchCache() : undefined);
          results.push({ driver, kind, m, cached });
          console.log(
            `[${driver}] ${cached ? 'cached' : 'cold  '} ${kind.name.padEnd(16)} hits ${String(kind.hits).padStart(7)}  p50 ${ms(m.p50).padStart(6)}  p95 ${ms(m.p95).padStart(6)}  p99 ${ms(m.p99).padStart(6)} ms  ${m.rps.toFixed(1).padStart(7)} req/s   ${kind.describe}`,
          );
        }
      }
    } finally {
      await db.close();
    }
  }
  console.log(`targets (p95 at concurrency 10, ${TARGET_PRODUCTS} products${products === TARGET_PRODUCTS ? '' : `; this run has ${products}`}):`);
  for (const r of results) {
    const target = P95_TARGET[r.driver];
    console.log(
      `  ${r.driver.padEnd(8)} ${r.cached ? 'cached' : 'cold  '} ${r.kind.name.padEnd(16)} p95 ${ms(r.m.p95).padStart(6)} ms ≤ ${target} ms: ${r.m.p95 <= target ? 'PASS' : 'MISS'}`,
    );
  }
  console.log(`peak RSS ${peakRssMiB()} MiB`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
