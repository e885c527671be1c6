/**
 * Price runs (pricing domain; DESIGN.md "change points"): `price_observations` holds one row per
 * run of an offer's unchanged price, regular price and availability, from `valid_from` to
 * `last_seen_at`. The ingest appends or extends runs inside its transaction; nothing else writes them.
 */
import type { Queryable } from '@b-deals/db';

/** A run with no observation for longer than this ends; the next observation starts a new run (no price claimed for unseen days). */
export const OBSERVATION_GAP_MS = 3 * 24 * 3600 * 1000;

/** An unchanged feed: its prices are confirmed at `observedAt` (runs extended when within the gap), no rows added. */
export async function confirmPrices(tx: Queryable, merchantId: number, observedAt: Date): Promise<void> {
  await tx.query(
    `UPDATE price_observations po SET last_seen_at = $2
       FROM (SELECT DISTINCT ON (p.offer_id) p.id FROM price_observations p JOIN offers o ON o.id = p.offer_id
              WHERE o.merchant_id = $1 AND o.active ORDER BY p.offer_id, p.valid_from DESC) latest
      WHERE po.id = latest.id AND po.last_seen_at < $2 AND po.last_seen_at >= $3`,
    [merchantId, observedAt, new Date(observedAt.getTime() - OBSERVATION_GAP_MS)],
  );
}

/**
 * Appends price runs (DESIGN.md change points): a run whose price, regular price and
 * availability equal the observation, and that was seen within OBSERVATION_GAP_MS, is
 * extended to `at`; otherwise a new run starts at `at`. Observations older than an offer's
 * latest run are ignored (history is append-only in time order).
 */
export async function recordObservations(
  tx: Queryable,
  obs: Array<{ offerId: number; price: number; regular: number; availability: string }>,
  at: Date,
): Promise<void> {
  if (!obs.length) return;
  const json = JSON.stringify(obs.map((o) => ({ offer_id: o.offerId, price: o.price, regular: o.regular, availability: o.availability })));
  const since = new Date(at.getTime() - OBSERVATION_GAP_MS);
  await tx.query(
    `WITH cur AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(offer_id bigint, price int, regular int, availability text)),
     latest AS (
       SELECT DISTINCT ON (p.offer_id) p.id, p.offer_id, p.price_cents, p.regular_price_cents, p.availability, p.valid_from, p.last_seen_at
         FROM price_observations p WHERE p.offer_id IN (SELECT offer_id FROM cur)
        ORDER BY p.offer_id, p.valid_from DESC),
     decided AS (
       SELECT cur.*, l.id AS run_id, l.valid_from,
              (l.id IS NOT NULL AND l.price_cents = cur.price AND l.regular_price_cents = cur.regular
                AND l.availability = cur.availability AND l.last_seen_at >= $3) AS same
         FROM cur LEFT JOIN latest l USING (offer_id)),
     ext AS (
       UPDATE price_observations p SET last_seen_at = greatest(p.last_seen_at, $2)
         FROM decided d WHERE d.same AND p.id = d.run_id RETURNING p.id)
     INSERT INTO price_observations (offer_id, price_cents, regular_price_cents, availability, valid_from, last_seen_at)
     SELECT offer_id, price, regular, availability, $2, $2 FROM decided
      WHERE NOT same AND (valid_from IS NULL OR valid_from < $2)`,
    [json, at, since],
  );
}
