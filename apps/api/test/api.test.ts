import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { finishIngest, ingestFeed } from '../src/index.ts';
import { hotWords } from '../src/search/index.ts';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { testAppOptions } from './test-app.ts';

const fx = loadDefaultFxTable();
const gtin = (body: string) => body + gtinCheckDigit(body);
const TOKEN = 'test-operator-token-0123456789abcdef';
const DAY = 24 * 3600 * 1000;

const dress = (over: Partial<TestItem> = {}): TestItem => ({
  id: 'D1',
  title: 'Linen Maxi Dress',
  price: '80.00 USD',
  brand: 'Harbor & Pine',
  gtin: gtin('400638133393'),
  color: 'Sage',
  ...over,
});
const blazer: TestItem = {
  id: 'B1',
  title: 'Tailored Wool Blazer',
  price: '240.00 USD',
  brand: 'Northvale',
  mpn: 'NV-BL-1',
  category: 'Apparel & Accessories > Clothing > Suits > Suit Jackets & Blazers',
  productType: "Women's Clothing > Women's Coats > Blazers",
};
const coat: TestItem = {
  id: 'C1',
  title: 'Quilted Winter Coat',
  price: '180.00 USD',
  brand: 'Northvale Kids',
  category: 'Apparel & Accessories > Clothing > Outerwear',
  productType: "Women's Clothing > Women's Coats > Other",
};
const sneaker: TestItem = {
  id: 'K1',
  title: 'Canvas Low Sneaker',
  price: '55.00 USD',
  brand: 'Strider',
  gtin: gtin('001234567890'),
  category: 'Apparel & Accessories > Shoes',
  gender: 'male',
};

