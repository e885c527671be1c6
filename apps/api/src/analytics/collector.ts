/**
 * The first-party collector (issue 19 §1): stores a validated batch of analytics events in one
 * statement, so a batch lands whole or not at all. The browser's clock is not trusted beyond
 * reason: an event time more than {@link MAX_AGE_MS} in the past or in the future is stored as
 * the time it arrived.
 */
import type { AnalyticsBatch } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';

/** How far an event time may lie from the arrival time and still be believed, ms (one day). */
export const MAX_AGE_MS = 24 * 3600 * 1000;

/**
 * Stores the batch's events, each with its shopper's `userId` (GA4 `user_id`) when signed in:
 * an event's `userId` is kept only when it is `verifiedUserId`, the account of the access token
 * the batch came with (the storefront adds its session's); a batch without one, or naming
 * another shopper, is stored without user ids, so no caller can put events on an account that
 * is not theirs. `now` is the arrival time.
 *
 * @returns how many events were stored
 */
export async function storeEvents(db: Queryable, batch: AnalyticsBatch, now: Date = new Date(), verifiedUserId: number | null = null): Promise<number> {
  const rows = batch.events.map((e) => {
    const t = Date.parse(e.time);
    const believable = Math.abs(now.getTime() - t) <= MAX_AGE_MS;
    const userId = verifiedUserId !== null && e.userId === String(verifiedUserId) ? e.userId : null;
    return { name: e.name, page: e.page, user_id: userId, params: e.params, occurred_at: new Date(believable ? t : now.getTime()).toISOString() };
  });
  await db.query(
    `INSERT INTO analytics_events (name, anonymous_id, user_id, page, params, occurred_at, received_at)
     SELECT r.name, $1, r.user_id, r.page, r.params, r.occurred_at, $3
       FROM jsonb_to_recordset($2::jsonb) AS r(name text, page text, user_id text, params jsonb, occurred_at timestamptz)`,
    [batch.anonymousId, JSON.stringify(rows), now],
  );
  return rows.length;
}
