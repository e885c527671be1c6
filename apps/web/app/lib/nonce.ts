/**
 * The Content-Security-Policy nonce of the current response (issue 13 finding 6; CSP Level 3
 * `'nonce-…'` source). The web server makes one per request (server/app.ts) and hands it to the
 * render through the load context; entry.server.tsx provides it here so the inline scripts the
 * app renders itself (React Router's `<Scripts>`, the scroll-restoration script) carry it. In the
 * browser it is '' (the browser hides nonces from the DOM; hydration leaves the attribute alone).
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext('');

/** The nonce for an inline `<script nonce>` rendered on the server ('' in the browser). */
export const useNonce = () => useContext(NonceContext);
