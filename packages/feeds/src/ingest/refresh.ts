/**
 * Derived catalogue state, recomputed from offers after every ingest: product prices, counts,
 * marketplaces, images, popularity and search vectors; the search vocabulary; planner stats.
 */
import { bestOfferSql } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';

/** Core's best-offer rule over the `offers` table (unaliased). */
const BEST = bestOfferSql();

/**
 * The offer-derived columns of products, as a CTE named `next` over the product ids in the
 * bigint[] parameter `ids` (e.g. `$1`): one rule for both inserting new products and refreshing
 * existing ones. The lead offer is core's `bestOffer` among active offers (decision 0006): the
 * product's price_cents is its total (item plus stated US shipping), item_price_cents and
 * shipping_cents its parts; the was-price is the regular price of that same offer when it is on
 * sale, and the discount compares the item prices, so the discount shown is one a shopper can get.
 * `base_popularity` leaves out the click term (added where clicks are known).
 */
function aggregatesCte(ids: string): string {
  return `ids AS (SELECT unnest(${ids}::bigint[]) AS id),
     active AS (SELECT o.* FROM offers o WHERE o.product_id = ANY(${ids}::bigint[]) AND o.active),
     lead AS (
       SELECT DISTINCT ON (product_id) product_id,
              coalesce(sale_price_cents, price_cents) AS eff, shipping_cents AS ship, ${BEST.total} AS total,
              CASE WHEN sale_price_cents IS NOT NULL THEN price_cents END AS was
         FROM active
        ORDER BY product_id, ${BEST.orderBy}),
     agg AS (
       SELECT a.product_id, count(*)::int AS n,
              array_agg(DISTINCT a.merchant_id ORDER BY a.merchant_id) AS mids,
              coalesce(array_agg(DISTINCT m.marketplace ORDER BY m.marketplace) FILTER (WHERE m.marketplace IS NOT NULL), '{}') AS mps,
              bool_or(a.availability <> 'out_of_stock') AS in_stock
         FROM active a JOIN merchants m ON m.id = a.merchant_id
        GROUP BY a.product_id),
     colors AS (SELECT product_id, array_agg(DISTINCT c ORDER BY c) AS v FROM active, unnest(colors) c GROUP BY 1),
     sizes AS (SELECT product_id, array_agg(DISTINCT s ORDER BY s) AS v FROM active, unnest(sizes) s GROUP BY 1),
     next AS (
       SELECT ids.id, lead.total AS price_cents, lead.eff AS item_price_cents, lead.ship AS shipping_cents, lead.was AS was_price_cents,
              CASE WHEN lead.was > lead.eff THEN round(100.0 * (lead.was - lead.eff) / lead.was)::int ELSE 0 END AS discount_pct,
              coalesce(agg.n, 0) AS offer_count, coalesce(agg.mids, '{}') AS merchant_ids, coalesce(agg.mps, '{}') AS marketplaces,
              coalesce(agg.in_stock, false) AS in_stock, colors.v AS colors, sizes.v AS sizes,
              ln(1 + coalesce(agg.n, 0))
                + CASE WHEN lead.was > lead.eff THEN 0.5 * (lead.was - lead.eff)::float8 / lead.was ELSE 0 END
                + CASE WHEN coalesce(agg.in_stock, false) THEN 0.5 ELSE 0 END AS base_popularity
         FROM ids LEFT JOIN lead ON lead.product_id = ids.id LEFT JOIN agg ON agg.product_id = ids.id
         LEFT JOIN colors ON colors.product_id = ids.id LEFT JOIN sizes ON sizes.product_id = ids.id)`;
}

/** A new standard product as the ingest creates it; the offer-derived columns come from its offers. */
export interface NewProductRow {
  id: number;
  brand_name: string;
  slug: string;
  title: string;
  brand_id: number | null;
  category_code: string;
  category_terms: string;
  description: string;
  image_url: string | null;
  colors: string[];
  sizes: string[];
  gtin: string | null;
  mpn: string | null;
}

/**
 * Inserts new products with their offer-derived columns and search vector computed in the same
 * statement (their offers must already be written), so a bulk load writes each product row once.
 */