describe.each(testDrivers())('API on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  const now = Date.now();

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    const ingest = (slug: string, items: TestItem[], daysAgo: number, extra: { name?: string; marketplace?: 'OUTLET' | 'LUXURY' } = {}) =>
      ingestFeed(db, {
        bytes: rssFeed(slug, items),
        feed: `${slug}.xml`,
        merchant: { slug, name: extra.name ?? slug, marketplace: extra.marketplace ?? null },
        fx,
        observedAt: at(daysAgo),
        skipMaintenance: true,
      });
    await ingest('alpha', [dress(), blazer, coat], 20, { name: 'Alpha Store' });
    await ingest('alpha', [dress({ salePrice: '60.00 USD' }), blazer, coat], 2, { name: 'Alpha Store' });
    await ingest('beta', [dress({ id: 'b1', price: '78.00 USD', shipping: '5.00 USD' }), sneaker], 1, { name: 'Beta Outlet', marketplace: 'OUTLET' });
    await finishIngest(db);
    app = await buildApp(testAppOptions(db, { fx, operatorToken: TOKEN }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const search = (body: object) => app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: body });

  it('lists merchants with offer counts and filters by marketplace', async () => {
    const all = (await app.inject('/inventory/api/v1/merchants')).json();
    expect(all.merchants.map((m: { slug: string; offerCount: number }) => [m.slug, m.offerCount])).toEqual([
      ['alpha', 3],
      ['beta', 2],
    ]);
    const outlet = (await app.inject('/inventory/api/v1/merchants?marketplace=OUTLET')).json();
    expect(outlet.merchants.map((m: { slug: string }) => m.slug)).toEqual(['beta']);
  });

  it('lists brands by product count and answers brand details by id or slug, with sub-brands', async () => {
    const { brands } = (await app.inject('/inventory/api/v1/brands')).json();
    expect(brands.map((b: { slug: string }) => b.slug).sort()).toEqual(['harbor-and-pine', 'northvale', 'northvale-kids', 'strider']);
    const nv = (await app.inject('/inventory/api/v1/brand/northvale')).json();
    expect(nv.subBrands.map((b: { slug: string }) => b.slug)).toEqual(['northvale-kids']);
    expect(nv.departments).toEqual([{ id: '8', term: "Women's Clothing", count: 2 }]);
    const byId = (await app.inject(`/inventory/api/v1/brand/${nv.id}`)).json();
    expect(byId.slug).toBe('northvale');
    const missing = await app.inject('/inventory/api/v1/brand/no-such-brand');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers hot words', async () => {
    const res = (await app.inject('/inventory/api/v1/search/hot-words')).json();
    expect(Array.isArray(res.hotWords)).toBe(true);
    expect(res.hotWords.length).toBeGreaterThan(0);
  });

  it('makes a hot word of a term several searchers used, never of one visitor repeating it', async () => {
    const search = (shopper: string) =>
      app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'wool blazer' }, headers: { 'x-forwarded-for': shopper } });
    for (let i = 0; i < 5; i++) expect((await search('198.51.100.20')).json().total).toBeGreaterThan(0);
    const counted = async () =>
      Number((await db.query<{ n: number }>(`SELECT coalesce(sum(count), 0)::int AS n FROM search_terms WHERE term = 'wool blazer'`)).rows[0]!.n);
    // Recorded after the answer: wait for the one row.
    await expect.poll(counted).toBe(1);
    expect(await hotWords(db)).not.toContain('wool blazer');
    await search('198.51.100.21');
    await search('198.51.100.22');
    await expect.poll(counted).toBe(3);
    expect(await hotWords(db)).toContain('wool blazer');
  });

  it('searches text with stemming, prefixes and typo correction', async () => {
    const dresses = (await search({ q: 'dresses' })).json();
    expect(dresses.items.map((i: { name: string }) => i.name)).toEqual(['Linen Maxi Dress']);
    expect((await search({ q: 'blaz' })).json().items.map((i: { name: string }) => i.name)).toEqual(['Tailored Wool Blazer']);
    const typo = (await search({ q: 'sneakr' })).json();
    expect(typo.correctedQuery).toBe('sneaker');
    expect(typo.items.map((i: { name: string }) => i.name)).toEqual(['Canvas Low Sneaker']);
    expect((await search({ q: 'zzqxv' })).json()).toMatchObject({ total: 0, items: [], correctedQuery: null });
  });

  it('filters by category ids with prefix, union and minus semantics', async () => {
    const names = async (cids: string[]) =>
      (await search({ cids }))
        .json()
        .items.map((i: { name: string }) => i.name)
        .sort();
    expect(await names(['81'])).toEqual(['Quilted Winter Coat', 'Tailored Wool Blazer']);
    expect(await names(['81,-811,-812,-813'])).toEqual(['Quilted Winter Coat']);
    expect(await names(['811', 'k'])).toEqual(['Canvas Low Sneaker', 'Tailored Wool Blazer']);
    expect(await names(['men_shoes'])).toEqual(['Canvas Low Sneaker']);
  });

  it('filters by brand (with sub-brands), merchant, price band, labels and marketplace, and sorts', async () => {
    const names = async (body: object) => (await search(body)).json().items.map((i: { name: string }) => i.name);
    expect((await names({ b: 'northvale' })).sort()).toEqual(['Quilted Winter Coat', 'Tailored Wool Blazer']);
    expect((await names({ m: ['beta'] })).sort()).toEqual(['Canvas Low Sneaker', 'Linen Maxi Dress']);
    expect(await names({ price: '5000-10000', sort: 'priceAscTag' })).toEqual(['Canvas Low Sneaker', 'Linen Maxi Dress']);
    expect(await names({ minPrice: 10000, maxPrice: 20000 })).toEqual(['Quilted Winter Coat']);
    expect(await names({ l: ['on_sale'] })).toEqual(['Linen Maxi Dress']);
    expect((await names({ marketplace: 'OUTLET' })).sort()).toEqual(['Canvas Low Sneaker', 'Linen Maxi Dress']);
    expect(await names({ sort: 'priceDescTag' })).toEqual(['Tailored Wool Blazer', 'Quilted Winter Coat', 'Linen Maxi Dress', 'Canvas Low Sneaker']);
    expect(await names({ sort: 'lowest-price', to: 2 })).toEqual(['Canvas Low Sneaker', 'Linen Maxi Dress']);
    expect((await names({ sort: 'discount' }))[0]).toBe('Linen Maxi Dress');
  });

  it('counts facets under every other active filter (disjunctive)', async () => {
    const res = (await search({ b: ['strider'], cids: ['k'] })).json();
    expect(res.total).toBe(1);
    // brand facet ignores the brand filter but keeps the category filter → only Strider has shoes
    expect(res.facets.brands).toEqual([{ key: 'strider', label: 'Strider', count: 1 }]);
    // department facet ignores the category filter but keeps the brand filter
    expect(res.facets.departments).toEqual([{ key: 'k', label: 'Shoes', count: 1 }]);
    // A selected brand stays in its facet, by name, even with no product under the other filters (issue 20 §9).
    const none = (await search({ b: ['strider'], cids: ['8'] })).json();
    expect(none.total).toBe(0);
    expect(none.facets.brands).toContainEqual({ key: 'strider', label: 'Strider', count: 0 });
    const all = (await search({})).json();
    expect(all.facets.priceBands).toEqual(
      [
        { key: '0-5000', label: 'Under $50', count: 0 + 0 },
        { key: '5000-10000', label: '$50 – $100', count: 2 },
        { key: '10000-20000', label: '$100 – $200', count: 1 },
        { key: '20000-30000', label: '$200 – $300', count: 1 },
      ].filter((b) => b.count > 0),
    );
    expect(all.facets.merchants).toEqual([
      { key: 'alpha', label: 'Alpha Store', count: 3 },
      { key: 'beta', label: 'Beta Outlet', count: 2 },
    ]);
  });

  it('returns the product with offers sorted by price plus shipping, its price history and similar products', async () => {
    const hit = (await search({ q: 'linen dress' })).json().items[0];
    expect(hit).toMatchObject({ priceTag: 6000, wasPrice: 8000, discount: 25, merchantCount: 2, categoryIds: ['823', '82', '8'] });
    const res = await app.inject(`/inventory/api/v1/standard-product/product/${hit.id}/with-recommend?days=30`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.offers.map((o: { merchant: { slug: string }; price: number; shipping: number | null; total: number; matchMethod: string }) => [
        o.merchant.slug,
        o.price,
        o.shipping,
        o.total,
        o.matchMethod,
      ]),
    ).toEqual([
      ['alpha', 6000, null, 6000, 'new'],
      ['beta', 7800, 500, 8300, 'gtin'],
    ]);
    const h = body.priceHistory;
    expect(h.points).toHaveLength(30);
    // 20 days ago alpha listed it at $80; the run lapsed (gap) until 2 days ago at $60; beta joined 1 day ago at $78.
    const byDate = new Map(h.points.map((p: { date: string; price: number | null }) => [p.date, p.price]));
    const date = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
    expect(byDate.get(date(20))).toBe(8000);
    expect(byDate.get(date(10))).toBeNull();
    expect(byDate.get(date(2))).toBe(6000);
    // Daily points are totals (item plus stated shipping): 1 day ago only beta was seen, $78 + $5.
    expect(byDate.get(date(1))).toBe(8300);
    expect(h).toMatchObject({ lowest: 6000, highest: 8300, current: 6000 });
    expect(body.product.categories.map((c: { term: string }) => c.term)).toEqual(["Women's Clothing", 'Dresses', 'Maxi Dresses']);
  });

  it('answers 404 for unknown products and 400 {code, message, details} for bad input', async () => {
    expect((await app.inject('/inventory/api/v1/standard-product/product/999999/with-recommend')).statusCode).toBe(404);
    const bad = await search({ from: 50, to: 10 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('to'), details: expect.any(Array) });
    const badCid = await search({ cids: ['8$'] });
    expect(badCid.statusCode).toBe(400);
    expect(badCid.json()).toMatchObject({ code: 'bad_request' });
    const badLabel = await search({ l: ['cheap'] });
    expect(badLabel.json()).toMatchObject({ code: 'bad_request', details: { field: 'l' } });
    const badId = await app.inject('/inventory/api/v1/standard-product/product/abc/with-recommend');
    expect(badId.statusCode).toBe(400);
  });

  it('ingests a feed through the operator route, and refuses without the operator token', async () => {
    const url = '/admin/api/v1/feeds?filename=gamma.xml&merchant=gamma';
    expect((await search({ q: 'silk scarf' })).json().total).toBe(0); // answered (and cached) before the ingest
    const payload = rssFeed('gamma', [
      { id: 'G1', title: 'Silk Scarf', price: '35.00 USD', brand: 'Gamma', category: 'Apparel & Accessories > Clothing Accessories > Scarves & Shawls' },
      { id: 'G2', title: 'Broken', price: '0 USD' },
    ]);
    const denied = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/xml' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ code: 'unauthorized' });
    const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/xml', authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ merchant: 'gamma', items: 2, accepted: 1, rejected: 1, reasons: { invalid_price: 1 } });
    expect((await search({ q: 'silk scarf' })).json().total).toBe(1);
    const unreadable = await app.inject({
      method: 'POST',
      url,
      payload: '<html><body>502</body></html>',
      headers: { 'content-type': 'text/html', authorization: `Bearer ${TOKEN}` },
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().code).toBe('not_a_feed');
  });

  it('serves the OpenAPI document', async () => {
    const doc = (await app.inject('/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/inventory/api/v1/search/condition', '/inventory/api/v1/standard-product/product/{id}/with-recommend']),
    );
  });
});

