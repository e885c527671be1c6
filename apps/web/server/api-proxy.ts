/**
 * The storefront's same-origin API proxy (backend for frontend; see app.ts): streams requests under
 * the API prefixes of spec §7 to the API and the answers back, adds the web client's credentials to
 * the browser's token and revocation calls (RFC 6749 §2.3.1), passes the shopper's address on
 * (`X-Forwarded-For`), caps bodies at {@link BODY_LIMITS}.api (image uploads to the embedded storage host
 * at {@link BODY_LIMITS}.upload, see {@link bodyLimitOf}) with a clean 413, and keeps the
 * server-side session cookie in step with the token calls it relays (decision 0013).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { BODY_LIMITS } from '@b-deals/core';
import { clearSessionCookie, sessionFromCookieHeader, sessionSetCookie, type WebSession } from './session-cookie.ts';

/**
 * Path prefixes of the API served on the storefront's origin. Only the `/{service}/api/` part
 * (and the OAuth endpoints, and spec §7's basic data such as `/api/v1/basic-data/world-areas/US`
 * for the checkout's address form): pages such as /article/{slug} and /order/ stay with the storefront.
 */
export const API_PREFIXES = [
  '/user/api/',
  '/user/oauth/',
  '/inventory/api/',
  '/order/api/',
  '/article/api/',
  '/tapestry/api/',
  '/analytics/api/',
  '/nestor/api/',
  '/api/v1/basic-data/',
  '/storage/api/',
] as const;
/** The analytics collector's prefix: its calls go with the session's access token (app.ts), so the API believes the shopper's id in them. */
export const ANALYTICS_PREFIX = '/analytics/api/';
/** The embedded storage host's upload endpoint (image search, spec §7): the only path with the larger upload cap. */
export const UPLOAD_PATH = '/storage/api/v1/oss';

/** The body cap of a proxied request, bytes: {@link BODY_LIMITS}.upload for a POST to {@link UPLOAD_PATH}, else {@link BODY_LIMITS}.api. */
export const bodyLimitOf = (method: string | undefined, pathname: string) =>
  method === 'POST' && pathname === UPLOAD_PATH ? BODY_LIMITS.upload : BODY_LIMITS.api;
const CLIENT_AUTH_PATHS = new Set(['/user/oauth/token', '/user/oauth/revoke']);
/** Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded. */
export const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

/** RFC 6749 §2.3.1: id and secret form-urlencoded, joined by ':', base64. */
function basicAuth(client: { id: string; secret: string }): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(client.id)}:${enc(client.secret)}`).toString('base64')}`;
}

/**
 * The `X-Forwarded-For` value to send upstream: what the request already carried, then the peer
 * of its socket (RFC 7239 §5.2 order: client first, each proxy appending the address it saw).
 */
export function forwardedFor(req: IncomingMessage): string {
  return [req.headers['x-forwarded-for'], req.socket.remoteAddress].flat().filter(Boolean).join(', ');
}

const tooLarge = (limit: number) => JSON.stringify({ code: 'payload_too_large', message: `The request body is larger than ${limit} bytes.` });

/** Answers 413 and closes the connection (the rest of the body is not read, so it cannot be reused). */
export function answerTooLarge(res: ServerResponse, contentType: string, body: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(413, { 'content-type': contentType, connection: 'close', 'content-length': Buffer.byteLength(body) }).end(body);
}

/**
 * Gives a request to the analytics collector ({@link ANALYTICS_PREFIX}) without an Authorization
 * header the access token of the shopper's session, when the `bd_session` cookie holds one: the
 * browser's beacon cannot carry a token, and the API keeps a shopper id in events only when a
 * token vouches for it.
 */
export function vouchForBeacon(req: IncomingMessage, key: Buffer): void {
  if (!(req.url ?? '').startsWith(ANALYTICS_PREFIX) || req.headers.authorization !== undefined) return;
  const session = sessionFromCookieHeader(req.headers.cookie, key);
  if (session) req.headers.authorization = `Bearer ${session.accessToken}`;
}

