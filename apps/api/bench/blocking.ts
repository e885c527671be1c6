/**
 * Micro-benchmark of candidate blocking (`npm run bench:blocking`; matching domain, blocking.ts):
 * the steps the ingest adds per feed for blocking, timed apart from the rest of the ingest, on
 * the listings of the `bench:ingest` feed (one item per standard product of the demo plan):
 *   1. preparing each listing's record (`prepareRecord`, the words and model numbers it blocks on);
 *   2. indexing them as new products (`indexProducts`: `product_blocking_keys` rows, one transaction);
 *   3. finding every listing's candidates in that catalogue (`blockCandidates` over the database's
 *      index: capped key counts, then postings) — each listing finds at least itself, so every
 *      listing has candidates, more than a real feed against another merchant's catalogue;
 *   4. the same over a `MemoryBlockingIndex` (the eval's index), for the pure share of the work.
 * Prints milliseconds and microseconds per listing. No assertions.
 *
 *   npm run bench:blocking -- [--offers 20000] [--driver postgres|pglite] [--rare-words 3]
 *
 * `--rare-words 0` blocks on model numbers only (the ingest's blocking before title words), for comparison.
 *
 * PostgreSQL runs use database `bdeals_bench_blocking` (dropped and recreated) on
 * BENCH_DATABASE_URL's server; PGlite runs ./data/bench/blocking_pglite/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDefaultFxTable, parseFeed } from '@b-deals/feeds';
import { machineLine, ms, openBenchDatabase, parseDrivers, positiveInt } from '@b-deals/db/testing';
import {
  BrandLexicon,
  DbBlockingIndex,
  MemoryBlockingIndex,
  blockCandidates,
  effectivePrice,
  groupListings,
  indexProducts,
  prepareRecord,
} from '../src/matching/index.ts';
import { ensureFeed } from './bench-feed.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { offers: { type: 'string', default: '20000' }, driver: { type: 'string', default: 'postgres' }, 'rare-words': { type: 'string', default: '3' } },
  });
  const rareWords = Number(values['rare-words']);
  if (!Number.isInteger(rareWords) || rareWords < 0) throw new RangeError('--rare-words must be a whole number');
  const offers = positiveInt(values.offers, 'offers');
  console.log(machineLine());
  const file = ensureFeed(offers);
  const parsed = parseFeed(readFileSync(file), { filename: path.basename(file), fx: loadDefaultFxTable(), now: new Date(Date.UTC(2025, 0, 1)) });
  const listings = groupListings(parsed.items.flatMap((p) => (p.item ? [p.item] : [])));
  const n = listings.length;
  const per = (t: number) => `${ms(t)} ms (${((t * 1000) / n).toFixed(1)} µs/listing)`;

  let t = performance.now();
  const lexicon = new BrandLexicon(listings.flatMap((l) => (l.brand ? [l.brand] : [])));
  const records = listings.map((l) =>
    prepareRecord(
      { title: l.title, description: l.lead.description, brand: l.brand, mpn: l.mpn, gtin: l.gtins[0] ?? null, priceCents: effectivePrice(l) },
      lexicon,
    ),
  );
  console.log(`blocking benchmark: ${n} listings of ${path.basename(file)}, ${rareWords} rare words per listing`);
  console.log(`prepare records              ${per(performance.now() - t)}`);

  t = performance.now();
  const memory = new MemoryBlockingIndex();
  records.forEach((r, i) => memory.add(i + 1, r));
  const memFound = await blockCandidates(records, memory, { rareWords });
  console.log(
    `memory index + candidates    ${per(performance.now() - t)}; mean ${(memFound.reduce((s, c) => s + c.length, 0) / n).toFixed(1)} candidates/listing`,
  );

  for (const driver of parseDrivers(values.driver)) {
    const db = await openBenchDatabase(driver, driver === 'postgres' ? 'bdeals_bench_blocking' : 'blocking_pglite', true);
    try {
      await db.transaction(async (tx) => {
        let s = performance.now();
        const rows = await indexProducts(
          tx,
          records.map((record, i) => ({ productId: i + 1, record })),
          { count: true },
        );
        console.log(`[${driver}] index ${n} new products   ${per(performance.now() - s)}; ${rows} key rows`);
        await tx.query('ANALYZE product_blocking_keys');
        s = performance.now();
        const found = await blockCandidates(records, new DbBlockingIndex(tx), { rareWords });
        console.log(
          `[${driver}] candidates of ${n} listings ${per(performance.now() - s)}; mean ${(found.reduce((x, c) => x + c.length, 0) / n).toFixed(1)} candidates/listing`,
        );
      });
    } finally {
      await db.close();
    }
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
