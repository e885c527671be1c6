/**
 * Permanent redirects of spec §2.2, as a pure function the express server applies before
 * React Router (server/app.ts):
 * - /lux/ → /euro/, /eco/ → /sports-outdoors/;
 * - renamed category short links under /c/sports/ and /c/outdoor/;
 * - /index.html → /;
 * - a trailing slash is added to every other path, except paths whose last segment names a
 *   file (core `pagePath`: .html, .json, .js, .map, .txt, .xml, .pdf and static assets). React Router's own client requests (single-fetch
 *   `*.data` and `/__manifest`) are not pages and are left alone too.
 */

import { pagePath } from '@b-deals/core';

/** Short-form category renames of spec §2.2, keyed by the old path (without trailing slash). */
const RENAMES: Readonly<Record<string, string>> = {
  '/lux': '/euro/',
  '/eco': '/sports-outdoors/',
  '/c/sports/sweatshirts-joggers': '/c/sports/sweatshirts/',
  '/c/outdoor/gym-hiking-bags-backpacks': '/c/outdoor/backpacks/',
  '/c/outdoor/golf-balls': '/sports-outdoors/',
  '/c/outdoor/volleyballs': '/sports-outdoors/',
  '/c/outdoor/tennis-badminton-balls': '/c/outdoor/tennis/',
  '/c/outdoor/ski-protective-gear-ski-wear': '/c/outdoor/ski-protective-gear/',
  '/c/outdoor/camping-tents-sleeping-bags': '/c/outdoor/camping-tents/',
  '/c/outdoor/skateboarding-rollerblading': '/c/outdoor/rollerblading/',
  '/c/outdoor/knee-elbow-wrist-supports': '/c/outdoor/sports-protective-gear/',
  '/c/outdoor/yoga-mats-exercise-balls': '/c/outdoor/yoga-mats/',
};

/**
 * The 301 target for a request, or null when the request is served as it is.
 * `pathname` is the raw URL path (percent-encoded as received), `search` the query string
 * with its leading `?` or ''. The query string is kept on every redirect. Paths starting with
 * `//` are left alone (they would become protocol-relative Locations).
 */
export function permanentRedirect(pathname: string, search = ''): string | null {
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null;
  if (pathname === '/index.html') return `/${search}`;
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const renamed = RENAMES[bare.toLowerCase()];
  if (renamed) return renamed + search;
  // The same rule the pages' links are built with (core pagePath), so no link of ours redirects.
  if (pagePath(pathname) === pathname) return null;
  if (pathname.endsWith('.data') || pathname === '/__manifest') return null;
  return `${pathname}/${search}`;
}
