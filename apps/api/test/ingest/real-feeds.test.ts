/**
 * What ingesting real merchants' feeds taught (issue 11; session 25's trial of eight public GMC
 * feeds): a store is named by its own address, two listings of one feed are two products unless an
 * identifier joins them, a placeholder brand is no brand, a feed of which nothing lands keeps the
 * merchant's offers, and a file whose last ingest rejected items is read again.
 */
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers, truncateAll } from '@b-deals/db/testing';
import { loadDefaultFxTable, readOperatorRates, withOperatorRates } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { forgetPlaceholderBrands } from '../../src/catalog/index.ts';
import { ingestFeed } from '../../src/index.ts';

const fx = loadDefaultFxTable();
const DRESS = '400638133393' + gtinCheckDigit('400638133393');
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
const count = async (db: Database, table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

describe.each(testDrivers())('ingest of real merchants\u2019 feeds on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => truncateAll(db));

  const ingest = (merchant: string, items: TestItem[], at: Date, extra: Partial<Parameters<typeof ingestFeed>[1]> = {}) =>
    ingestFeed(db, { bytes: rssFeed(merchant, items), feed: `${merchant}.xml`, merchant: { slug: merchant, name: merchant }, fx, observedAt: at, ...extra });

  const dress: TestItem = { id: 'D1', title: 'Linen Maxi Dress', price: '80.00 USD', brand: 'Harbor & Pine', gtin: DRESS, color: 'Sage' };

  it("keeps apart two stores of one user's site host, and finds a store under the slug it was first filed by", async () => {
    const store = (path: string, title: string, items: TestItem[]) =>
      Buffer.from(
        rssFeed('x', items)
          .toString()
          .replace('<title>x</title><link>https://x.example</link>', `<title>${title}</title><link>https://shops.github.io/${path}/</link>`),
      );
    const uae = await ingestFeed(db, { bytes: store('emirates-store', 'Emirates Store', [dress]), feed: 'ae.xml', fx, observedAt: day(1) });
    const kw = await ingestFeed(db, {
      bytes: store('kuwait-store', 'Kuwait Store', [{ ...dress, id: 'K1', gtin: undefined, title: 'Silk Scarf' }]),
      feed: 'kw.xml',
      fx,
      observedAt: day(1),
    });
    expect([uae.merchant, kw.merchant]).toEqual(['shops-emirates-store', 'shops-kuwait-store']);
    const live = await db.query<{ slug: string; name: string; n: string }>(
      `SELECT m.slug, m.name, count(o.id) FILTER (WHERE o.active) AS n FROM merchants m LEFT JOIN offers o ON o.merchant_id = m.id GROUP BY m.id ORDER BY m.slug`,
    );
    expect(live.rows.map((r) => [r.slug, r.name, Number(r.n)])).toEqual([
      ['shops-emirates-store', 'Emirates Store', 1],
      ['shops-kuwait-store', 'Kuwait Store', 1],
    ]);
    // A store a catalogue knows under another slug (its host's first label, as before) keeps it.
    await db.query(`UPDATE merchants SET slug = 'shops' WHERE slug = 'shops-emirates-store'`);
    const again = await ingestFeed(db, {
      bytes: store('emirates-store', 'Emirates Store', [dress, { ...dress, id: 'D9', gtin: undefined }]),
      feed: 'ae.xml',
      fx,
      observedAt: day(2),
    });
    expect(again.merchant).toBe('shops');
    expect(await count(db, 'merchants')).toBe(2);
  });

  it("never joins two listings of one merchant's feed into one product by title or score, only by an identifier", async () => {
    const beauty = (id: string, title: string, price: string, extra: Partial<TestItem> = {}): TestItem => ({ id, title, price, brand: 'Eclat', ...extra });
    await ingest(
      'eclat',
      [
        // Their brand + title keys agree (words as a set), yet the feed lists them apart at two prices.
        beauty('E144', 'Eclat Exfoliant Visage N°4', '8.90 USD'),
        beauty('E505', 'Eclat Exfoliant Visage Exfoliant N°4', '7.90 USD'),
        // One GTIN listed twice is one product.
        beauty('G1', 'Eclat Night Cream', '20.00 USD', { gtin: DRESS }),
        beauty('G2', 'Eclat Night Cream 50ml', '21.00 USD', { gtin: DRESS }),
      ],
      day(1),
    );
    const products = await db.query<{ title: string; n: string }>(
      `SELECT p.title, count(o.id) AS n FROM products p JOIN offers o ON o.product_id = p.id GROUP BY p.id ORDER BY p.title`,
    );
    expect(products.rows.map((r) => [r.title, Number(r.n)])).toEqual([
      ['Eclat Exfoliant Visage Exfoliant N°4', 1],
      ['Eclat Exfoliant Visage N°4', 1],
      ['Eclat Night Cream', 2],
    ]);
    // Another merchant's listing of the same words still joins one of them.
    const other = await ingest('beaute', [beauty('B1', 'Eclat Exfoliant Visage N°4', '9.50 USD')], day(1));
    expect(other.matchMethods).toEqual({ brand_title: 1 });
  });

  it('reads a placeholder brand as none, and takes one an earlier catalogue stored off its products at start', async () => {
    await ingest('bazaar', [{ ...dress, id: 'G1', gtin: undefined, title: 'Hair Straightener', brand: 'Generic' }], day(1));
    const stored = await db.query<{ brand_id: number | null }>(`SELECT brand_id FROM products`);
    expect(stored.rows).toEqual([{ brand_id: null }]);
    // A catalogue written before: the product under a brand "Generic", its vector holding the word.
    const generic = await db.query<{ id: number }>(`INSERT INTO brands (slug, name) VALUES ('generic', 'Generic') RETURNING id`);
    await db.query(`UPDATE products SET brand_id = $1, search = search || to_tsvector('english', 'generic')`, [generic.rows[0]!.id]);
    expect(await forgetPlaceholderBrands(db)).toBe(1);
    const after = await db.query<{ brand_id: number | null; search: string }>(`SELECT brand_id, search::text AS search FROM products`);
    expect(after.rows[0]!.brand_id).toBeNull();
    expect(after.rows[0]!.search).not.toContain('generic');
    expect(await count(db, 'brands')).toBe(0);
    expect(await forgetPlaceholderBrands(db)).toBe(0);
  });

  it("keeps the merchant's offers when no item of a full feed is accepted (a broken feed, not an empty shop)", async () => {
    await ingest('alpha', [dress, { ...dress, id: 'D2', gtin: undefined, title: 'Linen Wrap Skirt' }], day(1));
    // The merchant's next file prices everything in a currency without a known rate.
    const broken = await ingest('alpha', [{ ...dress, price: '80.00 NGN' }], day(2));
    expect(broken).toMatchObject({ accepted: 0, rejected: 1, offersKept: true });
    expect(Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM offers WHERE active`)).rows[0]!.n)).toBe(2);
    // A full feed that lands drops what it no longer lists, as before.
    const next = await ingest('alpha', [dress], day(3));
    expect(next.offersKept).toBeUndefined();
    expect(Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM offers WHERE active`)).rows[0]!.n)).toBe(1);
  });

  it('reads a file again whose last ingest rejected items, though its bytes are unchanged (a rate added since)', async () => {
    const items = [dress, { ...dress, id: 'N1', gtin: undefined, title: 'Naira Shirt', price: '1000.00 NGN' }];
    expect(await ingest('alpha', items, day(1))).toMatchObject({ accepted: 1, rejected: 1 });
    const withNaira = withOperatorRates(fx, readOperatorRates('currency,rate,per,date\nNGN,1500,USD,2026-01-01\n'));
    const again = await ingest('alpha', items, day(2), { fx: withNaira });
    expect(again).toMatchObject({ accepted: 2, rejected: 0 });
    expect(again.unchanged).toBeUndefined();
    expect(await count(db, 'offers')).toBe(2);
    // Now that nothing was rejected, the same bytes are unchanged.
    expect((await ingest('alpha', items, day(3), { fx: withNaira })).unchanged).toBe(true);
  });
});
