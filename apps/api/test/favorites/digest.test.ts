/**
 * Issue 14 §5: the weekly digest of the best real discounts goes to confirmed subscribers only,
 * lists only was-prices verified against our observed history, carries the RFC 8058 headers,
 * and never goes twice within a week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { confirmDiscount, sendDiscountDigest, subscribeDiscount } from '../../src/favorites/index.ts';
import { ingestFeed } from '../../src/index.ts';
import { createMailer, type Mailer } from '../../src/mail.ts';
import { startSmtp } from '../smtp.ts';

const fx = loadDefaultFxTable();
const DAY = 24 * 3600 * 1000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const day = (n: number) => new Date(TODAY + n * DAY + 12 * 3600 * 1000);
const gtin = (body: string) => body + gtinCheckDigit(body);
const item = (id: string, title: string, price: string, salePrice?: string): TestItem => ({
  id,
  title,
  price,
  salePrice,
  brand: 'Harbor & Pine',
  gtin: gtin(`40063813${id.padStart(4, '0')}`),
});

describe.each(testDrivers())('weekly discount digest on %s', (driver) => {
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: Mailer;
  const links = { publicUrl: 'http://shop.test' };

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    smtp = await startSmtp();
    mailer = createMailer({ smtpUrl: smtp.url, from: 'B-Deals <no-reply@b-deals.example>', db, log: { info: () => {} } });
    const ingest = (items: TestItem[], at: Date) =>
      ingestFeed(db, {
        bytes: rssFeed('harbor', items),
        feed: 'harbor.xml',
        merchant: { slug: 'harbor', name: 'Harbor' },
        fx,
        observedAt: at,
        skipMaintenance: true,
      });
    for (let n = -30; n < 0; n += 1) await ingest([item('1', 'Linen Dress', '100.00 USD'), item('2', 'Wool Coat', '80.00 USD')], day(n));
    // Today: the dress on sale against a price it really had; the coat "was $100", a price we never saw.
    await ingest([item('1', 'Linen Dress', '100.00 USD', '60.00 USD'), item('2', 'Wool Coat', '100.00 USD', '60.00 USD')], day(0));
  }, 180_000);
  afterAll(async () => {
    await smtp?.close();
    await db?.close();
  });

  it('mails verified discounts to confirmed subscribers only, once a week', async () => {
    const deps = { db, mailer, links };
    await subscribeDiscount(deps, 'reader@example.com', null);
    const token = new URL((await smtp.linkIn('reader@example.com', /Confirm/)).replace(/[>)\]]+$/, '')).searchParams.get('token')!;
    await confirmDiscount(deps, token);
    await smtp.next('reader@example.com', /You are subscribed/);
    await subscribeDiscount(deps, 'pending@example.com', null);
    await smtp.next('pending@example.com', /Confirm/);

    expect(await sendDiscountDigest(deps, day(0))).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.next('reader@example.com', /best real discounts: up to 40% off/);
    expect(mail.text).toContain('Linen Dress');
    expect(mail.text).not.toContain('Wool Coat');
    expect(mail.html).toContain('http://shop.test/prod/linen-dress/?id=');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/shop\.test\/inventory\/api\/v1\/mail\/one-click-unsubscribe\?token=/);

    expect(await sendDiscountDigest(deps, day(3))).toEqual({ sent: 0, failed: 0 });
    expect(await sendDiscountDigest(deps, day(7))).toEqual({ sent: 1, failed: 0 });
    await smtp.next('reader@example.com', /best real discounts/);
    expect(smtp.mails.filter((m) => m.to.includes('pending@example.com'))).toEqual([]);
  });

  it('gives a refused digest back for the next run', async () => {
    const refusing: Mailer = { send: () => Promise.reject(new Error('451 try later')) };
    expect(await sendDiscountDigest({ db, mailer: refusing, links }, day(14))).toEqual({ sent: 0, failed: 1 });
    expect(await sendDiscountDigest({ db, mailer, links }, day(14))).toEqual({ sent: 1, failed: 0 });
    await smtp.next('reader@example.com', /best real discounts/);
  });
});