describe.each(testDrivers())('search relevance on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, { bytes: rssFeed('alpha', [dress()]), feed: 'alpha.xml', merchant: { slug: 'alpha', name: 'Alpha' }, fx, skipMaintenance: true });
    const watch = { title: 'Engraved Dress Watch', brand: 'Tock', category: 'Apparel & Accessories > Jewelry > Watches', gender: 'unisex' as const };
    for (const m of ['w1', 'w2', 'w3', 'w4']) {
      await ingestFeed(db, {
        bytes: rssFeed(m, [{ id: `${m}-watch`, price: '150.00 USD', gtin: gtin('500000000001'), ...watch }]),
        feed: `${m}.xml`,
        merchant: { slug: m, name: m },
        fx,
        skipMaintenance: true,
      });
    }
    await finishIngest(db);
    app = await buildApp(testAppOptions(db, { fx, operatorToken: TOKEN }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('finds a product that is what the shopper typed, not a more popular one that uses the word as a modifier', async () => {
    const res = await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'dress' } });
    // A dress watch is a watch (issue 11 §6, compound names): "dress" finds it no more, "dress watch" does.
    expect(res.json().items.map((i: { name: string; merchantCount: number }) => [i.name, i.merchantCount])).toEqual([['Linen Maxi Dress', 1]]);
    const watch = await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'dress watch' } });
    expect(watch.json().items.map((i: { name: string }) => i.name)).toEqual(['Engraved Dress Watch']);
  });
});
