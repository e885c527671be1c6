/**
 * The weekly discount digest (issue 14 §5; spec §3 discount subscription): the best real
 * discounts of the week to every confirmed subscriber. "Real" means the was-price stood the
 * check against our observed history (`products.was_check = 'verified'`, decision 0015: no higher
 * than the offer's lowest observed price in the 30 days before the sale), the product is in
 * stock and the discount is at least {@link DIGEST_MIN_DISCOUNT} %.
 *
 * Each subscriber is claimed (their `last_digest_at` set) before their mail is sent, so a crash
 * never sends one twice; a mail the server refused is released again for the next run.
 */
import type { Database } from '@b-deals/db';
import { thumbnailMediaUrl } from '../catalog/index.ts';
import type { Mailer } from '../mail.ts';
import { discountDigestMail, type DigestLine, type MailLinks } from './mails.tsx';

/** Smallest discount (whole percent) in the digest. */
export const DIGEST_MIN_DISCOUNT = 10;
/** Products per digest. */
export const DIGEST_SIZE = 12;
/** A subscriber gets at most one digest per this many ms (6 days: a weekly schedule that drifts never sends two in a week). */
export const DIGEST_INTERVAL_MS = 6 * 24 * 3600 * 1000;

export interface DigestDeps {
  db: Database;
  mailer: Mailer;
  links: MailLinks;
  onError?: (err: unknown) => void;
}

/** The digest's products now: verified discounts, deepest first, then the most popular. */
export async function digestProducts(db: Database): Promise<DigestLine[]> {
  const res = await db.query<{
    id: number;
    slug: string;
    title: string;
    image_url: string | null;
    item_price_cents: number;
    was_price_cents: number;
    discount_pct: number;
  }>(
    `SELECT id, slug, title, image_url, item_price_cents, was_price_cents, discount_pct FROM products
      WHERE was_check = 'verified' AND in_stock AND discount_pct >= $1 AND was_price_cents IS NOT NULL AND item_price_cents IS NOT NULL
      ORDER BY discount_pct DESC, popularity DESC, id LIMIT $2`,
    [DIGEST_MIN_DISCOUNT, DIGEST_SIZE],
  );
  return res.rows.map((r) => ({
    productId: Number(r.id),
    productSlug: r.slug,
    productName: r.title,
    imageUrl: r.image_url ? thumbnailMediaUrl(r.image_url) : null,
    priceCents: r.item_price_cents,
    wasPriceCents: r.was_price_cents,
    discountPct: r.discount_pct,
  }));
}

/** Sends the digest to every confirmed subscriber not sent one in the last 6 days. Sends nothing when no discount qualifies. */
export async function sendDiscountDigest(deps: DigestDeps, now: Date = new Date()): Promise<{ sent: number; failed: number }> {
  const products = await digestProducts(deps.db);
  const report = { sent: 0, failed: 0 };
  if (products.length === 0) return report;
  const due = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const refused: number[] = [];
  for (;;) {
    const batch = (
      await deps.db.query<{ id: number; email: string; unsubscribe_token: string; previous: Date | null }>(
        `UPDATE mail_subscriptions s SET last_digest_at = $1
           FROM (SELECT id, last_digest_at AS previous FROM mail_subscriptions
                  WHERE kind = 'discount' AND status = 'confirmed' AND (last_digest_at IS NULL OR last_digest_at < $2) AND id <> ALL($3::int[])
                  ORDER BY id LIMIT 200 FOR UPDATE SKIP LOCKED) d
          WHERE s.id = d.id
          RETURNING s.id, s.email, s.unsubscribe_token, d.previous`,
        [now, due, refused],
      )
    ).rows;
    if (batch.length === 0) return report;
    for (const sub of batch) {
      try {
        await deps.mailer.send(await discountDigestMail(deps.links, { to: sub.email, products, unsubscribeToken: sub.unsubscribe_token }));
        report.sent++;
      } catch (err) {
        deps.onError?.(err);
        report.failed++;
        refused.push(sub.id);
        // Refused: it did not leave, so it may go next time (and not again in this run).
        await deps.db.query(`UPDATE mail_subscriptions SET last_digest_at = $2 WHERE id = $1`, [sub.id, sub.previous]);
      }
    }
  }
}
