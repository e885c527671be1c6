/**
 * Child process for the order crash test: places an order through the API and SIGKILLs itself
 * right after the payment provider took the payment, before the order is marked paid.
 * Arguments: the PGlite data folder, the shopper's bearer header, the checkout id.
 */
import { openDatabase } from '@b-deals/db';
import { buildApp } from '../../src/app.ts';
import { TestPaymentProvider, type PaymentProvider } from '../../src/orders/index.ts';
import { testAppOptions } from '../test-app.ts';
import { TEST_CLIENT } from '../favorites/shopper.ts';

const [dir, authorization, checkoutId] = process.argv.slice(2) as [string, string, string];
const db = await openDatabase({ kind: 'pglite', dataDir: dir });
const test = new TestPaymentProvider(db);
const dying: PaymentProvider = {
  name: 'test',
  testMode: true,
  publishableKey: null,
  charge: async (req) => {
    await test.charge(req);
    process.kill(process.pid, 'SIGKILL');
    return new Promise(() => {});
  },
  find: (req) => test.find(req),
};
const app = await buildApp(testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } }, payments: dying }));
await app.inject({
  method: 'POST',
  url: '/order/api/v1/order',
  headers: { authorization, 'idempotency-key': 'key-killed-0001' },
  payload: {
    checkoutId,
    contact: { email: 'ada@example.com' },
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
    payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' } },
  },
});
