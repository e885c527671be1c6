/**
 * Shapes that cross the seam between feed parsing (`parse/`) and the ingest pipeline
 * (`ingest.ts`). Attribute names follow Google Merchant Center (GMC) product data
 * specification; money is USD cents after conversion (DESIGN.md).
 */
import type { Availability, Condition } from '@b-deals/core';
import type { FxRateSource } from './parse/fx.ts';

/** One feed item after parsing and normalisation. */
export interface FeedItem {
  /** GMC `id`: the merchant's unique id of the item. */
  id: string;
  /** GMC `item_group_id`: variants of one product share it; null when absent. */
  itemGroupId: string | null;
  /** GMC `title`, plain text, trimmed. */
  title: string;
  /** GMC `description` as plain text (HTML removed, entities decoded, white space collapsed); "" when empty. */
  description: string;
  /** GMC `link`: the merchant's product page, absolute http(s) URL. */
  link: string;
  /** GMC `image_link` trimmed; null when missing or unusable (a warning says why). */
  imageLink: string | null;
  /** GMC `additional_image_link` values that are usable. */
  additionalImageLinks: string[];
  /** GMC `brand`, cleaned with `cleanBrandName` (spec §5); null when absent. */
  brand: string | null;
  /** GMC `gtin` as a GTIN-14 (`normalizeGtin`); null when absent or invalid (invalid → warning). */
  gtin: string | null;
  /** GMC `mpn`, trimmed, upper-cased; null when absent. */
  mpn: string | null;
  /** GMC `price` in USD cents (> 0). */
  priceCents: number;
  /** GMC `sale_price` in USD cents; null when absent, not lower than `price`, or not currently effective (`sale_price_effective_date`). */
  salePriceCents: number | null;
  /** GMC `shipping` price to the US in USD cents; null when the feed does not say. */
  shippingCents: number | null;
  /**
   * The feed's own price when it was not USD (minor units and ISO 4217 code), with the date
   * (`YYYY-MM-DD`) and source of the exchange rate that converted it (parse/fx.ts); null for USD.
   */
  original: { amount: number; currency: string; rateDate: string; rateSource: FxRateSource } | null;
  /** GMC `availability`, normalised (spellings `in stock`, `in_stock`, `InStock`, `disponible`, `auf Lager`, …). */
  availability: Availability;
  /** GMC `condition`; `new` when absent. */
  condition: Condition;
  /** GMC `google_product_category` as given (numeric id or `A > B > C` path); null when absent. */
  googleProductCategory: string | null;
  /** GMC `product_type` as given; null when absent. */
  productType: string | null;
  /** Our category code (packages/core tree) mapped from google_product_category, product_type and title. */
  categoryCode: string;
  /** Leaves the item is listed under as well, for either gender (`mapCategory`'s `alsoIn`, decision 0026); usually empty. */
  alsoCategoryCodes: string[];
  /** GMC `color` (first value when several are joined by `/`); null when absent. */
  color: string | null;
  /** GMC `size` values, split (`US 6 | EU 36` → ["US 6", "EU 36"] kept as one size label "US 6 / EU 36"; see parse/sizes.ts). */
  sizes: string[];
  /** GMC `gender` (`male`, `female`, `unisex`); null when absent. */
  gender: 'male' | 'female' | 'unisex' | null;
  /** GMC `age_group` (`newborn`, `infant`, `toddler`, `kids`, `adult`); null when absent. */
  ageGroup: string | null;
}

/** A problem with one item. `code` is a stable snake_case reason code, counted in reports. */
export interface ItemIssue {
  code: string;
  message: string;
  /** GMC attribute the issue is about. */
  field?: string;
  /** For `unknown_currency`: the currency code the item was priced in. */
  currency?: string;
}

/** What parsing made of one item: accepted (maybe with warnings) or rejected with a reason. */
export interface ParsedItem {
  /** 0-based position of the item in the feed. */
  index: number;
  /** The item's `id` when it could be read (for reports). */
  id: string | null;
  item: FeedItem | null;
  warnings: ItemIssue[];
  /** Set when the item is rejected; `item` is then null. */
  rejection: ItemIssue | null;
}

export type FeedFormat = 'rss' | 'atom' | 'csv' | 'tsv';

/** A whole parsed feed. */
export interface ParsedFeed {
  format: FeedFormat;
  /** Channel/feed title when the format has one (RSS `<channel><title>`, Atom `<feed><title>`). */
  title: string | null;
  /** Channel/feed link (RSS `<channel><link>`, Atom `<link rel="alternate">`). */
  link: string | null;
  items: ParsedItem[];
}

/** Raised when a feed cannot be read at all (not XML/CSV, no items element, empty file). The message is one line. */
export class FeedReadError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'FeedReadError';
  }
}
