/**
 * Serialises demo offers as Google Merchant Center (GMC) product feeds: RSS 2.0 with the
 * `g:` namespace (http://base.google.com/ns/1.0), Atom 1.0 (RFC 4287 entries plus `g:`
 * attributes), CSV (RFC 4180) and TSV with GMC attribute names as headers. Every attribute
 * name is the GMC product data specification's; money is written like GMC (`15.00 USD`).
 */
import type { MerchantDef } from './merchants-data.ts';

/** One feed item, already formatted as text. */
export interface FeedRow {
  id: string;
  itemGroupId: string | null;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  availability: string;
  /** Regular price in minor units of `currency`. */
  price: number;
  salePrice: number | null;
  currency: string;
  brand: string;
  gtin: string | null;
  mpn: string | null;
  googleProductCategory: string;
  productType: string;
  color: string | null;
  size: string | null;
  gender: string;
  ageGroup: string;
  /** US shipping in minor units of `currency`; null: not stated. */
  shipping: number | null;
}

/**
 * Formats money as the merchant writes it: `std` "1299.00 USD", `whole` "15 USD" for whole
 * amounts, `grouped` "1,299.00 USD", `column` "1299.00" (currency in its own CSV column).
 */
export function formatFeedMoney(minor: number, currency: string, notation: MerchantDef['notation']): string {
  const fixed = (minor / 100).toFixed(2);
  switch (notation) {
    case 'column':
      return fixed;
    case 'whole':
      return minor % 100 === 0 ? `${minor / 100} ${currency}` : `${fixed} ${currency}`;
    case 'grouped': {
      const [int, frac] = fixed.split('.') as [string, string];
      return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac} ${currency}`;
    }
    default:
      return `${fixed} ${currency}`;
  }
}

/** Escapes text for XML character data and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function el(name: string, value: string | null): string {
  return value === null || value === '' ? '' : `<${name}>${xmlEscape(value)}</${name}>`;
}

function gAttributes(r: FeedRow, m: MerchantDef): string {
  const money = (v: number) => formatFeedMoney(v, r.currency, m.notation === 'column' ? 'std' : m.notation);
  return [
    el('g:image_link', r.imageLink),
    el('g:availability', r.availability),
    el('g:price', money(r.price)),
    r.salePrice === null ? '' : el('g:sale_price', money(r.salePrice)),
    el('g:brand', r.brand),
    el('g:gtin', r.gtin),
    el('g:mpn', r.mpn),
    el('g:condition', 'new'),
    el('g:google_product_category', r.googleProductCategory),
    el('g:product_type', r.productType),
    el('g:color', r.color),
    el('g:size', r.size),
    el('g:gender', r.gender),
    el('g:age_group', r.ageGroup),
    el('g:item_group_id', r.itemGroupId),
    r.shipping === null ? '' : `<g:shipping><g:country>US</g:country><g:service>Standard</g:service><g:price>${money(r.shipping)}</g:price></g:shipping>`,
  ].join('');
}

function description(r: FeedRow, m: MerchantDef, tag: string): string {
  if (r.description === '') return `<${tag}></${tag}>`;
  if (m.html === 'cdata') return `<${tag}><![CDATA[${r.description.replace(/]]>/g, ']]&gt;')}]]></${tag}>`;
  return el(tag, r.description);
}

/** RSS 2.0 feed (`rss`: RSS `title`/`link`/`description`; `rss-g`: the `g:` forms). */
export function rssFeed(m: MerchantDef, rows: readonly FeedRow[]): string {
  const g = m.format === 'rss-g' ? 'g:' : '';
  const items = rows.map(
    (r) => `<item>${el('g:id', r.id)}${el(`${g}title`, r.title)}${el(`${g}link`, r.link)}${description(r, m, `${g}description`)}${gAttributes(r, m)}</item>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n${el('title', `${m.name} product feed`)}\n${el('link', `https://${m.host}/`)}\n${el('description', `Products sold by ${m.name}`)}\n${items.join('')}</channel>\n</rss>\n`;
}

/** Atom 1.0 feed with GMC's entry elements (`title`, `id`, `link`, `summary`, `updated`) plus `g:` attributes. */
export function atomFeed(m: MerchantDef, rows: readonly FeedRow[], updated: string): string {
  const entries = rows.map(
    (r) =>
      `<entry>${el('id', r.id)}${el('g:id', r.id)}${el('title', r.title)}<link href="${xmlEscape(r.link)}"/>${description(r, m, 'summary')}${el('updated', updated)}${gAttributes(r, m)}</entry>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">\n${el('title', `${m.name} product feed`)}\n<link rel="alternate" type="text/html" href="https://${m.host}/"/>\n${el('updated', updated)}\n${el('id', `tag:${m.host},2024:products`)}\n${entries.join('')}</feed>\n`;
}

const HEADERS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'mpn',
  'condition',
  'google_product_category',
  'product_type',
  'color',
  'size',
  'gender',
  'age_group',
  'shipping',
];

function delimitedRow(r: FeedRow, m: MerchantDef): string[] {
  const money = (v: number) => formatFeedMoney(v, r.currency, m.notation);
  const row = [
    r.id,
    r.itemGroupId ?? '',
    r.title,
    r.description,
    r.link,
    r.imageLink,
    r.availability,
    money(r.price),
    r.salePrice === null ? '' : money(r.salePrice),
    r.brand,
    r.gtin ?? '',
    r.mpn ?? '',
    'new',
    r.googleProductCategory,
    r.productType,
    r.color ?? '',
    r.size ?? '',
    r.gender,
    r.ageGroup,
    r.shipping === null ? '' : `US::Standard:${formatFeedMoney(r.shipping, r.currency, 'std')}`,
  ];
  if (m.notation === 'column') row.push(r.currency);
  return row;
}

/** CSV (RFC 4180: comma, CRLF, fields quoted when they hold a comma, quote or line break). */
export function csvFeed(m: MerchantDef, rows: readonly FeedRow[]): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const headers = m.notation === 'column' ? [...HEADERS, 'currency'] : HEADERS;
  return [headers, ...rows.map((r) => delimitedRow(r, m))].map((cells) => cells.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** TSV as GMC reads it: tab-separated, one item per line, no quoting (tabs and line breaks become spaces). */
export function tsvFeed(m: MerchantDef, rows: readonly FeedRow[]): string {
  const clean = (v: string) => v.replace(/[\t\r\n]+/g, ' ');
  return [HEADERS, ...rows.map((r) => delimitedRow(r, m))].map((cells) => cells.map(clean).join('\t')).join('\n') + '\n';
}
