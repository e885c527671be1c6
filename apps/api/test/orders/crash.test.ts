/**
 * Issue 15 §7: a process killed with SIGKILL between taking the payment and writing the order's
 * new status leaves no paid-but-missing order: after the restart, recovery finds the payment in
 * the provider's record and the order becomes paid, charged once. (PGlite on disk: the child and
 * this test open the same data folder in turn.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@b-deals/db';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { ingestFeed } from '../../src/index.ts';
import { recoverOrders, RECOVERY_AGE_MS, TestPaymentProvider } from '../../src/orders/index.ts';
import { signedInShopper, TEST_CLIENT } from '../favorites/shopper.ts';
import { testAppOptions } from '../test-app.ts';

describe('an order process killed after the payment', () => {
  it('is settled as paid, once, after the restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-order-crash-'));
    let db = await openDatabase({ kind: 'pglite', dataDir: dir });
    await ingestFeed(db, {
      bytes: rssFeed('harbor', [{ id: 'scarf', title: 'Silk Scarf', price: '30.00 USD', brand: 'Harbor & Pine', shipping: '0.00 USD' }]),
      feed: 'harbor.xml',
      merchant: { slug: 'harbor', name: 'Harbor' },
      fx: loadDefaultFxTable(),
      skipMaintenance: true,
    });
    const offer = (await db.query<{ id: number; product_id: number }>(`SELECT id, product_id FROM offers`)).rows[0]!;
    let app = await buildApp(testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } } }));
    const ada = await signedInShopper(app, db, 'ada@example.com');
    const checkout = await app.inject({
      method: 'POST',
      url: '/order/api/v1/shoppingcart/express-buy',
      payload: { productId: offer.product_id, offerId: offer.id },
    });
    await app.close();
    await db.close();

    const child = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', child, dir, ada.authorization, checkout.json().id], { encoding: 'utf8', timeout: 120_000 });
    expect(run.signal, run.stderr).toBe('SIGKILL');

    db = await openDatabase({ kind: 'pglite', dataDir: dir });
    const before = await db.query<{ id: number; status: string }>(`SELECT id, status FROM orders`);
    expect(before.rows.map((r) => r.status)).toEqual(['placed']);
    const id = Number(before.rows[0]!.id);
    expect((await db.query(`SELECT status FROM test_payments WHERE idempotency_key = $1`, [`order-${id}`])).rows).toEqual([{ status: 'succeeded' }]);

    const payments = new TestPaymentProvider(db);
    const report = await recoverOrders(
      { db, payments, mailer: { send: async () => {} }, publicUrl: 'http://shop.test', log: { error: () => {} } },
      new Date(Date.now() + RECOVERY_AGE_MS + 1000),
    );
    expect(report).toEqual({ paid: 1, failed: 0 });
    app = await buildApp(testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: 'http://shop.test' } }, payments }));
    const list = (await app.inject({ url: '/order/api/v1/orders?f=0&t=500&d=true', headers: { authorization: ada.authorization } })).json();
    expect(list.items.map((o: { id: number; status: string }) => [o.id, o.status])).toEqual([[id, 'paid']]);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM test_payments`)).rows[0]!.n).toBe(1);
    await app.close();
    await db.close();
  }, 180_000);
});
