/**
 * Images the site hosts itself (issue 11 item 5). Merchants' feed images are fetched once in the
 * background and stored under the media folder as `remote/{key}.webp` (longest side
 * {@link REMOTE_IMAGE_SIZES.full} px) and `remote/{key}-320.webp` (thumbnail); until a file
 * exists (or when its source is unreachable) the media routes answer {@link IMAGE_PLACEHOLDER_SVG}.
 */

/** Folder under the media root (and path under `/media/`) of merchants' images, re-encoded. */
export const REMOTE_MEDIA_DIR = 'remote';

/** Longest side in px of the two WebP files kept per merchant image: the product page's and the cards' thumbnail. */
export const REMOTE_IMAGE_SIZES = { full: 800, thumbnail: 320 } as const;

/**
 * The neutral image answered in place of a merchant image that is not (yet) on disk: a light
 * square with a picture outline, no text (it stands for any product). Served with status 404 and
 * `Cache-Control: no-store`, so neither a browser, a CDN nor the service worker (which caches
 * only status 200) keeps it in place of the real image once that is fetched.
 */
export const IMAGE_PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img" aria-label="Image not available">' +
  '<rect width="800" height="800" fill="#f3f4f6"/>' +
  '<g fill="none" stroke="#d1d5db" stroke-width="16" stroke-linejoin="round">' +
  '<rect x="260" y="280" width="280" height="240" rx="24"/><path d="M276 490l92-100 72 76 40-40 64 64"/></g>' +
  '<circle cx="470" cy="340" r="22" fill="#d1d5db"/></svg>';

/** Response headers of the placeholder (status 404). */
export const IMAGE_PLACEHOLDER_HEADERS = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'no-store' } as const;
