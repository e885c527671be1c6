/**
 * Catalogue writes of the ingest (catalogue domain): merchants, brands, offers and new standard
 * products. All run inside the ingest's one transaction per feed (`ingest/ingest.ts`); which
 * product an offer joins is the matching domain's answer (`matching/resolve.ts`).
 */
import { displayTitle, slugify } from '@b-deals/core';
import { likeLiteralSql, type Queryable } from '@b-deals/db';
import type { MerchantInput } from '@b-deals/feeds';
import type { KnownOffer, Resolution } from '../matching/index.ts';
import { insertProducts, productCategoryTerms, syncImages } from './refresh.ts';
import type { BrandRow, MerchantRow, OfferRow } from './rows.ts';

/** Rows per statement. */
const BATCH = 2000;

/**
 * Inserts or updates the merchant; name, region and marketplace change only when the caller
 * names the merchant (`m.name` given), homepage and logo whenever given.
 *
 * @returns the merchant's id
 */
export async function upsertMerchant(tx: Queryable, m: MerchantInput): Promise<number> {
  const res = await tx.query<Pick<MerchantRow, 'id'>>(
    `INSERT INTO merchants (slug, name, region, marketplace, homepage, logo_url)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (slug) DO UPDATE SET
       name = CASE WHEN $7 THEN EXCLUDED.name ELSE merchants.name END,
       region = CASE WHEN $7 THEN EXCLUDED.region ELSE merchants.region END,
       marketplace = CASE WHEN $7 THEN EXCLUDED.marketplace ELSE merchants.marketplace END,
       homepage = coalesce(EXCLUDED.homepage, merchants.homepage),
       logo_url = coalesce(EXCLUDED.logo_url, merchants.logo_url)
     RETURNING id`,
    [m.slug, m.name ?? m.slug, m.region ?? 'US', m.marketplace ?? null, m.homepage ?? null, m.logo ?? null, m.name !== undefined],
  );
  return Number(res.rows[0]!.id);
}

/**
 * Inserts missing brands (by slug) and links a new brand to its parent brand ("Northvale Kids"
 * under "Northvale", longest name wins), and an existing one under a new parent. The parent's name
 * is matched literally (`likeLiteralSql`): a `%` or `_` in a feed's brand is not a wildcard.
 *
 * @returns brand display name → id, for every name given that has a slug
 */
