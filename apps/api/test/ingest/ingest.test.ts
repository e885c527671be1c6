import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import { openDatabase, type Database } from '@b-deals/db';
import { createTestDatabase, testDrivers, truncateAll } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { ingestFeed, ingestPriceHistory } from '../../src/index.ts';

const fx = loadDefaultFxTable();
const gtin = (body: string) => body + gtinCheckDigit(body);
const DRESS = gtin('400638133393');
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));

const count = async (db: Database, table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

describe.each(testDrivers())('ingest on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => truncateAll(db));

  const ingest = (merchant: string, items: TestItem[], at: Date, extra: Partial<Parameters<typeof ingestFeed>[1]> = {}) =>
    ingestFeed(db, { bytes: rssFeed(merchant, items), feed: `${merchant}.xml`, merchant: { slug: merchant, name: merchant }, fx, observedAt: at, ...extra });

  const dress: TestItem = { id: 'D1', title: 'Linen Maxi Dress', price: '80.00 USD', brand: 'Harbor & Pine', gtin: DRESS, color: 'Sage' };

  it('re-ingesting an unchanged feed adds nothing', async () => {
    await ingest('alpha', [dress], day(1));
    const before = await Promise.all(['products', 'offers', 'price_observations', 'product_keys'].map((t) => count(db, t)));
    const again = await ingest('alpha', [dress], day(2));
    expect(again.unchanged).toBe(true);
    const after = await Promise.all(['products', 'offers', 'price_observations', 'product_keys'].map((t) => count(db, t)));
    expect(after).toEqual(before);
    // …but the price is confirmed for the new day: the run now ends on day 2.
    const run = await db.query<{ last_seen_at: Date }>(`SELECT last_seen_at FROM price_observations`);
    expect(new Date(run.rows[0]!.last_seen_at).toISOString()).toBe(day(2).toISOString());
  });

  it('a changed price appends exactly one observation; an unchanged one extends the run', async () => {
    await ingest('alpha', [dress], day(1));
    await ingest('alpha', [{ ...dress, title: 'Linen Maxi Dress ' }], day(2)); // bytes differ, price same
    expect(await count(db, 'price_observations')).toBe(1);
    await ingest('alpha', [{ ...dress, salePrice: '60.00 USD' }], day(3));
    const runs = await db.query<{ price_cents: number; regular_price_cents: number }>(
      `SELECT price_cents, regular_price_cents FROM price_observations ORDER BY valid_from`,
    );
    expect(runs.rows.map((r) => [r.price_cents, r.regular_price_cents])).toEqual([
      [8000, 8000],
      [6000, 8000],
    ]);
    const p = await db.query<{ price_cents: number; was_price_cents: number; discount_pct: number }>(
      `SELECT price_cents, was_price_cents, discount_pct FROM products`,
    );
    expect(p.rows[0]).toMatchObject({ price_cents: 6000, was_price_cents: 8000, discount_pct: 25 });
  });

  it('starts a new run after a gap in observation instead of claiming unseen days', async () => {
    await ingest('alpha', [dress], day(1));
    await ingest('alpha', [{ ...dress, title: 'Linen Maxi Dress.' }], day(10));
    expect(await count(db, 'price_observations')).toBe(2);
  });

  it('an item missing from a later full feed becomes unavailable, keeping its history', async () => {
    const skirt: TestItem = {
      id: 'S1',
      title: 'Pleated Midi Skirt',
      price: '45.00 USD',
      brand: 'Harbor & Pine',
      category: 'Apparel & Accessories > Clothing > Skirts',
    };
    await ingest('alpha', [dress, skirt], day(1));
    await ingest('alpha', [dress], day(2));
    const offers = await db.query<{ offer_key: string; active: boolean }>(`SELECT offer_key, active FROM offers ORDER BY offer_key`);
    expect(offers.rows).toEqual([
      { offer_key: 'D1', active: true },
      { offer_key: 'S1', active: false },
    ]);
    const hist = await db.query(`SELECT 1 FROM price_observations po JOIN offers o ON o.id = po.offer_id WHERE o.offer_key = 'S1'`);
    expect(hist.rows).toHaveLength(1);
    const skirtProduct = await db.query<{ offer_count: number; price_cents: number | null }>(
      `SELECT offer_count, price_cents FROM products WHERE title LIKE 'Pleated%'`,
    );
    expect(skirtProduct.rows[0]).toEqual({ offer_count: 0, price_cents: null });
    // A partial feed does not deactivate what it leaves out.
    await ingest('alpha', [skirt], day(3), { full: false });
    expect((await db.query(`SELECT 1 FROM offers WHERE active`)).rows).toHaveLength(2);
  });

  it('joins offers of different merchants by GTIN, brand + MPN, then brand + title + colour, recording the method', async () => {
    const coat = { title: 'Wool Wrap Coat', brand: 'Northvale', category: 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets', color: 'Camel' };
    await ingest('alpha', [dress, { id: 'C1', price: '200.00 USD', mpn: 'nv-100', ...coat }], day(1));
    await ingest(
      'beta',
      [
        { id: 'b-1', title: 'Harbor and Pine linen maxi dress in sage', price: '75.00 USD', brand: 'Harbor & Pine', gtin: DRESS, color: 'Sage' },
        { id: 'b-2', price: '190.00 USD', mpn: 'NV-100', ...coat, title: 'Wool Wrap Coat (new season)' },
      ],
      day(1),
    );
    await ingest('gamma', [{ id: 'g-1', price: '210.00 USD', ...coat, title: 'Northvale Wool Wrap Coat - Size M' }], day(1));
    const rows = await db.query<{ merchant: string; method: string; title: string }>(
      `SELECT m.slug AS merchant, o.match_method AS method, p.title FROM offers o JOIN merchants m ON m.id = o.merchant_id JOIN products p ON p.id = o.product_id ORDER BY m.slug, o.offer_key`,
    );
    expect(rows.rows.map((r) => [r.merchant, r.method, r.title])).toEqual([
      ['alpha', 'new', 'Wool Wrap Coat'],
      ['alpha', 'new', 'Linen Maxi Dress'],
      ['beta', 'gtin', 'Linen Maxi Dress'],
      ['beta', 'brand_mpn', 'Wool Wrap Coat'],
      ['gamma', 'brand_title', 'Wool Wrap Coat'],
    ]);
    const products = await db.query<{ title: string; offer_count: number; price_cents: number; merchant_count: number }>(
      `SELECT title, offer_count, price_cents, cardinality(merchant_ids) AS merchant_count FROM products ORDER BY title`,
    );
    expect(products.rows).toEqual([
      { title: 'Linen Maxi Dress', offer_count: 2, price_cents: 7500, merchant_count: 2 },
      { title: 'Wool Wrap Coat', offer_count: 3, price_cents: 19000, merchant_count: 3 },
    ]);
  });

  it("keeps the GMC age_group of offers and the one its offers state on the product (issue 18: ShopGeni's age rule reads it)", async () => {
    const jersey = { title: 'Kids Team Jersey', category: 'Sporting Goods > Athletics > Soccer', gender: 'male', brand: 'Northvale', size: 'YM' };
    await ingest('alpha', [{ id: 'J1', price: '25.00 USD', ageGroup: 'kids', ...jersey }, dress], day(1));
    await ingest('beta', [{ id: 'j-1', price: '24.00 USD', ageGroup: 'Kids', ...jersey }], day(1));
    const offers = await db.query<{ title: string; age_group: string | null }>(`SELECT title, age_group FROM offers ORDER BY title, merchant_id`);
    expect(offers.rows).toEqual([
      { title: 'Kids Team Jersey', age_group: 'kids' },
      { title: 'Kids Team Jersey', age_group: 'kids' },
      { title: 'Linen Maxi Dress', age_group: null },
    ]);
    const products = await db.query<{ title: string; age_group: string | null; offer_count: number }>(
      `SELECT title, age_group, offer_count FROM products ORDER BY title`,
    );
    expect(products.rows).toEqual([
      { title: 'Kids Team Jersey', age_group: 'kids', offer_count: 2 },
      { title: 'Linen Maxi Dress', age_group: null, offer_count: 1 },
    ]);
    // A merchant that later states another age group is written again (the content hash stands for it) and the product follows its offers.
    await ingest('alpha', [{ id: 'J1', price: '25.00 USD', ageGroup: 'adult', ...jersey }, dress], day(2));
    await ingest('beta', [{ id: 'j-1', price: '24.00 USD', ageGroup: 'adult', ...jersey }], day(2));
    expect((await db.query<{ age_group: string }>(`SELECT age_group FROM products WHERE title = 'Kids Team Jersey'`)).rows[0]!.age_group).toBe('adult');
  });

  it('does not join different colours by title, and groups variants by item_group_id into one offer', async () => {
    await ingest(
      'alpha',
      [
        { id: 'T-red', title: 'Cotton Tee', price: '20.00 USD', brand: 'Loom', color: 'Red', category: 'Apparel & Accessories > Clothing > Shirts & Tops' },
        { id: 'T-blue', title: 'Cotton Tee', price: '20.00 USD', brand: 'Loom', color: 'Blue', category: 'Apparel & Accessories > Clothing > Shirts & Tops' },
        { id: 'V-S', itemGroupId: 'V', title: 'Rib Knit Sweater - S', price: '60.00 USD', brand: 'Loom', size: 'S', availability: 'out of stock' },
        { id: 'V-M', itemGroupId: 'V', title: 'Rib Knit Sweater - M', price: '55.00 USD', brand: 'Loom', size: 'M' },
      ],
      day(1),
    );
    expect(await count(db, 'products')).toBe(3);
    const v = await db.query<{ sizes: string[]; price_cents: number; availability: string; item_ids: string[] }>(
      `SELECT sizes, price_cents, availability, item_ids FROM offers WHERE offer_key = 'V'`,
    );
    expect(v.rows[0]).toEqual({ sizes: ['S', 'M'], price_cents: 5500, availability: 'in_stock', item_ids: ['V-S', 'V-M'] });
  });

  it('converts other currencies to USD cents and keeps the original amount', async () => {
    await ingest('euro', [{ ...dress, id: 'E1', price: '100.00 EUR' }], day(1));
    const o = await db.query<{ price_cents: number; original_amount: number; original_currency: string }>(
      `SELECT price_cents, original_amount, original_currency FROM offers`,
    );
    expect(o.rows[0]!.original_currency).toBe('EUR');
    expect(Number(o.rows[0]!.original_amount)).toBe(10000);
    expect(o.rows[0]!.price_cents).toBeGreaterThan(9000); // a euro has been worth more than 90 US cents throughout the table
    expect(o.rows[0]!.price_cents).not.toBe(10000);
  });

  it('converts pegged currencies (AED, BGN), keeps the rate date on the offer, and names a currency without a rate', async () => {
    const report = await ingest(
      'gulf',
      [
        { ...dress, id: 'A1', gtin: undefined, title: 'Abaya Silk', price: '367.25 AED' },
        { ...dress, id: 'B1', gtin: undefined, title: 'Rose Oil Gift Set', price: '195.58 BGN' },
        { ...dress, id: 'N1', gtin: undefined, title: 'Naira Shirt', price: '1000.00 NGN' },
        { ...dress, id: 'N2', gtin: undefined, title: 'Naira Shoe', price: '2000.00 NGN' },
      ],
      day(1),
    );
    expect(report).toMatchObject({ items: 4, accepted: 2, rejected: 2, reasons: { unknown_currency: 2 }, unknownCurrencies: { NGN: 2 } });
    const o = await db.query<{ title: string; price_cents: number; original_currency: string; fx_rate_date: string; fx_rate_source: string }>(
      `SELECT title, price_cents, original_currency, to_char(fx_rate_date, 'YYYY-MM-DD') AS fx_rate_date, fx_rate_source FROM offers ORDER BY title`,
    );
    const aed = o.rows.find((r) => r.original_currency === 'AED')!;
    // 367.25 AED at the UAE peg of 3.6725 per USD is exactly 100.00 USD, on the conversion day itself.
    expect(aed).toMatchObject({ price_cents: 10000, fx_rate_date: '2026-11-01', fx_rate_source: 'peg' });
    const bgn = o.rows.find((r) => r.original_currency === 'BGN')!;
    // 195.58 BGN at 1.95583 per EUR is 99.998 EUR, converted with the table's latest USD rate on or before Nov 1.
    const usdCube = fx.days.filter((d) => d.date <= '2026-11-01' && d.rates.has('USD')).at(-1)!;
    expect(bgn.fx_rate_source).toBe('peg');
    expect(bgn.fx_rate_date).toBe(usdCube.date);
    expect(bgn.price_cents).toBe(Math.round((19558 / 1.95583) * usdCube.rates.get('USD')!));
  });

  it('joins offers written differently by their model number, records method and score, and counts them', async () => {
    await ingest('north', [{ id: 'T1', title: 'Sony PS-LX350H Belt-Drive Turntable', price: '99.99 USD', brand: 'Sony' }], day(1));
    const report = await ingest(
      'south',
      [
        { id: 'S1', title: 'Sony Turntable - PSLX350H', price: '104.99 USD', brand: 'Sony' },
        // same line, another model: a new product, not a match
        { id: 'S2', title: 'Sony Turntable - PSLX300USB', price: '149.99 USD', brand: 'Sony' },
      ],
      day(2),
    );
    expect(report.matchMethods).toEqual({ model: 1, new: 1 });
    // the same model number in a different condition, at another merchant: vetoed. (In the same feed as S1 its model
    // number would be in three records, the product's and both listings', and so read as a line, not one product.)
    await ingest('west', [{ id: 'S3', title: 'Sony PS-LX350H Belt-Drive Turntable (Refurbished)', price: '59.99 USD', brand: 'Sony' }], day(3));
    const rows = await db.query<{ offer_key: string; product_id: number; match_method: string; match_score: number | null }>(
      `SELECT offer_key, product_id, match_method, match_score FROM offers ORDER BY offer_key`,
    );
    const by = Object.fromEntries(rows.rows.map((r) => [r.offer_key, r]));
    expect(by.S1!.product_id).toBe(by.T1!.product_id);
    expect(by.S1!.match_method).toBe('model');
    expect(by.S1!.match_score).toBeGreaterThanOrEqual(0.8);
    expect(by.T1).toMatchObject({ match_method: 'new', match_score: null });
    expect(by.S2!.product_id).not.toBe(by.T1!.product_id);
    expect(by.S3!.product_id).not.toBe(by.T1!.product_id);
    expect(by.S3).toMatchObject({ match_method: 'new', match_score: 0 });
    expect(await count(db, 'products')).toBe(3);
  });

  it('rejects bad items one by one while the rest of the feed lands', async () => {
    const report = await ingest('alpha', [dress, { id: 'Z', title: 'Free Thing', price: '0.00 USD' }, { id: 'N', title: 'Negative', price: '-5 USD' }], day(1));
    expect(report).toMatchObject({ items: 3, accepted: 1, rejected: 2, reasons: { invalid_price: 2 } });
    expect(await count(db, 'offers')).toBe(1);
  });

  it('imports price history before the first observed run, merging a touching run, and is idempotent', async () => {
    await ingest('alpha', [dress], day(10));
    const tsv = [
      'id\tfrom\tto\tprice\tsale_price\tavailability',
      'D1\t2026-11-01\t2026-11-04\t80.00 USD\t64.00 USD\tin_stock',
      'D1\t2026-11-05\t2026-11-09\t80.00 USD\t\tin_stock',
      'nope\t2026-11-01\t2026-11-02\t1.00 USD\t\tin_stock',
    ].join('\n');
    const r1 = await ingestPriceHistory(db, { bytes: Buffer.from(tsv), feed: 'alpha.history.tsv', merchant: 'alpha', fx });
    expect(r1).toMatchObject({ items: 3, accepted: 2, rejected: 1, reasons: { unknown_offer: 1 } });
    const runs = await db.query<{ price_cents: number; f: string; t: string }>(
      `SELECT price_cents, to_char(valid_from AT TIME ZONE 'UTC', 'MM-DD') AS f, to_char(last_seen_at AT TIME ZONE 'UTC', 'MM-DD') AS t FROM price_observations ORDER BY valid_from`,
    );
    expect(runs.rows).toEqual([
      { price_cents: 6400, f: '11-01', t: '11-04' },
      { price_cents: 8000, f: '11-05', t: '11-10' },
    ]);
    const r2 = await ingestPriceHistory(db, { bytes: Buffer.from(tsv), feed: 'alpha.history.tsv', merchant: 'alpha', fx });
    expect(r2.unchanged).toBe(true);
    expect(await count(db, 'price_observations')).toBe(2);
  });

  it('a feed of several write batches lands whole, each offer on its own product with its own price', async () => {
    // 4,100 listings: two full batches of offers and a partial third (catalogue writeOffers), each serialised while the one before is written.
    const items: TestItem[] = Array.from({ length: 4100 }, (_, i) => ({
      id: `B${i}`,
      title: `Ribbed Knit Beanie No. ${i}`,
      price: `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')} USD`,
      brand: 'Harbor & Pine',
      gtin: gtin(String(400000000000 + i * 7)),
    }));
    const report = await ingest('alpha', items, day(1));
    expect(report).toMatchObject({ items: 4100, accepted: 4100, rejected: 0 });
    const rows = await db.query<{ offer_key: string; price_cents: number; product_price: number; products: number }>(
      `SELECT o.offer_key, o.price_cents, p.price_cents AS product_price, count(*) OVER (PARTITION BY o.product_id)::int AS products
         FROM offers o JOIN products p ON p.id = o.product_id`,
    );
    expect(rows.rows).toHaveLength(4100);
    const byKey = new Map(rows.rows.map((r) => [r.offer_key, r]));
    for (const i of [0, 1999, 2000, 3999, 4000, 4099]) {
      const want = (10 + (i % 90)) * 100 + (i % 100);
      expect(byKey.get(`B${i}`)).toMatchObject({ price_cents: want, product_price: want, products: 1 });
    }
    expect(await count(db, 'price_observations')).toBe(4100);
  });
});

describe('a process killed in the middle of an ingest', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-crash-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url));

  it('leaves the previous catalogue intact, and a rerun completes', async () => {
    const run = (mode: string) => spawnSync(process.execPath, ['--import', 'tsx', child, dir, mode], { encoding: 'utf8', timeout: 120_000 });
    expect(run('first').status).toBe(0);
    const killed = run('crash');
    expect(killed.signal).toBe('SIGKILL');
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const offers = await db.query<{ price_cents: number }>(`SELECT price_cents FROM offers ORDER BY offer_key`);
      expect(offers.rows.map((r) => r.price_cents)).toEqual([8000, 4500]);
      expect((await db.query(`SELECT 1 FROM ingest_runs`)).rows).toHaveLength(1);
    } finally {
      await db.close();
    }
    expect(run('rerun').status).toBe(0);
    const after = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const offers = await after.query<{ price_cents: number }>(`SELECT price_cents FROM offers ORDER BY offer_key`);
      expect(offers.rows.map((r) => r.price_cents)).toEqual([7000, 4000, 3000]);
    } finally {
      await after.close();
    }
    // Three child processes, each starting tsx and opening PGlite: 33 s on a busy 2-core machine, over 60 s under a loaded CI run.
  }, 240_000);
});

