/**
 * Derived catalogue state, recomputed from offers after every ingest (catalogue domain):
 * product prices, counts, marketplaces, images and popularity of new and touched products, and
 * the planner statistics after a bulk load. The search vector of a new product is the search
 * domain's rule (`productSearchVector`); price statistics are the pricing domain's.
 */
import {
  CATEGORY_TERMS_RULE,
  cleanBrandName,
  KEPT_STOP_WORDS,
  UNSTEMMED_WORDS,
  PRODUCT_TYPE_SEPARATOR,
  SEARCH_FOLDING,
  SEARCH_VECTOR_RULE,
  bestOfferSql,
  categorySearchTerms,
  productTypeSearchTerms,
  wasCheckSql,
} from '@b-deals/core';
import type { Database, Queryable } from '@b-deals/db';
import { googleCategoryPath } from '@b-deals/feeds';
import { referencePriceSql } from '../pricing/index.ts';
import { productSearchVector, refreshSearchWords } from '../search/index.ts';
import { appliedRuleVersion, recordRuleVersion } from './rule-versions.ts';
import { renameFromTitles, type OfferTitlesRow } from './titles.ts';

/** Core's best-offer rule over the `offers` table (unaliased). */
const BEST = bestOfferSql();

/**
 * The columns of active offers the aggregates read: the best-offer rule's and those of the counts,
 * colours, sizes, age group, images and names (the titles `refreshProducts` hands to `titles.ts`). Only
 * these are materialised (a narrow row keeps the CTE in memory where `o.*`, about 600 bytes a row,
 * spilled to temporary files).
 */
const ACTIVE_COLUMNS = [...new Set([...BEST.columns, 'id', 'product_id', 'merchant_id', 'colors', 'sizes', 'age_group', 'image_url', 'title'])]
  .map((c) => `o.${c}`)
  .join(', ');

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
     active AS (SELECT ${ACTIVE_COLUMNS} FROM offers o WHERE o.product_id = ANY(${ids}::bigint[]) AND o.active),
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

/**
 * Recomputes offer-derived columns of existing products (rows only written where a value changed)
 * and their images ({@link imageWrites}), in one statement that reads their active offers once and
 * answers each product's active offers' titles (offer id order), from which their names follow
 * (`titles.ts` `renameFromTitles`: core `displayTitle`; a product without active offers keeps its name).
 */
export async function refreshProducts(tx: Queryable, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = [...new Set(productIds)];
  const titled = await tx.query<OfferTitlesRow>(
    `WITH ${aggregatesCte('$1')}, ${imageWrites('active', '$1')},
     u AS (UPDATE products p SET
       price_cents = n.price_cents, item_price_cents = n.item_price_cents, shipping_cents = n.shipping_cents,
       was_price_cents = n.was_price_cents, discount_pct = n.discount_pct, offer_count = n.offer_count,
       merchant_ids = n.merchant_ids, marketplaces = n.marketplaces, in_stock = n.in_stock,
       colors = coalesce(n.colors, p.colors), sizes = coalesce(n.sizes, p.sizes), age_group = n.age_group,
       popularity = n.base_popularity + 1.5 * ln(1 + p.clicks_30d), reference_price_cents = n.reference_price_cents, was_check = n.was_check, updated_at = now()
     FROM next n
     WHERE p.id = n.id AND (p.price_cents, p.item_price_cents, p.shipping_cents, p.was_price_cents, p.discount_pct, p.offer_count, p.merchant_ids, p.marketplaces, p.in_stock,
            p.colors, p.sizes, p.age_group, p.popularity, p.reference_price_cents, p.was_check)
       IS DISTINCT FROM (n.price_cents, n.item_price_cents, n.shipping_cents, n.was_price_cents, n.discount_pct, n.offer_count, n.merchant_ids, n.marketplaces, n.in_stock,
            coalesce(n.colors, p.colors), coalesce(n.sizes, p.sizes), n.age_group, n.base_popularity + 1.5 * ln(1 + p.clicks_30d), n.reference_price_cents, n.was_check)
     RETURNING 1)
     SELECT p.id, p.title, coalesce(b.name, '') AS brand_name, array_agg(a.title ORDER BY a.id) AS titles
       FROM active a JOIN products p ON p.id = a.product_id LEFT JOIN brands b ON b.id = p.brand_id
      GROUP BY p.id, b.name`,
    [ids],
  );
  await renameFromTitles(tx, titled.rows);
}

