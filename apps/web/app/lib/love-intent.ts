/**
 * The part of B-LOVED every page needs (issue 14): the favourite API's path and the visitor's
 * heart carried through sign-in in the page's URL (`?love={productId}`). Pure and small: it ships
 * with the first load (lib/favorites-client.ts).
 */

/** Base path of the favourite API (spec §7), same origin in the browser through the storefront's proxy. */
export const FAVORITE_API = '/inventory/api/v1/favorite';

/** Query parameter that carries a visitor's heart through sign-in: `?love={productId}`. */
export const LOVE_PARAM = 'love';

/** `path` (path and query) with `love={id}` set, for `/login?redirectTo=`. */
export function withLoveIntent(path: string, id: number): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(LOVE_PARAM, String(id));
  return url.pathname + url.search + url.hash;
}

/** The product id of a `love` parameter in a query string, or null (absent or not a positive id). */
export function loveIntent(search: string): number | null {
  const raw = new URLSearchParams(search).get(LOVE_PARAM);
  const id = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** `path` (path, query and fragment) without its `love` parameter. */
export function withoutLoveIntent(path: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.delete(LOVE_PARAM);
  return url.pathname + url.search + url.hash;
}
