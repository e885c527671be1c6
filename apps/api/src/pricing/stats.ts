/**
 * Price statistics of standard products (pricing domain), from the price runs in
 * `price_observations`; read by the Lowest Price page, the price-drop rails and the product page.
 */
import { bestOfferSql, wasCheckSql } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { referencePriceSql } from './reference.ts';

/** Core's best-offer rule over the `offers` table (unaliased), for finding each product's best offer. */
const BEST = bestOfferSql();

/**
 * Price statistics of products from their price runs (price intelligence for the Lowest Price
 * page and price-drop rails): `low_365_cents`, the lowest daily total of the last 365 days, and
 * `avg_90_cents`, the average of the daily lowest total over the days of the last 90 on which
 * an offer was observed (offers out of stock excluded; unobserved days do not count). A day's
 * total is the observed item price plus the offer's stated shipping (core `offerTotal`), so the
 * figures compare with the product's price_cents.
 *
 * Then the figures the price badges and lowest-price events read (issue 16; core `priceBadge`,
 * `isNewLow`): for the 30, 90 and 365 days before today, the lowest daily total
 * (`low_{n}_prior_cents`) and how many of those days had an observed price
 * (`observed_days_{n}`: the days covered by the union of the product's runs, counted without
 * expanding them into days). Last, the was-price check of each product's best offer is taken
 * again, because a price history imported after the feed can reach back before a sale began.
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
  await db.query(
    `WITH runs AS (
       SELECT o.product_id, po.price_cents + coalesce(o.shipping_cents, 0) AS p,
              greatest((po.valid_from AT TIME ZONE 'UTC')::date, $1::date - 365) AS f,
              least((po.last_seen_at AT TIME ZONE 'UTC')::date, $1::date - 1) AS t
         FROM price_observations po JOIN offers o ON o.id = po.offer_id
        WHERE po.availability <> 'out_of_stock' AND po.last_seen_at >= $1::date - 365 AND po.valid_from < $1::date),
     prior AS (SELECT * FROM runs WHERE t >= f),
     lows AS (
       SELECT product_id, min(p) FILTER (WHERE t >= $1::date - 30) AS l30, min(p) FILTER (WHERE t >= $1::date - 90) AS l90, min(p) AS l365
         FROM prior GROUP BY 1),
     ordered AS (
       SELECT product_id, f, t, max(t) OVER (PARTITION BY product_id ORDER BY f, t ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS prev_end FROM prior),
     grouped AS (
       SELECT product_id, f, t, sum(CASE WHEN prev_end IS NULL OR f > prev_end + 1 THEN 1 ELSE 0 END) OVER (PARTITION BY product_id ORDER BY f, t) AS g FROM ordered),
     islands AS (SELECT product_id, min(f) AS f, max(t) AS t FROM grouped GROUP BY product_id, g),
     cover AS (
       SELECT product_id,
              sum(greatest(0, t - greatest(f, $1::date - 30) + 1))::int AS d30,
              sum(greatest(0, t - greatest(f, $1::date - 90) + 1))::int AS d90,
              sum(t - f + 1)::int AS d365
         FROM islands GROUP BY 1),
     next AS (
       SELECT p.id, lows.l30, lows.l90, lows.l365, coalesce(cover.d30, 0) AS d30, coalesce(cover.d90, 0) AS d90, coalesce(cover.d365, 0) AS d365
         FROM products p LEFT JOIN lows ON lows.product_id = p.id LEFT JOIN cover ON cover.product_id = p.id)
     UPDATE products p SET low_30_prior_cents = n.l30, low_90_prior_cents = n.l90, low_365_prior_cents = n.l365,
            observed_days_30 = n.d30, observed_days_90 = n.d90, observed_days_365 = n.d365
       FROM next n
      WHERE p.id = n.id AND (p.low_30_prior_cents, p.low_90_prior_cents, p.low_365_prior_cents, p.observed_days_30, p.observed_days_90, p.observed_days_365)
            IS DISTINCT FROM (n.l30, n.l90, n.l365, n.d30, n.d90, n.d365)`,
    [today],
  );
  await db.query(
    `WITH lead AS (
       SELECT DISTINCT ON (product_id) product_id, id AS offer_id, coalesce(sale_price_cents, price_cents) AS eff,
              CASE WHEN sale_price_cents IS NOT NULL THEN price_cents END AS was
         FROM offers WHERE active ORDER BY product_id, ${BEST.orderBy}),
     checked AS (SELECT product_id, was, CASE WHEN was IS NOT NULL THEN ${referencePriceSql('lead.offer_id', 'lead.eff')} END AS ref FROM lead)
     UPDATE products p SET reference_price_cents = c.ref, was_check = ${wasCheckSql('c.was', 'c.ref')}
       FROM checked c
      WHERE p.id = c.product_id AND (p.reference_price_cents, p.was_check) IS DISTINCT FROM (c.ref, ${wasCheckSql('c.was', 'c.ref')})`,
  );
}
