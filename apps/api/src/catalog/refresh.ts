/**
 * Derived catalogue state, recomputed from offers after every ingest (catalogue domain):
 * product prices, counts, marketplaces, images and popularity of new and touched products, and
 * the planner statistics after a bulk load. The search vector of a new product is the search
 * domain's rule (`productSearchVector`); price statistics are the pricing domain's.
 */
import { PRODUCT_TYPE_SEPARATOR, bestOfferSql, categorySearchTerms, wasCheckSql } from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import { referencePriceSql } from '../pricing/index.ts';
import { productSearchVector, refreshSearchWords } from '../search/index.ts';

/** Core's best-offer rule over the `offers` table (unaliased). */
const BEST = bestOfferSql();

/**
 * The offer-derived columns of products, as a CTE named `next` over the product ids in the
 * bigint[] parameter `ids` (e.g. `$1`): one rule for both inserting new products and refreshing
 * existing ones. The lead offer is core's `bestOffer` among active offers (decision 0006): the
 * product's price_cents is its total (item plus stated US shipping), item_price_cents and
 * shipping_cents its parts; the was-price is the regular price of that same offer when it is on
 * sale, and the discount compares the item prices, so the discount shown is one a shopper can get.
 * The was-price is checked against the offer's observed history (core `wasCheck`, pricing
 * `referencePriceSql`). `base_popularity` leaves out the click term (added where clicks are known).
 * `age_group` is the GMC age group most of the active offers state (null when none does).
 */
