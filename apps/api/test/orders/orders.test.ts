/**
 * Issue 15 §1–§5, §7: express buy, checkout sessions, orders with Idempotency-Key, the test payment
 * provider's cards, status history, the orders list and count, the confirmation mail, and
 * recovery of an order whose process failed between payment and order write — on PGlite and
 * PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, Order } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { ingestFeed } from '../../src/index.ts';
import { recoverOrders, RECOVERY_AGE_MS, TestPaymentProvider, type PaymentProvider } from '../../src/orders/index.ts';
import { signedInShopper, TEST_CLIENT } from '../favorites/shopper.ts';
import { testAppOptions } from '../test-app.ts';

const fx = loadDefaultFxTable();
const shoe = (size: string, price: string, availability = 'in stock'): TestItem => ({
  id: `run-${size}`,
  title: 'Trail Runner Shoe',
  price,
  brand: 'Harbor & Pine',
  size,
  itemGroupId: 'run',
  availability,
  shipping: '5.00 USD',
  category: 'Apparel & Accessories > Shoes',
});
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' };
const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

describe.each(testDrivers())('checkout and orders on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let ada: { authorization: string; userId: number };
  let shoeId: number;
  let shoeOffer: number;
  let scarfId: number;
  let scarfOffer: number;
  /** Payments go through this provider; a test can swap what it does. */
  let charge: PaymentProvider['charge'];
  let payments: PaymentProvider;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    await ingestFeed(db, {
      bytes: rssFeed('harbor', [
        shoe('8', '90.00 USD'),
        shoe('9', '95.00 USD', 'out of stock'),
        { id: 'scarf', title: 'Silk Scarf', price: '30.00 USD', brand: 'Harbor & Pine', shipping: '0.00 USD', color: 'Sky Blue' },
        { id: 'tote', title: 'Canvas Tote', price: '20.00 USD', brand: 'Harbor & Pine' },
      ]),
      feed: 'harbor.xml',
      merchant: { slug: 'harbor', name: 'Harbor' },
      fx,
      skipMaintenance: true,
    });
    const ids = await db.query<{ id: number; product_id: number; title: string }>(`SELECT id, product_id, title FROM offers`);
    const find = (t: string) => ids.rows.find((r) => r.title === t)!;
    [shoeId, shoeOffer] = [Number(find('Trail Runner Shoe').product_id), Number(find('Trail Runner Shoe').id)];
    [scarfId, scarfOffer] = [Number(find('Silk Scarf').product_id), Number(find('Silk Scarf').id)];
    const test = new TestPaymentProvider(db);
    charge = (req) => test.charge(req);
    payments = { name: 'test', testMode: true, publishableKey: null, charge: (req) => charge(req), find: (req) => test.find(req) };
    app = await buildApp(testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } }, payments }));
    ada = await signedInShopper(app, db, 'ada@example.com');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const expressBuy = (payload: object, who: typeof ada | null = ada) =>
    app.inject({ method: 'POST', url: '/order/api/v1/shoppingcart/express-buy', payload, headers: who ? { authorization: who.authorization } : {} });
  const order = (payload: object, key: string | null, who: typeof ada | null = ada) =>
    app.inject({
      method: 'POST',
      url: '/order/api/v1/order',
      payload,
      headers: { ...(who ? { authorization: who.authorization } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const checkout = async (over: object = {}) => (await expressBuy({ productId: scarfId, offerId: scarfOffer, ...over })).json() as CheckoutSession;
  const body = (c: CheckoutSession, over: object = {}) => ({
    checkoutId: c.id,
    contact: { email: 'ada@example.com' },
    shippingAddress: ADDRESS,
    payment: { card: CARD },
    ...over,
  });

  it('lists US states, DC, territories and military codes', async () => {
    const res = await app.inject('/api/v1/basic-data/world-areas/US');
    const areas = res.json().areas as Array<{ code: string; type: string }>;
    expect(areas).toHaveLength(59);
    expect(areas.filter((a) => a.type === 'state')).toHaveLength(50);
    expect(areas.map((a) => a.code)).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'AE']));
    expect((await app.inject('/api/v1/basic-data/world-areas/FR')).statusCode).toBe(404);
  });

  it('starts a checkout priced from the offer, in a size in stock, for visitors too', async () => {
    const res = await expressBuy({ productId: shoeId, offerId: shoeOffer, size: '8', quantity: 2 }, null);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'open',
      item: { productName: 'Trail Runner Shoe', merchant: { slug: 'harbor', name: 'Harbor' }, size: '8', quantity: 2, unitPrice: 9000 },
      subtotal: 18000,
      shipping: 500,
      currency: 'USD',
      payment: { provider: 'test', testMode: true },
    });
    const sold = await expressBuy({ productId: shoeId, offerId: shoeOffer, size: '9' });
    expect([sold.statusCode, sold.json().code, sold.json().message]).toEqual([409, 'sold_out', 'Size 9 is sold out at Harbor.']);
    expect((await expressBuy({ productId: shoeId, offerId: shoeOffer })).json()).toMatchObject({ code: 'size_required', details: { sizes: ['8', '9'] } });
    expect((await expressBuy({ productId: shoeId, offerId: shoeOffer, size: '12' })).json().code).toBe('unknown_size');
    // API robustness report M9: the message is fixed; what was asked for, and what there is, are in details.
    const size = await expressBuy({ productId: shoeId, offerId: shoeOffer, size: '<b>12</b>' });
    expect(size.json()).toEqual({ code: 'unknown_size', message: 'This offer does not come in that size.', details: { size: '<b>12</b>', sizes: ['8', '9'] } });
    const color = await expressBuy({ productId: scarfId, offerId: scarfOffer, color: '<img src=x onerror=alert(1)>' });
    expect(color.json()).toEqual({
      code: 'unknown_color',
      message: 'This offer does not come in that colour.',
      details: { color: '<img src=x onerror=alert(1)>', colors: ['Sky Blue'] },
    });
    expect((await expressBuy({ productId: scarfId, offerId: scarfOffer, color: 'Sky Blue' })).statusCode).toBe(201);
    expect((await expressBuy({ productId: shoeId, offerId: scarfOffer })).statusCode).toBe(404);
    expect((await expressBuy({ productId: scarfId, offerId: scarfOffer, quantity: 11 })).statusCode).toBe(400);
    const tote = (await db.query<{ id: number; product_id: number }>(`SELECT id, product_id FROM offers WHERE title = 'Canvas Tote'`)).rows[0]!;
    const noShipping = await expressBuy({ productId: Number(tote.product_id), offerId: Number(tote.id) });
    expect([noShipping.statusCode, noShipping.json().code]).toEqual([409, 'shipping_unknown']);
  });

  // API robustness report M2: numbers in a JSON body are JSON numbers, never coerced from true, null, "" or text.
  it('refuses a JSON body number that is not a number, and names a missing one', async () => {
    const problem = async (res: Awaited<ReturnType<typeof expressBuy>>) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      return (res.json().details as Array<{ path: string; message: string }>).map((d) => `${d.path} ${d.message}`).join('; ');
    };
    expect(await problem(await expressBuy({ productId: scarfId, offerId: scarfOffer, quantity: true }))).toMatch(
      /^\/quantity .*expected number, received boolean$/,
    );
    expect(await problem(await expressBuy({ productId: scarfId, offerId: scarfOffer, quantity: '' }))).toMatch(
      /^\/quantity .*expected number, received string$/,
    );
    expect(await problem(await expressBuy({ productId: scarfId, offerId: scarfOffer, quantity: '2' }))).toMatch(
      /^\/quantity .*expected number, received string$/,
    );
    expect(await problem(await expressBuy({ productId: null, offerId: scarfOffer }))).toMatch(/^\/productId .*expected number, received null$/);
    expect(await problem(await expressBuy({ productId: true, offerId: scarfOffer }))).toMatch(/^\/productId .*expected number, received boolean$/);
    expect(await problem(await expressBuy({ offerId: scarfOffer }))).toBe('/productId Required');
    const c = await checkout();
    const card = (over: object) => order(body(c, { payment: { card: { ...CARD, ...over } } }), 'key-card-type-0001');
    // The payment is a union (card or Stripe method), so zod names only /payment.
    expect(await problem(await card({ expMonth: true }))).toMatch(/^\/payment /);
    expect(await problem(await card({ expYear: '2099' }))).toMatch(/^\/payment /);
  });

  it('prices a size at the offer when the offer has no per-size stock recorded yet (written before migration 0012)', async () => {
    const saved = (await db.query<{ size_stock: Record<string, number> }>(`SELECT size_stock FROM offers WHERE id = $1`, [shoeOffer])).rows[0]!.size_stock;
    await db.query(`UPDATE offers SET size_stock = '{}' WHERE id = $1`, [shoeOffer]);
    const res = await expressBuy({ productId: shoeId, offerId: shoeOffer, size: '9' });
    await db.query(`UPDATE offers SET size_stock = $2 WHERE id = $1`, [shoeOffer, JSON.stringify(saved)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().item).toMatchObject({ size: '9', unitPrice: 9000 });
  });

  it('requires a signed-in shopper and an Idempotency-Key, and validates the ZIP against the state', async () => {
    const c = await checkout();
    expect((await order(body(c), 'key-anon-0001', null)).statusCode).toBe(401);
    const noKey = await order(body(c), null);
    expect([noKey.statusCode, noKey.json().code]).toEqual([400, 'idempotency_key_required']);
    const wrongZip = await order(body(c, { shippingAddress: { ...ADDRESS, zip: '10001' } }), 'key-zip-0001');
    expect(wrongZip.statusCode).toBe(400);
    expect(wrongZip.json()).toMatchObject({ code: 'invalid_address', message: '10001 is not a ZIP code in California.', details: { field: 'zip' } });
    expect((await order(body(c, { payment: { paymentMethodId: 'pm_card_visa' } }), 'key-pm-0001')).json().code).toBe('card_required');
  });

  it('declines the decline and insufficient-funds test cards with a clear 402, and keeps no order', async () => {
    const c = await checkout();
    const declined = await order(body(c, { payment: { card: { ...CARD, number: '4000000000000002' } } }), 'key-decline-0001');
    expect([declined.statusCode, declined.json().code, declined.json().message]).toEqual([402, 'card_declined', 'Your card was declined.']);
    const poor = await order(body(c, { payment: { card: { ...CARD, number: '4000 0000 0000 9995' } } }), 'key-poor-0001');
    expect([poor.statusCode, poor.json().code]).toEqual([402, 'insufficient_funds']);
    const typo = await order(body(c, { payment: { card: { ...CARD, number: '4242424242424241' } } }), 'key-luhn-0001');
    expect(typo.json().code).toBe('incorrect_number');
    const expired = await order(body(c, { payment: { card: { ...CARD, expYear: 2020 } } }), 'key-expired-0001');
    expect(expired.json().code).toBe('expired_card');
    // A retry with the same key answers the same decline.
    expect((await order(body(c), 'key-decline-0001')).json().code).toBe('card_declined');
    expect((await app.inject({ url: '/order/api/v1/orders/stat', headers: { authorization: ada.authorization } })).json()).toEqual({ count: 0 });
  });

  it('takes a test card, records the order with its price, merchant, tax estimate and status history, and mails a test-mode confirmation', async () => {
    const c = (await expressBuy({ productId: shoeId, offerId: shoeOffer, size: '8' }, null)).json() as CheckoutSession;
    const res = await order(body(c), 'key-paid-0001');
    expect(res.statusCode).toBe(200);
    const o = res.json() as Order;
    expect(o).toMatchObject({
      status: 'paid',
      items: [{ productName: 'Trail Runner Shoe', size: '8', unitPrice: 9000, merchant: { name: 'Harbor' } }],
      subtotal: 9000,
      shipping: 500,
      taxEstimate: 653, // California's 7.25 % state rate on $90.00, an estimate
      total: 10153,
      payment: { provider: 'test', testMode: true, last4: '4242' },
    });
    expect(o.number).toMatch(/^BD-\d{6}$/);
    expect(o.statusHistory.map((h) => h.status)).toEqual(['placed', 'paid']);
    // Only the last four digits are stored anywhere.
    const dump = await db.query<{ t: string }>(
      `SELECT row_to_json(x)::text AS t FROM (SELECT * FROM orders) x UNION ALL SELECT row_to_json(y)::text FROM (SELECT * FROM test_payments) y`,
    );
    expect(dump.rows.some((r) => r.t.includes('4242424242424242'))).toBe(false);
    const mail = (await db.query<{ subject: string; text: string }>(`SELECT subject, text FROM outbox WHERE subject LIKE '%order%' ORDER BY id DESC LIMIT 1`))
      .rows[0]!;
    expect(mail.subject).toBe(`[TEST MODE] Your B-Deals order ${o.number}`);
    expect(mail.text).toContain('TEST MODE: this order was paid with a test card');
    expect(mail.text).toContain('Estimated sales tax: $6.53');
    // Paying the same checkout again with a new key: it is done.
    expect((await order(body(c), 'key-paid-0002')).json().code).toBe('checkout_completed');
  });

  it('answers a retried order with the first one, and makes exactly one of eight concurrent requests with one key', async () => {
    const c = await checkout();
    const first = (await order(body(c), 'key-retry-0001')).json() as Order;
    const again = (await order(body(c), 'key-retry-0001')).json() as Order;
    expect(again.id).toBe(first.id);
    expect((await order(body(await checkout()), 'key-retry-0001')).json().code).toBe('idempotency_key_reused');

    const c2 = await checkout();
    // Eight at once: some arrive after the first has been paid and the checkout completed; they
    // answer the order too, never 'checkout_completed'.
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(body(c2), 'key-concurrent-0001')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = 'key-concurrent-0001'`);
    expect(rows.rows[0]!.n).toBe(1);
    const charges = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM test_payments WHERE idempotency_key = $1`, [`order-${[...ids][0]}`]);
    expect(charges.rows[0]!.n).toBe(1);
  });

  it('lists orders with the spec paging and counts them', async () => {
    const list = await app.inject({ url: '/order/api/v1/orders?f=0&t=500&d=true', headers: { authorization: ada.authorization } });
    const { total, items } = list.json() as { total: number; items: Order[] };
    expect(total).toBe(3);
    expect(items.map((o) => o.id)).toEqual([...items.map((o) => o.id)].sort((a, b) => b - a));
    const oldest = (await app.inject({ url: '/order/api/v1/orders?f=0&t=1&d=false', headers: { authorization: ada.authorization } })).json();
    expect(oldest.items[0].id).toBe(items.at(-1)!.id);
    expect((await app.inject({ url: '/order/api/v1/orders?f=0&t=501', headers: { authorization: ada.authorization } })).statusCode).toBe(400);
    expect((await app.inject({ url: '/order/api/v1/orders/stat', headers: { authorization: ada.authorization } })).json()).toEqual({ count: 3 });
    const grace = await signedInShopper(app, db, 'grace@example.com', 'Grace');
    expect((await app.inject({ url: `/order/api/v1/order/${items[0]!.id}`, headers: { authorization: grace.authorization } })).statusCode).toBe(404);
  });

  it('moves a paid order on through the operator route, recording its history', async () => {
    const id = (await db.query<{ id: number }>(`SELECT id FROM orders WHERE status = 'paid' ORDER BY id LIMIT 1`)).rows[0]!.id;
    const op = { authorization: 'Bearer test-operator-token-0123456789abcdef' };
    expect((await app.inject({ method: 'POST', url: `/admin/api/v1/orders/${id}/status?status=shipped`, headers: op })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: `/admin/api/v1/orders/${id}/status?status=forwarded`, headers: op })).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: `/admin/api/v1/orders/${id}/status?status=shipped&note=UPS%201Z999`, headers: op })).statusCode).toBe(204);
    const o = (await app.inject({ url: `/order/api/v1/order/${id}`, headers: { authorization: ada.authorization } })).json() as Order;
    expect(o.statusHistory.map((h) => [h.status, h.note])).toEqual([
      ['placed', null],
      ['paid', null],
      ['forwarded', null],
      ['shipped', 'UPS 1Z999'],
    ]);
  });

  it('settles an order whose request failed after the payment was taken: paid once, never missing', async () => {
    const c = await checkout();
    const real = charge;
    charge = async (req) => {
      await real(req);
      throw new Error('connection reset after the provider answered');
    };
    const res = await order(body(c), 'key-lost-0001');
    charge = real;
    expect([res.statusCode, res.json().code]).toEqual([503, 'payment_unavailable']);
    const id = res.json().details.orderId as number;
    expect((await db.query(`SELECT status FROM orders WHERE id = $1`, [id])).rows).toEqual([{ status: 'placed' }]);
    const deps = { db, payments, mailer: { send: async () => {} }, publicUrl: 'http://shop.test', log: { error: () => {} } };
    expect(await recoverOrders(deps, new Date(Date.now() + RECOVERY_AGE_MS / 2))).toEqual({ paid: 0, failed: 0 });
    expect(await recoverOrders(deps, new Date(Date.now() + RECOVERY_AGE_MS + 1000))).toEqual({ paid: 1, failed: 0 });
    const o = (await order(body(c), 'key-lost-0001')).json() as Order;
    expect(o).toMatchObject({ id, status: 'paid' });
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM test_payments WHERE idempotency_key = $1`, [`order-${id}`])).rows[0]!.n).toBe(1);
  });
});
