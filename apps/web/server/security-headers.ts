/**
 * Security headers of every storefront answer (issue 13 finding 6; decision 0008): a
 * Content-Security-Policy whose scripts need the response's nonce, and the usual hardening headers.
 */

/**
 * Third-party origins a configured integration needs in the policy, per directive. Empty by
 * default: the storefront then loads nothing from another origin but https images.
 */
export interface CspSources {
  script: string[];
  frame: string[];
  connect: string[];
}

/** No third-party sources. */
export const NO_CSP_SOURCES: CspSources = { script: [], frame: [], connect: [] };

/**
 * Stripe.js and its Elements (issue 15 §3), on every page when the storefront is configured for
 * Stripe: a client-side navigation to /checkout/ keeps the first page's policy, so the hosts
 * cannot be limited to /checkout/'s own document. Hosts from Stripe's CSP guide
 * (docs.stripe.com/security/guide#content-security-policy): scripts and frames from
 * js.stripe.com, 3-D Secure frames from hooks.stripe.com, and calls to api.stripe.com.
 */
export const STRIPE_CSP_SOURCES: CspSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * Google Tag Manager (issue 19 §1), loaded after consent when `GTM_CONTAINER_ID` is set. From
 * Google's CSP guide for Tag Manager (developers.google.com/tag-platform/security/guides/csp):
 * the container script from www.googletagmanager.com and its calls to www.googletagmanager.com and
 * www.google.com; plus the Google Analytics 4 hosts the same guide lists for a GA4 tag in the
 * container (scripts from any googletagmanager.com host; calls to google-analytics.com,
 * analytics.google.com and googletagmanager.com hosts). Their images (pixels) are admitted
 * already: `img-src` allows every https origin.
 */
export const GTM_CSP_SOURCES: CspSources = {
  script: ['https://www.googletagmanager.com', 'https://*.googletagmanager.com'],
  frame: [],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.googletagmanager.com',
    'https://www.google.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
};

/**
 * A configured script's origin as a source (issue 19 §2: the affiliate conversion script of spec §7
 * at `AFFILIATE_SCRIPT_URL`): its script, and the calls it makes back to its own origin. Throws a
 * TypeError for a URL that is not absolute.
 */
export function scriptOriginSources(scriptUrl: string): CspSources {
  const origin = new URL(scriptUrl).origin;
  return { script: [origin], frame: [], connect: [origin] };
}

/** The union of several integrations' sources, each origin once. */
export function mergeCspSources(...all: CspSources[]): CspSources {
  const union = (k: keyof CspSources) => [...new Set(all.flatMap((s) => s[k]))];
  return { script: union('script'), frame: union('frame'), connect: union('connect') };
}

const withSources = (base: string, extra: string[]) => [base, ...extra].join(' ');

/**
 * Content-Security-Policy of every storefront response: scripts only from the origin or inline
 * with this response's `nonce` (no 'unsafe-inline' for scripts), no plug-ins, no framing
 * (`frame-ancestors 'none'`), forms and `<base>` to the origin only. Styles allow inline (the
 * page inlines its stylesheet and components set style attributes); images may come from https
 * merchants and data: URLs. Workers only from the origin or a `blob:` URL made by the page's own
 * scripts (the image-search compressor starts its worker from a Blob that loads the self-hosted
 * library; the service worker is `/sw.js`). `sources` adds a configured integration's origins (default none);
 * frames are refused unless one adds them.
 */
export function contentSecurityPolicy(nonce: string, sources: CspSources = NO_CSP_SOURCES): string {
  return [
    "default-src 'self'",
    withSources(`script-src 'self' 'nonce-${nonce}'`, sources.script),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    withSources("connect-src 'self'", sources.connect),
    "worker-src 'self' blob:",
    ...(sources.frame.length ? [withSources('frame-src', sources.frame)] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Security headers of every response (issue 13 finding 6). HSTS (RFC 6797) only when the request
 * came over HTTPS (directly or, from loopback, with `X-Forwarded-Proto: https`): browsers ignore it
 * over plain HTTP, and sending it there would pin a development host. `sources`: see
 * {@link contentSecurityPolicy}.
 */
export function securityHeaders(nonce: string, https: boolean, sources: CspSources = NO_CSP_SOURCES): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(nonce, sources),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
