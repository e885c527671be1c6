/**
 * Sending price-drop alerts (issue 14 §6–§7): at most one mail per shopper per UTC day, holding
 * every pending alert of that shopper; alerts raised after that day's mail wait for the next
 * day's (the digest of later drops). Mail states live in `alert_mails`:
 *
 * 1. **claim** (one transaction): a row per shopper with pending alerts and no mail today, in state
 *    `sending` with a lease; the unique (user, day) index, not a check, keeps it to one a day;
 *    the alerts are attached to it.
 * 2. **send** with the row's Message-ID (its idempotency key), then mark it and its alerts `sent`.
 *    A mail server's refusal marks it `failed` with a retry time ({@link RETRY_BASE_MS} doubled per
 *    attempt, at most {@link MAX_ATTEMPTS} attempts): it is known not to have left.
 * 3. **recover**: a `sending` row whose lease ran out was being handed to the mail server when its
 *    process died; whether it left is unknown, so it is marked `unconfirmed` and never sent again
 *    (never twice for one alert).
 *
 * Alerts of a shopper who turned alert mails off are marked `suppressed`.
 */
import type { Database } from '@b-deals/db';
import { thumbnailMediaUrl } from '../catalog/index.ts';
import type { Mailer } from '../mail.ts';
import { priceAlertMail, type AlertLine, type MailLinks } from './mails.tsx';
import { alertSubscription } from './subscriptions.ts';
import type { AlertMailRow } from './rows.ts';

/** How long a process may take to hand one mail to the mail server before its claim is taken as dead, ms. */
export const SEND_LEASE_MS = 5 * 60 * 1000;
/** First retry delay of a refused mail, ms; doubled per attempt. */
export const RETRY_BASE_MS = 5 * 60 * 1000;
/** Attempts before a refused mail is given up (it stays `failed` with its error). */
export const MAX_ATTEMPTS = 5;

export interface AlertMailDeps {
  db: Database;
  mailer: Mailer;
  links: MailLinks;
  /** Host part of Message-IDs, e.g. `b-deals.example`. */
  messageIdHost: string;
  onError?: (err: unknown, mailId: number) => void;
}

