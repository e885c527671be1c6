/**
 * Lowest-price events (issue 16 §1; spec §7 `GET /inventory/api/v1/product-history-event/lowest-price`):
 * products in stock whose best total today is below every observed day of the 30, 90 or 365
 * days before today, all of those days observed (core `isNewLow`). Biggest drop against the
 * previous low first. Reads the columns `refreshPriceStats` keeps (`low_{n}_prior_cents`,
 * `observed_days_{n}`), so a page is one indexed scan and one small history lookup.
 */
import { DEPARTMENTS, isNewLowSql, type LowWindow } from '@b-deals/core';
import type { LowestPriceEventsQuery, LowestPriceEventsResponse } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { CARD_COLUMNS, toCard, type CardRow } from '../catalog/index.ts';
import { badRequest } from '../errors.ts';

/**
 * One page of lowest-price events. `now` fixes "today" (UTC).
 *
 * @throws DomainError 400 `bad_request` for a department code that is not one of core's DEPARTMENTS
 */
export async function lowestPriceEvents(db: Queryable, q: LowestPriceEventsQuery, now: Date = new Date()): Promise<LowestPriceEventsResponse> {
  const window = q.window as LowWindow;
  if (q.dept !== 'ALL' && !DEPARTMENTS.some((d) => d.code === q.dept)) {
    throw badRequest('Unknown department.', { field: 'dept', value: q.dept, allowed: ['ALL', ...DEPARTMENTS.map((d) => d.code)] });
  }
  const low = `p.low_${window}_prior_cents`;
  const res = await db.query<CardRow & { previous_low: number; total: number }>(
    `SELECT ${CARD_COLUMNS}, ${low} AS previous_low, count(*) OVER ()::int AS total
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.offer_count > 0 AND p.in_stock AND ${isNewLowSql(window)} AND ($1::text = 'ALL' OR p.category_code LIKE $1 || '%')
      ORDER BY (${low} - p.price_cents)::float8 / ${low} DESC, p.id
      LIMIT $2 OFFSET $3`,
    [q.dept, q.to - q.from, q.from],
  );
  const days = await previousLowDays(
    db,
    res.rows.map((r) => ({ productId: Number(r.id), low: r.previous_low })),
    window,
    now,
  );
  return {
    items: res.rows.map((r) => ({ ...toCard(r), window, previousLow: r.previous_low, previousLowDate: days.get(Number(r.id)) ?? '' })),
    total: res.rows[0]?.total ?? 0,
  };
}

/** For each product, the most recent day before today (UTC, YYYY-MM-DD) within the window on which its daily best total was `low`. */
async function previousLowDays(db: Queryable, items: Array<{ productId: number; low: number }>, window: LowWindow, now: Date): Promise<Map<number, string>> {
  if (items.length === 0) return new Map();
  const res = await db.query<{ product_id: number; day: string }>(
    `SELECT o.product_id, to_char(max(least((po.last_seen_at AT TIME ZONE 'UTC')::date, $3::date - 1)), 'YYYY-MM-DD') AS day
       FROM unnest($1::bigint[], $2::int[]) AS w(product_id, low)
       JOIN offers o ON o.product_id = w.product_id
       JOIN price_observations po ON po.offer_id = o.id
      WHERE po.availability <> 'out_of_stock' AND po.price_cents + coalesce(o.shipping_cents, 0) = w.low
        AND po.last_seen_at >= $3::date - $4::int AND po.valid_from < $3::date
      GROUP BY o.product_id`,
    [items.map((i) => i.productId), items.map((i) => i.low), now.toISOString().slice(0, 10), window],
  );
  return new Map(res.rows.map((r) => [Number(r.product_id), r.day]));
}
