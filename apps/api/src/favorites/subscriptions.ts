/**
 * Mail subscriptions (issue 14 §4; spec §3 Favourite type DISCOUNT, favoriteId ALL; §7
 * `subscribe-discount`, `unsubscribe-discount`): the weekly discount e-mail with double opt-in,
 * and each shopper's price-drop alert mails (on from the first saved product, off with one click).
 *
 * - Subscribing answers the same whatever the address's state (never reveals whether it is
 *   known); a confirmation mail goes out unless the address is confirmed already, at most once per
 *   {@link CONFIRM_RESEND_MS} per address. A signed-in shopper subscribing their own (verified)
 *   address is confirmed at once.
 * - Confirmation tokens are stored hashed and expire after {@link CONFIRM_TTL_MS}. A confirmed row
 *   keeps its token's hash, so the same link opened again (a second click, a mail client's
 *   prefetch) answers `already_confirmed` instead of an error; that token confirms nothing else,
 *   and unsubscribing or a new confirmation mail drops it.
 * - Unsubscribe tokens are random capabilities kept per row; each mail carries its row's.
 * Errors: 400 `invalid_token` for an unknown, replaced or expired token; 403 `forbidden` when a
 * signed-in shopper names another address.
 */
import type { Accepted, AlertSettings } from '@b-deals/contracts';
import type { Database, Queryable } from '@b-deals/db';
import { newToken, tokenHash } from '../auth/index.ts';
import { DomainError } from '../errors.ts';
import type { Mailer } from '../mail.ts';
import { subscribedMail, subscriptionConfirmMail, type MailLinks } from './mails.tsx';
import type { MailSubscriptionRow } from './rows.ts';

/** How long a confirmation link works, ms (7 days). */
export const CONFIRM_TTL_MS = 7 * 24 * 3600 * 1000;
/** The shortest time between two confirmation mails to one address, ms (10 minutes): no mail-bombing through the form. */
export const CONFIRM_RESEND_MS = 10 * 60 * 1000;

/** What the subscription calls need: the database, the mailer and the links' origin. */
export interface SubscriptionDeps {
  db: Database;
  mailer: Mailer;
  links: MailLinks;
  /** Reports a mail that could not be sent (the answer does not change). */
  onMailError?: (err: unknown) => void;
}

const PENDING: Accepted = { status: 'pending', message: 'Check your inbox: we sent a link to confirm your subscription. Nothing is sent before you confirm.' };
const CONFIRMED: Accepted = { status: 'confirmed', message: 'You are subscribed to the weekly B-Deals discount e-mail.' };
/** A confirmation link opened again after it confirmed its address (only its holder learns this). */
export const ALREADY_CONFIRMED: Accepted = {
  status: 'already_confirmed',
  message: 'Your e-mail is already confirmed: you are subscribed to the weekly B-Deals discount e-mail.',
};
const UNSUBSCRIBED: Accepted = { status: 'unsubscribed', message: 'You are unsubscribed. You will get no more of these e-mails.' };

const invalidToken = () => new DomainError(400, 'invalid_token', 'This link is not valid or has expired.');

/**
 * Subscribes `email` to the weekly discount e-mail (double opt-in). `user` is the signed-in
 * shopper, if any. Resolves to the answer to show; never rejects for a mail that failed (it is
 * reported to `onMailError`).
 */
export async function subscribeDiscount(
  deps: SubscriptionDeps,
  email: string,
  user: { id: number; email: string } | null,
  now = new Date(),
): Promise<Accepted> {
  if (user && user.email === email) {
    await deps.db.query(
      `INSERT INTO mail_subscriptions (kind, email, user_id, status, unsubscribe_token, confirmed_at)
       VALUES ('discount', $1, $2, 'confirmed', $3, $4)
       ON CONFLICT (kind, email) DO UPDATE SET status = 'confirmed', user_id = EXCLUDED.user_id,
         confirmed_at = CASE WHEN mail_subscriptions.status = 'confirmed' THEN mail_subscriptions.confirmed_at ELSE EXCLUDED.confirmed_at END, unsubscribed_at = NULL`,
      [email, user.id, newToken(), now],
    );
    return CONFIRMED;
  }
  const token = newToken();
  // One statement decides whether a mail goes out: a new row, or a pending/unsubscribed one whose last mail is old enough.
  const res = await deps.db.query<{ id: number }>(
    `INSERT INTO mail_subscriptions AS s (kind, email, status, confirm_token_hash, confirm_sent_at, unsubscribe_token)
     VALUES ('discount', $1, 'pending', $2, $3, $4)
     ON CONFLICT (kind, email) DO UPDATE SET status = 'pending', confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_sent_at = EXCLUDED.confirm_sent_at
       WHERE s.status <> 'confirmed' AND (s.confirm_sent_at IS NULL OR s.confirm_sent_at < $5)
     RETURNING s.id`,
    [email, tokenHash(token), now, newToken(), new Date(now.getTime() - CONFIRM_RESEND_MS)],
  );
  if (res.rows.length > 0) {
    try {
      await deps.mailer.send(await subscriptionConfirmMail(deps.links, email, token));
    } catch (err) {
      deps.onMailError?.(err);
    }
  }
  return PENDING;
}

