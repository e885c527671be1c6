/**
 * The listings' size filter (issue 11 §3) through POST /inventory/api/v1/search/condition: sizes
 * in stock only, one filter value per US shoe size whatever system the merchant wrote it in,
 * disjunctive facet counts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { ingestFeed } from '../src/index.ts';
import { testAppOptions } from './test-app.ts';

const MENS = "Apparel & Accessories > Shoes > Men's Shoes";
const shoe = (id: string, title: string, size: string, availability = 'in stock'): TestItem => ({
  id,
  title,
  price: '80.00 USD',
  brand: 'Groundwell',
  size,
  availability,
  category: MENS,
  productType: "Men's Shoes > Loafers",
  gender: 'male',
});

describe.each(testDrivers())('size filter on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  const search = async (body: object): Promise<SearchResponse> =>
    (await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: body })).json();

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const fx = loadDefaultFxTable();
    // One store writes EU sizes only, another US / EU, a third bare EU numbers; a tee has letter sizes.
    const feeds: Array<[string, TestItem[]]> = [
      ['eu-store', [shoe('e41', 'Groundwell Suede Loafer', 'EU 41'), shoe('e43', 'Groundwell Penny Loafer', 'EU 43', 'out of stock')]],
      ['us-store', [shoe('u8', 'Groundwell Canvas Loafer', 'US 8 / EU 41'), shoe('u10', 'Groundwell Driving Loafer', 'US 10 | EU 43')]],
      ['bare-store', [shoe('b41', 'Groundwell Tassel Loafer', '41')]],
      [
        'tee-store',
        [
          {
            id: 'tm',
            title: 'Groundwell Cotton Tee',
            price: '20.00 USD',
            brand: 'Groundwell',
            size: 'M',
            category: 'Apparel & Accessories > Clothing > Shirts & Tops',
            gender: 'male',
          },
        ],
      ],
    ];
    for (const [slug, items] of feeds)
      await ingestFeed(db, { bytes: rssFeed(slug, items), feed: `${slug}.xml`, merchant: { slug, name: slug }, fx, skipMaintenance: true });
    app = await buildApp(testAppOptions(db));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('lists one value per US shoe size, in stock only, in size order, whatever system the store wrote', async () => {
    const all = await search({});
    expect(all.facets.sizes.map((f) => [f.key, f.count])).toEqual([
      ['US 8', 3],
      ['US 10', 1],
      ['M', 1],
    ]);
  });

  it('keeps the products with the chosen size in stock, and counts the other sizes disjunctively', async () => {
    const us8 = await search({ size: 'US 8' });
    expect(us8.items.map((i) => i.name).sort()).toEqual(['Groundwell Canvas Loafer', 'Groundwell Suede Loafer', 'Groundwell Tassel Loafer']);
    expect(us8.total).toBe(3);
    expect(us8.facets.sizes.find((f) => f.key === 'US 10')?.count).toBe(1);
    // The out-of-stock EU 43 loafer never answers US 10.
    expect((await search({ size: 'US 10' })).items.map((i) => i.name)).toEqual(['Groundwell Driving Loafer']);
    expect((await search({ size: ['US 10', 'M'] })).total).toBe(2);
  });

  it('answers nothing for a size nobody has, and keeps the chosen value in the facet', async () => {
    const none = await search({ size: 'US 15' });
    expect(none.total).toBe(0);
    expect(none.facets.sizes.find((f) => f.key === 'US 15')).toEqual({ key: 'US 15', label: 'US 15', count: 0 });
  });
});
