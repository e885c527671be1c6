/**
 * Issue 16 §6: a shopper pastes a store's product link and finds the product we track. The key
 * (core `productLinkKey`) ignores query, fragment, scheme, `www.` and trailing slashes, and the
 * SQL form the index uses (`productLinkKeySql`) gives the same key as the TypeScript one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLinkKey, productLinkKeySql } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { ingestFeed } from '../src/index.ts';
import { testAppOptions } from './test-app.ts';

const LINKS = [
  'https://harbor.example/p/LD1',
  'https://WWW.Harbor.example/p/ld1/?utm_source=news#reviews',
  'http://harbor.example/p/ld1//',
  '  https://harbor.example/p/ld1?id=2  ',
  'https://shop.example/a/b/c.html?x=1',
  'HTTPS://www.shop.example/A/B/C.HTML',
  'ftp://files.example/x/',
  'https://ex.example/caf%C3%A9/',
];

describe.each(testDrivers())('offer lookup on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed('harbor', [{ id: 'LD1', title: 'Linen Dress', price: '59.00 USD', brand: 'Harbor & Pine' }]),
      feed: 'harbor.xml',
      merchant: { slug: 'harbor', name: 'Harbor' },
      fx: loadDefaultFxTable(),
    });
    app = await buildApp(testAppOptions(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('computes the same key in SQL as in TypeScript', async () => {
    const res = await db.query<{ key: string }>(`SELECT ${productLinkKeySql('l')} AS key FROM unnest($1::text[]) WITH ORDINALITY AS x(l, n) ORDER BY n`, [
      LINKS,
    ]);
    expect(res.rows.map((r) => r.key)).toEqual(LINKS.map(productLinkKey));
    expect(productLinkKey(LINKS[1]!)).toBe('harbor.example/p/ld1');
  });

  it("finds the product behind the store's page however the link is written", async () => {
    for (const link of LINKS.slice(0, 4)) {
      const res = await app.inject({ url: `/inventory/api/v1/offers/lookup?link=${encodeURIComponent(link)}` });
      expect(res.statusCode, link).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Linen Dress', merchant: { slug: 'harbor' } });
    }
  });

  it('answers 404 for a page we do not track and 400 for what is not a link', async () => {
    expect((await app.inject({ url: `/inventory/api/v1/offers/lookup?link=${encodeURIComponent('https://harbor.example/p/other')}` })).statusCode).toBe(404);
    const bad = await app.inject({ url: '/inventory/api/v1/offers/lookup?link=linen%20dress' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
