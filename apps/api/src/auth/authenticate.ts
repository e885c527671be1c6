/**
 * Bearer authentication for every route that needs a signed-in shopper (RFC 6750; issue 10 §4).
 * Registering the plugin decorates the app with `authenticate`, a pre-handler that reads
 * `Authorization: Bearer <access token>`, sets `request.userId`, or answers 401 with
 * `WWW-Authenticate` (`error="invalid_token"` when a token was sent but is unknown or expired)
 * and the body `{code: 'unauthorized' | 'invalid_token', message}`. Routes opt in with
 * `{ preHandler: app.authenticate }`; saved products, orders and checkout use it the same way. Every
 * answer to a request with an `Authorization` header is `Cache-Control: private, no-store` (unless
 * its route set a policy) and varies on that header.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';
import type { AuthService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper's id once `authenticate` ran; null before or on routes without it. */
    userId: number | null;
  }
  interface FastifyInstance {
    /** Pre-handler: requires a valid bearer access token (see auth/authenticate.ts). */
    authenticate(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The bearer token of `header` (RFC 6750 §2.1; the scheme name in any case, RFC 9110 §11.1), or '' when there is none. */
export function bearerToken(header: string | undefined): string {
  const m = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header ?? '');
  return m ? m[1]! : '';
}

/**
 * `Vary` with `Authorization` added to what a route set: an answer to a request carrying
 * credentials is the caller's own (RFC 9111 §3.5 keeps shared caches from storing it anyway).
 */
function varyOnAuthorization(current: unknown): string {
  const listed = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return listed.some((v) => v.toLowerCase() === 'authorization' || v === '*') ? listed.join(', ') : [...listed, 'Authorization'].join(', ');
}

export const authenticatePlugin = fp<{ auth: AuthService }>(
  async (app, { auth }) => {
    app.decorateRequest('userId', null);
    // Whatever a caller with credentials is answered (a profile, saved products, orders, a checkout; or a public answer
    // shaped by who asks) is kept by no cache, the browser's included, unless the route said otherwise.
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.headers.authorization === undefined) return payload;
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
      reply.header('vary', varyOnAuthorization(reply.getHeader('vary')));
      return payload;
    });
    app.decorate('authenticate', async (req: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(req.headers.authorization);
      const userId = token ? await auth.userForAccessToken(token) : null;
      if (userId === null) {
        reply.header('www-authenticate', token ? 'Bearer realm="B-Deals", error="invalid_token"' : 'Bearer realm="B-Deals"');
        throw new DomainError(401, token ? 'invalid_token' : 'unauthorized', token ? 'The access token is invalid or has expired.' : 'Sign in first.');
      }
      req.userId = userId;
    });
  },
  { name: 'b-deals-authenticate' },
);
