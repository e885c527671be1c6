/**
 * Public image URLs. Images the project hosts itself (the demo catalogue's, under the
 * reserved origin of core's DEMO_MEDIA_ORIGIN) become site-relative `/media/…` paths so the
 * storefront serves them from its own host; other merchants' image URLs pass through.
 */
import { DEMO_MEDIA_ORIGIN } from '@b-deals/core';
import type { Image } from '@b-deals/contracts';

export function publicMediaUrl(url: string): string {
  return url.startsWith(DEMO_MEDIA_ORIGIN) ? `/media/demo/${url.slice(DEMO_MEDIA_ORIGIN.length)}` : url;
}

/** Spec §3 image object; the thumbnail is the same file until an image service resizes it. */
export function imageObject(url: string | null): Image | null {
  if (!url) return null;
  const u = publicMediaUrl(url);
  return { full: { url: u }, thumbnail: { url: u } };
}
