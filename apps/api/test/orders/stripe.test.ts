/**
 * Issue 15 §3: the Stripe PaymentIntents provider, against a stub of Stripe's API on loopback
 * (never the internet): a PaymentMethod id from Stripe.js is confirmed with the order's
 * idempotency key, a decline answers its code, a card number sent to our API is refused and
 * nothing card-like ever reaches the provider, and recovery finds a payment by its order key.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSession, Order } from '@b-deals/contracts';
import { createTestDatabase } from '@b-deals/db/testing';
import type { Database } from '@b-deals/db';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { ingestFeed } from '../../src/index.ts';
import { StripePaymentProvider } from '../../src/orders/index.ts';
import { signedInShopper, TEST_CLIENT } from '../favorites/shopper.ts';
import { testAppOptions } from '../test-app.ts';
import { startStripeStub } from './stripe-stub.ts';

describe('checkout with Stripe PaymentIntents (stub on loopback)', () => {
  let db: Database;
  let app: FastifyInstance;
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let provider: StripePaymentProvider;
  let ada: { authorization: string; userId: number };
  let offer: { id: number; product_id: number };

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    stub = await startStripeStub();
    await ingestFeed(db, {
      bytes: rssFeed('harbor', [{ id: 'scarf', title: 'Silk Scarf', price: '30.00 USD', brand: 'Harbor & Pine', shipping: '0.00 USD' }]),
      feed: 'harbor.xml',
      merchant: { slug: 'harbor', name: 'Harbor' },
      fx: loadDefaultFxTable(),
      skipMaintenance: true,
    });
    offer = (await db.query<{ id: number; product_id: number }>(`SELECT id, product_id FROM offers`)).rows[0]!;
    provider = new StripePaymentProvider('sk_test_stub', 'pk_test_stub', stub.url);
    app = await buildApp(testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } }, payments: provider }));
    ada = await signedInShopper(app, db, 'ada@example.com');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await stub?.close();
    await db?.close();
  });

  const start = async () =>
    (
      await app.inject({ method: 'POST', url: '/order/api/v1/shoppingcart/express-buy', payload: { productId: offer.product_id, offerId: offer.id } })
    ).json() as CheckoutSession;
  const place = (checkoutId: string, payment: object, key: string) =>
    app.inject({
      method: 'POST',
      url: '/order/api/v1/order',
      headers: { authorization: ada.authorization, 'idempotency-key': key },
      payload: {
        checkoutId,
        contact: { email: 'ada@example.com' },
        shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', line1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' },
        payment,
      },
    });

  it('tells the checkout page to use Stripe.js, with the publishable key and no test-mode banner for live keys', async () => {
    expect((await start()).payment).toEqual({ provider: 'stripe', testMode: true, publishableKey: 'pk_test_stub' });
    expect(new StripePaymentProvider('sk_live_x', null, stub.url).testMode).toBe(false);
  });

  it('confirms a PaymentIntent with the PaymentMethod and the order key, and stores only the last four digits', async () => {
    const res = await place((await start()).id, { paymentMethodId: 'pm_card_visa' }, 'key-stripe-0001');
    expect(res.statusCode).toBe(200);
    const o = res.json() as Order;
    expect(o).toMatchObject({ status: 'paid', total: 3120, payment: { provider: 'stripe', last4: '4242' } });
    const post = stub.bodies.find((b) => b.startsWith('POST /v1/payment_intents '))!;
    const form = new URLSearchParams(post.slice(post.indexOf(' ', 5) + 1));
    expect(form.get('payment_method')).toBe('pm_card_visa');
    expect(form.get('confirm')).toBe('true');
    expect(form.get('metadata[order_key]')).toBe(`order-${o.id}`);
    expect((await db.query(`SELECT payment_reference FROM orders WHERE id = $1`, [o.id])).rows).toEqual([{ payment_reference: 'pi_1' }]);
  });

  it('answers a decline with its code, and refuses a card number without passing it on', async () => {
    const c = await start();
    const poor = await place(c.id, { paymentMethodId: 'pm_card_visa_chargeDeclinedInsufficientFunds' }, 'key-stripe-0002');
    expect([poor.statusCode, poor.json().code]).toEqual([402, 'insufficient_funds']);
    const card = await place(c.id, { card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } }, 'key-stripe-0003');
    expect([card.statusCode, card.json().code]).toEqual([400, 'card_not_accepted']);
    expect(stub.bodies.some((b) => b.includes('4242424242424242') || /\bcvc\b/.test(b))).toBe(false);
  });

  it('finds a payment by its order key after a crash, and creates none when there was none', async () => {
    expect(await provider.find({ amountCents: 3120, idempotencyKey: 'order-1', description: 'x' })).toMatchObject({ status: 'succeeded', reference: 'pi_1' });
    const intents = stub.intents.length;
    expect(await provider.find({ amountCents: 100, idempotencyKey: 'order-999', description: 'x', paymentMethodId: 'pm_card_visa' })).toBeNull();
    expect(stub.intents.length).toBe(intents);
  });
});
