/**
 * The load context handed to every loader by the web server (server/app.ts): the API base URL
 * parsed once at start-up, so no loader reads `process.env` (DESIGN.md conventions).
 */
import type { WebSession } from '../../server/session-cookie';
import type { ThirdPartyTags } from './tags';

declare module 'react-router' {
  interface AppLoadContext {
    /** Base URL of the B-Deals API, e.g. `http://127.0.0.1:4000`. */
    apiUrl: string;
    /**
     * The shopper's address chain as an `X-Forwarded-For` value (what reached the web server plus
     * the socket's peer), sent on every server-to-API call so per-address rate limits see the
     * shopper, not the web server (issue 13 finding 1). '' when unknown (tests).
     */
    forwardedFor: string;
    /** This response's Content-Security-Policy nonce (base64, 128 bits); see lib/nonce.ts. */
    cspNonce: string;
    /**
     * The signed-in shopper's server-side session from the HttpOnly `bd_session` cookie
     * (server/session-cookie.ts; decision 0013), or null. Read it through lib/auth.server.ts.
     */
    session: WebSession | null;
    /** This request's id (`X-Request-Id`, from the client or new), sent on every server-to-API call. '' in tests. */
    requestId: string;
    /**
     * The catalogue version the API last announced (server/html-cache.ts `CatalogVersion`), or
     * null/absent when unknown: answers that change only with an ingest are reused within one
     * version (lib/api.server.ts `versionedAnswer`). Absent in tests: nothing is reused.
     */
    catalogVersion?: number | null;
    /** Consent-gated third-party tags from configuration (lib/tags.ts); absent in tests: none. */
    tags?: ThirdPartyTags;
  }
}
