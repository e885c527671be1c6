/**
 * Issue 16 §5, the year in prices: one dress observed every day of Q1 2025 at $100, on sale at
 * $80 through February. Its year price is the day-weighted mean of its months,
 * (31 × 100 + 28 × 80 + 31 × 100) / 90 = 93.78, so January and March index at 106.6 and
 * February at 85.3, with every February day on sale, 20 % deep; the sales weeks are February's.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YearInPrices } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { ingestFeed } from '../../src/index.ts';
import { testAppOptions } from '../test-app.ts';

const fx = loadDefaultFxTable();

describe.each(testDrivers())('year in prices on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let year: YearInPrices;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    for (let d = new Date(Date.UTC(2025, 0, 1, 12)); d < new Date(Date.UTC(2025, 3, 1)); d = new Date(d.getTime() + 24 * 3600 * 1000)) {
      const sale = d.getUTCMonth() === 1 ? '80.00 USD' : undefined;
      await ingestFeed(db, {
        bytes: rssFeed('harbor', [{ id: 'D1', title: 'Linen Dress', price: '100.00 USD', salePrice: sale, brand: 'Harbor & Pine' }]),
        feed: 'harbor.xml',
        merchant: { slug: 'harbor', name: 'Harbor' },
        fx,
        observedAt: d,
        skipMaintenance: true,
      });
    }
    app = await buildApp(testAppOptions(db));
    const res = await app.inject('/inventory/api/v1/price-index/year/2025');
    expect(res.statusCode).toBe(200);
    year = res.json();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('indexes each month against the offer’s own year, with the share and depth of sale days', () => {
    const all = year.months.filter((m) => m.department === 'ALL');
    expect(all.map((m) => [m.month, m.offers, m.index, m.saleShare, m.depth])).toEqual([
      ['2025-01', 1, 106.6, 0, null],
      ['2025-02', 1, 85.3, 100, 20],
      ['2025-03', 1, 106.6, 0, null],
    ]);
    const dept = year.months.filter((m) => m.department !== 'ALL');
    expect(dept.map((m) => m.index)).toEqual([106.6, 85.3, 106.6]);
    expect(dept[0]!.departmentName).not.toBe('All departments');
  });

  it('lists the weeks with the most sale days first, never an unobserved one', () => {
    expect(year.salesEvents.map((w) => [w.weekStart, w.saleShare])).toEqual([
      ['2025-02-03', 100],
      ['2025-02-10', 100],
      ['2025-02-17', 100],
      ['2025-02-24', 71.4],
      ['2025-01-27', 28.6],
    ]);
  });

  it('answers an unobserved year with no months, and 400 for a year out of range', async () => {
    expect((await app.inject('/inventory/api/v1/price-index/year/2024')).json()).toMatchObject({ year: 2024, months: [], salesEvents: [] });
    expect((await app.inject('/inventory/api/v1/price-index/year/1999')).statusCode).toBe(400);
  });
});