export async function insertProducts(tx: Queryable, rows: readonly NewProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `WITH ${aggregatesCte('$2')},
     r AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, brand_name text, slug text, title text, brand_id int,
              category_code text, category_terms text, description text, image_url text, colors text[], sizes text[], gtin text, mpn text))
     INSERT INTO products (id, slug, title, brand_id, category_code, category_terms, description, image_url, colors, sizes, gtin, mpn, search,
              price_cents, item_price_cents, shipping_cents, was_price_cents, discount_pct, offer_count, merchant_ids, marketplaces, in_stock, popularity)
     OVERRIDING SYSTEM VALUE
     SELECT r.id, r.slug, r.title, r.brand_id, r.category_code, r.category_terms, r.description, r.image_url,
            coalesce(n.colors, r.colors), coalesce(n.sizes, r.sizes), r.gtin, r.mpn,
            setweight(to_tsvector('english', r.title), 'A') || setweight(to_tsvector('english', r.brand_name), 'B') ||
            setweight(to_tsvector('english', r.category_terms), 'C') || setweight(to_tsvector('english', left(r.description, 2000)), 'D'),
            n.price_cents, n.item_price_cents, n.shipping_cents, n.was_price_cents, n.discount_pct, n.offer_count, n.merchant_ids, n.marketplaces, n.in_stock, n.base_popularity
       FROM r JOIN next n ON n.id = r.id`,
    [JSON.stringify(rows), rows.map((r) => r.id)],
  );
}

/** Recomputes offer-derived columns of existing products (rows only written where a value changed) and their images. */
export async function refreshProducts(tx: Queryable, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = [...new Set(productIds)];
  await tx.query(
    `WITH ${aggregatesCte('$1')}
     UPDATE products p SET
       price_cents = n.price_cents, item_price_cents = n.item_price_cents, shipping_cents = n.shipping_cents,
       was_price_cents = n.was_price_cents, discount_pct = n.discount_pct, offer_count = n.offer_count,
       merchant_ids = n.merchant_ids, marketplaces = n.marketplaces, in_stock = n.in_stock,
       colors = coalesce(n.colors, p.colors), sizes = coalesce(n.sizes, p.sizes),
       popularity = n.base_popularity + 1.5 * ln(1 + p.clicks_30d), updated_at = now()
     FROM next n
     WHERE p.id = n.id AND (p.price_cents, p.item_price_cents, p.shipping_cents, p.was_price_cents, p.discount_pct, p.offer_count, p.merchant_ids, p.marketplaces, p.in_stock,
            p.colors, p.sizes, p.popularity)
       IS DISTINCT FROM (n.price_cents, n.item_price_cents, n.shipping_cents, n.was_price_cents, n.discount_pct, n.offer_count, n.merchant_ids, n.marketplaces, n.in_stock,
            coalesce(n.colors, p.colors), coalesce(n.sizes, p.sizes), n.base_popularity + 1.5 * ln(1 + p.clicks_30d))`,
    [ids],
  );
  await syncImages(tx, ids);
}

/** Product images: the distinct images of active offers in first-offer order, at most 6; rows only written where they differ. */
export async function syncImages(tx: Queryable, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = [...new Set(productIds)];
  await tx.query(
    `WITH want AS (
       SELECT product_id, (row_number() OVER (PARTITION BY product_id ORDER BY first_id))::int - 1 AS position, url
         FROM (SELECT product_id, image_url AS url, min(id) AS first_id FROM offers
                WHERE product_id = ANY($1::bigint[]) AND active AND image_url IS NOT NULL GROUP BY product_id, image_url) x),
     gone AS (
       DELETE FROM images i WHERE i.product_id = ANY($1::bigint[])
          AND NOT EXISTS (SELECT 1 FROM want w WHERE w.product_id = i.product_id AND w.position = i.position AND w.position < 6))
     INSERT INTO images (product_id, position, url) SELECT product_id, position, url FROM want WHERE position < 6
     ON CONFLICT (product_id, position) DO UPDATE SET url = EXCLUDED.url WHERE images.url IS DISTINCT FROM EXCLUDED.url`,
    [ids],
  );
}

/** Rebuilds the search vocabulary (surface words of titles, brands and category terms) used for typo correction. */
export async function refreshSearchWords(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM search_words`);
  await db.query(
    `INSERT INTO search_words (word, ndoc)
     SELECT word, ndoc FROM ts_stat($$
       SELECT to_tsvector('simple', p.title || ' ' || coalesce(b.name, '') || ' ' || p.category_terms)
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.offer_count > 0 $$)
      WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'`,
  );
}

/** VACUUM ANALYZE of the catalogue tables: PGlite has no autovacuum, and both drivers need fresh stats after a bulk load (DESIGN.md). */
export async function vacuumCatalogue(db: Database): Promise<void> {
  // One statement per call: several in one string would run as one implicit transaction, which VACUUM refuses.
  for (const table of ['products', 'offers', 'price_observations', 'product_keys', 'brands', 'merchants', 'search_words', 'images']) {
    await db.exec(`VACUUM ANALYZE ${table}`);
  }
}

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

/** After a batch of ingests: price statistics, the search vocabulary, and planner statistics, once. */
export async function finishIngest(db: Database): Promise<void> {
  await refreshPriceStats(db);
  await refreshSearchWords(db);
  await vacuumCatalogue(db);
}
