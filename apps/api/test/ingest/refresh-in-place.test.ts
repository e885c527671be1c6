/**
 * The refresh of offer-derived columns writes a touched product's new row version on its own page
 * (a HOT update: no new index entry), because products pages keep 15 % free (migration 0022,
 * fillfactor 85). A rival merchant's feed touches a scattered tenth of the catalogue, as on the
 * 1,000,000-product bench; with full pages every one of those rows would move to another page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed } from '../../src/index.ts';

const fx = loadDefaultFxTable();
const PRODUCTS = 400;
const gtin = (n: number) => {
  const body = `0001234${String(n).padStart(6, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};
const item = (merchant: string, n: number, price: string): TestItem => ({
  id: `${merchant}-${n}`,
  title: `Ribbed Cotton Tank Top ${n}`,
  price,
  gtin: gtin(n),
  description: 'A close-fitting tank top in ribbed organic cotton with a scoop neck and narrow straps.',
});

describe.each(testDrivers())('products refreshed in place on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.close();
  });

  const ingest = (merchant: string, items: TestItem[], day: number) =>
    ingestFeed(db, {
      bytes: rssFeed(merchant, items),
      feed: `${merchant}.xml`,
      merchant: { slug: merchant, name: merchant },
      fx,
      observedAt: new Date(Date.UTC(2026, 0, day)),
    });
  /** Product id → the heap page its current row version is on. */
  const pages = async (ids?: readonly number[]) =>
    new Map(
      (
        await db.query<{ id: string; page: number }>(
          `SELECT id, (ctid::text::point)[0]::int AS page FROM products WHERE $1::bigint[] IS NULL OR id = ANY($1::bigint[])`,
          [ids ?? null],
        )
      ).rows.map((r) => [Number(r.id), r.page]),
    );

  it('keeps a touched product on its page when a rival offer changes its price and counts', async () => {
    await ingest(
      'first',
      Array.from({ length: PRODUCTS }, (_, n) => item('first', n, '40.00 USD')),
      1,
    );
    const before = await pages();
    expect(new Set(before.values()).size).toBeGreaterThan(4); // several pages, so most are full

    // The rival sells every tenth product for less: price, offer count and merchant list change.
    await ingest(
      'rival',
      Array.from({ length: PRODUCTS / 10 }, (_, k) => item('rival', k * 10, '35.00 USD')),
      2,
    );
    const touched = (await db.query<{ id: string }>(`SELECT id FROM products WHERE offer_count = 2 AND price_cents = 3500`)).rows.map((r) => Number(r.id));
    expect(touched).toHaveLength(PRODUCTS / 10);
    const after = await pages(touched);
    const stayed = touched.filter((id) => after.get(id) === before.get(id)).length;
    expect(stayed / touched.length).toBeGreaterThanOrEqual(0.9);
  });
});
