/** Merchants, brands and hot words (spec §7 GET merchants, brands, brand/{id}, search/hot-words). */
import { compareSizes, DEPARTMENTS } from '@b-deals/core';
import type { Brand, BrandDetail, Merchant } from '@b-deals/contracts';
import { likeLiteral, type Queryable } from '@b-deals/db';
import { notFound } from '../errors.ts';
import { logoMediaUrl } from './media.ts';
import type { BrandRow, MerchantRow } from './rows.ts';

/** Merchants with their active-offer counts, A–Z; optionally one marketplace (ALL = every one) or region. */
export async function listMerchants(db: Queryable, marketplace?: string, region?: string): Promise<Merchant[]> {
  const res = await db.query<Pick<MerchantRow, 'id' | 'slug' | 'name' | 'region' | 'marketplace' | 'homepage' | 'logo_url'> & { n: number }>(
    `SELECT m.id, m.slug, m.name, m.region, m.marketplace, m.homepage, m.logo_url,
            (SELECT count(*)::int FROM offers o WHERE o.merchant_id = m.id AND o.active) AS n
       FROM merchants m
      WHERE ($1::text IS NULL OR $1 = 'ALL' OR m.marketplace = $1) AND ($2::text IS NULL OR m.region = $2)
      ORDER BY lower(m.name)`,
    [marketplace ?? null, region ?? null],
  );
  return res.rows.map((m) => ({
    id: Number(m.id),
    slug: m.slug,
    name: m.name,
    region: m.region,
    marketplace: m.marketplace,
    homepage: m.homepage,
    logo: m.logo_url ? logoMediaUrl(m.logo_url) : null,
    offerCount: m.n,
  }));
}

const BRAND_COUNT = `(SELECT count(*)::int FROM products p WHERE p.brand_id = b.id AND p.offer_count > 0)`;

/** `q` of the brand list as a LIKE literal (`%`, `_` and `\` match themselves), or null when blank. */
const brandQuery = (q: string | undefined): string | null => (q?.trim() ? likeLiteral(q.trim()) : null);

/**
 * Brands with at least one product on offer, most products first; `q` filters by name
 * (case-insensitive substring, taken literally: `%` and `_` are not wildcards).
 */
export async function listBrands(
  db: Queryable,
  opts: { q?: string; marketplace?: string; from: number; to: number },
): Promise<{ brands: Brand[]; total: number }> {
  const res = await db.query<BrandCountRow>(
    `SELECT * FROM (
       SELECT b.id, b.slug, b.name, b.parent_id,
              (SELECT count(*)::int FROM products p WHERE p.brand_id = b.id AND p.offer_count > 0
                 AND ($2::text IS NULL OR $2 = 'ALL' OR $2 = ANY(p.marketplaces))) AS n
         FROM brands b WHERE ($1::text IS NULL OR b.name ILIKE '%' || $1 || '%' ESCAPE '\\')) x
      WHERE n > 0 ORDER BY n DESC, lower(name) LIMIT $3 OFFSET $4`,
    [brandQuery(opts.q), opts.marketplace ?? null, opts.to - opts.from, opts.from],
  );
  const total = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM brands b WHERE ($1::text IS NULL OR b.name ILIKE '%' || $1 || '%' ESCAPE '\\') AND EXISTS (
       SELECT 1 FROM products p WHERE p.brand_id = b.id AND p.offer_count > 0 AND ($2::text IS NULL OR $2 = 'ALL' OR $2 = ANY(p.marketplaces)))`,
    [brandQuery(opts.q), opts.marketplace ?? null],
  );
  return { brands: res.rows.map(toBrand), total: total.rows[0]!.n };
}

/** A brand row with `n`, its number of products on offer. */
type BrandCountRow = Pick<BrandRow, 'id' | 'slug' | 'name' | 'parent_id'> & { n: number };

function toBrand(r: BrandCountRow): Brand {
  return { id: Number(r.id), slug: r.slug, name: r.name, parentId: r.parent_id === null ? null : Number(r.parent_id), productCount: r.n };
}

/** One brand by numeric id or slug, with sub-brands, departments and merchants. Throws 404 `not_found` when unknown (`details.brand` the id or slug). */
export async function brandDetail(db: Queryable, idOrSlug: string): Promise<BrandDetail> {
  const byId = /^\d+$/.test(idOrSlug);
  const res = await db.query<BrandCountRow>(
    `SELECT b.id, b.slug, b.name, b.parent_id, ${BRAND_COUNT} AS n FROM brands b WHERE ${byId ? 'b.id = $1::int' : 'b.slug = $1'}`,
    [idOrSlug],
  );
  const row = res.rows[0];
  if (!row) throw notFound('Brand', { brand: idOrSlug });
  const id = Number(row.id);
  const family = `(SELECT id FROM brands WHERE id = $1 OR parent_id = $1)`;
  const [subs, depts, merchants] = await Promise.all([
    db.query<BrandCountRow>(`SELECT b.id, b.slug, b.name, b.parent_id, ${BRAND_COUNT} AS n FROM brands b WHERE b.parent_id = $1 ORDER BY lower(b.name)`, [id]),
    db.query<{ code: string; n: number }>(
      `SELECT left(category_code, 1) AS code, count(*)::int AS n FROM products WHERE brand_id IN ${family} AND offer_count > 0 GROUP BY 1 ORDER BY 2 DESC`,
      [id],
    ),
    db.query<Pick<MerchantRow, 'slug' | 'name'> & { n: number }>(
      `SELECT m.slug, m.name, count(DISTINCT p.id)::int AS n FROM products p, unnest(p.merchant_ids) mid JOIN merchants m ON m.id = mid
        WHERE p.brand_id IN ${family} AND p.offer_count > 0 GROUP BY m.slug, m.name ORDER BY 3 DESC, 2`,
      [id],
    ),
  ]);
  const terms = new Map(DEPARTMENTS.map((d) => [d.code, d.term]));
  return {
    ...toBrand(row),
    subBrands: subs.rows.map(toBrand),
    departments: depts.rows.map((d) => ({ id: d.code, term: terms.get(d.code) ?? d.code, count: d.n })),
    merchants: merchants.rows.map((m) => ({ slug: m.slug, name: m.name, count: m.n })),
  };
}

/**
 * Sizes in stock now (spec §7 `GET /inventory/api/v1/sizes`; issue 11 §3): every size some active
 * offer has in stock (`offers.size_stock`, GMC `size` of items whose `availability` is in_stock),
 * with the number of products that come in it, within a department code prefix (or all), in size
 * order (core `compareSizes`).
 */
export async function sizesInStock(db: Queryable, dept: string): Promise<Array<{ size: string; products: number }>> {
  const res = await db.query<{ size: string; products: number }>(
    `SELECT s.size, count(DISTINCT o.product_id)::int AS products
       FROM offers o JOIN products p ON p.id = o.product_id, jsonb_object_keys(o.size_stock) AS s(size)
      WHERE o.active AND o.availability = 'in_stock' AND ($1 = 'ALL' OR p.category_code LIKE $1 || '%')
      GROUP BY 1`,
    [dept],
  );
  return res.rows.sort((a, b) => compareSizes(a.size, b.size));
}
