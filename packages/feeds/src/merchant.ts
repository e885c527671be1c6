/**
 * The merchant a feed belongs to, as the feed or the operator names it. The catalogue writes it
 * into `merchants` (apps/api `catalog/writes.ts`); spec §3 gives the region and marketplace keys.
 */
import { parse as parseDomain } from 'tldts';
import { slugify, type Marketplace, type Region } from '@b-deals/core';
import type { ParsedFeed } from './types.ts';

/** Merchant of a feed. Only `slug` is required; the other fields update the merchant when given. */
export interface MerchantInput {
  slug: string;
  name?: string;
  region?: Region;
  marketplace?: Marketplace | null;
  homepage?: string | null;
  logo?: string | null;
}

/** ISO 4217 currencies of Europe's stores (the EU's, the UK's, the EEA's and Switzerland's): their merchants' region is EUROPEAN. */
const EUROPEAN_CURRENCIES = new Set(['EUR', 'GBP', 'CHF', 'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN']);

/**
 * Where a store is on the web, from a feed's channel link: `slug` names the store, `homepage` is
 * its address. The store is the registrable domain (the public suffix list, via tldts: `abellajoias`
 * of `catalogo.abellajoias.com.br`, `brand` of `shop.brand.co.uk`), so two shops of one host name
 * (`shop.` of two brands) stay apart; on a host where each user's site is a subdomain and a store may
 * be a path (a private suffix of the list: `github.io`), the user's name and the path's first
 * segment (`sherow1982-matjar-makhzoon-alemarat`): two stores of one user are two merchants. Null
 * when the link is no http(s) URL.
 */
export function storeOfLink(link: string | null): { slug: string; homepage: string } | null {
  let url: URL;
  try {
    url = new URL(link ?? '');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^www\./, '');
  const domain = parseDomain(url.href, { allowPrivateDomains: true });
  const segment = url.pathname.split('/').find(Boolean) ?? '';
  const pathStore = domain.isPrivate === true && segment !== '' && !/\.[a-z0-9]+$/i.test(segment);
  const name = domain.domainWithoutSuffix || host.split('.')[0] || '';
  return {
    slug: slugify(pathStore ? `${name} ${decodeURIComponent(segment)}` : name),
    homepage: `https://${host}${pathStore ? `/${segment}` : ''}`,
  };
}

/**
 * The region of a feed's merchant (spec §3 keys) from the currency most of its items are priced in
 * (accepted items' original currency, USD when converted from nothing; rejected items' unknown
 * one): USD → US, a European currency → EUROPEAN, any other → OTHERS; US for a feed without items.
 */
export function regionOfFeed(parsed: Pick<ParsedFeed, 'items'>): Region {
  const counts = new Map<string, number>();
  for (const p of parsed.items) {
    const currency = p.item ? (p.item.original?.currency ?? 'USD') : p.rejection?.code === 'unknown_currency' ? p.rejection.currency : undefined;
    if (currency) counts.set(currency, (counts.get(currency) ?? 0) + 1);
  }
  const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'USD';
  return top === 'USD' ? 'US' : EUROPEAN_CURRENCIES.has(top) ? 'EUROPEAN' : 'OTHERS';
}

/**
 * Merchant of a feed without `--merchant`: slug of its store's address ({@link storeOfLink}), else
 * of the channel title, else of the file name; name the channel title, else the address's host,
 * else the file name; region by the feed's currency ({@link regionOfFeed}).
 */
export function merchantFromFeed(parsed: Pick<ParsedFeed, 'title' | 'link' | 'items'>, feed: string): MerchantInput {
  const store = storeOfLink(parsed.link);
  const stem = feed.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const name = parsed.title?.trim() || (store ? new URL(store.homepage).hostname : '') || stem;
  return {
    slug: store?.slug || slugify(name) || slugify(stem) || 'merchant',
    name,
    region: regionOfFeed(parsed),
    homepage: store?.homepage ?? null,
  };
}