/**
 * Confirms the subscription of a confirmation link's `token` and sends the "you are subscribed"
 * mail with its unsubscribe link (a failed mail is reported, not thrown). The same token again,
 * within {@link CONFIRM_TTL_MS} of its mail and while its row is still confirmed, answers
 * {@link ALREADY_CONFIRMED} and sends nothing (mail clients prefetch links; shoppers click twice).
 * 400 `invalid_token` when unknown, replaced by a newer mail, unsubscribed since, or expired.
 */
export async function confirmDiscount(deps: SubscriptionDeps, token: string, now = new Date()): Promise<Accepted> {
  const hash = tokenHash(token);
  const notBefore = new Date(now.getTime() - CONFIRM_TTL_MS);
  const res = await deps.db.query<Pick<MailSubscriptionRow, 'email' | 'unsubscribe_token'>>(
    `UPDATE mail_subscriptions SET status = 'confirmed', confirmed_at = $2, unsubscribed_at = NULL
      WHERE confirm_token_hash = $1 AND status = 'pending' AND confirm_sent_at > $3
      RETURNING email, unsubscribe_token`,
    [hash, now, notBefore],
  );
  const row = res.rows[0];
  if (!row) {
    const confirmed = await deps.db.query(`SELECT 1 FROM mail_subscriptions WHERE confirm_token_hash = $1 AND status = 'confirmed' AND confirm_sent_at > $2`, [
      hash,
      notBefore,
    ]);
    if (confirmed.rows.length > 0) return ALREADY_CONFIRMED;
    throw invalidToken();
  }
  try {
    await deps.mailer.send(await subscribedMail(deps.links, row.email, row.unsubscribe_token));
  } catch (err) {
    deps.onMailError?.(err);
  }
  return CONFIRMED;
}

/**
 * Unsubscribes the row of an unsubscribe link's `token` (any kind: discount e-mails or price-drop
 * alerts), or, for a signed-in `user`, their own address's discount e-mail. Idempotent.
 * 400 `invalid_token` for an unknown token; 403 when `email` is not the shopper's own.
 */
export async function unsubscribe(
  db: Queryable,
  by: { token: string } | { email: string; user: { id: number; email: string } | null },
  now = new Date(),
): Promise<Accepted & { kind: MailSubscriptionRow['kind'] }> {
  if ('token' in by) {
    const res = await db.query<Pick<MailSubscriptionRow, 'kind'>>(
      `UPDATE mail_subscriptions SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, $2), confirm_token_hash = NULL
        WHERE unsubscribe_token = $1 RETURNING kind`,
      [by.token, now],
    );
    const kind = res.rows[0]?.kind;
    if (!kind) throw invalidToken();
    return { ...UNSUBSCRIBED, kind };
  }
  if (!by.user) throw new DomainError(401, 'unauthorized', 'Sign in first, or use the unsubscribe link of one of our e-mails.');
  if (by.user.email !== by.email) throw new DomainError(403, 'forbidden', 'You can only unsubscribe your own address. Use the link in the e-mail instead.');
  await db.query(
    `UPDATE mail_subscriptions SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, $2), confirm_token_hash = NULL
      WHERE kind = 'discount' AND email = $1`,
    [by.email, now],
  );
  return { ...UNSUBSCRIBED, kind: 'discount' };
}

/**
 * The price-alert subscription row of shopper `userId` (created confirmed on first use: the
 * shopper's address was verified at sign-up, and saving products asks for alerts).
 */
export async function alertSubscription(db: Queryable, userId: number): Promise<Pick<MailSubscriptionRow, 'status' | 'unsubscribe_token' | 'email'>> {
  const res = await db.query<Pick<MailSubscriptionRow, 'status' | 'unsubscribe_token' | 'email'>>(
    `WITH u AS (SELECT id, email FROM users WHERE id = $1),
     ins AS (
       INSERT INTO mail_subscriptions (kind, email, user_id, status, unsubscribe_token, confirmed_at)
       SELECT 'price_alert', u.email, u.id, 'confirmed', $2, now() FROM u
       ON CONFLICT (kind, email) DO NOTHING
       RETURNING status, unsubscribe_token, email)
     SELECT status, unsubscribe_token, email FROM ins
     UNION ALL
     SELECT s.status, s.unsubscribe_token, s.email FROM mail_subscriptions s JOIN u ON s.kind = 'price_alert' AND s.email = u.email`,
    [userId, newToken()],
  );
  const row = res.rows[0];
  if (!row) throw new DomainError(404, 'not_found', 'The account was not found');
  return row;
}

/** Whether price-drop alerts are e-mailed to shopper `userId`. */
export async function alertSettings(db: Queryable, userId: number): Promise<AlertSettings> {
  return { priceAlertMails: (await alertSubscription(db, userId)).status !== 'unsubscribed' };
}

/** Turns price-drop alert mails on or off for shopper `userId`. */
export async function setAlertSettings(db: Queryable, userId: number, settings: AlertSettings, now = new Date()): Promise<AlertSettings> {
  const sub = await alertSubscription(db, userId);
  await db.query(
    `UPDATE mail_subscriptions SET status = $2, unsubscribed_at = CASE WHEN $2 = 'unsubscribed' THEN $3::timestamptz ELSE NULL END,
            confirmed_at = CASE WHEN $2 = 'confirmed' THEN coalesce(confirmed_at, $3::timestamptz) ELSE confirmed_at END
      WHERE kind = 'price_alert' AND email = $1`,
    [sub.email, settings.priceAlertMails ? 'confirmed' : 'unsubscribed', now],
  );
  return settings;
}
