/**
 * Express buy (issue 15 §1; spec §7 `POST /order/api/v1/shoppingcart/express-buy`): one offer of a
 * product, in a size and colour when it has them, becomes a checkout session priced from the
 * offer at that moment (never from the client) and valid for {@link CHECKOUT_TTL_MS}.
 *
 * The unit price is the size's own in-stock price when a size is chosen (`offers.size_stock`),
 * else the offer's item price (sale price when on sale); shipping is the merchant's stated US
 * shipping (decision 0006). Errors: 404 `not_found` (no such offer of that product), 400
 * `size_required` / `unknown_size` / `unknown_color` (fixed messages; the size or colour asked for
 * and the offer's own in `details`), 409 `sold_out` (offer or size out of stock,
 * or no longer listed) and 409 `shipping_unknown` (the merchant states no US shipping, so no
 * honest total can be shown).
 */
import { randomUUID } from 'node:crypto';
import { sortSizes } from '@b-deals/core';
import type { CheckoutSession, ExpressBuyBody, OrderItem } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { imageObject } from '../catalog/index.ts';
import { DomainError, notFound } from '../errors.ts';
import type { PaymentProvider } from './payments.ts';

/** How long a checkout keeps its price, ms (30 minutes). */
export const CHECKOUT_TTL_MS = 30 * 60 * 1000;

interface OfferFacts {
  id: number;
  product_id: number;
  active: boolean;
  availability: string;
  price_cents: number;
  sale_price_cents: number | null;
  shipping_cents: number | null;
  sizes: string[];
  size_stock: Record<string, number>;
  colors: string[];
  title: string;
  slug: string;
  image_url: string | null;
  merchant_slug: string;
  merchant_name: string;
}

/** The offer `offerId` of product `productId` with what a checkout needs, or null. */
export async function offerFacts(db: Queryable, productId: number, offerId: number): Promise<OfferFacts | null> {
  const res = await db.query<OfferFacts>(
    `SELECT o.id, o.product_id, o.active, o.availability, o.price_cents, o.sale_price_cents, o.shipping_cents, o.sizes, o.size_stock, o.colors,
            p.title, p.slug, coalesce(p.image_url, o.image_url) AS image_url, m.slug AS merchant_slug, m.name AS merchant_name
       FROM offers o JOIN products p ON p.id = o.product_id JOIN merchants m ON m.id = o.merchant_id
      WHERE o.id = $1 AND o.product_id = $2`,
    [offerId, productId],
  );
  return res.rows[0] ?? null;
}

/**
 * The unit price (cents) of buying `offer` in `size` now, or throws the errors of the module
 * comment. Used when the checkout begins and again when the order is placed.
 */
export function priceNow(offer: OfferFacts, size: string | null, color: string | null): number {
  if (!offer.active || offer.availability === 'out_of_stock') throw new DomainError(409, 'sold_out', `This item is sold out at ${offer.merchant_name}.`);
  if (offer.shipping_cents === null) {
    throw new DomainError(
      409,
      'shipping_unknown',
      `${offer.merchant_name} does not state its shipping cost, so we cannot show a total. Buy it at the store instead.`,
    );
  }
  if (color !== null && offer.colors.length > 0 && !offer.colors.includes(color)) {
    throw new DomainError(400, 'unknown_color', 'This offer does not come in that colour.', { color, colors: offer.colors });
  }
  if (offer.sizes.length === 0) {
    if (size !== null) throw new DomainError(400, 'unknown_size', 'This offer has no sizes.', { sizes: [] });
    return offer.sale_price_cents ?? offer.price_cents;
  }
  if (size === null) throw new DomainError(400, 'size_required', 'Choose a size.', { sizes: sortSizes(offer.sizes) });
  if (!offer.sizes.includes(size))
    throw new DomainError(400, 'unknown_size', 'This offer does not come in that size.', { size, sizes: sortSizes(offer.sizes) });
  // An offer written before sizes' stock was recorded (migration 0012; its feed has not changed since)
  // has none: its own availability and price stand for every size until its next ingest.
  if (Object.keys(offer.size_stock).length === 0) return offer.sale_price_cents ?? offer.price_cents;
  const price = offer.size_stock[size];
  if (price === undefined)
    throw new DomainError(409, 'sold_out', `Size ${size} is sold out at ${offer.merchant_name}.`, { sizesInStock: sortSizes(Object.keys(offer.size_stock)) });
  return price;
}

