/**
 * GET /inventory/api/v1/standard-product/product/{id}/with-recommend (issue 2 §10): the
 * standard product, its active offers best first by core's `bestOffer` rule (item price plus
 * stated shipping; decision 0006), its daily price history, and similar products.
 */
import { bestOfferSql, categoryByCode, categoryTrail, offerTotal, sortSizes } from '@b-deals/core';
import type { Offer, ProductDetail, ProductWithRecommend } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { notFound } from '../errors.ts';
import { CARD_COLUMNS, toCard, type CardRow } from './cards.ts';
import { merchantPriceSummaries, priceHistory } from '../pricing/index.ts';
import { imageObject, logoMediaUrl } from './media.ts';
import type { ImageRow, MerchantRow, OfferRow, ProductRow } from './rows.ts';

/** Loads everything the product page needs. Throws DomainError 404 when the product does not exist or has no active offer. */
export async function productWithRecommend(db: Queryable, id: number, days: number, recommend: number, now = new Date()): Promise<ProductWithRecommend> {
  const res = await db.query<CardRow & Pick<ProductRow, 'description' | 'colors' | 'sizes' | 'gtin' | 'mpn' | 'offer_count'>>(
    `SELECT ${CARD_COLUMNS}, p.description, p.colors, p.sizes, p.gtin, p.mpn, p.offer_count
       FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = $1`,
    [id],
  );
  const row = res.rows[0];
  if (!row || row.price_cents === null || row.offer_count === 0) throw notFound(`Product ${id}`);
  const [offers, images, history, merchants, similar, otherColors] = await Promise.all([
    loadOffers(db, id),
    db.query<Pick<ImageRow, 'url'>>(`SELECT url FROM images WHERE product_id = $1 ORDER BY position`, [id]),
    priceHistory(db, id, days, now),
    merchantPriceSummaries(db, id, days, now),
    recommend > 0 ? similarProducts(db, id, row.category_code, row.price_cents, recommend) : Promise.resolve([]),
    otherColorsOf(db, id, row.colors),
  ]);
  const node = categoryByCode(row.category_code);
  return {
    product: {
      ...toCard(row),
      description: row.description,
      images: images.rows.flatMap((r) => imageObject(r.url) ?? []),
      colors: row.colors,
      otherColors,
      // Natural size order (issue 20 §4); the database keeps them as text.
      sizes: sortSizes(row.sizes),
      gtin: row.gtin,
      mpn: row.mpn,
      categories: node ? categoryTrail(node).map((n) => ({ id: n.id!, term: n.term, path: n.path })) : [],
    },
    offers,
    // "current" is today's best offer, even when no feed has confirmed it today.
    priceHistory: { ...history, current: row.price_cents, merchants },
    recommend: similar,
  };
}

async function loadOffers(db: Queryable, productId: number): Promise<Offer[]> {
  const res = await db.query<
    Pick<
      OfferRow,
      | 'id'
      | 'title'
      | 'price_cents'
      | 'sale_price_cents'
      | 'shipping_cents'
      | 'availability'
      | 'condition'
      | 'link'
      | 'sizes'
      | 'colors'
      | 'match_method'
      | 'original_amount'
      | 'original_currency'
      | 'fx_rate_date'
      | 'fx_rate_source'
      | 'last_seen_at'
    > & {
      m_slug: MerchantRow['slug'];
      m_name: MerchantRow['name'];
      m_logo: MerchantRow['logo_url'];
      m_marketplace: MerchantRow['marketplace'];
      m_region: MerchantRow['region'];
    }
  >(
    `SELECT o.id, o.title, o.price_cents, o.sale_price_cents, o.shipping_cents, o.availability, o.condition, o.link, o.sizes, o.colors,
            o.match_method, o.original_amount, o.original_currency, to_char(o.fx_rate_date, 'YYYY-MM-DD') AS fx_rate_date, o.fx_rate_source,
            coalesce((SELECT max(po.last_seen_at) FROM price_observations po WHERE po.offer_id = o.id), o.last_seen_at) AS last_seen_at,
            m.slug AS m_slug, m.name AS m_name, m.logo_url AS m_logo, m.marketplace AS m_marketplace, m.region AS m_region
       FROM offers o JOIN merchants m ON m.id = o.merchant_id
      WHERE o.product_id = $1 AND o.active
      ORDER BY ${bestOfferSql('o.').orderBy}
      LIMIT 50`,
    [productId],
  );
  return res.rows.map((o) => {
    const price = o.sale_price_cents ?? o.price_cents;
    return {
      id: Number(o.id),
      merchant: { slug: o.m_slug, name: o.m_name, logo: o.m_logo ? logoMediaUrl(o.m_logo) : null, marketplace: o.m_marketplace, region: o.m_region },
      title: o.title,
      price,
      wasPrice: o.sale_price_cents !== null ? o.price_cents : null,
      shipping: o.shipping_cents,
      total: offerTotal({ price, shipping: o.shipping_cents }),
      availability: o.availability,
      condition: o.condition,
      link: o.link,
      sizes: sortSizes(o.sizes),
      colors: o.colors,
      matchMethod: o.match_method,
      originalPrice: o.original_currency
        ? { amount: Number(o.original_amount), currency: o.original_currency, rateDate: o.fx_rate_date, rateSource: o.fx_rate_source }
        : null,
      lastSeenAt: new Date(o.last_seen_at).toISOString(),
    };
  });
}

/**
 * The product's other colours (issue 11 §3): the products of other offers in the `variant_group` of
 * one of its active offers at the same merchant, each of one colour that `colors` (the product's own)
 * does not have; one product per colour (the most popular), colour order, at most 24.
 */
async function otherColorsOf(db: Queryable, id: number, colors: readonly string[]): Promise<ProductDetail['otherColors']> {
  const res = await db.query<{ color: string; id: string | number; slug: string }>(
    `SELECT DISTINCT ON (lower(o2.colors[1])) o2.colors[1] AS color, p.id, p.slug
       FROM offers o
       JOIN offers o2 ON o2.merchant_id = o.merchant_id AND o2.variant_group = o.variant_group AND o2.product_id <> o.product_id
                     AND o2.active AND cardinality(o2.colors) = 1
       JOIN products p ON p.id = o2.product_id AND p.offer_count > 0
      WHERE o.product_id = $1 AND o.active AND o.variant_group IS NOT NULL AND NOT (lower(o2.colors[1]) = ANY($2::text[]))
      ORDER BY lower(o2.colors[1]), p.popularity DESC, p.id
      LIMIT 24`,
    [id, colors.map((c) => c.toLowerCase())],
  );
  return res.rows.map((r) => ({ color: r.color, id: Number(r.id), slug: r.slug }));
}

/** Products in the same leaf category, nearest in price first, then popular ones. */
async function similarProducts(db: Queryable, id: number, code: string, price: number, limit: number) {
  const res = await db.query<CardRow>(
    `SELECT ${CARD_COLUMNS} FROM products p LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.category_code = $2 AND p.id <> $1 AND p.offer_count > 0
      ORDER BY abs(p.price_cents - $3) / greatest($3, 1)::float8 - 0.05 * p.popularity, p.id LIMIT $4`,
    [id, code, price, limit],
  );
  return res.rows.map(toCard);
}
