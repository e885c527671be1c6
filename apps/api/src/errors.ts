/**
 * Domain errors and the one central error handler (DESIGN.md): every error answers with
 * `{ code, message, details? }`; 5xx internals are hidden and logged.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
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

export const notFound = (what: string) => new DomainError(404, 'not_found', `${what} was not found`);
export const badRequest = (message: string, details?: unknown) => new DomainError(400, 'bad_request', message, details);

/** Registers the error and not-found handlers on `app`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(400).send({
        code: 'validation_failed',
        message: `Invalid ${err.validationContext ?? 'request'}: ${err.validation.map((v) => `${v.instancePath || '/'} ${v.message}`).join('; ')}`,
        details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (err instanceof DomainError) return reply.status(err.status).send({ code: err.code, message: err.message, details: err.details });
    if (err instanceof OAuthError) return reply.status(err.status).send({ error: err.error, error_description: err.description });
    if (err instanceof FeedReadError) return reply.status(400).send({ code: err.code, message: err.message });
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: 'internal_error', message: 'Something went wrong on our side.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.status(500).send({ code: 'internal_error', message: 'Something went wrong on our side.' });
    }
    return reply.status(status).send({ code: err.code?.toLowerCase() ?? 'bad_request', message: err.message });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ code: 'not_found', message: `No route ${req.method} ${req.url.split('?')[0]}` }));
}
