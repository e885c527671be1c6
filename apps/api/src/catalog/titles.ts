/**
 * Standard products' names (catalogue domain, issue 11): a product's `title` is core `displayTitle`
 * of its active offers' titles, chosen again whenever offers join it, leave it or change their
 * title, so the name does not depend on which merchant's feed arrived first. The slug follows the
 * name (the product page answers a stale slug with a 301 to the current one, so links by id keep
 * working) and so does the search vector, which reads the title.
 */
import { PRODUCT_TITLE_RULE, displayTitle, slugify } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { productSearchVector, refreshSearchWords } from '../search/index.ts';
import { appliedRuleVersion, recordRuleVersion } from './rule-versions.ts';

/** A product renamed: its id, the new title and the slug made from it (at most 120 characters, as the ingest makes slugs). */
interface Renamed {
  id: string;
  title: string;
  slug: string;
}

/** A product with its brand's display name ('' for none) and its active offers' titles in offer id order. */
export interface OfferTitlesRow {
  id: string;
  title: string;
  brand_name: string;
  titles: string[];
}

/** The renames among these rows of products with their active offers' titles (offer id order); products without active offers keep their name. */
function renames(rows: readonly OfferTitlesRow[]): Renamed[] {
  const out: Renamed[] = [];
  for (const r of rows) {
    const title = displayTitle(r.titles, r.brand_name || null, r.title);
    if (title !== null && title !== r.title) out.push({ id: r.id, title, slug: slugify(title).slice(0, 120) || 'product' });
  }
  return out;
}

/** Writes the renames with the search vector that reads the new title (search `productSearchVector`); resolves to the rows written. */
async function writeRenames(db: Queryable, rows: readonly Renamed[]): Promise<number> {
  if (rows.length === 0) return 0;
  const res = await db.query<{ n: number }>(
    `WITH t AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(id bigint, title text, slug text)),
          r AS (SELECT p.id, t.title, t.slug, coalesce(b.name, '') AS brand_name, p.category_terms, p.description
                  FROM products p JOIN t ON t.id = p.id LEFT JOIN brands b ON b.id = p.brand_id),
          u AS (UPDATE products p SET title = r.title, slug = r.slug, search = ${productSearchVector('r')}, updated_at = now()
                  FROM r WHERE p.id = r.id RETURNING 1)
     SELECT count(*)::int AS n FROM u`,
    [JSON.stringify(rows)],
  );
  return res.rows[0]?.n ?? 0;
}

/** The products (in the bigint[] parameter `$1`) with their brand's display name and their active offers' titles in offer id order. */
const WITH_OFFER_TITLES = `SELECT p.id, p.title, coalesce(b.name, '') AS brand_name, array_agg(o.title ORDER BY o.id) AS titles
  FROM products p JOIN offers o ON o.product_id = p.id AND o.active LEFT JOIN brands b ON b.id = p.brand_id
 WHERE p.id = ANY($1::bigint[])
 GROUP BY p.id, b.name`;

/**
 * Names these products again from their active offers' titles (core `displayTitle`); only products
 * whose name changes are written (title, slug, search vector, `updated_at`). Run in the transaction
 * that changed their offers, after `refreshProducts`. Resolves to the number renamed; database
 * errors propagate.
 */
export async function refreshTitles(tx: Queryable, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const res = await tx.query<OfferTitlesRow>(WITH_OFFER_TITLES, [[...new Set(productIds)]]);
  return renameFromTitles(tx, res.rows);
}

/**
 * Names these products again from their active offers' titles already read ({@link OfferTitlesRow},
 * as {@link refreshTitles} reads them; catalogue `refreshProducts` reads them in its own statement):
 * only products whose name changes are written. Resolves to the number renamed; database errors propagate.
 */
export async function renameFromTitles(tx: Queryable, rows: readonly OfferTitlesRow[]): Promise<number> {
  return writeRenames(tx, renames(rows));
}

/** `rule_versions` name of the product-name rule (core `PRODUCT_TITLE_RULE`). */
const PRODUCT_TITLE_RULE_NAME = 'product_title';

/** Products read and renamed per statement by {@link renameProducts}. */
const RENAME_BATCH = 2000;

/**
 * Brings every product's name up to the current rule (core `PRODUCT_TITLE_RULE`) for catalogues
 * written under an earlier one: at the current version it costs one read of `rule_versions`;
 * otherwise every product is named again ({@link refreshTitles}) in id order and batches of 2,000,
 * the version is recorded and, when a name changed, the search vocabulary refreshed. An
 * interrupted run leaves the version unrecorded, so the next start finishes it. Run at API start,
 * before the search index is built. Resolves to the number of products renamed.
 */
export async function renameProducts(db: Queryable): Promise<number> {
  if ((await appliedRuleVersion(db, PRODUCT_TITLE_RULE_NAME)) === PRODUCT_TITLE_RULE) return 0;
  let renamed = 0;
  for (let after = '0'; ;) {
    const ids = await db.query<{ id: string }>(`SELECT id FROM products WHERE id > $1 ORDER BY id LIMIT $2`, [after, RENAME_BATCH]);
    if (ids.rows.length === 0) break;
    after = ids.rows[ids.rows.length - 1]!.id;
    renamed += await refreshTitles(
      db,
      ids.rows.map((r) => Number(r.id)),
    );
  }
  await recordRuleVersion(db, PRODUCT_TITLE_RULE_NAME, PRODUCT_TITLE_RULE);
  if (renamed > 0) await refreshSearchWords(db);
  return renamed;
}
