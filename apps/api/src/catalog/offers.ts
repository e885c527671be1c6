/**
 * Offers by the merchant page they point to (issue 16 §6: a shopper pastes a store's product
 * link to see its price history here).
 */
import { productLinkKey, productLinkKeySql } from '@b-deals/core';
import type { OfferLookup } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { notFound } from '../errors.ts';
import type { MerchantRow, OfferRow, ProductRow } from './rows.ts';

/**
 * The product and offer behind a merchant's product link, by core `productLinkKey` (an indexed
 * lookup). Among several offers with that page: the one whose link is exactly the one given,
 * then an active one, then the newest.
 *
 * @throws DomainError 404 when no offer has that page
 */
export async function lookupOfferByLink(db: Queryable, link: string): Promise<OfferLookup> {
  const res = await db.query<
    Pick<OfferRow, 'id'> & {
      product_id: ProductRow['id'];
      slug: ProductRow['slug'];
      title: ProductRow['title'];
      m_slug: MerchantRow['slug'];
      m_name: MerchantRow['name'];
    }
  >(
    `SELECT o.id, p.id AS product_id, p.slug, p.title, m.slug AS m_slug, m.name AS m_name
       FROM offers o JOIN products p ON p.id = o.product_id JOIN merchants m ON m.id = o.merchant_id
      WHERE ${productLinkKeySql('o.link')} = $1
      ORDER BY (btrim(o.link) = $2) DESC, o.active DESC, o.id DESC
      LIMIT 1`,
    [productLinkKey(link), link.trim()],
  );
  const row = res.rows[0];
  if (!row) throw notFound('A product with that link');
  return { productId: Number(row.product_id), slug: row.slug, name: row.title, offerId: Number(row.id), merchant: { slug: row.m_slug, name: row.m_name } };
}
