/**
 * Link rules of spec §2.4: an app deep link for a product-list page maps to
 * `/searchList/{rest}`; a link to our own host becomes an internal path; any other host opens
 * in a new window. Pure functions, shared by server and client.
 */

/** Scheme of the B-Deals app's deep links, e.g. `bdeals://productList/dresses?sort=latest`. */
export const APP_SCHEME = 'bdeals:';
/** Deep-link hosts that name the product-list page of the app. */
const PRODUCT_LIST_HOSTS = new Set(['productlist', 'product-list']);

/**
 * The web path of an app deep link to a product-list page (`bdeals://productList/{rest}` →
 * `/searchList/{rest}`, query string and hash kept), or null for any other URL.
 */
export function deepLinkPath(href: string): string | null {
  const m = /^bdeals:\/\/([^/?#]+)(\/[^?#]*)?([?#].*)?$/i.exec(href.trim());
  if (!m || !PRODUCT_LIST_HOSTS.has(m[1]!.toLowerCase())) return null;
  const rest = (m[2] ?? '/').replace(/^\/+/, '');
  return `/searchList/${rest}${m[3] ?? ''}`;
}

/** Where a link goes: an internal path for the router, or an external URL to open in a new window. */
export type ResolvedHref = { internal: true; to: string } | { internal: false; href: string };

/**
 * Resolves `href` against our own host names (`ownHosts`, e.g. `['b-deals.com',
 * 'www.b-deals.com']`, compared case-insensitively without port): relative paths and links to
 * our hosts become internal paths (path + query + hash); app deep links map per
 * {@link deepLinkPath}; http(s) links to other hosts stay external; anything else (mailto:,
 * javascript:, unparsable) resolves to an internal `/` so it can never run script.
 */
export function resolveHref(href: string, ownHosts: readonly string[]): ResolvedHref {
  const deep = deepLinkPath(href);
  if (deep) return { internal: true, to: deep };
  if (href.startsWith('/') && !href.startsWith('//')) return { internal: true, to: href };
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { internal: true, to: '/' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { internal: true, to: '/' };
  const own = ownHosts.some((h) => h.toLowerCase() === url.hostname.toLowerCase());
  return own ? { internal: true, to: url.pathname + url.search + url.hash } : { internal: false, href: url.href };
}
