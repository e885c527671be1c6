import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { freePort, spawnTs, startPrivatePostgres, waitFor, waitUntilUp, type ChildServer, type PrivatePostgres } from './helpers.ts';

/**
 * kill -9 of the API server in the middle of an ingest (issue 13 point 9): the catalogue is the
 * one from before the killed ingest (nothing half-written), and ingesting the same feed again
 * after a restart gives exactly the catalogue of an uninterrupted run (nothing lost or doubled).
 * Runs on a private PostgreSQL cluster. Order placement is not covered: orders do not exist yet.
 */
const TOKEN = 'reliability-operator-token-0123456789';
const ITEMS = 3000;
const BRANDS = ['Harbor & Pine', 'Northvale', 'Strider', 'Larkspur', 'Ondine'];

function feed(priceShift: number): Buffer {
  const items: TestItem[] = Array.from({ length: ITEMS }, (_, i) => ({
    id: `CM-${i}`,
    title: `${BRANDS[i % BRANDS.length]} Linen Dress ${i}`,
    price: `${(20 + (i % 90) + priceShift).toFixed(2)} USD`,
    brand: BRANDS[i % BRANDS.length],
    gtin: `40${String(100_000_000 + i)}` + gtinCheckDigit(`40${String(100_000_000 + i)}`),
    color: ['Sage', 'Navy', 'Rust'][i % 3],
  }));
  return rssFeed('crashmart', items);
}

/** What must be equal after a crash and a rerun: row counts and a digest of every offer's price and state. */
async function snapshot(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT
      (SELECT count(*)::int FROM merchants) AS merchants,
      (SELECT count(*)::int FROM brands) AS brands,
      (SELECT count(*)::int FROM products) AS products,
      (SELECT count(*)::int FROM offers) AS offers,
      (SELECT count(*)::int FROM offers WHERE active) AS active_offers,
      (SELECT count(*)::int FROM price_observations) AS price_runs,
      (SELECT md5(coalesce(string_agg(o.offer_key || ':' || o.price_cents || ':' || o.active || ':' || p.slug, ',' ORDER BY o.offer_key), ''))
         FROM offers o JOIN products p ON p.id = o.product_id) AS offers_digest`);
    return rows[0] as Record<string, unknown>;
  } finally {
    await client.end();
  }
}

describe('kill -9 during an ingest', () => {
  let cluster: PrivatePostgres;
  let dataDir: string;
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-crash-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the API (apps/api/src/server.ts) on `databaseUrl` in a child process and waits until it answers. */
  async function startServer(databaseUrl: string) {
    const port = await freePort();
    const server = spawnTs('apps/api/src/server.ts', {
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_TOKEN: TOKEN,
    });
    servers.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/health`).catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
    return { server, base };
  }

  const ingest = (base: string, bytes: Buffer) =>
    fetch(`${base}/admin/api/v1/feeds?filename=crashmart.xml&merchant=crashmart&merchantName=CrashMart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
      body: bytes,
    });

  it('leaves the previous catalogue intact, and a rerun gives the uninterrupted result', async () => {
    const v1 = feed(0);
    const v2 = feed(5);

    // Reference: v1 then v2, uninterrupted.
    const refUrl = await cluster.createDatabase('crash_ref');
    const ref = await startServer(refUrl);
    expect((await ingest(ref.base, v1)).status).toBe(200);
    const t0 = Date.now();
    expect((await ingest(ref.base, v2)).status).toBe(200);
    const v2Ms = Date.now() - t0;
    await ref.server.stop();
    const expected = await snapshot(refUrl);
    expect(expected.offers).toBe(ITEMS);

    // Same steps, with the server killed while v2 is being written.
    const url = await cluster.createDatabase('crash_run');
    const first = await startServer(url);
    expect((await ingest(first.base, v1)).status).toBe(200);
    const afterV1 = await snapshot(url);
    // Hold the ingest at its last write: a lock on ingest_runs that lets its first SELECT through but makes its
    // final INSERT wait, so every offer, price run and product of v2 has been written, uncommitted, when it dies.
    const blocker = new pg.Client({ connectionString: url });
    blocker.on('error', () => undefined);
    await blocker.connect();
    const blockerPid = (await blocker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE ingest_runs IN EXCLUSIVE MODE');
    const killed = ingest(first.base, v2).then(
      (r) => r.status,
      () => 'connection lost',
    );
    const admin = new pg.Client({ connectionString: cluster.url });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      await waitFor(
        'the ingest to wait on its final write',
        async () =>
          (
            await admin.query(
              `SELECT 1 FROM pg_stat_activity WHERE datname = 'crash_run' AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO ingest_runs%'`,
            )
          ).rowCount! > 0,
        Math.max(30_000, v2Ms * 10),
        20,
      );
      await first.server.kill9();
      expect(await killed).toBe('connection lost');
      await blocker.query('ROLLBACK');
      // PostgreSQL ends the dead server's sessions and rolls their transaction back.
      await waitFor(
        'the killed sessions to end',
        async () => (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE datname = 'crash_run' AND pid <> $1`, [blockerPid])).rowCount === 0,
        15_000,
      );
    } finally {
      await blocker.end().catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    expect(await snapshot(url)).toEqual(afterV1);

    const second = await startServer(url);
    expect((await ingest(second.base, v2)).status).toBe(200);
    await second.server.stop();
    expect(await snapshot(url)).toEqual(expected);
  });
});