/** What the proxy needs to keep the server-side session in step with the token calls it relays. */
export interface SessionWatch {
  key: Buffer;
  ttlMs: number;
  secure: boolean;
  /** Reads the profile for a fresh access token (GET /user/api/v1/profile); null when it cannot. */
  profile(accessToken: string): Promise<WebSession['user'] | null>;
}

/**
 * The `Set-Cookie` for a relayed token-endpoint answer (decision 0013): a successful grant (RFC
 * 6749 §5.1) seals the shopper's profile and access token; a refused grant (`invalid_grant`,
 * §5.2) or a revocation (RFC 7009 §2.2) clears the session; anything else leaves it as it is.
 */
export async function sessionCookieFor(pathname: string, status: number, body: Buffer, watch: SessionWatch, now = Date.now()): Promise<string | null> {
  if (pathname === '/user/oauth/revoke') return status === 200 ? clearSessionCookie({ secure: watch.secure }) : null;
  let answer: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
  try {
    answer = JSON.parse(body.toString('utf8')) as typeof answer;
  } catch {
    return null;
  }
  if (status === 400 && answer.error === 'invalid_grant') return clearSessionCookie({ secure: watch.secure });
  if (status !== 200 || typeof answer.access_token !== 'string') return null;
  const user = await watch.profile(answer.access_token).catch(() => null);
  if (!user) return null;
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 0;
  return sessionSetCookie({ user, accessToken: answer.access_token, accessExpiresAt: now + expiresIn * 1000, expiresAt: now + watch.ttlMs }, watch.key, {
    secure: watch.secure,
    now,
  });
}

/**
 * Streams `req` to `apiUrl` and the answer back; 502 `{code, message}` when the API cannot be
 * reached. With `watch`, answers of the token and revocation endpoints are read whole (they are
 * small) so the server-side session cookie can be set or cleared on the way back.
 */
export function proxyToApi(
  apiUrl: URL,
  oauthClient: { id: string; secret: string } | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  watch?: SessionWatch,
): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
  const pathname = (req.url ?? '/').split('?')[0]!;
  if (oauthClient && req.method === 'POST' && CLIENT_AUTH_PATHS.has(pathname)) headers.authorization = basicAuth(oauthClient);
  headers['x-forwarded-for'] = forwardedFor(req);
  // A body over the API's limit is refused here, cleanly, before anything reaches the API.
  const limit = bodyLimitOf(req.method, pathname);
  if (Number(req.headers['content-length'] ?? 0) > limit) return answerTooLarge(res, 'application/json', tooLarge(limit));
  const base = apiUrl.pathname.replace(/\/$/, '');
  const upstream = (apiUrl.protocol === 'https:' ? https : http).request(
    { protocol: apiUrl.protocol, hostname: apiUrl.hostname, port: apiUrl.port, method: req.method, path: base + (req.url ?? '/'), headers },
    (answer) => {
      for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) res.setHeader(k, v);
      if (!(watch && req.method === 'POST' && CLIENT_AUTH_PATHS.has(pathname))) {
        res.writeHead(answer.statusCode ?? 502);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        void sessionCookieFor(pathname, answer.statusCode ?? 502, body, watch).then((cookie) => {
          if (res.destroyed) return;
          if (cookie) res.appendHeader('set-cookie', cookie);
          res.removeHeader('transfer-encoding');
          res.setHeader('content-length', body.length);
          res.writeHead(answer.statusCode ?? 502).end(body);
        });
      });
    },
  );
  let overLimit = false;
  upstream.on('error', () => {
    if (overLimit || res.writableEnded) return;
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'bad_gateway', message: 'The B-Deals API cannot be reached.' }));
  });
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  // A chunked body (no Content-Length) is counted as it streams.
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit && !overLimit) {
      overLimit = true;
      req.unpipe(upstream);
      upstream.destroy();
      answerTooLarge(res, 'application/json', tooLarge(limit));
    }
  });
  req.pipe(upstream);
}