function aggregatesCte(ids: string): string {
  return `ids AS (SELECT unnest(${ids}::bigint[]) AS id),
     active AS (SELECT o.* FROM offers o WHERE o.product_id = ANY(${ids}::bigint[]) AND o.active),
     lead AS (
       SELECT DISTINCT ON (product_id) product_id, id AS offer_id,
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
     ages AS (SELECT product_id, mode() WITHIN GROUP (ORDER BY age_group) AS v FROM active WHERE age_group IS NOT NULL GROUP BY 1),
     ref AS (SELECT product_id, ${referencePriceSql('lead.offer_id', 'lead.eff')} AS cents FROM lead WHERE lead.was IS NOT NULL),
     next AS (
       SELECT ids.id, lead.total AS price_cents, ref.cents AS reference_price_cents, ${wasCheckSql('lead.was', 'ref.cents')} AS was_check, lead.eff AS item_price_cents, lead.ship AS shipping_cents, lead.was AS was_price_cents,
              CASE WHEN lead.was > lead.eff THEN round(100.0 * (lead.was - lead.eff) / lead.was)::int ELSE 0 END AS discount_pct,
              coalesce(agg.n, 0) AS offer_count, coalesce(agg.mids, '{}') AS merchant_ids, coalesce(agg.mps, '{}') AS marketplaces,
              coalesce(agg.in_stock, false) AS in_stock, colors.v AS colors, sizes.v AS sizes, ages.v AS age_group,
              ln(1 + coalesce(agg.n, 0))
                + CASE WHEN lead.was > lead.eff THEN 0.5 * (lead.was - lead.eff)::float8 / lead.was ELSE 0 END
                + CASE WHEN coalesce(agg.in_stock, false) THEN 0.5 ELSE 0 END AS base_popularity
         FROM ids LEFT JOIN lead ON lead.product_id = ids.id LEFT JOIN agg ON agg.product_id = ids.id
         LEFT JOIN colors ON colors.product_id = ids.id LEFT JOIN sizes ON sizes.product_id = ids.id LEFT JOIN ages ON ages.product_id = ids.id
         LEFT JOIN ref ON ref.product_id = ids.id)`;
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
     INSERT INTO products (id, slug, title, brand_id, category_code, category_terms, description, image_url, colors, sizes, age_group, gtin, mpn, search,
              price_cents, item_price_cents, shipping_cents, was_price_cents, discount_pct, offer_count, merchant_ids, marketplaces, in_stock, popularity,
              reference_price_cents, was_check)
     OVERRIDING SYSTEM VALUE
     SELECT r.id, r.slug, r.title, r.brand_id, r.category_code, r.category_terms, r.description, r.image_url,
            coalesce(n.colors, r.colors), coalesce(n.sizes, r.sizes), n.age_group, r.gtin, r.mpn,
            ${productSearchVector('r')},
            n.price_cents, n.item_price_cents, n.shipping_cents, n.was_price_cents, n.discount_pct, n.offer_count, n.merchant_ids, n.marketplaces, n.in_stock, n.base_popularity,
            n.reference_price_cents, n.was_check
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
       colors = coalesce(n.colors, p.colors), sizes = coalesce(n.sizes, p.sizes), age_group = n.age_group,
       popularity = n.base_popularity + 1.5 * ln(1 + p.clicks_30d), reference_price_cents = n.reference_price_cents, was_check = n.was_check, updated_at = now()
     FROM next n
     WHERE p.id = n.id AND (p.price_cents, p.item_price_cents, p.shipping_cents, p.was_price_cents, p.discount_pct, p.offer_count, p.merchant_ids, p.marketplaces, p.in_stock,
            p.colors, p.sizes, p.age_group, p.popularity, p.reference_price_cents, p.was_check)
       IS DISTINCT FROM (n.price_cents, n.item_price_cents, n.shipping_cents, n.was_price_cents, n.discount_pct, n.offer_count, n.merchant_ids, n.marketplaces, n.in_stock,
            coalesce(n.colors, p.colors), coalesce(n.sizes, p.sizes), n.age_group, n.base_popularity + 1.5 * ln(1 + p.clicks_30d), n.reference_price_cents, n.was_check)`,
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

/** VACUUM ANALYZE of the catalogue tables: PGlite has no autovacuum, and both drivers need fresh stats after a bulk load (DESIGN.md). */
export async function vacuumCatalogue(db: Database): Promise<void> {
  // One statement per call: several in one string would run as one implicit transaction, which VACUUM refuses.
  for (const table of ['products', 'offers', 'price_observations', 'product_keys', 'product_blocking_keys', 'brands', 'merchants', 'search_words', 'images']) {
    await db.exec(`VACUUM ANALYZE ${table}`);
  }
}

/**
 * Brings every product's category words (`category_terms`, core `categorySearchTerms`) and with
 * them its search vector up to the current rule, for catalogues written under an earlier one
 * (issue 11 §6). The merchant's product_type words after core `PRODUCT_TYPE_SEPARATOR` are kept. Only rows whose words differ are written, in one statement, so a catalogue that
 * is already current costs one read of the distinct category codes. Refreshes the search
 * vocabulary when anything changed. Resolves to the number of products rewritten. Run at API
 * start, before the search index is built.
 */
export async function refreshCategoryTerms(db: Queryable): Promise<number> {
  const codes = await db.query<{ code: string }>(`SELECT DISTINCT category_code AS code FROM products`);
  if (codes.rows.length === 0) return 0;
  const terms = codes.rows.map((r) => ({ code: r.code, terms: categorySearchTerms(r.code) }));
  const res = await db.query<{ n: number }>(
    `WITH t AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(code text, terms text)),
          k AS (SELECT p.id, p.title, p.brand_id, p.description, p.category_terms AS old,
                       t.terms || CASE WHEN strpos(p.category_terms, $2) > 0 THEN substr(p.category_terms, strpos(p.category_terms, $2)) ELSE '' END AS terms
                  FROM products p JOIN t ON t.code = p.category_code),
          r AS (SELECT k.id, k.title, coalesce(b.name, '') AS brand_name, k.terms AS category_terms, k.description
                  FROM k LEFT JOIN brands b ON b.id = k.brand_id
                 WHERE k.old IS DISTINCT FROM k.terms),
          u AS (UPDATE products p SET category_terms = r.category_terms, search = ${productSearchVector('r')}
                  FROM r WHERE p.id = r.id RETURNING 1)
     SELECT count(*)::int AS n FROM u`,
    [JSON.stringify(terms), PRODUCT_TYPE_SEPARATOR],
  );
  const changed = res.rows[0]?.n ?? 0;
  if (changed > 0) await refreshSearchWords(db);
  return changed;
}
