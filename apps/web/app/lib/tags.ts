/**
 * Third-party tags that run only after the shopper's consent (issue 19 §1–§2; spec §7 "Events to a
 * tag service …, and conversion tracking to an affiliate service", "An affiliate tracking script is
 * injected"; decision 0016):
 * - a Google Tag Manager container when the storefront is configured with `GTM_CONTAINER_ID`
 *   (server/env.ts); it reads the `window.dataLayer` that lib/analytics.ts fills;
 * - the affiliate network's conversion script when configured with `AFFILIATE_SCRIPT_URL`.
 * The configuration reaches the page in the root loader's data (`tags`); without it nothing loads.
 * Like lib/analytics.ts, nothing loads before consent (USE_COOKIE = 'true') or ever under Global
 * Privacy Control. Each script is added once per page life, `async`, with the page's CSP nonce
 * (GTM hands it on to the tags it injects); the CSP admits their hosts (server/security-headers.ts).
 */
import { analyticsAllowed } from './analytics';

/** The consent-gated third-party tags the storefront is configured with (null: not configured). */
export interface ThirdPartyTags {
  /** Google Tag Manager container id, `GTM-` and 4 to 12 upper-case letters or digits. */
  gtmContainerId: string | null;
  /** Absolute https URL of the affiliate network's conversion script. */
  affiliateScriptUrl: string | null;
}

/** Where GTM's container script comes from (Google's documented host). */
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

/** The URL of a container's script: `https://www.googletagmanager.com/gtm.js?id={id}`. */
export const gtmScriptUrl = (containerId: string) => `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;

/** The page's CSP nonce, read from a script the server rendered with it ('' when there is none). */
function pageNonce(): string {
  for (const s of document.querySelectorAll('script')) if (s.nonce) return s.nonce;
  return '';
}

function addScript(src: string, tag: string): void {
  if (document.querySelector(`script[data-consented-tag="${tag}"]`)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.consentedTag = tag;
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

/**
 * Adds the configured tags' scripts when analytics are allowed (consent given, no GPC); does
 * nothing otherwise, on the server, and for a tag already added. For GTM it first pushes
 * `{'gtm.start': <epoch ms>, event: 'gtm.js'}` to the dataLayer, as GTM's own snippet does.
 * Answers the tags it added now ('gtm', 'affiliate').
 */
export function loadConsentedTags(tags: ThirdPartyTags | null | undefined): string[] {
  if (!tags || !analyticsAllowed()) return [];
  const added: string[] = [];
  if (tags.gtmContainerId && !document.querySelector('script[data-consented-tag="gtm"]')) {
    (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(gtmScriptUrl(tags.gtmContainerId), 'gtm');
    added.push('gtm');
  }
  if (tags.affiliateScriptUrl && !document.querySelector('script[data-consented-tag="affiliate"]')) {
    addScript(tags.affiliateScriptUrl, 'affiliate');
    added.push('affiliate');
  }
  return added;
}
