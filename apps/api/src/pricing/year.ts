/**
 * The year in prices (issue 16 §5, `/ai-price-hunter/{year}/`): by department and month, how
 * dear things were against their own average of the year, how much of the time they were on
 * sale and how deep, and the weeks with the most sales — all from observed price runs.
 *
 * Offer by offer, a month's price is the day-weighted mean of the runs that overlap it (days we
 * did not observe do not count), and the offer's year price is the day-weighted mean of its
 * months. The month's **index** is 100 × the mean over offers of (month price ÷ year price): below
 * 100, that month was cheaper than usual. **Sale share** is the share of observed offer-days
 * priced below the regular price; **depth** the mean discount on those days. Runs are clipped to
 * the window arithmetically, never expanded into days, and out-of-stock runs are left out.
 */
import { DEPARTMENTS } from '@b-deals/core';
import type { YearInPrices } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';

/** Weeks listed as the year's biggest sales events. */
const EVENTS = 5;
/** An event week needs this share of the year's typical number of observed offers (so a thinly observed week cannot top the list). */
const MIN_WEEK_COVERAGE = 0.5;

/**
 * The figures of `year` (UTC calendar year). Months and weeks without an observation are left out.
 * Department rows use core's DEPARTMENTS codes; `ALL` is every department together.
 */
export async function yearInPrices(db: Queryable, year: number): Promise<YearInPrices> {
  const start = `${year}-01-01`;
  const stop = `${year + 1}-01-01`;
  const runs = `runs AS (
       SELECT o.id AS offer_id, left(p.category_code, 1) AS dept, po.price_cents AS price, po.regular_price_cents AS regular,
              greatest((po.valid_from AT TIME ZONE 'UTC')::date, $1::date) AS f,
              least((po.last_seen_at AT TIME ZONE 'UTC')::date + 1, $2::date) AS t
         FROM price_observations po JOIN offers o ON o.id = po.offer_id JOIN products p ON p.id = o.product_id
        WHERE po.availability <> 'out_of_stock' AND po.valid_from < $2::date AND po.last_seen_at >= $1::date)`;
  const months = await db.query<{ month: string; dept: string | null; offers: number; idx: number; sale_share: number; depth: number | null }>(
    `WITH ${runs},
     months AS (SELECT m::date AS m0, (m + interval '1 month')::date AS m1 FROM generate_series($1::date, $2::date - 1, interval '1 month') m),
     parts AS (
       SELECT months.m0, r.dept, r.offer_id, r.price, r.regular, least(r.t, months.m1) - greatest(r.f, months.m0) AS days
         FROM runs r JOIN months ON r.f < months.m1 AND r.t > months.m0),
     offer_month AS (
       SELECT m0, dept, offer_id, sum(price * days)::float8 / sum(days) AS mean, sum(days) AS days,
              sum(CASE WHEN price < regular THEN days ELSE 0 END) AS sale_days,
              sum(CASE WHEN price < regular THEN (1 - price::float8 / regular) * days ELSE 0 END) AS depth_days
         FROM parts WHERE days > 0 GROUP BY 1, 2, 3),
     offer_year AS (SELECT offer_id, sum(mean * days) / sum(days) AS mean FROM offer_month GROUP BY 1)
     SELECT to_char(om.m0, 'YYYY-MM') AS month, om.dept, count(*)::int AS offers,
            100 * avg(om.mean / oy.mean) AS idx,
            sum(om.sale_days)::float8 / sum(om.days) AS sale_share,
            CASE WHEN sum(om.sale_days) > 0 THEN sum(om.depth_days) / sum(om.sale_days) END AS depth
       FROM offer_month om JOIN offer_year oy USING (offer_id)
      GROUP BY GROUPING SETS ((om.m0, om.dept), (om.m0))
      ORDER BY 1, 2 NULLS FIRST`,
    [start, stop],
  );
  const weeks = await db.query<{ week: string; offers: number; sale_share: number; depth: number | null }>(
    `WITH ${runs},
     weeks AS (SELECT w::date AS w0, (w + interval '7 days')::date AS w1 FROM generate_series(date_trunc('week', $1::date), $2::date - 1, interval '7 days') w),
     parts AS (
       SELECT weeks.w0, r.offer_id, r.price, r.regular, least(r.t, weeks.w1) - greatest(r.f, weeks.w0) AS days
         FROM runs r JOIN weeks ON r.f < weeks.w1 AND r.t > weeks.w0)
     SELECT to_char(w0, 'YYYY-MM-DD') AS week, count(DISTINCT offer_id)::int AS offers,
            sum(CASE WHEN price < regular THEN days ELSE 0 END)::float8 / sum(days) AS sale_share,
            sum(CASE WHEN price < regular THEN (1 - price::float8 / regular) * days ELSE 0 END) / nullif(sum(CASE WHEN price < regular THEN days ELSE 0 END), 0) AS depth
       FROM parts WHERE days > 0 GROUP BY w0 ORDER BY w0`,
    [start, stop],
  );
  const typical = median(weeks.rows.map((w) => w.offers));
  const terms = new Map(DEPARTMENTS.map((d) => [d.code!, d.term]));
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    year,
    months: months.rows
      .filter((r) => r.dept === null || terms.has(r.dept))
      .map((r) => ({
        month: r.month,
        department: r.dept ?? 'ALL',
        departmentName: r.dept === null ? 'All departments' : terms.get(r.dept)!,
        offers: r.offers,
        index: round1(Number(r.idx)),
        saleShare: round1(100 * Number(r.sale_share)),
        depth: r.depth === null ? null : round1(100 * Number(r.depth)),
      })),
    salesEvents: weeks.rows
      .filter((w) => w.offers >= typical * MIN_WEEK_COVERAGE && Number(w.sale_share) > 0)
      .sort((a, b) => Number(b.sale_share) - Number(a.sale_share) || a.week.localeCompare(b.week))
      .slice(0, EVENTS)
      .map((w) => ({
        weekStart: w.week,
        offers: w.offers,
        saleShare: round1(100 * Number(w.sale_share)),
        depth: w.depth === null ? null : round1(100 * Number(w.depth)),
      })),
  };
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
