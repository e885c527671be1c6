/**
 * What the consented analytics events add up to, for the operator (issue 19 §3): events and
 * browsers per day, top searches and searches that found nothing, most viewed products,
 * outbound clicks per merchant, and the list → choice → product funnel. Days are UTC; the window
 * is the last `days` days, today included.
 */
import type { AnalyticsSummary } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';

const TOP = 20;

/** The summary of the last `days` days. `now` fixes today (UTC). */
export async function analyticsSummary(db: Queryable, days: number, now: Date = new Date()): Promise<AnalyticsSummary> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const [perDay, searches, views, clicks, funnel] = await Promise.all([
    db.query<{ day: string; events: number; browsers: number }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, count(e.id)::int AS events, count(DISTINCT e.anonymous_id)::int AS browsers
         FROM generate_series($1::date, $2::date, interval '1 day') d
         LEFT JOIN analytics_events e ON e.occurred_at >= d AND e.occurred_at < d + interval '1 day'
        GROUP BY d ORDER BY d`,
      [since, now],
    ),
    db.query<{ term: string; searches: number; no_results: number }>(
      `SELECT lower(params->>'search_term') AS term, count(*)::int AS searches,
              count(*) FILTER (WHERE (params->>'results')::int = 0)::int AS no_results
         FROM analytics_events WHERE name = 'search' AND occurred_at >= $1
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 200`,
      [since],
    ),
    db.query<{ product_id: number; name: string; views: number }>(
      `SELECT p.id AS product_id, p.title AS name, v.views
         FROM (SELECT params->'items'->0->>'item_id' AS item_id, count(*)::int AS views
                 FROM analytics_events WHERE name = 'view_item' AND occurred_at >= $1 GROUP BY 1) v
         JOIN products p ON v.item_id ~ '^[0-9]{1,15}$' AND p.id = v.item_id::bigint
        ORDER BY v.views DESC, p.id LIMIT $2`,
      [since, TOP],
    ),
    db.query<{ slug: string; name: string; clicks: number }>(
      `SELECT m.slug, m.name, count(*)::int AS clicks
         FROM outbound_clicks c JOIN offers o ON o.id = c.offer_id JOIN merchants m ON m.id = o.merchant_id
        WHERE c.at >= $1 GROUP BY m.slug, m.name ORDER BY 3 DESC, 1 LIMIT $2`,
      [since, TOP],
    ),
    db.query<{ name: string; browsers: number }>(
      `SELECT name, count(DISTINCT anonymous_id)::int AS browsers FROM analytics_events
        WHERE occurred_at >= $1 AND name IN ('view_item_list', 'select_item', 'view_item') GROUP BY 1`,
      [since],
    ),
  ]);
  const step = (n: string) => funnel.rows.find((r) => r.name === n)?.browsers ?? 0;
  return {
    days,
    perDay: perDay.rows,
    topSearches: searches.rows.slice(0, TOP).map((r) => ({ term: r.term, searches: r.searches, noResults: r.no_results })),
    noResultSearches: searches.rows
      .filter((r) => r.no_results > 0)
      .sort((a, b) => b.no_results - a.no_results || a.term.localeCompare(b.term))
      .slice(0, TOP)
      .map((r) => ({ term: r.term, searches: r.no_results })),
    productViews: views.rows.map((r) => ({ productId: Number(r.product_id), name: r.name, views: r.views })),
    outboundClicks: clicks.rows.map((r) => ({ merchant: { slug: r.slug, name: r.name }, clicks: r.clicks })),
    funnel: { viewItemList: step('view_item_list'), selectItem: step('select_item'), viewItem: step('view_item') },
  };
}