/** What one run did. */
export interface SendReport {
  sent: number;
  failed: number;
  unconfirmed: number;
  suppressed: number;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Recovers dead claims, suppresses alerts of shoppers who opted out, claims and sends due mails at `now`. */
export async function sendAlertMails(deps: AlertMailDeps, now: Date = new Date()): Promise<SendReport> {
  const { db } = deps;
  const report: SendReport = { sent: 0, failed: 0, unconfirmed: 0, suppressed: 0 };
  const lease = new Date(now.getTime() + SEND_LEASE_MS);

  report.unconfirmed = (
    await db.query(
      `WITH m AS (
         UPDATE alert_mails SET state = 'unconfirmed', error = 'the sending process stopped before the mail server answered'
          WHERE state = 'sending' AND lease_until < $1 RETURNING id)
       UPDATE price_alerts SET state = 'unconfirmed' WHERE mail_id IN (SELECT id FROM m) RETURNING id`,
      [now],
    )
  ).rows.length;

  report.suppressed = (
    await db.query(
      `UPDATE price_alerts a SET state = 'suppressed'
         FROM users u JOIN mail_subscriptions s ON s.kind = 'price_alert' AND s.email = u.email AND s.status = 'unsubscribed'
        WHERE a.state = 'pending' AND a.user_id = u.id RETURNING a.id`,
    )
  ).rows.length;

  const claimed = await db.transaction(async (tx) => {
    const fresh = await tx.query<Pick<AlertMailRow, 'id' | 'user_id' | 'message_id'>>(
      `WITH m AS (
         INSERT INTO alert_mails (user_id, day, state, message_id, lease_until)
         SELECT DISTINCT a.user_id, $1::date, 'sending', '<price-alerts.' || a.user_id || '.' || $1 || '@' || $3 || '>', $2::timestamptz
           FROM price_alerts a WHERE a.state = 'pending'
         ON CONFLICT (user_id, day) DO NOTHING
         RETURNING id, user_id, message_id),
       attach AS (
         UPDATE price_alerts a SET state = 'sending', mail_id = m.id FROM m WHERE a.user_id = m.user_id AND a.state = 'pending')
       SELECT id, user_id, message_id FROM m`,
      [utcDay(now), lease, deps.messageIdHost],
    );
    const retried = await tx.query<Pick<AlertMailRow, 'id' | 'user_id' | 'message_id'>>(
      `WITH m AS (
         UPDATE alert_mails SET state = 'sending', lease_until = $2 WHERE state = 'failed' AND next_attempt_at <= $1 AND attempts < $3
         RETURNING id, user_id, message_id),
       attach AS (UPDATE price_alerts a SET state = 'sending' FROM m WHERE a.mail_id = m.id)
       SELECT id, user_id, message_id FROM m`,
      [now, lease, MAX_ATTEMPTS],
    );
    return [...fresh.rows, ...retried.rows];
  });

  for (const mail of claimed) {
    const id = Number(mail.id);
    try {
      await deps.mailer.send(await composeAlertMail(deps, id, mail.user_id, mail.message_id));
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE alert_mails SET state = 'sent', sent_at = $2, attempts = attempts + 1, lease_until = NULL, error = NULL WHERE id = $1`, [
          id,
          now,
        ]);
        await tx.query(`UPDATE price_alerts SET state = 'sent' WHERE mail_id = $1`, [id]);
      });
      report.sent++;
    } catch (err) {
      deps.onError?.(err, id);
      await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE alert_mails SET state = 'failed', attempts = attempts + 1, lease_until = NULL, error = $2,
                  next_attempt_at = $3::timestamptz + make_interval(secs => $4::float8 * power(2, attempts))
            WHERE id = $1`,
          [id, String((err as Error)?.message ?? err).slice(0, 500), now, RETRY_BASE_MS / 1000],
        );
        await tx.query(`UPDATE price_alerts SET state = 'failed' WHERE mail_id = $1`, [id]);
      });
      report.failed++;
    }
  }
  return report;
}

/** The mail of alert mail `mailId`: every alert attached to it, with product, merchant and price. */
async function composeAlertMail(deps: AlertMailDeps, mailId: number, userId: number, messageId: string) {
  const { db } = deps;
  const user = (await db.query<{ email: string; first_name: string }>(`SELECT email, first_name FROM users WHERE id = $1`, [userId])).rows[0];
  if (!user) throw new Error(`user ${userId} of alert mail ${mailId} no longer exists`);
  const sub = await alertSubscription(db, userId);
  const lines = (
    await db.query<{
      product_id: number;
      slug: string;
      title: string;
      image_url: string | null;
      rule: 'target' | 'drop';
      price_cents: number;
      threshold_cents: number;
      merchant: string;
      size: string | null;
    }>(
      `SELECT a.product_id, p.slug, p.title, p.image_url, a.rule, a.price_cents, a.threshold_cents, coalesce(m.name, 'a merchant') AS merchant, a.size
         FROM price_alerts a JOIN products p ON p.id = a.product_id
         LEFT JOIN offers o ON o.id = a.offer_id LEFT JOIN merchants m ON m.id = o.merchant_id
        WHERE a.mail_id = $1
        ORDER BY (a.price_cents::float8 / a.threshold_cents), a.id`,
      [mailId],
    )
  ).rows;
  if (lines.length === 0) throw new Error(`alert mail ${mailId} has no alerts left`);
  const alerts: AlertLine[] = lines.map((l) => ({
    productId: Number(l.product_id),
    productSlug: l.slug,
    productName: l.title,
    imageUrl: l.image_url ? thumbnailMediaUrl(l.image_url) : null,
    rule: l.rule,
    priceCents: l.price_cents,
    thresholdCents: l.threshold_cents,
    merchantName: l.merchant,
    size: l.size,
  }));
  return priceAlertMail(deps.links, { to: user.email, firstName: user.first_name, alerts, unsubscribeToken: sub.unsubscribe_token, messageId });
}