/** The priced item of a checkout (or an order made from it). */
export function orderItem(offer: OfferFacts, s: { size: string | null; color: string | null; quantity: number; unit_price_cents: number }): OrderItem {
  return {
    productId: Number(offer.product_id),
    productSlug: offer.slug,
    productName: offer.title,
    image: imageObject(offer.image_url),
    offerId: Number(offer.id),
    merchant: { slug: offer.merchant_slug, name: offer.merchant_name },
    size: s.size,
    color: s.color,
    quantity: s.quantity,
    unitPrice: s.unit_price_cents,
  };
}

interface SessionRow {
  id: string;
  user_id: number | null;
  product_id: number;
  offer_id: number;
  size: string | null;
  color: string | null;
  quantity: number;
  unit_price_cents: number;
  shipping_cents: number;
  status: 'open' | 'completed' | 'expired';
  expires_at: Date;
}

/** Starts a checkout for `userId` (null: a visitor, who signs in before paying). */
export async function expressBuy(
  db: Queryable,
  provider: PaymentProvider,
  userId: number | null,
  body: ExpressBuyBody,
  now = new Date(),
): Promise<CheckoutSession> {
  const offer = await offerFacts(db, body.productId, body.offerId);
  if (!offer) throw notFound('The offer');
  const size = body.size ?? null;
  const color = body.color ?? (offer.colors.length === 1 ? offer.colors[0]! : null);
  const unit = priceNow(offer, size, color);
  const id = randomUUID();
  await db.query(
    `INSERT INTO checkout_sessions (id, user_id, product_id, offer_id, size, color, quantity, unit_price_cents, shipping_cents, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [id, userId, body.productId, body.offerId, size, color, body.quantity, unit, offer.shipping_cents, new Date(now.getTime() + CHECKOUT_TTL_MS), now],
  );
  return (await getCheckout(db, provider, id, userId, now))!;
}

/** A session's row and offer, or null when unknown or another shopper's (a visitor's session is anyone's who holds its id: they sign in to pay). */
export async function checkoutRow(db: Queryable, id: string, userId: number | null): Promise<{ session: SessionRow; offer: OfferFacts } | null> {
  const session = (await db.query<SessionRow>(`SELECT * FROM checkout_sessions WHERE id = $1`, [id])).rows[0];
  if (!session || (session.user_id !== null && session.user_id !== userId)) return null;
  const offer = await offerFacts(db, Number(session.product_id), Number(session.offer_id));
  return offer ? { session, offer } : null;
}

/** The checkout session `id` as its shopper sees it (status 'expired' past its time), or null. */
export async function getCheckout(
  db: Queryable,
  provider: PaymentProvider,
  id: string,
  userId: number | null,
  now = new Date(),
): Promise<CheckoutSession | null> {
  const found = await checkoutRow(db, id, userId);
  if (!found) return null;
  const { session: s, offer } = found;
  return {
    id: s.id,
    status: s.status === 'open' && new Date(s.expires_at) < now ? 'expired' : s.status,
    expiresAt: new Date(s.expires_at).toISOString(),
    item: orderItem(offer, s),
    subtotal: s.unit_price_cents * s.quantity,
    shipping: s.shipping_cents,
    currency: 'USD',
    payment: { provider: provider.name, testMode: provider.testMode, publishableKey: provider.publishableKey },
  };
}
