/**
 * Account routes (issue 4, spec §7):
 * - POST /user/api/v1/signup, POST /user/api/v1/signup/verification
 * - POST /user/oauth/token — RFC 6749 token endpoint: form-encoded, clients authenticate with HTTP
 *   Basic (§2.3.1; client_secret in the body is also accepted), grants `password` and
 *   `refresh_token`, errors per §5.2, `Cache-Control: no-store`.
 * - POST /user/oauth/revoke — RFC 7009 token revocation (sign-out).
 * - GET /user/api/v1/profile — bearer token (RFC 6750).
 * - PUT / POST /user/api/v1/reset-password
 * Token, sign-up and reset routes are rate limited per client address (429 with Retry-After).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedSchema,
  ErrorBodySchema,
  OAuthErrorSchema,
  ProfileSchema,
  ResetPasswordBodySchema,
  ResetRequestBodySchema,
  SignupBodySchema,
  TokenResponseSchema,
  VerificationBodySchema,
} from '@b-deals/contracts';
import { hasBody, parseMediaType } from '../media-types.ts';
import { OAuthError, type AuthService } from './service.ts';

/** An OAuth client registered by configuration (one per platform). */
export interface OAuthClient {
  id: string;
  secret: string;
  /** Grant types this client may use (default: password and refresh_token); others answer unauthorized_client. */
  grants?: ReadonlyArray<'password' | 'refresh_token'>;
}

/** Requests allowed per client address within `windowMs`. */
export interface RateLimits {
  token: { max: number; windowMs: number };
  signup: { max: number; windowMs: number };
  reset: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  token: { max: 20, windowMs: 60_000 },
  signup: { max: 10, windowMs: 3_600_000 },
  reset: { max: 5, windowMs: 3_600_000 },
};

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1: form-urlencoded id and secret) or the body. */
function clientCredentials(req: FastifyRequest, body: Record<string, string>): { id: string; secret: string; viaHeader: boolean } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) return null;
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    try {
      return { id: dec(decoded.slice(0, i)), secret: dec(decoded.slice(i + 1)), viaHeader: true };
    } catch {
      return null;
    }
  }
  if (body.client_id && body.client_secret) return { id: body.client_id, secret: body.client_secret, viaHeader: false };
  return null;
}

