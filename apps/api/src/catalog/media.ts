/**
 * Public image URLs. Images the project hosts itself become site-relative `/media/…` paths so
 * the storefront serves them from its own host:
 * - the demo catalogue's, under the reserved origin of core's DEMO_MEDIA_ORIGIN: `/media/demo/…`;
 * - merchants' feed images (any other http(s) URL): `/media/remote/{key}.webp` and the thumbnail
 *   `/media/remote/{key}-320.webp`, where `key` is the URL's {@link remoteImageKey}. The mapping is
 *   deterministic, so no lookup is needed: the `image-fetch` job (image-fetch.ts) writes the files
 *   in the background, and until then the media routes answer core's placeholder with status 404.
 * Merchants' logos (operator-given, not feed images, not fetched) keep their own URL ({@link logoMediaUrl}).
 */
import { DEMO_MEDIA_ORIGIN, REMOTE_IMAGE_SIZES, REMOTE_MEDIA_DIR } from '@b-deals/core';
import type { Image } from '@b-deals/contracts';
import { isRemoteImageUrl, remoteImageKey } from './image-fetch.ts';

const demoPath = (url: string) => `/media/demo/${url.slice(DEMO_MEDIA_ORIGIN.length)}`;

/** The public URL of a product image (full size): see the module comment. Other URLs (site-relative ones) pass through. */
export function publicMediaUrl(url: string): string {
  if (url.startsWith(DEMO_MEDIA_ORIGIN)) return demoPath(url);
  return isRemoteImageUrl(url) ? `/media/${REMOTE_MEDIA_DIR}/${remoteImageKey(url)}.webp` : url;
}

/** The public URL of a product image's thumbnail (longest side REMOTE_IMAGE_SIZES.thumbnail px; the demo's are one file). */
export function thumbnailMediaUrl(url: string): string {
  if (url.startsWith(DEMO_MEDIA_ORIGIN)) return demoPath(url);
  return isRemoteImageUrl(url) ? `/media/${REMOTE_MEDIA_DIR}/${remoteImageKey(url)}-${REMOTE_IMAGE_SIZES.thumbnail}.webp` : url;
}

/** The public URL of a merchant's logo: the demo's are served by the site, others pass through (they are not fetched). */
export function logoMediaUrl(url: string): string {
  return url.startsWith(DEMO_MEDIA_ORIGIN) ? demoPath(url) : url;
}

/** Spec §3 image object: the full image (≤ 800 px) and its thumbnail (≤ 320 px). */
export function imageObject(url: string | null): Image | null {
  if (!url) return null;
  return { full: { url: publicMediaUrl(url) }, thumbnail: { url: thumbnailMediaUrl(url) } };
}
