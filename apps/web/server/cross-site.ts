/**
 * Request-origin rules of the storefront server (OWASP CSRF Prevention, "verifying origin with
 * standard headers"; Fetch Metadata, W3C): the checks that keep another site's page from acting
 * for a shopper, and a forwarded protocol from turning into a foreign origin.
 */
import type { NextFunction, Request, Response } from 'express';

/** Methods that change nothing (RFC 9110 §9.2.1): never refused here. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a state-changing request is refused as sent from another site, or null when it may go on.
 * Refused: `Sec-Fetch-Site` other than `same-origin` or `none` (a browser's own statement that
 * another site, or another subdomain, made the request), or an `Origin` whose host is not the
 * request's `Host` (`null` included: an opaque origin is no page of ours). A request carrying
 * neither header is not a browser's cross-site one (every current browser sends `Origin` on a
 * cross-origin POST) and goes on: scripts, the API's own tests, mail providers' RFC 8058
 * one-click posts. The scheme of `Origin` is not compared: behind a TLS terminator that is not on
 * loopback the server sees http while the page was https.
 */
export function crossSiteRefusal(method: string, headers: Request['headers']): string | null {
  if (SAFE_METHODS.has(method)) return null;
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return 'sec-fetch-site';
  const origin = headers.origin;
  if (typeof origin !== 'string') return null;
  let host: string | null = null;
  try {
    host = origin === 'null' ? null : new URL(origin).host;
  } catch {
    host = null;
  }
  return host !== null && host === headers.host ? null : 'origin';
}

/**
 * Express middleware: answers 403 `{code: 'cross_site_request', message, details: {header}}` to a
 * request {@link crossSiteRefusal} refuses, before it reaches the API proxy (whose token endpoint
 * would otherwise sign the shopper in to an account of the other site's choosing: login CSRF) or a
 * form action of the storefront.
 */
export function refuseCrossSite(req: Request, res: Response, next: NextFunction): void {
  const header = crossSiteRefusal(req.method, req.headers);
  if (header === null) return next();
  res
    .status(403)
    .set('cache-control', 'no-store')
    .json({ code: 'cross_site_request', message: 'A page of another site cannot send this request.', details: { header } });
}

/**
 * Express middleware: drops an `X-Forwarded-Proto` that is not `http` or `https` (case-insensitive,
 * the first value of a list), so `req.protocol`, which Express reads from it for a loopback proxy
 * (`trust proxy`), is always one of the two: a value such as `https://evil.example/x?` had become
 * the origin of every absolute link on a page the HTML cache then served to everyone.
 */
export function saneForwardedProto(req: Request, _res: Response, next: NextFunction): void {
  const given = req.headers['x-forwarded-proto'];
  if (given !== undefined) {
    const first = String(given).split(',')[0]!.trim().toLowerCase();
    if (first === 'http' || first === 'https') req.headers['x-forwarded-proto'] = first;
    else delete req.headers['x-forwarded-proto'];
  }
  next();
}
