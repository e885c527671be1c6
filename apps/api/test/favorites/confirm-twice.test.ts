/**
 * A discount e-mail confirmation link opened twice (a second click, a mail client's prefetch):
 * the second time answers `already_confirmed`, while a link that was replaced by a newer mail,
 * outlived its 7 days or whose address unsubscribed since keeps `invalid_token` and changes
 * nothing (the token never re-subscribes an address). Mail goes to the outbox table (no SMTP_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { CONFIRM_RESEND_MS, CONFIRM_TTL_MS, confirmDiscount, subscribeDiscount, unsubscribe } from '../../src/favorites/index.ts';
import { createMailer } from '../../src/mail.ts';

describe.each(testDrivers())('confirming a discount subscription twice on %s', (driver) => {
  let db: Database;
  let deps: Parameters<typeof confirmDiscount>[0];

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    deps = {
      db,
      mailer: createMailer({ smtpUrl: null, from: 'B-Deals <no-reply@b-deals.example>', db, log: { info: () => {} } }),
      links: { publicUrl: 'http://shop.test' },
    };
  });
  afterAll(async () => {
    await db?.close();
  });

  const mails = async (to: string) =>
    (await db.query<{ subject: string; text: string }>(`SELECT subject, text FROM outbox WHERE "to" = $1 ORDER BY id`, [to])).rows;
  /** The token of the newest confirmation mail to `to`. */
  const confirmToken = async (to: string) => {
    const link = (await mails(to))
      .filter((m) => /Confirm/.test(m.subject))
      .at(-1)!
      .text.match(/https?:\/\/\S+/)![0];
    return new URL(link).searchParams.get('token')!;
  };
  const status = async (email: string) =>
    (await db.query<{ status: string }>(`SELECT status FROM mail_subscriptions WHERE kind = 'discount' AND email = $1`, [email])).rows[0]?.status;
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (err: { code?: string }) => err.code,
    );

  it('answers already_confirmed to the same link again, and sends the "you are subscribed" mail once', async () => {
    const now = new Date('2026-11-02T10:00:00Z');
    await subscribeDiscount(deps, 'twice@example.com', null, now);
    const token = await confirmToken('twice@example.com');
    expect((await confirmDiscount(deps, token, now)).status).toBe('confirmed');
    const again = await confirmDiscount(deps, token, new Date(now.getTime() + 60_000));
    expect(again).toEqual({ status: 'already_confirmed', message: expect.stringMatching(/^Your e-mail is already confirmed/) });
    expect((await mails('twice@example.com')).map((m) => m.subject)).toEqual([
      'Confirm your B-Deals discount e-mails',
      expect.stringMatching(/You are subscribed/),
    ]);
    // Once the link's 7 days are over it is refused like any other expired link.
    expect(await refusal(confirmDiscount(deps, token, new Date(now.getTime() + CONFIRM_TTL_MS + 1000)))).toBe('invalid_token');
  });

  it('refuses the link once its address unsubscribed, and does not subscribe it again', async () => {
    const now = new Date('2026-11-03T10:00:00Z');
    await subscribeDiscount(deps, 'gone@example.com', null, now);
    const token = await confirmToken('gone@example.com');
    await confirmDiscount(deps, token, now);
    await unsubscribe(db, { email: 'gone@example.com', user: { id: 0, email: 'gone@example.com' } }, now);
    expect(await refusal(confirmDiscount(deps, token, now))).toBe('invalid_token');
    expect(await status('gone@example.com')).toBe('unsubscribed');
  });

  it('refuses a link replaced by a newer confirmation mail, and an unknown token', async () => {
    const first = new Date('2026-11-04T10:00:00Z');
    await subscribeDiscount(deps, 'later@example.com', null, first);
    const old = await confirmToken('later@example.com');
    await subscribeDiscount(deps, 'later@example.com', null, new Date(first.getTime() + CONFIRM_RESEND_MS + 1000));
    const newer = await confirmToken('later@example.com');
    expect(newer).not.toBe(old);
    expect(await refusal(confirmDiscount(deps, old, first))).toBe('invalid_token');
    expect(await status('later@example.com')).toBe('pending');
    expect((await confirmDiscount(deps, newer, first)).status).toBe('confirmed');
    expect(await refusal(confirmDiscount(deps, old, first))).toBe('invalid_token');
    expect(await refusal(confirmDiscount(deps, 'x'.repeat(43), first))).toBe('invalid_token');
  });
});
