import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { buildApp } from '../../src/app.ts';
import { TEST_CLIENT } from '../favorites/shopper.ts';
import { testAppOptions } from '../test-app.ts';

/**
 * Express buy needs no sign-in and writes a checkout session per call: a client address may start
 * only so many a minute (orders/routes.ts `EXPRESS_BUY_LIMIT`), then 429 with Retry-After; another
 * address is not held back by it.
 */
describe.each(testDrivers())('express-buy rate limit on %s', (driver) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    db = await createTestDatabase(driver);
    app = await buildApp(
      testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } }, expressBuyLimit: { max: 2, windowMs: 60_000 } }),
    );
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const buy = (shopper: string) =>
    app.inject({
      method: 'POST',
      url: '/order/api/v1/shoppingcart/express-buy',
      payload: { productId: 1, offerId: 1 },
      headers: { 'x-forwarded-for': shopper },
    });

  it('answers 429 rate_limited with Retry-After past the limit, per client address', async () => {
    expect((await buy('198.51.100.1')).statusCode).toBe(404); // no such offer: still a call
    expect((await buy('198.51.100.1')).statusCode).toBe(404);
    const third = await buy('198.51.100.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await buy('198.51.100.2')).statusCode).toBe(404);
  });
});
