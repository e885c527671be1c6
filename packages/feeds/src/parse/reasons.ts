/**
 * Stable reason codes for per-item outcomes of feed parsing (DESIGN.md: ingest reports count
 * items by reason). A `rejection` drops the item; a `warning` keeps it with the fix described.
 * Codes are snake_case and never renamed: reports and dashboards key on them. Converting a
 * non-USD price is not an issue at all: the item keeps its `original` price instead.
 */
import type { ItemIssue } from '../types.ts';

/** Every reason code with its kind and a one-line message (the full, stable list). */
export const ITEM_REASONS = {
  // Rejections: the item cannot be listed.
  missing_id: { kind: 'rejection', message: 'The item has no id (GMC `id`).' },
  duplicate_id: {
    kind: 'rejection',
    message: 'Another item earlier in the feed has the same id; only the first occurrence is considered.',
  },
  missing_title: { kind: 'rejection', message: 'The item has no title (GMC `title`).' },
  missing_link: { kind: 'rejection', message: 'The item has no product page link (GMC `link`).' },
  invalid_link: {
    kind: 'rejection',
    message: 'The product page link is not an absolute http(s) URL.',
  },
  missing_price: { kind: 'rejection', message: 'The item has no price (GMC `price`).' },
  invalid_price: { kind: 'rejection', message: 'The price is unreadable, zero or negative.' },
  unknown_currency: {
    kind: 'rejection',
    message: 'The price currency is not in the exchange-rate table, so it cannot be converted to USD.',
  },
  // Warnings: the item is kept.
  invalid_gtin: {
    kind: 'warning',
    message: 'The GTIN has a wrong length or check digit and was dropped.',
  },
  image_link_missing: {
    kind: 'warning',
    message: 'The item has no image link (GMC `image_link`).',
  },
  image_link_invalid: {
    kind: 'warning',
    message: 'The image link is not an absolute http(s) URL and was dropped.',
  },
  image_link_not_image: {
    kind: 'warning',
    message: 'The image link points at a page, not an image, and was dropped.',
  },
  image_link_whitespace: {
    kind: 'warning',
    message: 'The image link had spaces in or around it; they were trimmed or percent-encoded.',
  },
  empty_description: { kind: 'warning', message: 'The description is empty.' },
  unknown_availability: {
    kind: 'warning',
    message: 'The availability is missing or not recognised; the item is taken as in stock.',
  },
  unknown_condition: {
    kind: 'warning',
    message: 'The condition is not recognised; the item is taken as new.',
  },
  sale_price_ignored: {
    kind: 'warning',
    message: 'The sale price was ignored: unreadable, not lower than the price, or its effective date is malformed.',
  },
  invalid_shipping: {
    kind: 'warning',
    message: 'The shipping price is unreadable or in an unknown currency and was dropped.',
  },
  unmapped_category: {
    kind: 'warning',
    message: 'No named category fits the item; it was filed under the closest group (or none).',
  },
} as const satisfies Record<string, { kind: 'rejection' | 'warning'; message: string }>;

/** Every reason code. */
export type ReasonCode = keyof typeof ITEM_REASONS;

/** Builds the ItemIssue for a code, with the GMC attribute it concerns and an optional detail appended to the message. */
export function itemIssue(code: ReasonCode, field?: string, detail?: string): ItemIssue {
  const message = detail ? `${ITEM_REASONS[code].message} (${detail})` : ITEM_REASONS[code].message;
  return field ? { code, message, field } : { code, message };
}
