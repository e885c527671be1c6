/**
 * Price-alert benchmark (`npm run bench:alerts`; issue 14 §9): times the alert job's evaluation
 * (`evaluatePriceAlerts`) of N saved products (default 100,000: 1,000 shoppers × 100) after an
 * ingest of a 100,000-offer feed that drops a third of its prices by 15 %. Each run resets the
 * alert state and evaluates again over the same data; prints every run, the median in seconds,
 * the alerts raised, peak RSS and the machine. Target of the issue: ≤ 10 s on PostgreSQL. No
 * assertions.
 *
 *   npm run bench:alerts -- [--offers 100000] [--saved 100000] [--driver postgres|pglite|both] [--runs 3]
 *
 * Shoppers are inserted directly (the benchmark measures alerts, not sign-up); every tenth saved
 * product has a target 10 % under its saved price, and the sized ones watch their first size.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { machineLine, median, ms, openBenchDatabase, parseDrivers, peakRssMiB, positiveInt, type Driver } from '@b-deals/db/testing';
import { evaluatePriceAlerts } from '../src/favorites/index.ts';
import { finishIngest, ingestFeed } from '../src/index.ts';
import { ensureFeed, MERCHANT } from './bench-feed.ts';

const DAY = 24 * 3600 * 1000;
const BEFORE = new Date(Date.UTC(2025, 0, 1));
const AFTER = new Date(BEFORE.getTime() + 30 * DAY);
const TARGET_SECONDS = 10;
const PER_SHOPPER = 100;

async function benchDriver(driver: Driver, offers: number, saved: number, runs: number): Promise<number> {
  const db = await openBenchDatabase(driver, driver === 'postgres' ? 'bdeals_bench_alerts' : 'alerts_pglite', true);
  try {
    const fx = loadDefaultFxTable();
    const merchant = { slug: MERCHANT.slug, name: MERCHANT.name, region: MERCHANT.region, marketplace: MERCHANT.marketplace };
    for (const [file, at] of [
      [ensureFeed(offers), BEFORE],
      [ensureFeed(offers, 0.85), AFTER],
    ] as const) {
      const started = performance.now();
      await ingestFeed(db, { bytes: readFileSync(file), feed: 'bench.xml', fx, observedAt: at, skipMaintenance: true, merchant });
      await finishIngest(db);
      console.log(`[${driver}] ingested ${path.basename(file)} observed ${at.toISOString().slice(0, 10)} in ${ms(performance.now() - started)} ms`);
    }
    const shoppers = Math.ceil(saved / PER_SHOPPER);
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
       SELECT 'shopper' || g || '@bench.test', 'x', 'Bench', 'Shopper', now() FROM generate_series(1, $1) g`,
      [shoppers],
    );
    // Saved at the first feed's prices: the second feed's drops are what the alerts measure.
    await db.query(
      `WITH c AS (SELECT count(*) AS n FROM products),
            p AS (SELECT id, sizes, row_number() OVER (ORDER BY id) - 1 AS n FROM products),
            u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users),
            pairs AS (SELECT u.id AS user_id, p.id AS product_id, p.sizes, (u.n * ${PER_SHOPPER} + k) AS i
                        FROM u CROSS JOIN generate_series(0, ${PER_SHOPPER - 1}) k CROSS JOIN c JOIN p ON p.n = ((u.n * 7919 + k * 104729) % c.n))
       INSERT INTO favorites (user_id, product_id, saved_price_cents, alert_baseline_cents, target_price_cents, sizes)
       SELECT user_id, product_id, o.price_cents, o.price_cents,
              CASE WHEN i % 10 = 0 THEN (o.price_cents * 0.9)::int END,
              CASE WHEN i % 10 = 0 AND cardinality(sizes) > 0 THEN sizes[1:1] ELSE '{}' END
         FROM pairs JOIN LATERAL (SELECT min(price_cents) AS price_cents FROM offers WHERE product_id = pairs.product_id) o ON true
        WHERE i < $1
       ON CONFLICT DO NOTHING`,
      [saved],
    );
    const count = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM favorites`)).rows[0]!.n;
    await db.query('ANALYZE');
    const seconds: number[] = [];
    for (let i = 1; i <= runs; i++) {
      await db.query(`DELETE FROM price_alerts`);
      await db.query(`UPDATE favorites SET alert_baseline_cents = saved_price_cents, target_armed = true`);
      const started = performance.now();
      const report = await evaluatePriceAlerts(db, AFTER);
      const s = (performance.now() - started) / 1000;
      seconds.push(s);
      console.log(
        `[${driver}] run ${i}: ${report.evaluated} saved products evaluated, ${report.fired} alerts raised in ${s.toFixed(2)} s | peak RSS ${peakRssMiB()} MiB`,
      );
    }
    const m = median(seconds);
    console.log(`[${driver}] median ${m.toFixed(2)} s for ${count} saved products over ${offers} offers (${runs} runs)`);
    return m;
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '100000' },
      saved: { type: 'string', default: '100000' },
      driver: { type: 'string', default: 'postgres' },
      runs: { type: 'string', default: '3' },
    },
  });
  const offers = positiveInt(values.offers, 'offers');
  const saved = positiveInt(values.saved, 'saved');
  const runs = positiveInt(values.runs, 'runs');
  console.log(machineLine());
  for (const driver of parseDrivers(values.driver)) {
    const m = await benchDriver(driver, offers, saved, runs);
    const verdict = driver === 'postgres' ? `target ≤ ${TARGET_SECONDS} s: ${m <= TARGET_SECONDS ? 'PASS' : 'MISS'}` : 'no target';
    console.log(`${driver.padEnd(8)} median ${m.toFixed(2)} s (${verdict})`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
