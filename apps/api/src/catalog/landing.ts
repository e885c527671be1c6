/**
 * Landing-page data (issue 3 §1): Top Selling (products ranked by outbound clicks to merchants
 * in the last 30 days) and Lowest Price (products whose price today is their lowest of the last
 * 365 days, biggest saving against their 90-day average first), each by department tab; and
 * the outbound click that feeds Top Selling.
 */
import { DEPARTMENTS } from '@b-deals/core';
import type { LowestPriceResponse, TopSellingResponse } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { notFound } from '../errors.ts';
import { dailyVisitorKey } from '../visitors.ts';
import { CARD_COLUMNS, toCard, type CardRow } from './cards.ts';
import type { OfferRow } from './rows.ts';

/** Tabs of both landing pages: ALL, then each department (id = department code). */
export function landingTabs(): Array<{ id: string; name: string }> {
  return [{ id: 'ALL', name: 'All' }, ...DEPARTMENTS.map((d) => ({ id: d.code!, name: d.term }))];
}

function tabFilter(id: string): { sql: string; params: unknown[] } {
  if (id === 'ALL') return { sql: 'true', params: [] };
  if (!DEPARTMENTS.some((d) => d.code === id)) throw notFound('Tab', { tab: id, allowed: landingTabs().map((t) => t.id) });
  return { sql: 'p.category_code LIKE $1', params: [`${id}%`] };
}

/** Products of a tab ranked by clicks in the last 30 days (then popularity), among products still on offer. */
export async function topSelling(db: Queryable, id: string, from: number, to: number): Promise<TopSellingResponse> {
  const f = tabFilter(id);
  const n = f.params.length;
  const res = await db.query<CardRow & { clicks_30d: number; total: number }>(
    `SELECT ${CARD_COLUMNS}, p.clicks_30d, count(*) OVER ()::int AS total
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.offer_count > 0 AND ${f.sql}
      ORDER BY p.clicks_30d DESC, p.popularity DESC, p.id LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...f.params, to - from, from],
  );
  return { items: res.rows.map((r) => ({ ...toCard(r), clicks30d: r.clicks_30d })), total: res.rows[0]?.total ?? 0 };
}

/** Products of a tab at their 365-day low, ordered by saving against the 90-day average. */
export async function lowestPrice(db: Queryable, id: string, from: number, to: number): Promise<LowestPriceResponse> {
  const f = tabFilter(id);
  const n = f.params.length;
  const res = await db.query<CardRow & { avg_90_cents: number; low_365_cents: number; total: number }>(
    `SELECT ${CARD_COLUMNS}, p.avg_90_cents, p.low_365_cents, count(*) OVER ()::int AS total
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.offer_count > 0 AND p.in_stock AND p.price_cents <= p.low_365_cents AND p.avg_90_cents > p.price_cents AND ${f.sql}
      ORDER BY (p.avg_90_cents - p.price_cents)::float8 / p.avg_90_cents DESC, p.id LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...f.params, to - from, from],
  );
  return {
    items: res.rows.map((r) => ({ ...toCard(r), average90: r.avg_90_cents, low365: r.low_365_cents })),
    total: res.rows[0]?.total ?? 0,
  };
}

/** A clicking client's key for today ({@link dailyVisitorKey} of purpose `outbound-click`). */
export const clickVisitor = (ip: string, at: Date = new Date()): string => dailyVisitorKey('outbound-click', ip, at);

/**
 * Records an outbound click on an active offer (no user id is stored) and returns the merchant
 * link; the product's 30-day click count and popularity are updated at once. With `visitor`
 * ({@link clickVisitor}), a product counts one click per visitor and day: the same client's
 * repeats, a loop or another site's hidden image, are answered with the link but not counted
 * (`outbound_clicks_visitor_idx`, migration 0025), so Top Selling stays a count of shoppers. Throws
 * 404 for an unknown or inactive offer.
 */
export async function recordClick(db: Queryable, offerId: number, visitor: string | null = null): Promise<{ link: string }> {
  const res = await db.query<Pick<OfferRow, 'link' | 'product_id'>>(`SELECT link, product_id FROM offers WHERE id = $1 AND active`, [offerId]);
  const offer = res.rows[0];
  if (!offer) throw notFound(`Offer ${offerId}`);
  const added = await db.query(
    `INSERT INTO outbound_clicks (offer_id, product_id, visitor) VALUES ($1, $2, $3)
       ON CONFLICT (product_id, visitor) WHERE visitor IS NOT NULL DO NOTHING RETURNING 1`,
    [offerId, offer.product_id, visitor],
  );
  if (added.rows.length === 0) return { link: offer.link };
  await db.query(
    `UPDATE products SET clicks_30d = c.n, popularity = popularity - 1.5 * ln(1 + clicks_30d) + 1.5 * ln(1 + c.n)
       FROM (SELECT count(*)::int AS n FROM outbound_clicks WHERE product_id = $1 AND at > now() - interval '30 days') c WHERE id = $1`,
    [offer.product_id],
  );
  return { link: offer.link };
}

/** Recounts every product's 30-day clicks (run daily and after ingest so old clicks age out). */
export async function refreshClickCounts(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE products p SET clicks_30d = coalesce(c.n, 0), popularity = p.popularity - 1.5 * ln(1 + p.clicks_30d) + 1.5 * ln(1 + coalesce(c.n, 0))
       FROM products p2 LEFT JOIN (SELECT product_id, count(*)::int AS n FROM outbound_clicks WHERE at > now() - interval '30 days' GROUP BY 1) c
         ON c.product_id = p2.id
      WHERE p.id = p2.id AND p.clicks_30d IS DISTINCT FROM coalesce(c.n, 0)`,
  );
}
