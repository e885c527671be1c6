/**
 * Catalogue events and background jobs (issue 10 §2): the database announces every committed
 * ingest run and outbound click (migration 0006), a watched search index rebuilds on that
 * announcement without waiting for a search, and jobs run through the embedded queue or pg-boss.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SearchConditionSchema } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { ingestSource } from '../src/index.ts';
import { recordClick } from '../src/catalog/landing.ts';
import { SearchIndex } from '../src/search/index.ts';
import { searchProducts } from '../src/search/index.ts';
import { EmbeddedQueue, PgBossQueue, nextCronTime } from '../src/jobs/queue.ts';

const feed = (id: string, title: string) => `<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>t</title>
  <item><g:id>${id}</g:id><title>${title}</title><g:price>49.00 USD</g:price><g:brand>Wombat Gear</g:brand><g:link>https://w.example/${id}</g:link><g:image_link>https://w.example/${id}.jpg</g:image_link><g:availability>in stock</g:availability><g:google_product_category>Luggage &amp; Bags &gt; Backpacks</g:google_product_category></item>
</channel></rss>`;

/** The next payload announced on `channel` (resolves on the event itself: no polling, no sleep). */
function nextAnnouncement(db: Database, channel: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    db.listen(channel, (payload) => resolve(payload)).catch(reject);
  });
}

