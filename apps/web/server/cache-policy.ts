/**
 * One Cache-Control per storefront answer (decision 0014), decided as its head is written, for
 * everything the storefront renders itself: pages, React Router's single-fetch `.data` answers
 * (navigation data), form actions and the server's own errors. Answers that already carry a
 * policy (hashed assets, /sw.js, robots.txt, page-data JSON, a route's `headers` export) keep it,
 * written once: directives repeated by two writers (the load context and a route both saying
 * `private, no-store` on /order/) are merged into one header line.
 *
 * The rule, {@link cacheControlFor}:
 * - a shopper with a session cookie (`bd_session`), or an answer setting a cookie: `private, no-store`
 *   (a page rendered for a signed-in shopper is theirs alone; decision 0013);
 * - else the route's own policy when it has one (checkout, orders, mail links: `no-store`);
 * - else an anonymous 200 to GET or HEAD: the HTML cache's `public, max-age=0, must-revalidate`
 *   (plus `s-maxage` with the cache's freshness, seconds), so a page's `.data` answer is kept and
 *   revalidated exactly like its HTML;
 * - a permanent redirect (301, 308): `public, max-age=3600`; anything else (another redirect, an
 *   error, an action's answer): `no-store`.
 */
import type http from 'node:http';
import { SESSION_COOKIE } from './session-cookie.ts';

/** What decides an answer's Cache-Control. */
export interface CacheFacts {
  method: string;
  status: number;
  /** The request carries the storefront's session cookie. */
  signedIn: boolean;
  /** The answer sets a cookie. */
  setsCookie: boolean;
  /** The Cache-Control header lines already on the answer (a route's or a middleware's), possibly none or repeated. */
  given: string[];
  /** The HTML cache's freshness, seconds (`s-maxage`); absent when the cache is off. */
  sharedMaxAgeS?: number;
}

/** `given` header lines as one value, each directive once, in first-seen order ('' for none). */
export function mergeDirectives(given: string[]): string {
  const seen = new Map<string, string>();
  for (const line of given)
    for (const d of line.split(',')) {
      const t = d.trim();
      if (t && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
    }
  return [...seen.values()].join(', ');
}

/** The anonymous page policy (decision 0014): shared caches keep it `sharedMaxAgeS`, browsers revalidate with the ETag. */
export const publicPageCacheControl = (sharedMaxAgeS?: number): string =>
  `public, max-age=0, must-revalidate${sharedMaxAgeS ? `, s-maxage=${sharedMaxAgeS}` : ''}`;

/** The one Cache-Control value of an answer (rules in the module comment). */
export function cacheControlFor(f: CacheFacts): string {
  if (f.signedIn || f.setsCookie) return 'private, no-store';
  const given = mergeDirectives(f.given);
  if (given) return given;
  if (f.status === 200 && (f.method === 'GET' || f.method === 'HEAD')) return publicPageCacheControl(f.sharedMaxAgeS);
  if (f.status === 301 || f.status === 308) return 'public, max-age=3600';
  return 'no-store';
}

const SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Express middleware: sets the answer's Cache-Control by {@link cacheControlFor} just before its
 * head is written (Node's `writeHead`, which every way of answering goes through), replacing
 * whatever lines were set until then. `sharedMaxAgeS`: the HTML cache's freshness, seconds.
 */
export function settleCacheControl(sharedMaxAgeS?: number) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    const writeHead = res.writeHead as (...args: unknown[]) => http.ServerResponse;
    res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
      const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
      const current = this.getHeader('cache-control');
      this.setHeader(
        'cache-control',
        cacheControlFor({
          method: req.method ?? 'GET',
          status,
          signedIn: SESSION.test(req.headers.cookie ?? ''),
          setsCookie: this.hasHeader('set-cookie'),
          given: current === undefined ? [] : [current].flat().map(String),
          sharedMaxAgeS,
        }),
      );
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