/**
 * Product images: the distinct images of active offers in first-offer order, at most 6; rows only
 * written where they differ. As CTEs named `want`, `gone` and `put` over `active`, a relation of
 * the active offers (id, product_id, image_url) of the products in the bigint[] parameter `ids`
 * (e.g. `$1`). The rows to delete are found by one primary-key probe per product (a LATERAL
 * subquery kept apart by `OFFSET 0`): with `product_id = ANY(…)` the planner read the whole images
 * table for every batch (154 of 167 ms per 10,000 products on the 1,000,000-product bench).
 */
function imageWrites(active: string, ids: string): string {
  return `want AS (
       SELECT product_id, (row_number() OVER (PARTITION BY product_id ORDER BY first_id))::int - 1 AS position, url
         FROM (SELECT product_id, image_url AS url, min(id) AS first_id FROM ${active}
                WHERE image_url IS NOT NULL GROUP BY product_id, image_url) x),
     gone AS (
       DELETE FROM images WHERE ctid = ANY(ARRAY(
         SELECT i.ctid FROM unnest(${ids}::bigint[]) AS ids(id) CROSS JOIN LATERAL (SELECT ctid, position FROM images WHERE product_id = ids.id OFFSET 0) i
          WHERE NOT EXISTS (SELECT 1 FROM want w WHERE w.product_id = ids.id AND w.position = i.position AND w.position < 6)))),
     put AS (
       INSERT INTO images (product_id, position, url) SELECT product_id, position, url FROM want WHERE position < 6
       ON CONFLICT (product_id, position) DO UPDATE SET url = EXCLUDED.url WHERE images.url IS DISTINCT FROM EXCLUDED.url)`;
}

