/**
 * Security headers of every storefront answer (issue 13 finding 6; decision 0008): a
 * Content-Security-Policy whose scripts need the response's nonce, and the usual hardening headers.
 */

/**
 * Content-Security-Policy of every storefront response: scripts only from the origin or inline
 * with this response's `nonce` (no 'unsafe-inline' for scripts), no plug-ins, no framing
 * (`frame-ancestors 'none'`), forms and `<base>` to the origin only. Styles allow inline (the
 * page inlines its stylesheet and components set style attributes); images may come from https
 * merchants and data: URLs.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers of every response (issue 13 finding 6). HSTS (RFC 6797) only when the request
 * came over HTTPS (directly or, from loopback, with `X-Forwarded-Proto: https`): browsers ignore it
 * over plain HTTP, and sending it there would pin a development host.
 */
export function securityHeaders(nonce: string, https: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(nonce),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