/** Registers the account routes. */
export async function accountRoutes(app: FastifyInstance, opts: { auth: AuthService; clients: OAuthClient[]; rateLimits: RateLimits }): Promise<void> {
  const { auth, clients, rateLimits } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = (l: { max: number; windowMs: number }) => ({ rateLimit: { max: l.max, timeWindow: l.windowMs } });

  /** Authenticates the client of a token/revoke request; throws invalid_client (401). */
  const authenticateClient = (req: FastifyRequest, reply: FastifyReply, body: Record<string, string>): OAuthClient => {
    const creds = clientCredentials(req, body);
    const client = creds && clients.find((c) => c.id === creds.id);
    if (!creds || !client || !sameSecret(client.secret, creds.secret)) {
      if (creds?.viaHeader || req.headers.authorization) reply.header('www-authenticate', 'Basic realm="B-Deals", charset="UTF-8"');
      throw new OAuthError('invalid_client', 'Client authentication failed.');
    }
    return client;
  };

  /**
   * onRequest of the token and revocation endpoints: `Cache-Control: no-store`, and the body must be
   * application/x-www-form-urlencoded (RFC 6749 §3.2, RFC 7009 §2.1), else OAuthError
   * `invalid_request`. Before the body is parsed, so a JSON, text or any other body gets this message
   * rather than a parser's or schema's. With `emptyBody` a request with no body at all passes
   * (revocation: its handler then answers "token is missing.").
   */
  const formOnly =
    ({ emptyBody = false }: { emptyBody?: boolean } = {}) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (emptyBody && req.headers['content-type'] === undefined && !hasBody(req)) return;
      if (parseMediaType(String(req.headers['content-type'] ?? ''))?.type !== 'application/x-www-form-urlencoded') {
        throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
      }
    };

  /** Form parameters as single strings; a repeated parameter is invalid_request (RFC 6749 §3.2). */
  const formParams = (raw: unknown): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
      if (Array.isArray(v)) throw new OAuthError('invalid_request', `The parameter "${k}" was given more than once.`);
      if (typeof v === 'string' && v.includes('\u0000')) throw new OAuthError('invalid_request', `The parameter "${k}" holds a NUL character.`);
      if (typeof v === 'string' && v !== '') out[k] = v;
    }
    return out;
  };

  r.post(
    '/user/api/v1/signup',
    {
      config: limit(rateLimits.signup),
      schema: {
        description: 'Create an account; a verification link is e-mailed. The answer is the same for an address that already has an account.',
        body: SignupBodySchema,
        response: { 202: AcceptedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      await auth.signup(req.body);
      return reply.status(202).send({ status: 'verification_sent', message: `We sent a link to ${req.body.email}. Open it to confirm your address.` });
    },
  );

  r.post(
    '/user/api/v1/signup/verification',
    {
      schema: {
        description:
          'Confirm the address of a verification link: status `verified`, or `already_verified` when the same link is used again before it expires (400 `invalid_token` otherwise).',
        body: VerificationBodySchema,
        response: { 200: AcceptedSchema, 400: ErrorBodySchema },
      },
    },
    async (req) =>
      (await auth.verifyEmail(req.body.token)) === 'verified'
        ? { status: 'verified', message: 'Your e-mail address is confirmed. You can sign in now.' }
        : { status: 'already_verified', message: 'Your e-mail is already confirmed. You can sign in now.' },
  );

  // Only the OAuth endpoints take forms (RFC 6749 §3.2, RFC 7009 §2.1); sign-up, verification and
  // reset take JSON only (API robustness report M6).
  await app.register(async (oauth) => {
    await oauth.register(formbody);
    const o = oauth.withTypeProvider<ZodTypeProvider>();
    o.post(
      '/user/oauth/token',
      {
        config: { ...limit(rateLimits.token), oauthErrors: true },
        schema: {
          description:
            'RFC 6749 token endpoint (application/x-www-form-urlencoded; HTTP Basic client authentication). Grants: password (username, password), refresh_token (refresh_token).',
          consumes: ['application/x-www-form-urlencoded'],
          body: z.record(z.string(), z.unknown()).optional(),
          response: { 200: TokenResponseSchema, 400: OAuthErrorSchema, 401: OAuthErrorSchema, 429: ErrorBodySchema },
        },
        onRequest: formOnly(),
      },
      async (req, reply) => {
        const body = formParams(req.body);
        const client = authenticateClient(req, reply, body);
        const clientId = client.id;
        const meta = { ip: req.ip, userAgent: req.headers['user-agent'] };
        const allowed = client.grants ?? ['password', 'refresh_token'];
        if ((body.grant_type === 'password' || body.grant_type === 'refresh_token') && !allowed.includes(body.grant_type)) {
          throw new OAuthError('unauthorized_client', `This client may not use the ${body.grant_type} grant.`);
        }
        switch (body.grant_type) {
          case 'password':
            if (!body.username || !body.password) throw new OAuthError('invalid_request', 'The password grant needs username and password.');
            return auth.passwordGrant(clientId, body.username, body.password, meta);
          case 'refresh_token':
            if (!body.refresh_token) throw new OAuthError('invalid_request', 'The refresh_token grant needs refresh_token.');
            return auth.refreshGrant(clientId, body.refresh_token, meta);
          case undefined:
            throw new OAuthError('invalid_request', 'grant_type is missing.');
          default:
            throw new OAuthError('unsupported_grant_type', `The grant type "${body.grant_type}" is not supported.`);
        }
      },
    );

    o.post(
      '/user/oauth/revoke',
      {
        config: { oauthErrors: true },
        schema: {
          description:
            'RFC 7009 revocation (application/x-www-form-urlencoded, §2.1; HTTP Basic client authentication): ends the session (access and refresh tokens) the token belongs to. Always 200 for an authenticated client.',
          consumes: ['application/x-www-form-urlencoded'],
          body: z.record(z.string(), z.unknown()).nullish(),
        },
        onRequest: formOnly({ emptyBody: true }),
      },
      async (req, reply) => {
        const body = formParams(req.body);
        authenticateClient(req, reply, body);
        if (!body.token) throw new OAuthError('invalid_request', 'token is missing.');
        await auth.revoke(body.token);
        return reply.status(200).send();
      },
    );
  });

  r.get(
    '/user/api/v1/profile',
    { preHandler: app.authenticate, schema: { security: [{ bearerAuth: [] }], response: { 200: ProfileSchema, 401: ErrorBodySchema } } },
    async (req) => auth.profile(req.userId!),
  );

  r.put(
    '/user/api/v1/reset-password',
    {
      config: limit(rateLimits.reset),
      schema: {
        description: 'Ask for a reset link. The answer is the same whether or not the address has an account.',
        body: ResetRequestBodySchema,
        response: { 202: AcceptedSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (req, reply) => {
      // Done after answering, so neither the answer nor its timing tells whether the address has an account.
      setImmediate(() => auth.requestPasswordReset(req.body.email).catch((err) => req.log.error({ err }, 'password reset request failed')));
      return reply
        .status(202)
        .send({ status: 'reset_requested', message: `If ${req.body.email} has a B-Deals account, a reset link is on its way. It works for 30 minutes.` });
    },
  );

  r.post('/user/api/v1/reset-password', { schema: { body: ResetPasswordBodySchema, response: { 200: AcceptedSchema, 400: ErrorBodySchema } } }, async (req) => {
    await auth.resetPassword(req.body.token, req.body.password);
    return { status: 'password_reset', message: 'Your password is changed and every session was signed out. Sign in with the new password.' };
  });
}
