/** The offer shape carries the exchange rate's date and source of a converted price (issue 11 point 4). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { finishIngest, ingestFeed } from '../src/index.ts';
import { rssFeed } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { testAppOptions } from './test-app.ts';

const fx = loadDefaultFxTable();
const observedAt = new Date('2026-11-20T12:00:00Z');

describe.each(testDrivers())('offer FX on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const items = [
      { id: 'A1', title: 'Oud Perfume Oil 12 ml', price: '183.63 AED', brand: 'Arabian Oud' },
      { id: 'U1', title: 'Oud Perfume Oil 12 ml', price: '49.00 USD', brand: 'Arabian Oud' },
    ];
    await ingestFeed(db, { bytes: rssFeed('dubai', items.slice(0, 1)), feed: 'dubai.xml', merchant: { slug: 'dubai', name: 'Dubai Scents' }, fx, observedAt });
    await ingestFeed(db, { bytes: rssFeed('usa', items.slice(1)), feed: 'usa.xml', merchant: { slug: 'usa', name: 'US Scents' }, fx, observedAt });
    await finishIngest(db);
    app = await buildApp(testAppOptions(db, { fx, operatorToken: 'test-operator-token-0123456789abcdef' }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('shows the original price with the rate date and source; USD offers have none', async () => {
    const ids = await db.query<{ product_id: number }>(`SELECT DISTINCT product_id FROM offers`);
    const offers = [];
    for (const { product_id } of ids.rows) {
      const res = await app.inject(`/inventory/api/v1/standard-product/product/${product_id}/with-recommend`);
      expect(res.statusCode).toBe(200);
      offers.push(...res.json().offers);
    }
    const dubai = offers.find((o: { merchant: { slug: string } }) => o.merchant.slug === 'dubai');
    const usa = offers.find((o: { merchant: { slug: string } }) => o.merchant.slug === 'usa');
    // 183.63 AED / 3.6725 = 50.0014 USD → 5000 cents, at the UAE peg on the day of the feed
    expect(dubai).toMatchObject({ price: 5000, originalPrice: { amount: 18363, currency: 'AED', rateDate: '2026-11-20', rateSource: 'peg' } });
    expect(usa).toMatchObject({ price: 4900, originalPrice: null });
  });
});
