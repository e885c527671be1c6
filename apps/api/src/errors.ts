/**
 * Domain errors and the one central error handler (DESIGN.md): every error answers with
 * `{ code, message, details? }`; 5xx internals are hidden and logged.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '@b-deals/db';
import { FeedReadError } from '@b-deals/feeds';
import { OAuthError } from './auth/service.ts';

/** An error a caller can act on, with its HTTP status and a stable code. */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/**
 * 404 `not_found`: "<what> was not found". `what` is a fixed noun ("Brand") or names a validated
 * numeric id ("Product 12"), never free text from the request, which goes in `details` instead
 * (API robustness report M9).
 */
export const notFound = (what: string, details?: unknown) => new DomainError(404, 'not_found', `${what} was not found`, details);
export const badRequest = (message: string, details?: unknown) => new DomainError(400, 'bad_request', message, details);

/**
 * Messages of Fastify's own 4xx errors, by code: ours, so an answer never echoes the request back
 * (Fastify's messages quote the URL, the content type or the body).
 */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_BAD_URL: { code: 'bad_url', message: 'The URL is not correctly percent-encoded.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'This endpoint does not accept that content type.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_content_length', message: 'The request body does not match its Content-Length.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_TYPE: { code: 'unsupported_media_type', message: 'The Content-Type header is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'bad_request', message: 'A path segment is too long.' },
};

/**
 * PostgreSQL errors caused by the values a request carried (SQLSTATE class 22, "data exception"):
 * a backstop behind the schemas' own guards (contracts `IdSchema`, `textSchema`), answered 400.
 */
const PG_DATA_ERRORS: Record<string, string> = {
  '22003': 'A number is out of range.',
  '22021': 'A text value holds a character that cannot be stored (such as NUL).',
  '22P05': 'A text value holds a character that cannot be stored (such as NUL).',
  '22P02': 'A value does not have the expected form.',
  '22001': 'A text value is too long.',
  '2201W': 'The page window is not valid.',
  '2201X': 'The page window is not valid.',
};

/**
 * The answer to any other 4xx of Fastify or a plugin, by status, so that status and code agree
 * (e.g. @fastify/static's 403 for a path that climbs out of /media/ is `forbidden`, not
 * `bad_request`; API robustness report M7). Statuses not listed answer `bad_request`.
 */
const STATUS_ERRORS: Record<number, { code: string; message: string }> = {
  401: { code: 'unauthorized', message: 'Sign in first.' },
  403: { code: 'forbidden', message: 'This resource may not be read.' },
  404: { code: 'not_found', message: 'No such resource.' },
  405: { code: 'method_not_allowed', message: 'This method is not allowed here.' },
  406: { code: 'not_acceptable', message: 'No answer in an acceptable format.' },
  408: { code: 'request_timeout', message: 'The request took too long to arrive.' },
  413: { code: 'payload_too_large', message: 'The request body is too large.' },
  415: { code: 'unsupported_media_type', message: 'This endpoint does not accept that content type.' },
  416: { code: 'range_not_satisfiable', message: 'The requested range is not available.' },
  429: { code: 'rate_limited', message: 'Too many requests. Try again later.' },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors of this route answer in the RFC 6749 §5.2 shape `{error, error_description}` (token and revocation endpoints). */
    oauthErrors?: boolean;
  }
}

const statusOf = (err: FastifyError): number => (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500);

/**
 * The answer for any error: `{status, body}` with body `{code, message, details?}`. Validation
 * errors are `validation_failed` with one detail per problem; domain errors keep their code;
 * Fastify's own errors get a fixed message ({@link FRAMEWORK_ERRORS}), other 4xx a code that agrees
 * with their status ({@link STATUS_ERRORS}); PostgreSQL data exceptions
 * are 400; a database that cannot be reached is 503 `database_unavailable` (with Retry-After);
 * everything else is a 500 whose internals are only logged.
 */
function errorAnswer(err: FastifyError, log: FastifyRequest['log']): { status: number; body: { code: string; message: string; details?: unknown } } {
  if (hasZodFastifySchemaValidationErrors(err)) {
    return {
      status: 400,
      body: {
        code: 'validation_failed',
        message: `Invalid ${err.validationContext ?? 'request'}: ${err.validation.map((v) => `${v.instancePath || '/'} ${v.message}`).join('; ')}`,
        details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      },
    };
  }
  if (err instanceof DomainError) return { status: err.status, body: { code: err.code, message: err.message, details: err.details } };
  if (err instanceof FeedReadError) return { status: 400, body: { code: err.code, message: err.message } };
  const pgCode = typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : '';
  if (PG_DATA_ERRORS[pgCode]) {
    log.warn({ err }, 'database refused a value of the request');
    return { status: 400, body: { code: 'invalid_value', message: PG_DATA_ERRORS[pgCode]! } };
  }
  if (isDatabaseUnavailable(err)) {
    log.warn({ err }, 'database unavailable');
    return { status: 503, body: { code: 'database_unavailable', message: 'The catalogue is briefly unavailable. Try again in a few seconds.' } };
  }
  if (isResponseSerializationError(err)) log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
  const status = isResponseSerializationError(err) ? 500 : statusOf(err);
  if (status >= 500) {
    if (!isResponseSerializationError(err)) log.error({ err }, 'request failed');
    return { status: 500, body: { code: 'internal_error', message: 'Something went wrong on our side.' } };
  }
  const known = FRAMEWORK_ERRORS[pgCode];
  if (known) return { status, body: known };
  return { status, body: STATUS_ERRORS[status] ?? { code: 'bad_request', message: 'The request is not valid.' } };
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (bad percent-encoding of the
 * URL, a malformed Content-Type) answer like every other error.
 */
export function frameworkErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = errorAnswer(err, req.log);
  void reply.status(status).send(body);
}

/** RFC 6749 §5.2 error code for a status on an OAuth endpoint. */
const oauthErrorFor = (status: number) => (status === 401 ? 'invalid_client' : 'invalid_request');

/** Registers the error and not-found handlers on `app`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const oauth = req.routeOptions.config?.oauthErrors === true;
    // RFC 6749 §5.1: token endpoint answers are not cached, errors raised before its own hooks (a 415) included.
    if (oauth) void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (err instanceof OAuthError) return reply.status(err.status).send({ error: err.error, error_description: err.description });
    const { status, body } = errorAnswer(err, req.log);
    if (status === 503) void reply.header('retry-after', '5');
    // On the token endpoint every client error keeps RFC 6749's shape; rate limits keep ours (429 is not an OAuth error).
    if (oauth && status < 500 && status !== 429)
      return reply.status(status === 401 ? 401 : 400).send({ error: oauthErrorFor(status), error_description: body.message });
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ code: 'not_found', message: 'No such API route.' }));
}