describe.each(testDrivers())('promotions feed on %s', (driver) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
  });
  afterAll(async () => db?.close());

  it('ingests GMC promotions, rejecting bad rows one by one, and deactivates promotions missing from a later file', async () => {
    const { ingestPromotions } = await import('../../src/index.ts');
    await ingestFeed(db, {
      bytes: rssFeed('alpha', [{ id: 'D1', title: 'Linen Maxi Dress', price: '80.00 USD', brand: 'Harbor' }]),
      feed: 'alpha.xml',
      merchant: { slug: 'alpha', name: 'Alpha', homepage: 'https://alpha.example/' },
      fx,
    });
    const header =
      'promotion_id\tlong_title\toffer_type\tgeneric_redemption_code\tpercent_off\tmoney_off_amount\tminimum_purchase_amount\tpromotion_effective_dates\tpromotion_url\tdescription\tfine_print';
    const tsv = [
      header,
      'bf\tBlack Friday: 20% off\tGENERIC_CODE\tBF20\t20\t\t\t2026-11-20T00:00:00Z/2026-11-30T23:59:59Z\t\tSave 20%\tOne use per customer',
      'ship\tFree shipping over $50\tNO_CODE\t\t\t\t50.00 USD\t2026-11-01T00:00:00Z/2026-12-31T00:00:00Z\thttps://alpha.example/ship\t\t',
      'nocode\tMissing code\tGENERIC_CODE\t\t10\t\t\t2026-11-01T00:00:00Z/2026-12-31T00:00:00Z\t\t\t',
      'dates\tBad dates\tNO_CODE\t\t10\t\t\t2026-12-31T00:00:00Z/2026-11-01T00:00:00Z\t\t\t',
      '\tNo id\tNO_CODE\t\t10\t\t\t2026-11-01T00:00:00Z/\t\t\t',
    ].join('\n');
    const now = new Date('2026-11-21T12:00:00Z');
    const report = await ingestPromotions(db, { bytes: Buffer.from(tsv), feed: 'alpha.promotions.tsv', merchant: 'alpha', fx }, now);
    expect(report).toMatchObject({
      items: 5,
      accepted: 2,
      rejected: 3,
      reasons: { missing_redemption_code: 1, invalid_effective_dates: 1, missing_promotion_id: 1 },
    });
    const rows = await db.query<{ promotion_id: string; coupon_code: string | null; minimum_order_cents: number | null; link: string; active: boolean }>(
      `SELECT promotion_id, coupon_code, minimum_order_cents, link, active FROM promotions ORDER BY promotion_id`,
    );
    expect(rows.rows).toEqual([
      { promotion_id: 'bf', coupon_code: 'BF20', minimum_order_cents: null, link: 'https://alpha.example/', active: true },
      { promotion_id: 'ship', coupon_code: null, minimum_order_cents: 5000, link: 'https://alpha.example/ship', active: true },
    ]);
    await ingestPromotions(db, { bytes: Buffer.from([header, tsv.split('\n')[1]].join('\n')), feed: 'alpha.promotions.tsv', merchant: 'alpha', fx }, now);
    const active = await db.query<{ promotion_id: string }>(`SELECT promotion_id FROM promotions WHERE active`);
    expect(active.rows.map((r) => r.promotion_id)).toEqual(['bf']);
  });
});