/** Brings the images of these products in line with their active offers ({@link imageWrites}). */
export async function syncImages(tx: Queryable, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = [...new Set(productIds)];
  await tx.query(
    `WITH active AS (SELECT id, product_id, image_url FROM offers WHERE product_id = ANY($1::bigint[]) AND active), ${imageWrites('active', '$1')}
     SELECT 1`,
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
 * A product's category words (`products.category_terms`, issue 11 §6): core
 * `categorySearchTerms` of its category judged by its own title, its merchant's `product_type`
 * and GMC `google_product_category` (a numeric id resolved to Google's path, packages/feeds
 * `googleCategoryPath`), then core `productTypeSearchTerms` of that product_type. The one rule
 * of both the ingest (new products, from the lead item of the listing that starts them) and
 * {@link refreshCategoryTerms}.
 */
export function productCategoryTerms(code: string, title: string, productType: string | null, googleProductCategory: string | null): string {
  return categorySearchTerms(code, { title, productType, googleCategory: googleCategoryPath(googleProductCategory) }) + productTypeSearchTerms(productType);
}

/** A product's category words to write, and its category code when that changes too. */
export interface CategoryTermsRow {
  id: number | string;
  terms: string;
  /** New `products.category_code`; absent → the code stays. */
  code?: string;
}

/**
 * Writes products' category words (and codes, where given) with the search vector that reads
 * them (search `productSearchVector`), in one statement; a row whose code changes also gets a new
 * `updated_at`. Resolves to the number of products written.
 */
export async function writeCategoryTerms(db: Queryable, rows: readonly CategoryTermsRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await db.query<{ n: number }>(
    `WITH t AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id bigint, terms text, code text)),
          r AS (SELECT p.id, p.title, coalesce(b.name, '') AS brand_name, t.terms AS category_terms, p.description, t.code
                  FROM products p JOIN t ON t.id = p.id LEFT JOIN brands b ON b.id = p.brand_id),
          u AS (UPDATE products p SET category_terms = r.category_terms, search = ${productSearchVector('r')},
                       category_code = coalesce(r.code, p.category_code),
                       updated_at = CASE WHEN r.code IS DISTINCT FROM p.category_code AND r.code IS NOT NULL THEN now() ELSE p.updated_at END
                  FROM r WHERE p.id = r.id RETURNING 1)
     SELECT count(*)::int AS n FROM u`,
    [JSON.stringify(rows)],
  );
  return res.rows[0]?.n ?? 0;
}

/** `rule_versions` name of the category words' rule (core `CATEGORY_TERMS_RULE`). */
const CATEGORY_TERMS_RULE_NAME = 'category_terms';

/** Products read and rewritten per statement by {@link refreshCategoryTerms}. */
const REFRESH_BATCH = 2000;

/**
 * Brings every product's category words (`category_terms`, {@link productCategoryTerms}) and with
 * them its search vector up to the current rule (core `CATEGORY_TERMS_RULE`), for catalogues
 * written under an earlier one (issue 11 §6). The version last applied is kept in
 * `rule_versions`: a catalogue already at the current version costs one read of that row.
 * Otherwise every product is judged again, in id order and batches of REFRESH_BATCH, by its
 * title and its first offer's (lowest offer id: the listing that started it) product_type and
 * Google category; a product without offers keeps the merchant's product_type words it has (after
 * core `PRODUCT_TYPE_SEPARATOR`). Only rows whose words differ are written; then the version is
 * recorded, and the search vocabulary refreshed when anything changed. An interrupted run leaves
 * the version unrecorded, so the next start finishes it. Resolves to the number of products
 * rewritten. Run at API start, before the search index is built.
 */
export async function refreshCategoryTerms(db: Queryable): Promise<number> {
  if ((await appliedRuleVersion(db, CATEGORY_TERMS_RULE_NAME)) === CATEGORY_TERMS_RULE) return 0;
  let changed = 0;
  for (let after = '0'; ;) {
    const batch = await db.query<{
      id: string;
      title: string;
      category_code: string;
      category_terms: string;
      has_offer: boolean;
      product_type: string | null;
      google_product_category: string | null;
    }>(
      `SELECT p.id, p.title, p.category_code, p.category_terms, o.id IS NOT NULL AS has_offer, o.product_type, o.google_product_category
         FROM products p
         LEFT JOIN LATERAL (SELECT id, product_type, google_product_category FROM offers WHERE product_id = p.id ORDER BY id LIMIT 1) o ON true
        WHERE p.id > $1 ORDER BY p.id LIMIT $2`,
      [after, REFRESH_BATCH],
    );
    if (batch.rows.length === 0) break;
    after = batch.rows[batch.rows.length - 1]!.id;
    const rows = batch.rows
      .map((r) => {
        const at = r.category_terms.indexOf(PRODUCT_TYPE_SEPARATOR);
        const terms = r.has_offer
          ? productCategoryTerms(r.category_code, r.title, r.product_type, r.google_product_category)
          : categorySearchTerms(r.category_code, { title: r.title }) + (at >= 0 ? r.category_terms.slice(at) : '');
        return { id: r.id, terms, old: r.category_terms };
      })
      .filter((r) => r.terms !== r.old)
      .map(({ id, terms }) => ({ id, terms }));
    changed += await writeCategoryTerms(db, rows);
  }
  await recordRuleVersion(db, CATEGORY_TERMS_RULE_NAME, CATEGORY_TERMS_RULE);
  if (changed > 0) await refreshSearchWords(db);
  return changed;
}

/** `rule_versions` name of the search vectors' analysis rule (core `SEARCH_VECTOR_RULE`). */
const SEARCH_VECTOR_RULE_NAME = 'search_vector';

/**
 * Brings stored search vectors (`products.search`) up to the current analysis rule (core
 * `SEARCH_VECTOR_RULE`, search `analysed`): when the catalogue was written under another version,
 * every product whose title, brand, category words or description holds one of core
 * `KEPT_STOP_WORDS` or `UNSTEMMED_WORDS` as a word, or a character of core `SEARCH_FOLDING.block`, gets its vector
 * written again (the others read the same under every rule so far), in id order and batches of REFRESH_BATCH; then the
 * search vocabulary is refreshed when a vector changed (it is folded too) and the version is recorded. An interrupted
 * run leaves it unrecorded, so the next start finishes it. At the current version it costs one
 * read of that row. Resolves to the number of products rewritten. Run at API start, before the
 * search index is built (issue 11 §6: "down jacket" is a down jacket, not any jacket).
 */
export async function refreshSearchVectors(db: Queryable): Promise<number> {
  if ((await appliedRuleVersion(db, SEARCH_VECTOR_RULE_NAME)) === SEARCH_VECTOR_RULE) return 0;
  const pattern = `\\m(${Object.keys({ ...KEPT_STOP_WORDS, ...UNSTEMMED_WORDS }).join('|')})\\M`;
  let changed = 0;
  for (let after = '0'; ;) {
    const res = await db.query<{ id: string }>(
      `WITH r AS (SELECT * FROM (SELECT p.id, p.title, coalesce(b.name, '') AS brand_name, p.category_terms, p.description,
                                        p.title || ' ' || coalesce(b.name, '') || ' ' || p.category_terms || ' ' || left(p.description, 2000) AS text
                                   FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id > $1) t
                   WHERE t.text ~* '${pattern}' OR t.text ~ '${SEARCH_FOLDING.block}'
                   ORDER BY t.id LIMIT $2)
       UPDATE products p SET search = ${productSearchVector('r')} FROM r WHERE p.id = r.id RETURNING p.id`,
      [after, REFRESH_BATCH],
    );
    if (res.rows.length === 0) break;
    changed += res.rows.length;
    after = res.rows.reduce((max, r) => (BigInt(r.id) > BigInt(max) ? r.id : max), after);
  }
  if (changed > 0) await refreshSearchWords(db);
  await recordRuleVersion(db, SEARCH_VECTOR_RULE_NAME, SEARCH_VECTOR_RULE);
  return changed;
}

/**
 * Takes placeholder brands ("Generic", "Unbranded", "N/A": core `cleanBrandName` reads them as no
 * brand) out of a catalogue written before they were read so: their products lose the brand (and
 * its word in their search vector), and the brand rows go, so neither the brand facet and pages nor
 * the matcher's brand lexicon (a brand inferred from a title) know them. One read of the brands
 * table when there is none. Resolves to the number of products changed. Run at API start.
 */
export async function forgetPlaceholderBrands(db: Queryable): Promise<number> {
  const brands = await db.query<{ id: string | number; name: string }>(`SELECT id, name FROM brands`);
  const ids = brands.rows.filter((b) => cleanBrandName(b.name) === '').map((b) => Number(b.id));
  if (ids.length === 0) return 0;
  const res = await db.query<{ id: string }>(
    `WITH r AS (SELECT p.id, p.title, '' AS brand_name, p.category_terms, p.description FROM products p WHERE p.brand_id = ANY($1::int[]))
     UPDATE products p SET brand_id = NULL, search = ${productSearchVector('r')}, updated_at = now() FROM r WHERE p.id = r.id RETURNING p.id`,
    [ids],
  );
  await db.query(`UPDATE brands SET parent_id = NULL WHERE parent_id = ANY($1::int[])`, [ids]);
  await db.query(`DELETE FROM brands WHERE id = ANY($1::int[])`, [ids]);
  return res.rows.length;
}