describe.each(testDrivers())('catalogue events on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('announces an ingest run after it commits, and nothing for a rolled-back one', async () => {
    const got: Array<string | null> = [];
    const off = await db.listen('catalog_changed', (p) => got.push(p));
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ingest_runs (merchant_id, feed, format, sha256, report, observed_at) VALUES (1, 'x', 'rss', 'h', '{}', now())`);
        throw new Error('crash mid-ingest');
      }),
    ).rejects.toThrow('crash mid-ingest');
    const announced = nextAnnouncement(db, 'catalog_changed');
    await ingestSource(db, {
      bytes: Buffer.from(feed('W1', 'Wombat Day Pack')),
      filename: 'wombat.xml',
      fx: loadDefaultFxTable(),
      merchant: { slug: 'wombat-shop', name: 'Wombat Shop' },
    });
    const payload = await announced;
    const run = await db.query<{ id: number }>(`SELECT max(id)::int AS id FROM ingest_runs`);
    expect(payload).toBe(String(run.rows[0]!.id));
    await off();
    expect(got).toEqual([payload]); // the rolled-back run was never announced
  });

  it('rebuilds a watched search index on the announcement, before any search asks', async () => {
    const index = new SearchIndex();
    const unwatch = await index.watch(db);
    try {
      await index.rebuild(db);
      const announced = nextAnnouncement(db, 'catalog_changed');
      await ingestSource(db, {
        bytes: Buffer.from(feed('W2', 'Wombat Summit Rucksack')),
        filename: 'wombat-2.xml',
        fx: loadDefaultFxTable(),
        merchant: { slug: 'wombat-outlet', name: 'Wombat Outlet' },
      });
      const version = Number(await announced);
      const snapshot = await index.built(version); // never resolves unless the announcement triggered a build
      expect(snapshot.version).toBe(version);
      const found = await searchProducts(db, SearchConditionSchema.parse({ q: 'summit' }), { index });
      expect(found.items.map((i) => i.name)).toEqual(['Wombat Summit Rucksack']);

      // A click announced by the database reaches the watched index's Best Sellers order.
      const offer = await db.query<{ id: number; product_id: number }>(`SELECT id::int, product_id::int FROM offers WHERE active ORDER BY id LIMIT 1`);
      const clicked = nextAnnouncement(db, 'click_recorded');
      for (let i = 0; i < 5; i++) await recordClick(db, offer.rows[0]!.id);
      await clicked;
      const sales = await searchProducts(db, SearchConditionSchema.parse({ sort: 'sales', to: 1, facets: false }), { index });
      expect(sales.items[0]!.id).toBe(offer.rows[0]!.product_id);
    } finally {
      await unwatch();
    }
  });
});

describe('embedded job queue', () => {
  it('runs a sent job, one run of a job at a time, and reports errors instead of throwing', async () => {
    const errors: string[] = [];
    const queue = new EmbeddedQueue((err, job) => errors.push(`${job}: ${(err as Error).message}`));
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await queue.start([
      {
        name: 'slow',
        handler: async (data) => {
          log.push(`start ${String(data.n)}`);
          if (data.n === 1) await gate;
          log.push(`end ${String(data.n)}`);
        },
      },
      { name: 'broken', handler: async () => Promise.reject(new Error('boom')) },
    ]);
    const first = queue.run('slow', { n: 1 });
    const second = queue.run('slow', { n: 2 });
    await Promise.resolve();
    expect(log).toEqual(['start 1']); // the second run waits for the first
    release();
    await Promise.all([first, second]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    await queue.run('broken', {});
    expect(errors).toEqual(['broken: boom']);
    await expect(queue.send('missing')).rejects.toThrow("unknown job 'missing'");
    await queue.stop();
  });

  it('runs scheduled jobs at their cron times (UTC), and at start when asked', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T03:14:30Z') });
    try {
      const runs: string[] = [];
      const queue = new EmbeddedQueue(() => undefined);
      await queue.start([{ name: 'daily', cron: '15 3 * * *', runAtStart: true, handler: async () => void runs.push(new Date().toISOString()) }]);
      expect(runs).toEqual(['2026-03-01T03:14:30.000Z']);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(runs).toEqual(['2026-03-01T03:14:30.000Z', '2026-03-01T03:15:00.000Z']);
      await vi.advanceTimersByTimeAsync(24 * 3600_000);
      expect(runs.at(-1)).toBe('2026-03-02T03:15:00.000Z');
      expect(runs).toHaveLength(3);
      await queue.stop();
      await vi.advanceTimersByTimeAsync(24 * 3600_000);
      expect(runs).toHaveLength(3); // stopped: no more runs
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not hold the start for a background job's first run, which goes on behind it", async () => {
    let finish!: () => void;
    const running = new Promise<void>((resolve) => (finish = resolve));
    const log: string[] = [];
    const queue = new EmbeddedQueue(() => undefined);
    await queue.start([
      {
        name: 'slow',
        runAtStart: true,
        background: true,
        handler: async () => {
          log.push('slow started');
          await running;
          log.push('slow ended');
        },
      },
      { name: 'quick', runAtStart: true, handler: async () => void log.push('quick') },
    ]);
    expect(log).toEqual(['slow started', 'quick']);
    finish();
    await queue.stop();
    expect(log).toEqual(['slow started', 'quick', 'slow ended']);
  });

  it('computes the next cron tick strictly after a time', () => {
    expect(nextCronTime('5 0 * * *', new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-01T00:05:00.000Z');
    expect(nextCronTime('5 0 * * *', new Date('2027-01-01T00:05:00Z')).toISOString()).toBe('2027-01-02T00:05:00.000Z');
    expect(() => nextCronTime('not a cron', new Date())).toThrow();
  });
});

describe.runIf(testDrivers().includes('postgres'))('pg-boss job queue on postgres', () => {
  it('works a job sent by another process handle exactly once', async () => {
    const db = await createTestDatabase('postgres');
    const sender = new PgBossQueue(db.url!, (err) => {
      throw err;
    });
    const worker = new PgBossQueue(db.url!, (err) => {
      throw err;
    });
    try {
      const seen: unknown[] = [];
      let done!: () => void;
      const worked = new Promise<void>((r) => (done = r));
      const job = {
        name: 'test-echo',
        handler: async (data: Record<string, unknown>) => {
          seen.push(data);
          done();
        },
      };
      await sender.start([job], { work: false });
      await worker.start([job]);
      await sender.send('test-echo', { productId: 42 });
      await worked;
      expect(seen).toEqual([{ productId: 42 }]);
    } finally {
      await sender.stop(1000);
      await worker.stop(1000);
      await db.close();
    }
  });

  it('starts an API and a worker at once on a fresh database (both create the same queues)', async () => {
    const db = await createTestDatabase('postgres');
    const fail = (err: unknown) => {
      throw err;
    };
    const jobs = ['test-a', 'test-b', 'test-c', 'test-d', 'test-e'].map((name) => ({ name, handler: async () => undefined }));
    const queues = Array.from({ length: 3 }, () => new PgBossQueue(db.url!, fail));
    try {
      await Promise.all(queues.map((q, i) => q.start(jobs, { work: i === 0 })));
      const res = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.queue WHERE name LIKE 'test-%'`);
      expect(res.rows[0]!.n).toBe(jobs.length);
    } finally {
      for (const q of queues) await q.stop(1000);
      await db.close();
    }
  });
});
