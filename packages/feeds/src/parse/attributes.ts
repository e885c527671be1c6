/**
 * Maps feed column headers and XML element names onto Google Merchant Center attribute names
 * (GMC product data specification). Accepts GMC names in any case, with spaces or a `g:`
 * prefix (`Image Link`, `g:image_link`, `IMAGE_LINK`), and the plain headers shops export
 * (`Title`, `Sale Price`, `Image URL`, `Product URL`, `SKU`, `EAN`, `Stock`, …).
 */

/** GMC attributes (plus the non-GMC `currency` column) that the normaliser reads. */
export const GMC_ATTRIBUTES = [
  'id',
  'item_group_id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'gtin',
  'mpn',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'currency',
  'availability',
  'condition',
  'google_product_category',
  'product_type',
  'color',
  'size',
  'gender',
  'age_group',
  'shipping',
] as const;
export type GmcAttribute = (typeof GMC_ATTRIBUTES)[number];

const ALIASES: Record<string, GmcAttribute> = {
  sku: 'id',
  product_id: 'id',
  item_id: 'id',
  offer_id: 'id',
  id_sku: 'id',
  sku_id: 'id',
  group_id: 'item_group_id',
  parent_id: 'item_group_id',
  parent_sku: 'item_group_id',
  item_group: 'item_group_id',
  name: 'title',
  product_name: 'title',
  product_title: 'title',
  summary: 'description',
  content: 'description',
  long_description: 'description',
  product_description: 'description',
  url: 'link',
  product_url: 'link',
  product_link: 'link',
  page_url: 'link',
  product_page: 'link',
  image: 'image_link',
  image_url: 'image_link',
  main_image: 'image_link',
  main_image_url: 'image_link',
  picture: 'image_link',
  additional_image_links: 'additional_image_link',
  additional_images: 'additional_image_link',
  additional_image_url: 'additional_image_link',
  additional_image_urls: 'additional_image_link',
  brand_name: 'brand',
  vendor: 'brand',
  ean: 'gtin',
  upc: 'gtin',
  isbn: 'gtin',
  jan: 'gtin',
  barcode: 'gtin',
  ean13: 'gtin',
  gtin13: 'gtin',
  gtin12: 'gtin',
  gtin14: 'gtin',
  gtin8: 'gtin',
  manufacturer_part_number: 'mpn',
  part_number: 'mpn',
  special_price: 'sale_price',
  discount_price: 'sale_price',
  sale: 'sale_price',
  currency_code: 'currency',
  stock: 'availability',
  stock_status: 'availability',
  in_stock: 'availability',
  inventory_status: 'availability',
  category: 'product_type',
  categories: 'product_type',
  product_category: 'product_type',
  google_category: 'google_product_category',
  google_product_category_id: 'google_product_category',
  colour: 'color',
  sizes: 'size',
  sex: 'gender',
  age: 'age_group',
  shipping_cost: 'shipping',
  shipping_price: 'shipping',
};

const KNOWN = new Set<string>(GMC_ATTRIBUTES);
/** Header/element names seen so far (feeds repeat the same few names for every item). */
const cache = new Map<string, GmcAttribute | null>();

/**
 * The GMC attribute a header or element name stands for, or null for a column we ignore.
 * @example gmcAttributeName('G:Image Link') === 'image_link'; gmcAttributeName('Product URL') === 'link'
 */
export function gmcAttributeName(raw: string): GmcAttribute | null {
  let name = cache.get(raw);
  if (name === undefined) {
    name = resolve(raw);
    if (cache.size < 10_000) cache.set(raw, name);
  }
  return name;
}

function resolve(raw: string): GmcAttribute | null {
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z0-9_-]*:/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (KNOWN.has(key)) return key as GmcAttribute;
  return ALIASES[key] ?? null;
}

/** One GMC `shipping` group as read: destination country and price text (both as written). */
export interface RawShipping {
  country: string | null;
  price: string | null;
}

/**
 * Reads the text form of GMC `shipping`: groups `country:region:service:price` separated by
 * commas (`US::Standard:5.95 USD,CA::Express:12 CAD`), or a bare price (`4.99`, `$4.99`) taken
 * as shipping to any country.
 */
export function parseShippingText(text: string): RawShipping[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  if (!trimmed.includes(':')) return [{ country: null, price: trimmed }];
  return trimmed
    .split(/,(?=[^,:]*:)/)
    .map((group) => {
      const parts = group.split(':');
      const price = parts[parts.length - 1]?.trim() ?? '';
      return { country: parts[0]?.trim() || null, price: price || null };
    })
    .filter((s) => s.price !== null);
}
