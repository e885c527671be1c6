/** Builds small GMC RSS feeds for ingest tests (test helper, not production code). */
export interface TestItem {
  id: string;
  title: string;
  price: string;
  brand?: string;
  gtin?: string;
  mpn?: string;
  salePrice?: string;
  availability?: string;
  color?: string;
  size?: string;
  itemGroupId?: string;
  category?: string;
  productType?: string;
  gender?: string;
  /** GMC age_group (absent by default). */
  ageGroup?: string;
  shipping?: string;
  /** Default: the title and the merchant. */
  description?: string;
  /** GMC image_link (default `https://{merchant}.example/img/{id}.jpg`). */
  imageLink?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** An RSS 2.0 feed with the GMC `g:` namespace. */
export function rssFeed(merchant: string, items: TestItem[]): Buffer {
  const body = items
    .map((i) => {
      const el = (n: string, v?: string) => (v === undefined ? '' : `<g:${n}>${esc(v)}</g:${n}>`);
      return `<item>${el('id', i.id)}<title>${esc(i.title)}</title><link>https://${merchant}.example/p/${i.id}</link>
        <description>${esc(i.description ?? `${i.title} from ${merchant}`)}</description>${el('image_link', i.imageLink ?? `https://${merchant}.example/img/${i.id}.jpg`)}
        ${el('price', i.price)}${el('sale_price', i.salePrice)}${el('availability', i.availability ?? 'in stock')}${el('brand', i.brand)}
        ${el('gtin', i.gtin)}${el('mpn', i.mpn)}${el('color', i.color)}${el('size', i.size)}${el('item_group_id', i.itemGroupId)}
        ${el('google_product_category', i.category ?? 'Apparel & Accessories > Clothing > Dresses')}${el('product_type', i.productType)}
        ${el('gender', i.gender ?? 'female')}${el('age_group', i.ageGroup)}${i.shipping ? `<g:shipping><g:country>US</g:country><g:price>${i.shipping}</g:price></g:shipping>` : ''}</item>`;
    })
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>${merchant}</title><link>https://${merchant}.example</link>${body}</channel></rss>`,
  );
}
