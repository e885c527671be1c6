/**
 * Issue 20 §1: one best-price rule (core `bestOffer`) everywhere. A product whose cheapest item
 * carries $15 shipping must show the $241 free-shipping offer as its best price in the listing
 * card, the price sort and band, the product's offers, and the price history's "current".
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestOffer, gtinCheckDigit } from '@b-deals/core';
import type { Offer, ProductCard } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { finishIngest, ingestFeed } from '../src/index.ts';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { testAppOptions } from './test-app.ts';

const fx = loadDefaultFxTable();
const gtin = (body: string) => body + gtinCheckDigit(body);
const bag = (over: Partial<TestItem>): TestItem => ({
  id: 'G1',
  title: 'Gorsemere Leather Mini Crossbody',
  price: '239.00 USD',
  brand: 'Gorsemere',
  gtin: gtin('400638133401'),
  category: 'Apparel & Accessories > Handbags',
  ...over,
});
const tote = (over: Partial<TestItem>): TestItem => ({
  id: 'T1',
  title: 'Canvas Market Tote',
  price: '235.00 USD',
  brand: 'Gorsemere',
  gtin: gtin('400638133418'),
  category: 'Apparel & Accessories > Handbags',
  ...over,
});

describe.each(testDrivers())('best price on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const ingest = (slug: string, items: TestItem[]) =>
      ingestFeed(db, {
        bytes: rssFeed(slug, items),
        feed: `${slug}.xml`,
        merchant: { slug, name: slug, marketplace: null },
        fx,
        observedAt: new Date(),
        skipMaintenance: true,
      });
    // Bag: $239 + $15 at north, $241 free at harbor, $243 with shipping not stated at quiet.
    // Tote: $235 + $20 at north ($255 total), so by total it costs more than the bag.
    await ingest('north', [bag({ shipping: '15.00 USD', size: 'XL, L' }), tote({ shipping: '20.00 USD', size: 'US 10, US 6, US 9' })]);
    await ingest('harbor', [bag({ id: 'h1', price: '241.00 USD', shipping: '0.00 USD', size: 'M' })]);
    await ingest('quiet', [bag({ id: 'q1', price: '243.00 USD', size: 'S' })]);
    await finishIngest(db);
    app = await buildApp(testAppOptions(db, { fx, operatorToken: 'test-operator-token-0123456789abcdef' }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const search = async (body: object): Promise<ProductCard[]> =>
    (await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: body })).json().items;

  it('prices the card at the lowest total, with the item price and shipping beside it', async () => {
    const [card] = await search({ q: 'crossbody' });
    expect(card).toMatchObject({ priceTag: 24100, itemPrice: 24100, shipping: 0, merchantCount: 3 });
  });

  it('gives the product page the same offer first, and the same "current" price history', async () => {
    const [card] = await search({ q: 'crossbody' });
    const body = (await app.inject(`/inventory/api/v1/standard-product/product/${card!.id}/with-recommend?days=30`)).json();
    const offers = body.offers as Offer[];
    expect(offers.map((o) => [o.merchant.slug, o.price, o.shipping, o.total])).toEqual([
      ['harbor', 24100, 0, 24100],
      ['quiet', 24300, null, 24300],
      ['north', 23900, 1500, 25400],
    ]);
    expect(bestOffer(offers)?.total).toBe(card!.priceTag);
    expect(body.product.priceTag).toBe(24100);
    expect(body.priceHistory.current).toBe(24100);
    // The daily lowest is a total too, so today's point agrees with "current".
    expect(body.priceHistory.points.at(-1).price).toBe(24100);
    expect(body.priceHistory.lowest).toBe(24100);
  });

  it('gives the price history store by store in totals, cheapest now first (issue 16 §6)', async () => {
    const [card] = await search({ q: 'crossbody' });
    const body = (await app.inject(`/inventory/api/v1/standard-product/product/${card!.id}/with-recommend?days=30`)).json();
    expect(
      body.priceHistory.merchants.map((m: { merchant: { slug: string }; lowest: number; current: number; observedDays: number }) => [
        m.merchant.slug,
        m.lowest,
        m.current,
        m.observedDays,
      ]),
    ).toEqual([
      ['harbor', 24100, 24100, 1],
      ['quiet', 24300, 24300, 1],
      ['north', 25400, 25400, 1],
    ]);
  });

  it('sorts and bands by the total', async () => {
    expect((await search({ sort: 'priceAscTag' })).map((c) => c.name)).toEqual(['Gorsemere Leather Mini Crossbody', 'Canvas Market Tote']);
    expect((await search({ minPrice: 25000 })).map((c) => c.name)).toEqual(['Canvas Market Tote']);
    const [tote] = await search({ q: 'tote' });
    expect(tote).toMatchObject({ priceTag: 25500, itemPrice: 23500, shipping: 2000 });
  });

  it('lists sizes in natural order (issue 20 §4)', async () => {
    const product = async (q: string) => {
      const [card] = await search({ q });
      return (await app.inject(`/inventory/api/v1/standard-product/product/${card!.id}/with-recommend`)).json();
    };
    expect((await product('crossbody')).product.sizes).toEqual(['S', 'M', 'L', 'XL']);
    const tote = await product('tote');
    expect(tote.product.sizes).toEqual(['US 6', 'US 9', 'US 10']);
    expect(tote.offers[0].sizes).toEqual(['US 6', 'US 9', 'US 10']);
  });

  it('stores the offer core bestOffer picks for any mix of prices, shipping and stock', async () => {
    // One product offered by eight merchants with pseudo-random prices, shipping and stock.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let m = 0; m < 8; m++) {
      const shipping = next(3) === 0 ? undefined : `${next(3) * 5}.00 USD`;
      const availability = next(4) === 0 ? 'out of stock' : 'in stock';
      await ingestFeed(db, {
        bytes: rssFeed(`m${m}`, [
          {
            id: `x${m}`,
            title: 'Suede Ankle Boot',
            price: `${90 + next(12)}.00 USD`,
            brand: 'Strider',
            gtin: gtin('001234567906'),
            category: 'Apparel & Accessories > Shoes',
            shipping,
            availability,
          },
        ]),
        feed: `m${m}.xml`,
        merchant: { slug: `m${m}`, name: `m${m}`, marketplace: null },
        fx,
        observedAt: new Date(),
        skipMaintenance: true,
      });
    }
    await finishIngest(db);
    const [card] = await search({ q: 'ankle boot' });
    const body = (await app.inject(`/inventory/api/v1/standard-product/product/${card!.id}/with-recommend`)).json();
    const best = bestOffer(body.offers as Offer[])!;
    expect((body.offers as Offer[])[0]!.id).toBe(best.id);
    expect(card).toMatchObject({ priceTag: best.total, itemPrice: best.price, shipping: best.shipping });
  });
});
