/**
 * The part of a product that a card shows (components/product-card.tsx), cut from the API's
 * `ProductCard` before a listing's loader data goes into the page (issue 12 §3, HTML weight): a
 * listing page carries its 24 products twice, once as HTML and once as the data React hydrates
 * from. Left out: the full-size image, the brand's slug, the stock flag when the product is in
 * stock (only `inStock: false` is kept, for the card's "Out of stock" badge), the reference price
 * (a product-page sentence), every category but the deepest (the GA4 `item_category`), and the
 * badge and was-price fields when they are null.
 * An API `ProductCard` is itself a `CardView`, so every card component takes either.
 */
import type { ProductCard } from '@b-deals/contracts';

export interface CardView {
  id: number;
  slug: string;
  name: string;
  brand: { name: string } | null;
  image: { thumbnail: { url: string } } | null;
  /** Best price (item plus stated shipping), cents; see contracts `ProductCardSchema`. */
  priceTag: number;
  /** Item price of the best offer, cents. */
  itemPrice: number;
  /** US shipping of the best offer, cents; null when the merchant does not state it. */
  shipping: number | null;
  /** Regular item price when on sale, cents. */
  wasPrice?: number | null;
  /** Whole-percent discount against `wasPrice` (0 when not on sale). */
  discount: number;
  merchantCount: number;
  /** Category codes, the deepest first (a card view keeps the deepest only). */
  categoryIds: string[];
  priceBadge?: ProductCard['priceBadge'];
  wasCheck?: ProductCard['wasCheck'];
  /** False when no store has the product in stock (the card says so); a card view leaves it out otherwise. */
  inStock?: boolean;
}

/** The card view of one API product card: the fields above, without nulls where a null says nothing. */
export function toCardView(p: ProductCard): CardView {
  const view: CardView = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    brand: p.brand ? { name: p.brand.name } : null,
    image: p.image ? { thumbnail: { url: p.image.thumbnail.url } } : null,
    priceTag: p.priceTag,
    itemPrice: p.itemPrice,
    shipping: p.shipping,
    discount: p.discount,
    merchantCount: p.merchantCount,
    categoryIds: p.categoryIds.slice(0, 1),
  };
  if (p.wasPrice !== null) view.wasPrice = p.wasPrice;
  if (p.priceBadge !== null) view.priceBadge = p.priceBadge;
  if (p.wasCheck !== null) view.wasCheck = p.wasCheck;
  if (!p.inStock) view.inStock = false;
  return view;
}
