/**
 * Issue 14 §3, §6–§8: price-drop alerts end to end on PGlite and PostgreSQL — feeds ingested over
 * 60 days, a shopper's B-LOVED, the alert job's evaluation and sending through a real SMTP server
 * on loopback. Covers: one mail for a drop, none for the same price again; at most one mail a day
 * (later drops wait for the next day's); target and watched sizes; opted-out shoppers; a refused
 * mail retried; and a process that died while handing a mail over never sends it twice.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../../src/app.ts';
import { evaluatePriceAlerts, sendAlertMails, SEND_LEASE_MS, RETRY_BASE_MS, watchIngests } from '../../src/favorites/index.ts';
import { ingestFeed } from '../../src/index.ts';
import type { JobQueue } from '../../src/jobs/index.ts';
import { createMailer, type Mailer } from '../../src/mail.ts';
import { startSmtp } from '../smtp.ts';
import { testAppOptions } from '../test-app.ts';
import { signedInShopper, TEST_CLIENT } from './shopper.ts';

const fx = loadDefaultFxTable();
const DAY = 24 * 3600 * 1000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
/** Noon UTC `n` days from today (negative: in the past). */
const day = (n: number) => new Date(TODAY + n * DAY + 12 * 3600 * 1000);
const gtin = (body: string) => body + gtinCheckDigit(body);
const dress = (price: string): TestItem => ({ id: '1', title: 'Linen Dress', price, brand: 'Harbor & Pine', gtin: gtin('400638130001') });
const coat = (price: string): TestItem => ({ id: '2', title: 'Wool Coat', price, brand: 'Harbor & Pine', gtin: gtin('400638130002') });
const shoe = (size: string, price: string, availability = 'in stock'): TestItem => ({
  id: `run-${size}`,
  title: 'Trail Runner Shoe',
  price,
  brand: 'Harbor & Pine',
  size,
  itemGroupId: 'run',
  availability,
  category: 'Apparel & Accessories > Shoes',
});

