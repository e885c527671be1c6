/** Editorial queries: deals (promotions), articles and home modules for the API (issue 3 §3, §5). */
import type { Mode, Promotion } from '@b-deals/contracts';
import { SearchConditionSchema } from '@b-deals/contracts';
import { listingHref } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { notFound } from '../errors.ts';
import { readingMinutes } from '../content.ts';
import { listBrands, logoMediaUrl, type MerchantRow } from '../catalog/index.ts';
import { searchProducts, type SearchDeps } from '../search/index.ts';
import type { PromotionFields, PromotionRow } from './rows.ts';

/** A deal as the queries below select it: the promotion, its merchant and the number of deals listed. */
type DealRow = Pick<PromotionRow, 'id' | keyof PromotionFields> & {
  m_slug: MerchantRow['slug'];
  m_name: MerchantRow['name'];
  m_logo: MerchantRow['logo_url'];
  total: number;
};

const PROMOTION_SELECT = `SELECT p.*, m.slug AS m_slug, m.name AS m_name, m.logo_url AS m_logo, count(*) OVER ()::int AS total
  FROM promotions p JOIN merchants m ON m.id = p.merchant_id`;

function toPromotion(r: DealRow): Promotion {
  return {
    id: Number(r.id),
    slug: r.slug,
    merchant: { slug: r.m_slug, name: r.m_name, logo: r.m_logo ? logoMediaUrl(r.m_logo) : null },
    title: r.title,
    description: r.description,
    couponCode: r.coupon_code,
    discountPercent: r.discount_percent,
    discountAmount: r.discount_amount_cents,
    minimumOrder: r.minimum_order_cents,
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null,
    terms: r.terms,
    link: r.link,
  };
}

/** Deals running now (started, not ended, still in the merchant's feed), ending soonest first; optionally one merchant's. */
export async function listDeals(db: Queryable, opts: { merchant?: string; from: number; to: number }): Promise<{ deals: Promotion[]; total: number }> {
  const res = await db.query<DealRow>(
    `${PROMOTION_SELECT} WHERE p.active AND p.starts_at <= now() AND (p.ends_at IS NULL OR p.ends_at > now()) AND ($1::text IS NULL OR m.slug = $1)
      ORDER BY p.ends_at NULLS LAST, p.id LIMIT $2 OFFSET $3`,
    [opts.merchant ?? null, opts.to - opts.from, opts.from],
  );
  return { deals: res.rows.map(toPromotion), total: res.rows[0]?.total ?? 0 };
}

/** One deal by id, also after it ended (its page says so). Throws 404 when unknown. */
export async function dealById(db: Queryable, id: number): Promise<Promotion> {
  const res = await db.query<DealRow>(`${PROMOTION_SELECT} WHERE p.id = $1`, [id]);
  if (!res.rows[0]) throw notFound(`Deal ${id}`);
  return toPromotion(res.rows[0]);
}

interface ArticleRow {
  id: number;
  slug: string;
  title: string;
  summary: string;
  markdown: string;
  published_at: Date;
  total: number;
}
const toSummary = (r: ArticleRow) => ({
  id: Number(r.id),
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  publishedAt: new Date(r.published_at).toISOString(),
  readingMinutes: readingMinutes(r.markdown),
});

/** Articles, newest first. */
export async function listArticles(db: Queryable, from: number, to: number) {
  const res = await db.query<ArticleRow>(`SELECT *, count(*) OVER ()::int AS total FROM articles ORDER BY published_at DESC, id LIMIT $1 OFFSET $2`, [
    to - from,
    from,
  ]);
  return { articles: res.rows.map(toSummary), total: res.rows[0]?.total ?? 0 };
}

/** One article with its Markdown, by id or slug. Throws 404 when unknown. */
export async function articleBy(db: Queryable, by: { id?: number; slug?: string }) {
  const res = await db.query<ArticleRow>(`SELECT *, 1 AS total FROM articles WHERE id = $1 OR slug = $2`, [by.id ?? null, by.slug ?? null]);
  if (!res.rows[0]) throw notFound('Article');
  return { ...toSummary(res.rows[0]), markdown: res.rows[0].markdown };
}

interface ModeRow {
  id: number;
  type: string;
  title: string;
  subtitle: string | null;
  href: string | null;
  image_url: string | null;
  config: Record<string, unknown>;
  position: number;
}

/**
 * Home modules in position order, each resolved: product rails run their search condition (12
 * items) and link to the listing of that same condition (core `listingHref`), brand walls list brands.
 */
export async function listModes(db: Queryable, id: number | undefined, search: SearchDeps): Promise<Mode[]> {
  const res = await db.query<ModeRow>(`SELECT * FROM home_modules WHERE active AND ($1::int IS NULL OR id = $1) ORDER BY position, id`, [id ?? null]);
  if (id !== undefined && !res.rows[0]) throw notFound(`Module ${id}`);
  const out: Mode[] = [];
  for (const m of res.rows) {
    const base = { id: Number(m.id), title: m.title, position: m.position };
    if (m.type === 'banner') out.push({ ...base, type: 'banner', subtitle: m.subtitle, href: m.href ?? '/', imageUrl: m.image_url });
    else if (m.type === 'product_rail') {
      const parsed = SearchConditionSchema.safeParse({ ...m.config, from: 0, to: 12, facets: false });
      if (!parsed.success) continue; // a module edited into an invalid condition is skipped, not fatal
      const { items } = await searchProducts(db, parsed.data, search);
      // "See all" opens exactly the rail's list (issue 20 §6), whatever link the module was saved with.
      const c = parsed.data;
      const href = listingHref({ ...c, sort: m.config.sort === undefined ? undefined : c.sort });
      out.push({ ...base, type: 'product_rail', href, condition: m.config, items });
    } else if (m.type === 'brand_wall') {
      const limit = Math.min(Number(m.config.limit ?? 12) || 12, 48);
      const { brands } = await listBrands(db, { from: 0, to: limit });
      out.push({ ...base, type: 'brand_wall', brands: brands.map((b) => ({ slug: b.slug, name: b.name, productCount: b.productCount })) });
    }
  }
  return out;
}