export async function upsertBrands(tx: Queryable, names: string[]): Promise<Map<string, number>> {
  const bySlug = new Map<string, string>();
  for (const n of names) {
    const s = slugify(n);
    if (s && !bySlug.has(s)) bySlug.set(s, n);
  }
  const slugs = [...bySlug.keys()];
  const ids = new Map<string, number>();
  if (!slugs.length) return ids;
  const inserted = await tx.query<Pick<BrandRow, 'id'>>(
    `INSERT INTO brands (slug, name) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [slugs, slugs.map((s) => bySlug.get(s)!)],
  );
  if (inserted.rows.length) {
    // A new brand "Northvale Kids" becomes a sub-brand of an existing "Northvale" (longest match wins), and vice versa.
    await tx.query(
      `UPDATE brands c SET parent_id = (
          SELECT p.id FROM brands p WHERE p.id <> c.id AND p.parent_id IS NULL AND lower(c.name) LIKE ${likeLiteralSql('lower(p.name)')} || ' %' ESCAPE '\\'
          ORDER BY length(p.name) DESC LIMIT 1)
        WHERE c.parent_id IS NULL AND (c.id = ANY($1::int[]) OR EXISTS (
          SELECT 1 FROM brands n WHERE n.id = ANY($1::int[]) AND lower(c.name) LIKE ${likeLiteralSql('lower(n.name)')} || ' %' ESCAPE '\\'))`,
      [inserted.rows.map((r) => r.id)],
    );
  }
  const all = await tx.query<Pick<BrandRow, 'id' | 'slug'>>(`SELECT id, slug FROM brands WHERE slug = ANY($1::text[])`, [slugs]);
  for (const r of all.rows) ids.set(r.slug, Number(r.id));
  const out = new Map<string, number>();
  for (const n of names) {
    const id = ids.get(slugify(n));
    if (id !== undefined) out.set(n, id);
  }
  return out;
}

/** The merchant's offers by offer key (active or not), for matching and change detection. */
export async function merchantOffers(tx: Queryable, merchantId: number): Promise<Map<string, KnownOffer>> {
  const existing = new Map<string, KnownOffer>();
  const ex = await tx.query<Pick<OfferRow, 'id' | 'offer_key' | 'product_id' | 'match_method' | 'content_hash' | 'active' | 'category_code'>>(
    `SELECT id, offer_key, product_id, match_method, content_hash, active, category_code FROM offers WHERE merchant_id = $1`,
    [merchantId],
  );
  for (const r of ex.rows)
    existing.set(r.offer_key, {
      id: Number(r.id),
      productId: Number(r.product_id),
      method: r.match_method,
      contentHash: r.content_hash,
      active: r.active,
      categoryCode: r.category_code,
    });
  return existing;
}

/**
 * Upserts the offers of these resolutions (new, changed or returning listings) as active, with
 * every GMC attribute we keep and the match method, score and candidate.
 *
 * @returns offer key → offer id, and the ids of the products whose offers changed
 */
export async function writeOffers(
  tx: Queryable,
  merchantId: number,
  changed: readonly Resolution[],
  observedAt: Date,
): Promise<{ offerIds: Map<string, number>; touched: Set<number> }> {
  const offerIds = new Map<string, number>();
  const touched = new Set<number>();
  // Each batch's rows are serialised while PostgreSQL writes the batch before (the two processes overlap).
  let json = offerRowsJson(changed.slice(0, BATCH));
  for (let i = 0; i < changed.length; i += BATCH) {
    const pending = tx.query<Pick<OfferRow, 'id' | 'product_id' | 'offer_key'>>(
      `INSERT INTO offers AS o (merchant_id, offer_key, product_id, match_method, match_score, match_candidate_id, title, link, image_url, price_cents, sale_price_cents,
              shipping_cents, original_amount, original_currency, fx_rate_date, fx_rate_source, availability, condition, sizes, size_stock, colors, gtin, mpn, item_ids,
              google_product_category, product_type, age_group, gender, category_code, also_category_codes, variant_group, content_hash, active, first_seen_at, last_seen_at)
       SELECT $1, offer_key, product_id, match_method, match_score, match_candidate_id, title, link, image_url, price_cents, sale_price_cents, shipping_cents,
              original_amount, original_currency, fx_rate_date, fx_rate_source, availability, condition, sizes, size_stock, colors, gtin, mpn, item_ids,
              google_product_category, product_type, age_group, gender, category_code, also_category_codes, variant_group, content_hash, true, $2, $2
         FROM jsonb_to_recordset($3::jsonb) AS r(offer_key text, product_id bigint, match_method text, match_score float8, match_candidate_id bigint, title text, link text,
              image_url text, price_cents int, sale_price_cents int, shipping_cents int, original_amount bigint, original_currency text,
              fx_rate_date date, fx_rate_source text,
              availability text, condition text, sizes text[], size_stock jsonb, colors text[], gtin text, mpn text, item_ids text[],
              google_product_category text, product_type text, age_group text, gender text, category_code text, also_category_codes text[], variant_group text, content_hash text)
       ON CONFLICT (merchant_id, offer_key) DO UPDATE SET
         title = EXCLUDED.title, link = EXCLUDED.link, image_url = EXCLUDED.image_url, price_cents = EXCLUDED.price_cents,
         sale_price_cents = EXCLUDED.sale_price_cents, shipping_cents = EXCLUDED.shipping_cents,
         original_amount = EXCLUDED.original_amount, original_currency = EXCLUDED.original_currency,
         fx_rate_date = EXCLUDED.fx_rate_date, fx_rate_source = EXCLUDED.fx_rate_source,
         availability = EXCLUDED.availability, condition = EXCLUDED.condition, sizes = EXCLUDED.sizes, size_stock = EXCLUDED.size_stock, colors = EXCLUDED.colors,
         gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn, item_ids = EXCLUDED.item_ids,
         google_product_category = EXCLUDED.google_product_category, product_type = EXCLUDED.product_type, age_group = EXCLUDED.age_group,
         gender = EXCLUDED.gender, category_code = EXCLUDED.category_code, also_category_codes = EXCLUDED.also_category_codes,
         variant_group = EXCLUDED.variant_group,
         content_hash = EXCLUDED.content_hash, active = true, last_seen_at = greatest(o.last_seen_at, EXCLUDED.last_seen_at)
       RETURNING o.id, o.product_id, o.offer_key`,
      [merchantId, observedAt, json],
    );
    json = i + BATCH < changed.length ? offerRowsJson(changed.slice(i + BATCH, i + 2 * BATCH)) : '';
    const up = await pending;
    for (const r of up.rows) {
      offerIds.set(r.offer_key, Number(r.id));
      touched.add(Number(r.product_id));
    }
  }
  return { offerIds, touched };
}

/** The offers table's columns of these resolutions, as the JSON array `writeOffers` sends (jsonb_to_recordset). */
function offerRowsJson(chunk: readonly Resolution[]): string {
  const rows = chunk.map(({ listing: l, productId, method, score, candidateId }) => ({
    offer_key: l.offerKey,
    product_id: productId,
    match_method: method,
    match_score: score,
    match_candidate_id: candidateId,
    title: l.title,
    link: l.lead.link,
    image_url: l.lead.imageLink,
    price_cents: l.priceCents,
    sale_price_cents: l.salePriceCents,
    shipping_cents: l.shippingCents,
    original_amount: l.lead.original?.amount ?? null,
    original_currency: l.lead.original?.currency ?? null,
    fx_rate_date: l.lead.original?.rateDate ?? null,
    fx_rate_source: l.lead.original?.rateSource ?? null,
    availability: l.availability,
    condition: l.lead.condition,
    sizes: l.sizes,
    size_stock: l.sizeStock,
    colors: l.colors,
    gtin: l.gtins[0] ?? null,
    mpn: l.mpn,
    item_ids: l.items.map((it) => it.id),
    google_product_category: l.lead.googleProductCategory,
    product_type: l.lead.productType,
    age_group: l.lead.ageGroup,
    gender: l.lead.gender,
    category_code: l.lead.categoryCode,
    also_category_codes: l.lead.alsoCategoryCodes,
    variant_group: l.variantGroup,
    content_hash: l.contentHash,
  }));
  return JSON.stringify(rows);
}

/**
 * Writes the standard products the matcher started (after their offers, so their offer-derived
 * columns come out of the same statement) and their images. A product's name is core
 * `displayTitle` of the titles of every listing of this feed that resolved to it (its starter's
 * alone when `titlesOf` has none), and its slug is made from that name.
 *
 * @param brandIds brand display name → id (`upsertBrands`)
 * @param titlesOf product id → the titles of the feed's listings resolved to it
 * @returns the ids of the products written
 */
export async function insertNewProducts(
  tx: Queryable,
  newProducts: readonly Resolution[],
  brandIds: ReadonlyMap<string, number>,
  titlesOf: ReadonlyMap<number, readonly string[]> = new Map(),
): Promise<Set<number>> {
  for (let i = 0; i < newProducts.length; i += BATCH * 5) {
    await insertProducts(
      tx,
      newProducts.slice(i, i + BATCH * 5).map(({ listing: l, productId }) => {
        const title = displayTitle(titlesOf.get(productId) ?? [l.title], l.brand) ?? l.title;
        return {
          id: productId,
          brand_name: l.brand ?? '',
          slug: slugify(title).slice(0, 120) || 'product',
          title,
          brand_id: l.brand ? (brandIds.get(l.brand) ?? null) : null,
          category_code: l.lead.categoryCode,
          // Our category's words as they fit this product, then the merchant's own product_type words (issue 11 §6).
          category_terms: productCategoryTerms(l.lead.categoryCode, l.title, l.lead.productType, l.lead.googleProductCategory),
          description: l.lead.description,
          image_url: l.lead.imageLink,
          colors: l.colors,
          sizes: l.sizes,
          gtin: l.gtins[0] ?? null,
          mpn: l.mpn,
        };
      }),
    );
  }
  const fresh = new Set(newProducts.map((r) => r.productId));
  await syncImages(tx, [...fresh]);
  return fresh;
}