describe.each(testDrivers())('price-drop alerts on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: Mailer;
  let ada: { authorization: string; userId: number };
  const ids = new Map<string, number>();
  const links = { publicUrl: 'http://shop.test' };

  const ingest = (items: TestItem[], at: Date) =>
    ingestFeed(db, {
      bytes: rssFeed('harbor', items),
      feed: 'harbor.xml',
      merchant: { slug: 'harbor', name: 'Harbor' },
      fx,
      observedAt: at,
      skipMaintenance: true,
    });
  /** What the `price-alerts` job does, at `now`. */
  const runAlerts = async (now: Date, m: Mailer = mailer) => {
    const evaluation = await evaluatePriceAlerts(db, now);
    const sent = await sendAlertMails({ db, mailer: m, links, messageIdHost: 'shop.test' }, now);
    return { ...evaluation, ...sent };
  };
  const save = (productId: number, extra: object = {}, who = ada) =>
    app.inject({
      method: 'POST',
      url: '/inventory/api/v1/favorite',
      payload: { type: 'PRODUCT', favoriteId: productId, ...extra },
      headers: { authorization: who.authorization },
    });
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'B-Deals <no-reply@b-deals.example>', db, log: { info: () => {} } });
    // Sixty days of $100 dresses and $200 coats, observed every ten days and yesterday.
    for (const n of [-60, -50, -40, -30, -20, -10, -1])
      await ingest([dress('100.00 USD'), coat('200.00 USD'), shoe('8', '90.00 USD'), shoe('9', '90.00 USD', 'out of stock')], day(n));
    for (const r of (await db.query<{ id: number; title: string }>(`SELECT id, title FROM products`)).rows) ids.set(r.title, Number(r.id));
    app = await buildApp(testAppOptions(db, { accounts: { clients: [TEST_CLIENT], settings: { publicUrl: links.publicUrl } } }));
    ada = await signedInShopper(app, db, 'ada@example.com');
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  it('mails one alert for a drop of 10 % or more to at most the 90-day median, and none for the same price again', async () => {
    expect((await save(ids.get('Linen Dress')!)).json().savedPrice).toBe(10000);
    expect(await runAlerts(day(-1))).toMatchObject({ fired: 0, sent: 0 });

    await ingest([dress('85.00 USD'), coat('200.00 USD'), shoe('8', '90.00 USD'), shoe('9', '90.00 USD', 'out of stock')], day(0));
    expect(await runAlerts(day(0))).toMatchObject({ fired: 1, sent: 1 });
    const mail = await smtp.next('ada@example.com', /Price drop: Linen Dress is now \$85/);
    expect(mail.text).toContain('$85 at Harbor, down from $100 (−15%)');
    expect(mail.html).toContain('http://shop.test/prod/linen-dress/?id=');
    expect(mail.messageId).toBe(`<price-alerts.${ada.userId}.${day(0).toISOString().slice(0, 10)}@shop.test>`);
    expect(String(mail.headers.get('list-unsubscribe'))).toMatch(/^<http:\/\/shop\.test\/inventory\/api\/v1\/mail\/one-click-unsubscribe\?token=[\w-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/Stop price-drop e-mails/);

    // A third ingest at the same price, today and tomorrow: nothing more.
    await ingest([dress('85.00 USD'), coat('200.00 USD'), shoe('8', '90.00 USD'), shoe('9', '90.00 USD', 'out of stock')], day(0));
    expect(await runAlerts(day(0))).toMatchObject({ fired: 0, sent: 0 });
    expect(await runAlerts(day(1))).toMatchObject({ fired: 0, sent: 0 });
    expect(mailsTo('ada@example.com')).toEqual([]);
  });

  it('sends at most one mail a day: a later drop of the same day waits for the next day', async () => {
    await save(ids.get('Wool Coat')!);
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '90.00 USD'), shoe('9', '90.00 USD', 'out of stock')], day(1));
    // Today's mail went out in the test above (day 0 is "today" there); pretend this is still that day.
    expect(await runAlerts(day(0))).toMatchObject({ fired: 1, sent: 0 });
    const pending = await db.query<{ state: string }>(`SELECT state FROM price_alerts WHERE product_id = $1`, [ids.get('Wool Coat')]);
    expect(pending.rows).toEqual([{ state: 'pending' }]);
    expect(await runAlerts(day(1))).toMatchObject({ fired: 0, sent: 1 });
    expect((await smtp.next('ada@example.com', /Wool Coat is now \$150/)).text).toContain('down from $200 (−25%)');
  });

  it('honours a target on the watched sizes only, in stock, and alerts once while the price hovers around it', async () => {
    const shoeId = ids.get('Trail Runner Shoe')!;
    expect((await save(shoeId, { targetPrice: 8000, sizes: ['9'] })).statusCode).toBe(200);
    // Size 8 drops below the target, size 9 is still out of stock: no alert.
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '90.00 USD', 'out of stock')], day(2));
    expect(await runAlerts(day(2))).toMatchObject({ fired: 0 });
    // Size 9 comes in at $79: one alert, naming the size.
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(3));
    expect(await runAlerts(day(3))).toMatchObject({ fired: 1, sent: 1 });
    expect((await smtp.next('ada@example.com', /Trail Runner Shoe is now \$79/)).text).toContain('in size 9, at or below your target of $80');
    // $81 then $79 again: within the 5 % band above the target, so the rule stayed quiet.
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '81.00 USD')], day(4));
    expect(await runAlerts(day(4))).toMatchObject({ fired: 0 });
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(5));
    expect(await runAlerts(day(5))).toMatchObject({ fired: 0 });
    // Above $84 re-arms it; back to $79 alerts again.
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '90.00 USD')], day(6));
    expect(await runAlerts(day(6))).toMatchObject({ fired: 0 });
    await ingest([dress('85.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(7));
    expect(await runAlerts(day(7))).toMatchObject({ fired: 1, sent: 1 });
    await smtp.next('ada@example.com', /Trail Runner Shoe/);
  });

  it('keeps the alerts of a shopper who turned alert mails off, and mails none', async () => {
    const grace = await signedInShopper(app, db, 'grace@example.com', 'Grace');
    await save(ids.get('Linen Dress')!, { targetPrice: 8000 }, grace);
    await app.inject({
      method: 'PUT',
      url: '/inventory/api/v1/favorite/alert-settings',
      payload: { priceAlertMails: false },
      headers: { authorization: grace.authorization },
    });
    await ingest([dress('79.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(8));
    expect(await runAlerts(day(8))).toMatchObject({ suppressed: 1 });
    expect(mailsTo('grace@example.com')).toEqual([]);
    // $79 is not 10 % below Ada's last alert ($85): nothing for her either.
    expect(mailsTo('ada@example.com')).toEqual([]);
  });

  it('retries a mail the server refused, later, once', async () => {
    await ingest([dress('70.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(9));
    const refusing: Mailer = { send: () => Promise.reject(new Error('421 try again later')) };
    expect(await runAlerts(day(9), refusing)).toMatchObject({ fired: 1, failed: 1 });
    expect(await runAlerts(new Date(day(9).getTime() + RETRY_BASE_MS / 2))).toMatchObject({ sent: 0 });
    expect(await runAlerts(new Date(day(9).getTime() + RETRY_BASE_MS + 1000))).toMatchObject({ sent: 1 });
    const mail = await smtp.next('ada@example.com', /Linen Dress is now \$70/);
    expect(mail.messageId).toContain(day(9).toISOString().slice(0, 10));
    expect(await runAlerts(day(10))).toMatchObject({ sent: 0, failed: 0 });
  });

  it('never sends twice when the process died between handing the mail over and marking it sent', async () => {
    await ingest([dress('60.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(11));
    // This "process" hands the mail to the server and then never gets to mark it (as if killed).
    const dying: Mailer = { send: (m) => mailer.send(m).then(() => new Promise<void>(() => {})) };
    void runAlerts(day(11), dying);
    const delivered = await smtp.next('ada@example.com', /Linen Dress is now \$60/);
    // A new process starts after the claim's lease ran out, and runs the job again (twice).
    const after = new Date(day(11).getTime() + SEND_LEASE_MS + 1000);
    expect(await runAlerts(after)).toMatchObject({ unconfirmed: 1, sent: 0 });
    expect(await runAlerts(new Date(after.getTime() + DAY))).toMatchObject({ sent: 0, failed: 0 });
    expect(mailsTo('ada@example.com')).toEqual([]);
    const rows = await db.query<{ state: string; message_id: string }>(`SELECT state, message_id FROM alert_mails WHERE message_id = $1`, [
      delivered.messageId,
    ]);
    expect(rows.rows).toEqual([{ state: 'unconfirmed', message_id: delivered.messageId }]);
  });

  it('queues the price-alerts job after every committed ingest', async () => {
    const sent: string[] = [];
    let notify: () => void = () => {};
    const announced = new Promise<void>((r) => (notify = r));
    const queue = { send: async (name: string) => void (sent.push(name), notify()) } as unknown as JobQueue;
    const stop = await watchIngests(db, queue, (err) => {
      throw err;
    });
    await ingest([dress('61.00 USD'), coat('150.00 USD'), shoe('8', '70.00 USD'), shoe('9', '79.00 USD')], day(12));
    await announced;
    await stop();
    expect(sent[0]).toBe('price-alerts');
  });
});
