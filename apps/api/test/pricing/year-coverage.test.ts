/**
 * Issue 16 §5, the year in prices names no month, department figure or sales week from too few
 * observed days (pricing/year.ts `MIN_OBSERVED_DAYS`, 7). One dress, observed in 2025:
 * - every day from 3 to 31 March at $100 (29 days);
 * - on exactly 7 days, Monday 2 to Sunday 8 June, on sale at $80 of $100: June has figures, and
 *   its week is a sales event;
 * - on 6 days, Monday 24 to Saturday 29 November, on sale at $60: November gets no figures (it
 *   is listed with its 6 observed days) and its week, all sale, is never an event.
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
import { MIN_OBSERVED_DAYS } from '../../src/pricing/year.ts';
import { testAppOptions } from '../test-app.ts';

const fx = loadDefaultFxTable();
/** The noon of each day from `from` to `to` (YYYY-MM-DD, inclusive), UTC. */
const days = (from: string, to: string): Date[] => {
  const out: Date[] = [];
  for (let d = new Date(`${from}T12:00:00Z`); d <= new Date(`${to}T12:00:00Z`); d = new Date(d.getTime() + 86_400_000)) out.push(d);
  return out;
};

describe.each(testDrivers())('year in prices: coverage on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let year: YearInPrices;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const observe = async (dates: Date[], salePrice?: string) => {
      for (const observedAt of dates)
        await ingestFeed(db, {
          bytes: rssFeed('harbor', [{ id: 'D1', title: 'Linen Dress', price: '100.00 USD', salePrice, brand: 'Harbor & Pine' }]),
          feed: 'harbor.xml',
          merchant: { slug: 'harbor', name: 'Harbor' },
          fx,
          observedAt,
          skipMaintenance: true,
        });
    };
    await observe(days('2025-03-03', '2025-03-31'));
    await observe(days('2025-06-02', '2025-06-08'), '80.00 USD');
    await observe(days('2025-11-24', '2025-11-29'), '60.00 USD');
    app = await buildApp(testAppOptions(db));
    const res = await app.inject('/inventory/api/v1/price-index/year/2025');
    expect(res.statusCode).toBe(200);
    year = res.json();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('gives a month figures from 7 observed days, saying on how many, and none from 6', () => {
    expect(MIN_OBSERVED_DAYS).toBe(7);
    expect(year.minObservedDays).toBe(7);
    const all = year.months.filter((m) => m.department === 'ALL');
    expect(all.map((m) => [m.month, m.observedDays, m.saleShare])).toEqual([
      ['2025-03', 29, 0],
      ['2025-06', 7, 100],
    ]);
    // November's days count for nothing shown: listed with its days, no index, no sale share.
    expect(year.months.some((m) => m.month === '2025-11')).toBe(false);
    expect(year.sparseMonths.filter((m) => m.department === 'ALL')).toEqual([
      { month: '2025-11', department: 'ALL', departmentName: 'All departments', offers: 1, observedDays: 6 },
    ]);
  });

  it('applies the same floor to each department’s months', () => {
    const dept = year.months.filter((m) => m.department !== 'ALL');
    expect(dept.map((m) => [m.month, m.observedDays])).toEqual([
      ['2025-03', 29],
      ['2025-06', 7],
    ]);
    expect(year.sparseMonths.filter((m) => m.department !== 'ALL').map((m) => [m.month, m.observedDays])).toEqual([['2025-11', 6]]);
  });

  it('names a fully observed week a sales event, never a week observed on 6 days, however deep its sale', () => {
    expect(year.salesEvents.map((w) => [w.weekStart, w.saleShare, w.depth])).toEqual([['2025-06-02', 100, 20]]);
  });
});
