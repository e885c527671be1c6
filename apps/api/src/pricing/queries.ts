/**
 * Price-history reads (pricing domain; issue 2 §10, issue 16 §6): the product's daily lowest
 * total over a window, and the same figures store by store. Days are UTC; a day no offer was
 * observed on is null (no price is claimed for it). Totals are item price plus the offer's stated
 * shipping (core `offerTotal`, decision 0006); out-of-stock runs do not count.
 */
import type { PriceHistory } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';

const DAY_MS = 24 * 3600 * 1000;

/** First and last day (YYYY-MM-DD, UTC) of the `days`-day window ending today. */
function windowDays(days: number, now: Date): { start: string; end: string } {
  const end = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const start = new Date(end.getTime() - (days - 1) * DAY_MS);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/**
 * Daily lowest total a shopper could pay (offers not out of stock; the observed item price plus
 * the offer's stated shipping, core `offerTotal`) over the last `days` days, from the price runs;
 * null on days no offer was observed. Figures are over the observed days, in cents.
 */
export async function priceHistory(db: Queryable, productId: number, days: number, now: Date): Promise<Omit<PriceHistory, 'current' | 'merchants'>> {
  const { start, end } = windowDays(days, now);
  const res = await db.query<{ day: string; price: number | null }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, min(r.price_cents) AS price
       FROM generate_series($2::date, $3::date, interval '1 day') d
       LEFT JOIN (SELECT po.price_cents + coalesce(o.shipping_cents, 0) AS price_cents, (po.valid_from AT TIME ZONE 'UTC')::date AS f, (po.last_seen_at AT TIME ZONE 'UTC')::date AS t
                    FROM price_observations po JOIN offers o ON o.id = po.offer_id
                   WHERE o.product_id = $1 AND po.availability <> 'out_of_stock' AND po.last_seen_at >= $2::date) r
         ON r.f <= d::date AND r.t >= d::date
      GROUP BY d ORDER BY d`,
    [productId, start, end],
  );
  const points = res.rows.map((r) => ({ date: r.day, price: r.price === null ? null : Number(r.price) }));
  const seen = points.flatMap((p) => (p.price === null ? [] : [p.price]));
  return {
    days,
    points,
    lowest: seen.length ? Math.min(...seen) : null,
    highest: seen.length ? Math.max(...seen) : null,
    average: seen.length ? Math.round(seen.reduce((a, b) => a + b, 0) / seen.length) : null,
  };
}

/**
 * The window's figures store by store (issue 16 §6): each merchant's daily lowest total over its
 * offers of the product, as lowest, average (over observed days) and highest, how many days were
 * observed, and its best total now (active offers not out of stock; null when none). Cheapest now
 * first, then cheapest lowest.
 */
export async function merchantPriceSummaries(db: Queryable, productId: number, days: number, now: Date): Promise<PriceHistory['merchants']> {
  const { start, end } = windowDays(days, now);
  const res = await db.query<{ slug: string; name: string; lowest: number; average: number; highest: number; observed_days: number; current: number | null }>(
    `WITH runs AS (
       SELECT o.merchant_id, po.price_cents + coalesce(o.shipping_cents, 0) AS price,
              (po.valid_from AT TIME ZONE 'UTC')::date AS f, (po.last_seen_at AT TIME ZONE 'UTC')::date AS t
         FROM price_observations po JOIN offers o ON o.id = po.offer_id
        WHERE o.product_id = $1 AND po.availability <> 'out_of_stock' AND po.last_seen_at >= $2::date),
     daily AS (
       SELECT r.merchant_id, d::date AS day, min(r.price) AS p
         FROM generate_series($2::date, $3::date, interval '1 day') d JOIN runs r ON r.f <= d::date AND r.t >= d::date
        GROUP BY 1, 2),
     now_best AS (
       SELECT merchant_id, min(coalesce(sale_price_cents, price_cents) + coalesce(shipping_cents, 0)) AS total
         FROM offers WHERE product_id = $1 AND active AND availability <> 'out_of_stock' GROUP BY 1)
     SELECT m.slug, m.name, min(daily.p)::int AS lowest, round(avg(daily.p))::int AS average, max(daily.p)::int AS highest,
            count(*)::int AS observed_days, min(nb.total)::int AS current
       FROM daily JOIN merchants m ON m.id = daily.merchant_id LEFT JOIN now_best nb ON nb.merchant_id = daily.merchant_id
      GROUP BY m.slug, m.name
      ORDER BY min(nb.total) NULLS LAST, min(daily.p), m.name`,
    [productId, start, end],
  );
  return res.rows.map((r) => ({
    merchant: { slug: r.slug, name: r.name },
    lowest: r.lowest,
    average: r.average,
    highest: r.highest,
    observedDays: r.observed_days,
    current: r.current,
  }));
}

/**
 * The daily lowest total (as {@link priceHistory}: offers not out of stock, observed item price plus
 * stated shipping) of each of `productIds` over the last `days` days, oldest first, observed days
 * only (days nobody observed are absent). One query for a page of products (B-LOVED sparklines,
 * the alert job's 90-day medians). Cents; products without an observed day are absent.
 */
export async function dailyLowestTotals(
  db: Queryable,
  productIds: readonly number[],
  days: number,
  now: Date,
): Promise<Map<number, Array<{ date: string; price: number }>>> {
  const out = new Map<number, Array<{ date: string; price: number }>>();
  if (productIds.length === 0) return out;
  const { start, end } = windowDays(days, now);
  const res = await db.query<{ product_id: number; day: string; price: number }>(
    `SELECT r.product_id, to_char(d, 'YYYY-MM-DD') AS day, min(r.price_cents) AS price
       FROM (SELECT o.product_id, po.price_cents + coalesce(o.shipping_cents, 0) AS price_cents,
                    greatest((po.valid_from AT TIME ZONE 'UTC')::date, $2::date) AS f, least((po.last_seen_at AT TIME ZONE 'UTC')::date, $3::date) AS t
               FROM price_observations po JOIN offers o ON o.id = po.offer_id
              WHERE o.product_id = ANY($1::bigint[]) AND po.availability <> 'out_of_stock' AND po.last_seen_at >= $2::date) r,
            generate_series(r.f, r.t, interval '1 day') d
      WHERE r.t >= r.f
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [productIds, start, end],
  );
  for (const r of res.rows) {
    const id = Number(r.product_id);
    let points = out.get(id);
    if (!points) out.set(id, (points = []));
    points.push({ date: r.day, price: Number(r.price) });
  }
  return out;
}
