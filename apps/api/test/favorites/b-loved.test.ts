/**
 * Issue 14 §1, §3, §4: the B-LOVED routes (save, list with sorts and paging, ids, target and
 * sizes, remove, cap, errors) and the discount subscription (double opt-in, one answer for every
 * address, RFC 8058 headers, one-click and token unsubscribe), on PGlite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { FavoriteList } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { evaluatePriceAlerts } from '../../src/favorites/index.ts';
import { ingestFeed } from '../../src/index.ts';
import { createMailer } from '../../src/mail.ts';
import { startSmtp } from '../smtp.ts';
import { testAppOptions } from '../test-app.ts';
import { signedInShopper, TEST_CLIENT } from './shopper.ts';

const fx = loadDefaultFxTable();
const gtin = (body: string) => body + gtinCheckDigit(body);
const item = (id: string, title: string, price: string, over: Partial<TestItem> = {}): TestItem => ({
  id,
  title,
  price,
  brand: 'Harbor & Pine',
  gtin: gtin(`40063813${id.padStart(4, '0')}`),
  ...over,
});
const sneaker = (size: string, availability = 'in stock'): TestItem => ({
  id: `run-${size}`,
  title: 'Trail Runner Shoe',
  price: '90.00 USD',
  brand: 'Harbor & Pine',
  size,
  itemGroupId: 'run',
  availability,
  category: 'Apparel & Accessories > Shoes',
});

describe.each(testDrivers())('B-LOVED and discount e-mails on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ada: { authorization: string; userId: number };
  const ids = new Map<string, number>();

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    await ingestFeed(db, {
      bytes: rssFeed('harbor', [
        item('1', 'Linen Dress', '100.00 USD'),
        item('2', 'Wool Coat', '80.00 USD', { shipping: '5.00 USD' }),
        item('3', 'Silk Scarf', '30.00 USD'),
        sneaker('8'),
        sneaker('9', 'out of stock'),
        sneaker('10'),
      ]),
      feed: 'harbor.xml',
      merchant: { slug: 'harbor', name: 'Harbor' },
      fx,
      skipMaintenance: true,
    });
    for (const r of (await db.query<{ id: number; title: string }>(`SELECT id, title FROM products`)).rows) ids.set(r.title, Number(r.id));
    // Sign-up mail goes to the outbox (signedInShopper reads it); subscription mail to the loopback SMTP server.
    const appMailer = createMailer({ smtpUrl: null, from: 'B-Deals <no-reply@b-deals.example>', db, log: { info: () => {} } });
    const smtpMailer = createMailer({ smtpUrl: smtp.url, from: 'B-Deals <no-reply@b-deals.example>', db, log: { info: () => {} } });
    app = await buildApp(
      testAppOptions(db, {
        accounts: {
          clients: [TEST_CLIENT],
          settings: { publicUrl: 'http://shop.test' },
          mailer: { send: (m) => (m.subject.includes('discount') ? smtpMailer.send(m) : appMailer.send(m)) },
        },
      }),
    );
    ada = await signedInShopper(app, db, 'ada@example.com');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object, who: typeof ada | null = ada) =>
    app.inject({ method, url: `/inventory/api/v1${url}`, payload, headers: who ? { authorization: who.authorization } : {} });

  it('requires a bearer token for every B-LOVED call', async () => {
    for (const [method, url] of [
      ['GET', '/favorite'],
      ['GET', '/favorite/ids'],
      ['POST', '/favorite'],
      ['PATCH', '/favorite/1'],
      ['DELETE', '/favorite/1'],
      ['GET', '/favorite/alert-settings'],
    ] as const) {
      const res = await app.inject({ method, url: `/inventory/api/v1${url}`, payload: method === 'POST' || method === 'PATCH' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('saves a product with its best total, idempotently, and 404s an unknown one', async () => {
    const coat = ids.get('Wool Coat')!;
    const first = await call('POST', '/favorite', { type: 'PRODUCT', favoriteId: coat });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: coat, savedPrice: 8500, targetPrice: null, sizes: [], total: 1 });
    const again = await call('POST', '/favorite', { type: 'PRODUCT', favoriteId: String(coat) });
    expect(again.json()).toEqual(first.json());
    expect((await call('POST', '/favorite', { type: 'PRODUCT', favoriteId: 999_999 })).statusCode).toBe(404);
    expect((await call('POST', '/favorite', { type: 'DISCOUNT', favoriteId: coat })).json().code).toBe('validation_failed');
    // API robustness report M2/M3: neither `true`, null, "" nor a number not written in digits is a product id.
    for (const favoriteId of [true, null, '', '0x10', '1e1', ` ${coat}`, 1.5, undefined]) {
      const res = await call('POST', '/favorite', { type: 'PRODUCT', favoriteId });
      expect([res.statusCode, res.json().code], JSON.stringify(favoriteId)).toEqual([400, 'validation_failed']);
    }
    expect((await call('POST', '/favorite', { type: 'PRODUCT' })).json().message).toBe('Invalid body: /favoriteId Required');
  });

  it('lists saved products with prices, change, stock and sizes, sorted and paged', async () => {
    await call('POST', '/favorite', { type: 'PRODUCT', favoriteId: ids.get('Silk Scarf')! });
    await call('POST', '/favorite', { type: 'PRODUCT', favoriteId: ids.get('Trail Runner Shoe')!, sizes: ['9'], targetPrice: 8000 });
    // The coat got cheaper since it was saved.
    await db.query(`UPDATE favorites SET saved_price_cents = 10000 WHERE product_id = $1`, [ids.get('Wool Coat')]);
    const list = (await call('GET', '/favorite?from=0&to=10')).json() as FavoriteList;
    expect(list.total).toBe(3);
    expect(list.items.map((i) => i.product.name)).toEqual(['Trail Runner Shoe', 'Silk Scarf', 'Wool Coat']);
    const coat = list.items.find((i) => i.product.name === 'Wool Coat')!;
    expect(coat).toMatchObject({ savedPrice: 10000, currentPrice: 8500, change: -1500, changePct: -15 });
    expect(coat.history.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), price: 8500 });
    const shoe = list.items.find((i) => i.product.name === 'Trail Runner Shoe')!;
    expect(shoe).toMatchObject({ targetPrice: 8000, sizes: ['9'], productSizes: ['8', '9', '10'], sizesInStock: ['8', '10'] });

    const byPrice = (await call('GET', '/favorite?sort=PRICE&asc=true')).json() as FavoriteList;
    expect(byPrice.items.map((i) => i.currentPrice)).toEqual([3000, 8500, 9000]);
    const byDrop = (await call('GET', '/favorite?sort=PRICE_DROP&asc=false')).json() as FavoriteList;
    expect(byDrop.items[0]!.product.name).toBe('Wool Coat');
    const page = (await call('GET', '/favorite?from=0&to=1&sort=CREATE_TIME&asc=true')).json() as FavoriteList;
    expect(page).toMatchObject({ total: 3 });
    expect(page.items.map((i) => i.product.name)).toEqual(['Wool Coat']);
    expect((await call('GET', '/favorite?from=5&to=2')).statusCode).toBe(400);
    expect((await call('GET', '/favorite/ids')).json().ids.sort()).toEqual([ids.get('Wool Coat'), ids.get('Silk Scarf'), ids.get('Trail Runner Shoe')].sort());
  });

  it('sets and clears a target, watches sizes the product comes in, and refuses others', async () => {
    const shoe = ids.get('Trail Runner Shoe')!;
    const res = await call('PATCH', `/favorite/${shoe}`, { targetPrice: 7500, sizes: ['10', '8'] });
    expect(res.json()).toMatchObject({ targetPrice: 7500, sizes: ['10', '8'] });
    const bad = await call('PATCH', `/favorite/${shoe}`, { sizes: ['13'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'unknown_size', details: { unknown: ['13'], sizes: ['8', '9', '10'] } });
    expect(bad.json().message).toBe('This product does not come in every size asked for.'); // fixed: the sizes asked for are in details only
    expect((await call('PATCH', `/favorite/${shoe}`, { targetPrice: null })).json().targetPrice).toBeNull();
    expect((await call('PATCH', `/favorite/${ids.get('Linen Dress')}`, { targetPrice: 100 })).statusCode).toBe(404);
    expect((await call('PATCH', `/favorite/${shoe}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/favorite/${shoe}`, { targetPrice: -5 })).statusCode).toBe(400);
  });

  it('says when a target is met already by the price the alerts watch, and alerts for it at the next price check, once', async () => {
    const shoe = ids.get('Trail Runner Shoe')!;
    // Watching size 9 only, out of stock: no price is watched, so no target is met.
    expect((await call('PATCH', `/favorite/${shoe}`, { targetPrice: 9000, sizes: ['9'] })).json()).toMatchObject({ watchedPrice: null, targetMet: false });
    // Size 8 at $90: a $89.99 target is not met, $90 is (at or below).
    expect((await call('PATCH', `/favorite/${shoe}`, { targetPrice: 8999, sizes: ['8'] })).json()).toMatchObject({ watchedPrice: 9000, targetMet: false });
    expect((await call('PATCH', `/favorite/${shoe}`, { targetPrice: 9000 })).json()).toMatchObject({ watchedPrice: 9000, targetMet: true });
    const listed = (await call('GET', '/favorite?sort=CREATE_TIME')).json().items.find((i: { id: number }) => i.id === shoe);
    expect(listed).toMatchObject({ targetPrice: 9000, watchedPrice: 9000, targetMet: true });
    // What happens then (decision 0017): the new target is armed, so the next evaluation raises its alert; the next one none.
    const fired = async () =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM price_alerts WHERE product_id = $1 AND rule = 'target'`, [shoe])).rows[0]!.n;
    await evaluatePriceAlerts(db);
    expect(await fired()).toBe(1);
    await evaluatePriceAlerts(db);
    expect(await fired()).toBe(1);
    await call('PATCH', `/favorite/${shoe}`, { targetPrice: null, sizes: ['10', '8'] });
  });

  it('removes a saved product and answers the new total (also when it was not saved)', async () => {
    expect((await call('DELETE', `/favorite/${ids.get('Silk Scarf')}`)).json()).toEqual({ total: 2 });
    expect((await call('DELETE', `/favorite/${ids.get('Silk Scarf')}`)).json()).toEqual({ total: 2 });
  });

  it('caps B-LOVED at 1,000 products with a clear 400', async () => {
    const grace = await signedInShopper(app, db, 'grace@example.com', 'Grace');
    await db.query(
      `INSERT INTO favorites (user_id, product_id) SELECT $1, 1000000 + g FROM generate_series(1, 1000) g`, // product ids that do not exist: only the count matters
      [grace.userId],
    );
    const res = await call('POST', '/favorite', { type: 'PRODUCT', favoriteId: ids.get('Linen Dress')! }, grace);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'favorite_limit_reached', details: { limit: 1000 } });
  });

  it('turns price-alert mails off and on', async () => {
    expect((await call('GET', '/favorite/alert-settings')).json()).toEqual({ priceAlertMails: true });
    expect((await call('PUT', '/favorite/alert-settings', { priceAlertMails: false })).json()).toEqual({ priceAlertMails: false });
    expect((await call('GET', '/favorite/alert-settings')).json()).toEqual({ priceAlertMails: false });
    await call('PUT', '/favorite/alert-settings', { priceAlertMails: true });
    expect((await call('GET', '/favorite/alert-settings')).json()).toEqual({ priceAlertMails: true });
  });

  const subscribe = (email: string, who: typeof ada | null = null) =>
    call('POST', '/favorite/subscribe-discount', { type: 'DISCOUNT', favoriteId: 'ALL', email }, who);

  it('subscribes with double opt-in: one answer for every address, a confirmation mail, nothing more until confirmed', async () => {
    const res = await subscribe('Reader@Example.com');
    expect(res.statusCode).toBe(202);
    const mail = await smtp.next('reader@example.com', /Confirm your B-Deals discount/);
    expect(mail.html).toContain('Confirm my subscription');
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(link).toMatch(/^http:\/\/shop\.test\/subscription\/confirm\/\?token=/);
    // Asking again at once: the same answer, and no second mail (no mail-bombing through the form).
    const again = await subscribe('reader@example.com');
    expect([again.statusCode, again.json()]).toEqual([res.statusCode, res.json()]);
    const row = await db.query<{ status: string }>(`SELECT status FROM mail_subscriptions WHERE email = 'reader@example.com'`);
    expect(row.rows).toEqual([{ status: 'pending' }]);

    const token = new URL(link).searchParams.get('token')!;
    expect((await call('POST', '/favorite/subscribe-discount/confirm', { token }, null)).json().status).toBe('confirmed');
    const welcome = await smtp.next('reader@example.com', /You are subscribed/);
    expect(welcome.text).toMatch(/http:\/\/shop\.test\/unsubscribe\/\?token=[\w-]+/);
    expect(welcome.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The same link again (a second click, a mail client's prefetch) says so, and mails nothing more.
    const twice = await call('POST', '/favorite/subscribe-discount/confirm', { token }, null);
    expect([twice.statusCode, twice.json().status]).toEqual([200, 'already_confirmed']);
    expect(twice.json().message).toMatch(/already confirmed/);
    // A token that never was one keeps its error.
    expect((await call('POST', '/favorite/subscribe-discount/confirm', { token: 'x'.repeat(43) }, null)).json().code).toBe('invalid_token');
    // A confirmed address asking again gets the same answer as an unknown one.
    const known = await subscribe('reader@example.com');
    const unknown = await subscribe('stranger@example.com');
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    await smtp.next('stranger@example.com', /Confirm/);
    expect(smtp.mails.filter((m) => m.to.includes('reader@example.com'))).toEqual([]);
  });

  it("confirms a signed-in shopper's own address at once", async () => {
    const res = await subscribe('ada@example.com', ada);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('confirmed');
  });

  it('unsubscribes with the token (RFC 8058 one-click POST, or the page), and with the own address when signed in', async () => {
    const token = (await db.query<{ unsubscribe_token: string }>(`SELECT unsubscribe_token FROM mail_subscriptions WHERE email = 'reader@example.com'`))
      .rows[0]!.unsubscribe_token;
    const oneClick = await app.inject({
      method: 'POST',
      url: `/inventory/api/v1/mail/one-click-unsubscribe?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({ status: 'unsubscribed', kind: 'discount' });
    const byBody = await call('DELETE', '/favorite/unsubscribe-discount', { type: 'DISCOUNT', favoriteId: 'ALL', token }, null);
    expect(byBody.json().status).toBe('unsubscribed');
    expect((await call('DELETE', '/favorite/unsubscribe-discount', { type: 'DISCOUNT', favoriteId: 'ALL', token: 'x'.repeat(40) }, null)).json().code).toBe(
      'invalid_token',
    );
    expect((await call('DELETE', '/favorite/unsubscribe-discount', { type: 'DISCOUNT', favoriteId: 'ALL', email: 'reader@example.com' })).statusCode).toBe(403);
    const own = await call('DELETE', '/favorite/unsubscribe-discount', { type: 'DISCOUNT', favoriteId: 'ALL', email: 'ada@example.com' });
    expect(own.json().status).toBe('unsubscribed');
    const rows = await db.query<{ email: string; status: string }>(`SELECT email, status FROM mail_subscriptions WHERE kind = 'discount' ORDER BY email`);
    expect(rows.rows.filter((r) => r.status === 'unsubscribed').map((r) => r.email)).toEqual(['ada@example.com', 'reader@example.com']);
  });
});
