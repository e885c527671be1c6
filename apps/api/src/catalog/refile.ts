/**
 * Filing standard products again when the category mapper's answer changes (issue 11 §2;
 * catalogue domain). A product is filed where the mapper (packages/feeds `mapCategory`) puts the
 * lead item of its first offer (lowest offer id: the listing that started it), and every offer
 * keeps that answer (`offers.category_code`, and the leaves it is listed under too,
 * `offers.also_category_codes`, migration 0024, decision 0026) with the GMC `gender` it read (migration 0023). Two
 * ways bring an existing product up to date:
 *
 * - the ingest: a listing written again whose mapped category differs from the one its offer
 *   recorded re-files its product when that offer is the product's first ({@link refileProducts};
 *   the operator's match review too, when an offer leaves or joins a product);
 *   a merchant whose feed now says more (a `google_product_category`, a gender) or a mapper that
 *   now reads it better moves the product at the next ingest of that feed;
 * - the API's start: a catalogue written under another version of the mapper's rules (feeds
 *   `CATEGORY_MAP_RULE`) has every product's first offer mapped again from what it stored
 *   ({@link refileCategories}).
 *
 * Offers last written before migration 0023 recorded neither gender nor category (both null);
 * their products are left as they are at start (their gender is unknown, so mapping them again
 * could misfile a women's tee as unisex) and re-filed at the next ingest of their feed, which
 * writes every offer once (listing hash 'v4').
 */
import type { Queryable } from '@b-deals/db';
import { CATEGORY_MAP_RULE, mapCategory } from '@b-deals/feeds';
import { refreshSearchWords } from '../search/index.ts';
import { productCategoryTerms, writeCategoryTerms, type CategoryTermsRow } from './refresh.ts';
import { appliedRuleVersion, recordRuleVersion } from './rule-versions.ts';

/** `rule_versions` name of the category mapper's rules (feeds `CATEGORY_MAP_RULE`). */
const CATEGORY_MAP_RULE_NAME = 'category_map';

/** Products read per statement by {@link refileCategories}. */
const REFILE_BATCH = 2000;

/**
 * Files each of these products where its first offer (lowest id) now is: under the category that
 * offer recorded, with the product's category words and search vector ({@link writeCategoryTerms}),
 * when that differs from the product's. Products whose first offer recorded none (written before
 * migration 0023) stay. The ingest passes the products of the listings it wrote again with another
 * mapped category than before, the operator's match review the products an offer left and joined
 * (a product's first offer may change). Run inside the caller's transaction, after the offers are
 * written. Resolves to the number of products moved.
 */
export async function refileProducts(tx: Queryable, productIds: readonly number[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const res = await tx.query<{ id: string; title: string; code: string; product_type: string | null; google_product_category: string | null }>(
    `SELECT p.id, p.title, f.category_code AS code, f.product_type, f.google_product_category
       FROM products p
       CROSS JOIN LATERAL (SELECT category_code, product_type, google_product_category FROM offers WHERE product_id = p.id ORDER BY id LIMIT 1) f
      WHERE p.id = ANY($1::bigint[]) AND f.category_code IS NOT NULL AND f.category_code <> p.category_code`,
    [[...new Set(productIds)]],
  );
  return writeCategoryTerms(
    tx,
    res.rows.map((r) => ({ id: r.id, code: r.code, terms: productCategoryTerms(r.code, r.title, r.product_type, r.google_product_category) })),
  );
}

/**
 * Brings a catalogue written under another version of the category mapper's rules (feeds
 * `CATEGORY_MAP_RULE`, recorded in `rule_versions`) up to the current one: every product's first
 * offer is mapped again from the GMC attributes it stored (`title`, `product_type`,
 * `google_product_category`, `gender`, `age_group`) and the product's description (the lead
 * item's, written when that listing started the product), in id order and batches of
 * REFILE_BATCH. Offers whose answer (category or leaves listed too) changed record the new one; products whose category changed
 * move with their category words and search vector. Products whose first offer predates migration
 * 0023 (no category recorded) are left for their next ingest (module doc). An interrupted run
 * leaves the version unrecorded, so the next start finishes it; at the current version it costs
 * one read. The search vocabulary is refreshed when a product moved. Resolves to the number of
 * products moved. Run at API start, before the category words' refresh and the search index
 * (measured: 6 s for 1,000,000 products filed by a path of our tree, 46 s through the whole
 * mapper; README).
 */
export async function refileCategories(db: Queryable): Promise<number> {
  if ((await appliedRuleVersion(db, CATEGORY_MAP_RULE_NAME)) === CATEGORY_MAP_RULE) return 0;
  let moved = 0;
  for (let after = '0'; ;) {
    const batch = await db.query<{
      id: string;
      product_title: string;
      product_code: string;
      description: string;
      offer_id: string;
      title: string;
      code: string | null;
      also: string[];
      product_type: string | null;
      google_product_category: string | null;
      gender: 'male' | 'female' | 'unisex' | null;
      age_group: string | null;
    }>(
      `SELECT p.id, p.title AS product_title, p.category_code AS product_code, p.description,
              o.id AS offer_id, o.title, o.category_code AS code, o.also_category_codes AS also, o.product_type, o.google_product_category, o.gender, o.age_group
         FROM products p
         CROSS JOIN LATERAL (SELECT id, title, category_code, also_category_codes, product_type, google_product_category, gender, age_group
                              FROM offers WHERE product_id = p.id ORDER BY id LIMIT 1) o
        WHERE p.id > $1 ORDER BY p.id LIMIT $2`,
      [after, REFILE_BATCH],
    );
    if (batch.rows.length === 0) break;
    after = batch.rows[batch.rows.length - 1]!.id;
    const offers: Array<{ id: string; code: string; also: string[] }> = [];
    const products: CategoryTermsRow[] = [];
    for (const r of batch.rows) {
      if (r.code === null) continue;
      const { code, alsoIn } = mapCategory({
        googleProductCategory: r.google_product_category,
        productType: r.product_type,
        title: r.title,
        description: r.description,
        gender: r.gender,
        ageGroup: r.age_group,
      });
      if (code !== r.code || alsoIn.join() !== r.also.join()) offers.push({ id: r.offer_id, code, also: alsoIn });
      if (code !== r.product_code)
        products.push({ id: r.id, code, terms: productCategoryTerms(code, r.product_title, r.product_type, r.google_product_category) });
    }
    if (offers.length > 0)
      await db.query(
        `UPDATE offers o SET category_code = t.code, also_category_codes = t.also FROM jsonb_to_recordset($1::jsonb) AS t(id bigint, code text, also text[]) WHERE o.id = t.id`,
        [JSON.stringify(offers)],
      );
    moved += await writeCategoryTerms(db, products);
  }
  await recordRuleVersion(db, CATEGORY_MAP_RULE_NAME, CATEGORY_MAP_RULE);
  if (moved > 0) await refreshSearchWords(db);
  return moved;
}
