/**
 * Accounts domain (issue 4; RFC 6749 token endpoint, RFC 6750 bearer tokens, RFC 7009
 * revocation): the service (`service.ts`), routes (`routes.ts`), the bearer pre-handler
 * (`authenticate.ts`) and opaque-token helpers (`tokens.ts`). Other domains import it here.
 */
export { AuthService, OAuthError, DEFAULT_AUTH_SETTINGS, type AuthSettings } from './service.ts';
export { authenticatePlugin, bearerToken } from './authenticate.ts';
export { accountRoutes, DEFAULT_RATE_LIMITS, type OAuthClient, type RateLimits } from './routes.ts';
export { newToken, tokenHash } from './tokens.ts';
