/**
 * Price statistics of standard products (pricing domain), from the price runs in
 * `price_observations`; read by the Lowest Price page, the price-drop rails and the product page.
 */
import type { Queryable } from '@b-deals/db';

/**
 * Price statistics of products from their price runs (price intelligence for the Lowest Price
 * page and price-drop rails): `low_365_cents`, the lowest daily total of the last 365 days, and
 * `avg_90_cents`, the average of the daily lowest total over the days of the last 90 on which
 * an offer was observed (offers out of stock excluded; unobserved days do not count). A day's
 * total is the observed item price plus the offer's stated shipping (core `offerTotal`), so the
 * figures compare with the product's price_cents.
 * `now` fixes "today" (UTC).
 */
export async function refreshPriceStats(db: Queryable, now: Date = new Date()): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  await db.query(
    `WITH runs AS (
       SELECT o.product_id, po.price_cents + coalesce(o.shipping_cents, 0) AS price_cents,
              greatest((po.valid_from AT TIME ZONE 'UTC')::date, $1::date - 364) AS f,
              least((po.last_seen_at AT TIME ZONE 'UTC')::date, $1::date) AS t
         FROM price_observations po JOIN offers o ON o.id = po.offer_id
        WHERE po.availability <> 'out_of_stock' AND po.last_seen_at >= $1::date - 364),
     daily AS (
       SELECT product_id, d::date AS day, min(price_cents) AS p
         FROM runs, generate_series(greatest(f, $1::date - 89), t, interval '1 day') d
        WHERE t >= $1::date - 89
        GROUP BY 1, 2),
     avg90 AS (SELECT product_id, round(avg(p))::int AS a FROM daily GROUP BY 1),
     low AS (SELECT product_id, min(price_cents) AS l FROM runs WHERE t >= f GROUP BY 1)
     UPDATE products p SET low_365_cents = low.l, avg_90_cents = avg90.a
       FROM low LEFT JOIN avg90 USING (product_id) WHERE p.id = low.product_id`,
    [today],
  );
}
