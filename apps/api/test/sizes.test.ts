/** Spec §7 `GET /inventory/api/v1/sizes` (issue 11 §3): sizes in stock now, in size order, with product counts, by department. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { ingestFeed } from '../src/index.ts';
import { testAppOptions } from './test-app.ts';

const item = (id: string, title: string, size: string, availability = 'in stock', category = 'Apparel & Accessories > Shoes'): TestItem => ({
  id,
  title,
  price: '50.00 USD',
  brand: 'Groundwell',
  size,
  availability,
  category,
});

describe.each(testDrivers())('sizes in stock on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed('shoes', [
        item('a40', 'Groundwell Trail Sneaker', '40'),
        item('a42', 'Groundwell Trail Sneaker', '42', 'out of stock'),
        item('b40', 'Groundwell Court Shoe', '40'),
        item('b9', 'Groundwell Court Shoe', '39'),
        item('tm', 'Groundwell Cotton Tee', 'M', 'in stock', 'Apparel & Accessories > Clothing > Shirts & Tops'),
      ]),
      feed: 'shoes.xml',
      merchant: { slug: 'shoes', name: 'Shoes' },
      fx: loadDefaultFxTable(),
      skipMaintenance: true,
    });
    app = await buildApp(testAppOptions(db));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('lists only sizes some merchant has in stock, in size order, with how many products come in each', async () => {
    const all = (await app.inject('/inventory/api/v1/sizes')).json();
    expect(all).toEqual({
      sizes: [
        { size: '39', products: 1 },
        { size: '40', products: 2 },
        { size: 'M', products: 1 },
      ],
      total: 3,
    });
  });

  it('narrows to a department, and refuses a malformed one', async () => {
    const shoeDept = (await db.query<{ code: string }>(`SELECT left(category_code, 1) AS code FROM products WHERE title LIKE '%Sneaker%'`)).rows[0]!.code;
    const shoes = (await app.inject(`/inventory/api/v1/sizes?dept=${shoeDept}`)).json();
    expect(shoes.sizes.map((s: { size: string }) => s.size)).toEqual(['39', '40']);
    expect((await app.inject('/inventory/api/v1/sizes?dept=../x')).statusCode).toBe(400);
  });
});
