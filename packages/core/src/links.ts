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
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}

/** Product page path of spec §2.1, `/prod/{slug}/?id={id}` (with the trailing slash spec §2.2 adds to every path). */
export function productHref(slug: string, id: number | string, opts: { color?: string; size?: string } = {}): string {
  const p = new URLSearchParams({ id: String(id) });
  if (opts.color) p.set('color', opts.color);
  if (opts.size) p.set('size', opts.size);
  return `/prod/${slug}/?${p.toString()}`;
}

/** Category page path: `/category/{path}/`. */
export function categoryHref(path: string): string {
  return `/category/${path}/`;
}
