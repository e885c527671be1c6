/**
 * Brand/merchant link rule of spec §5: a brand or merchant link stays a search link when both
 * `m` and `b` are present, or when more than one of either is present; otherwise it becomes
 * the brand page `/brand/{slug}/` or the store page `/store/{slug}/`.
 */
export interface BrandMerchantParams {
  /** Brand slugs (query param `b`, repeatable). */
  b: readonly string[];
  /** Merchant slugs (query param `m`, repeatable). */
  m: readonly string[];
}

/** Returns the internal path a brand/merchant selection should link to. */
export function brandMerchantHref({ b, m }: BrandMerchantParams, extra: URLSearchParams = new URLSearchParams()): string {
  const keepSearch = (b.length > 0 && m.length > 0) || b.length > 1 || m.length > 1;
  if (!keepSearch && b.length === 1) return withQuery(`/brand/${encodeURIComponent(b[0]!)}/`, extra);
  if (!keepSearch && m.length === 1) return withQuery(`/store/${encodeURIComponent(m[0]!)}/`, extra);
  const params = new URLSearchParams(extra);
  for (const v of b) params.append('b', v);
  for (const v of m) params.append('m', v);
  return withQuery('/searchList/', params);
}

function withQuery(path: string, params: URLSearchParams): string {
  return internalHref(path, params);
}

/** Last path segments that name a file and so keep no trailing slash (spec §2.2). */
export const FILE_EXTENSION = /\.(html|json|js|map|txt|xml|pdf|ico|png|jpe?g|webp|svg|css)$/i;

/**
 * A path in its final form (spec §2.2, every page path ends in `/`): adds the trailing slash
 * unless the path already has one or its last segment names a file (`/sitemap.xml`,
 * `/sweepstake/game/index.html`). `''` is `/`.
 */
export function pagePath(path: string): string {
  if (path === '') return '/';
  return path.endsWith('/') || FILE_EXTENSION.test(path) ? path : `${path}/`;
}

/**
 * An internal link in its final form, so that no link on our pages answers with the 301 of spec
 * §2.2 (issue 20 §5). `target` is a path, optionally with its query and fragment
 * (`/outlet?b=x#top` → `/outlet/?b=x#top`); `query`, when given, replaces the target's query
 * (a string with or without `?`, or URLSearchParams; empty → no `?`). Links that are not a
 * site path (`https:`, `mailto:`, `//host`) are returned unchanged.
 */
export function internalHref(target: string, query?: URLSearchParams | string): string {
  if (!target.startsWith('/') || target.startsWith('//')) return target;
  const hashAt = target.indexOf('#');
  const hash = hashAt >= 0 ? target.slice(hashAt) : '';
  const beforeHash = hashAt >= 0 ? target.slice(0, hashAt) : target;
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const q = (query === undefined ? (queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '') : query.toString()).replace(/^\?/, '');
  return `${pagePath(path)}${q ? `?${q}` : ''}${hash}`;
}

/** Product page path of spec §2.1, `/prod/{slug}/?id={id}` (with the trailing slash spec §2.2 adds to every path). */
export function productHref(slug: string, id: number | string, opts: { color?: string; size?: string } = {}): string {
  const p = new URLSearchParams({ id: String(id) });
  if (opts.color) p.set('color', opts.color);
  if (opts.size) p.set('size', opts.size);
  return internalHref(`/prod/${slug}/`, p);
}

/** Category page path: `/category/{path}/`. */
export function categoryHref(path: string): string {
  return pagePath(`/category/${path}`);
}

/** A listing's query as a search condition states it (contracts SearchCondition fields; prices in cents). */
export interface ListingQuery {
  q?: string;
  b?: readonly string[];
  m?: readonly string[];
  cids?: readonly string[];
  /** Price band key of spec §9 (`5000-10000`). */
  price?: string;
  minPrice?: number;
  maxPrice?: number;
  l?: readonly string[];
  sort?: string;
  marketplace?: string;
}

/**
 * The landing page (and its tab) that lists each marketplace (DESIGN.md "Marketplaces"):
 * B-Outlet, B-Euro's Luxury (first) and European boutiques tabs, Sports & Outdoors' Eco tab (first).
 */
export const MARKETPLACE_PAGES: Readonly<Record<string, { path: string; tab?: string }>> = {
  OUTLET: { path: '/outlet/' },
  LUXURY: { path: '/euro/' },
  EUROPEAN: { path: '/euro/', tab: 'european' },
  ECO: { path: '/sports-outdoors/' },
};

/**
 * The listing page that shows exactly `query` (issue 20 §6: a rail's "See all" opens the rail's
 * own list): a marketplace goes to its landing page and tab, anything else to `/searchList/`;
 * every filter and the sort travel as the listing's URL parameters (`min`/`max` in dollars).
 */
export function listingHref(query: ListingQuery): string {
  const page = query.marketplace ? MARKETPLACE_PAGES[query.marketplace] : undefined;
  const p = new URLSearchParams();
  if (page?.tab) p.set('tab', page.tab);
  if (query.q) p.set('q', query.q);
  for (const key of ['b', 'm', 'cids', 'l'] as const) for (const v of query[key] ?? []) p.append(key, v);
  if (query.price) p.set('price', query.price);
  if (query.minPrice !== undefined) p.set('min', String(query.minPrice / 100));
  if (query.maxPrice !== undefined) p.set('max', String(query.maxPrice / 100));
  if (query.sort) p.set('sort', query.sort);
  return internalHref(page?.path ?? '/searchList/', p);
}

/**
 * True when a shopper's text is a store's product link rather than words (issue 16 §6 "paste a
 * merchant's product URL"; issue 11: pasted into the header search): after trimming, one http(s) URL
 * (RFC 3986 scheme `http`/`https`, then `//`) with a host holding a dot, and no white space. The
 * rule of the offer lookup's `link` (contracts `OfferLookupQuerySchema`), the search page and
 * /price-history-tracking/.
 */
export function isProductLink(text: string): boolean {
  return /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i.test(text.trim());
}

/**
 * The key a merchant's product link is looked up by (issue 16 §6: "paste a merchant's product
 * URL"): the link without fragment, query, scheme, leading `www.` and trailing slashes,
 * lower-cased — so `https://www.Shop.example/p/Dress-1/?utm_source=x#top` and
 * `http://shop.example/p/dress-1` are one product page. Same rule as {@link productLinkKeySql}.
 */
export function productLinkKey(link: string): string {
  return link
    .trim()
    .split('#')[0]!
    .split('?')[0]!
    .replace(/^[a-z][a-z0-9+.-]*:\/\/(www\.)?/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

/** {@link productLinkKey} as a SQL expression over a text column (the `offers_link_key_idx` index is on `productLinkKeySql('link')`). */
export function productLinkKeySql(column: string): string {
  return `lower(regexp_replace(regexp_replace(split_part(split_part(btrim(${column}), '#', 1), '?', 1), '^[a-z][a-z0-9+.-]*://(www\\.)?', '', 'i'), '/+$', ''))`;
}
