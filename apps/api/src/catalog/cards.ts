/** Product rows → ProductCard (contracts), shared by search, product and brand queries. */
import { priceBadge } from '@b-deals/core';
import type { ProductCard } from '@b-deals/contracts';
import { imageObject } from './media.ts';
import type { ProductRow } from './rows.ts';

/** Columns every card query selects (alias `p` for products, `b` for brands). */
export const CARD_COLUMNS = `p.id, p.slug, p.title, p.price_cents, p.item_price_cents, p.shipping_cents, p.was_price_cents, p.discount_pct, p.category_code, p.in_stock,
  p.image_url, cardinality(p.merchant_ids) AS merchant_count, b.slug AS brand_slug, b.name AS brand_name,
  p.low_90_prior_cents, p.observed_days_90, p.low_365_cents, p.observed_days_365, p.was_check, p.reference_price_cents`;

/** The columns a card's price badges and was-price check are made from (core `priceBadge`, `wasCheck`; decision 0015). */
export type PriceTruthColumn = 'low_90_prior_cents' | 'observed_days_90' | 'low_365_cents' | 'observed_days_365' | 'was_check' | 'reference_price_cents';

/** A row of {@link CARD_COLUMNS}. */
export type CardRow = Pick<
  ProductRow,
  | 'slug'
  | 'title'
  | 'price_cents'
  | 'item_price_cents'
  | 'shipping_cents'
  | 'was_price_cents'
  | 'discount_pct'
  | 'category_code'
  | 'in_stock'
  | 'image_url'
  | PriceTruthColumn
> & { id: number | string; merchant_count: number; brand_slug: string | null; brand_name: string | null };

/** Category codes of a product, deepest first: "811" → ["811", "81", "8"]. */
export function categoryIdsOf(code: string): string[] {
  const out: string[] = [];
  for (let i = code.length; i > 0; i--) out.push(code.slice(0, i));
  return out;
}

export function toCard(r: CardRow): ProductCard {
  return {
    id: Number(r.id),
    slug: r.slug,
    name: r.title,
    brand: r.brand_slug ? { slug: r.brand_slug, name: r.brand_name ?? r.brand_slug } : null,
    image: imageObject(r.image_url),
    priceTag: r.price_cents ?? 0,
    itemPrice: r.item_price_cents ?? r.price_cents ?? 0,
    shipping: r.shipping_cents,
    wasPrice: r.was_price_cents,
    discount: r.discount_pct,
    merchantCount: Number(r.merchant_count),
    categoryIds: categoryIdsOf(r.category_code),
    inStock: r.in_stock,
    priceBadge: priceBadge({
      priceCents: r.price_cents,
      low90PriorCents: r.low_90_prior_cents,
      observedDays90: r.observed_days_90,
      low365Cents: r.low_365_cents,
      observedDays365: r.observed_days_365,
    }),
    wasCheck: r.was_price_cents === null ? null : r.was_check,
    referencePrice: r.was_price_cents === null ? null : r.reference_price_cents,
  };
}
