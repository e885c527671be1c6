/**
 * Turns one raw feed item into a FeedItem with its outcome (accepted, accepted with warnings,
 * or rejected), using GMC product data rules for each attribute and the reason codes of
 * `reasons.ts`. Money is converted to integer USD cents (DESIGN.md) with the FX table.
 */
import { cleanBrandName, isIso4217Currency, normalizeGtin, parseMoney, type Money } from '@b-deals/core';
import type { FeedItem, ItemIssue, ParsedItem } from '../types.ts';
import { mapCategory } from './category-map.ts';
import { convertToUsd, toUsdCents, type FxTable } from './fx.ts';
import { first, type RawItem } from './raw.ts';
import { itemIssue } from './reasons.ts';
import { normalizeSizes } from './sizes.ts';
import { collapseWhitespace, htmlToText } from './text.ts';
import { normalizeAgeGroup, normalizeAvailability, normalizeCondition, normalizeGender } from './vocabulary.ts';

/** Feed-wide context of normalisation. `seenIds` collects accepted and rejected ids to find duplicates. */
export interface NormalizeContext {
  /** Currency of prices written without one when the item has no `currency` value (ISO 4217). */
  defaultCurrency: string;
  fx: FxTable;
  now: Date;
  seenIds: Set<string>;
}

/** parseMoney results by currency and text: feeds repeat the same few price strings (e.g. every shipping price). */
const moneyCache = new Map<string, Money | null>();
function readMoney(text: string, currency: string): Money | null {
  const key = `${currency} ${text}`;
  let money = moneyCache.get(key);
  if (money === undefined) {
    money = parseMoney(text, currency);
    if (moneyCache.size > 50_000) moneyCache.clear();
    moneyCache.set(key, money);
  }
  return money;
}

/** Absolute http(s) URL, or null. `new URL` percent-encodes what needs it. */
function httpUrl(text: string): string | null {
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/** Path endings of pages and documents: an image_link ending so is not an image. */
const NOT_IMAGE_EXT = /\.(html?|php\d?|aspx?|jsp|cfm|pdf|txt|json|xml)$/i;

/** Strips query and fragment, for comparing an image link with the product page link. */
const pageOf = (url: string): string => url.replace(/[?#].*$/, '').replace(/\/$/, '');

type ImageCheck = { url: string; issue: null } | { url: null; issue: 'image_link_invalid' | 'image_link_not_image' };

/** Checks an image URL: must be absolute http(s) and not a page (non-image file extension, or the product page itself). */
function checkImage(url: string, link: string): ImageCheck {
  const href = httpUrl(url);
  if (!href) return { url: null, issue: 'image_link_invalid' };
  if (NOT_IMAGE_EXT.test(new URL(href).pathname) || pageOf(href) === pageOf(link)) return { url: null, issue: 'image_link_not_image' };
  return { url: href, issue: null };
}

/**
 * GMC `sale_price_effective_date`: ISO 8601 interval `start/end` (times with offsets like
 * `+0100` or `+01:00`, or dates only, an end date meaning the end of that UTC day).
 * @returns whether `now` is inside it, or null when the interval is malformed.
 */
function effectiveAt(interval: string, now: Date): boolean | null {
  const [startText, endText, extra] = interval.trim().split('/');
  if (!startText || !endText || extra !== undefined) return null;
  const parse = (s: string, end: boolean): number => {
    const t = s.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    return /^\d{4}-\d{2}-\d{2}$/.test(t) ? Date.parse(`${t}T${end ? '23:59:59.999' : '00:00:00'}Z`) : Date.parse(t);
  };
  const start = parse(startText, false);
  const end = parse(endText, true);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  return now.getTime() >= start && now.getTime() <= end;
}

/** Normalises one item (index = 0-based position in the feed). Never throws. */
export function normalizeItem(raw: RawItem, index: number, ctx: NormalizeContext): ParsedItem {
  const warnings: ItemIssue[] = [];
  const text = (name: Parameters<typeof first>[1]): string | undefined => {
    const v = first(raw, name);
    const t = v === undefined ? '' : collapseWhitespace(v);
    return t === '' ? undefined : t;
  };
  const id = text('id') ?? null;
  const reject = (code: Parameters<typeof itemIssue>[0], field: string, detail?: string): ParsedItem => ({
    index,
    id,
    item: null,
    warnings,
    rejection: itemIssue(code, field, detail),
  });

  if (id === null) return reject('missing_id', 'id');
  if (ctx.seenIds.has(id)) return reject('duplicate_id', 'id');
  ctx.seenIds.add(id);

  const titleRaw = first(raw, 'title');
  const title = titleRaw === undefined ? '' : htmlToText(titleRaw);
  if (!title) return reject('missing_title', 'title');

  const linkText = text('link');
  if (!linkText) return reject('missing_link', 'link');
  const link = httpUrl(linkText);
  if (!link) return reject('invalid_link', 'link');

  const currency = (text('currency') ?? ctx.defaultCurrency).toUpperCase();
  const priceText = text('price');
  if (!priceText) return reject('missing_price', 'price');
  const price = readMoney(priceText, currency);
  if (!price || price.amount <= 0) return reject('invalid_price', 'price', priceText);
  const converted = convertToUsd(price, ctx.now, ctx.fx);
  if (converted === null) {
    const rejected = reject(
      'unknown_currency',
      'price',
      isIso4217Currency(price.currency) ? `${price.currency}: no exchange rate is known` : `${price.currency}: not an ISO 4217 currency code`,
    );
    return { ...rejected, rejection: { ...rejected.rejection!, currency: price.currency } };
  }
  const priceCents = converted.cents;
  if (priceCents <= 0) return reject('invalid_price', 'price', priceText);

  const salePriceCents = salePrice(raw, priceCents, currency, ctx, warnings);
  const shippingCents = shipping(raw, currency, ctx, warnings);

  // image_link and additional_image_link
  let imageLink: string | null = null;
  const imageText = first(raw, 'image_link');
  if (imageText === undefined || imageText.trim() === '') warnings.push(itemIssue('image_link_missing', 'image_link'));
  else {
    const trimmed = imageText.trim();
    if (trimmed !== imageText || /\s/.test(trimmed)) warnings.push(itemIssue('image_link_whitespace', 'image_link'));
    const checked = checkImage(trimmed.replace(/\s+/g, '%20'), link);
    if (checked.issue) warnings.push(itemIssue(checked.issue, 'image_link', trimmed));
    imageLink = checked.url;
  }
  const additionalImageLinks: string[] = [];
  for (const value of raw.values.get('additional_image_link') ?? []) {
    const checked = checkImage(value.trim().replace(/\s+/g, '%20'), link);
    if (checked.url && checked.url !== imageLink && !additionalImageLinks.includes(checked.url)) additionalImageLinks.push(checked.url);
  }

  const descriptionRaw = first(raw, 'description');
  const description = descriptionRaw === undefined ? '' : htmlToText(descriptionRaw);
  if (!description) warnings.push(itemIssue('empty_description', 'description'));

  const gtinText = text('gtin');
  let gtin: string | null = null;
  if (gtinText) {
    gtin = normalizeGtin(gtinText.split(/[,;]/)[0] as string);
    if (!gtin) warnings.push(itemIssue('invalid_gtin', 'gtin', gtinText));
  }

  const availabilityText = text('availability');
  let availability = normalizeAvailability(availabilityText);
  if (!availability) {
    availability = 'in_stock';
    warnings.push(itemIssue('unknown_availability', 'availability', availabilityText));
  }

  const conditionText = text('condition');
  let condition = conditionText ? normalizeCondition(conditionText) : 'new';
  if (!condition) {
    condition = 'new';
    warnings.push(itemIssue('unknown_condition', 'condition', conditionText));
  }

  const brandText = text('brand');
  const brand = brandText ? cleanBrandName(brandText) || null : null;
  const mpn = text('mpn')?.toUpperCase() ?? null;
  const color = text('color')?.split('/')[0]?.trim() || null;
  const gender = normalizeGender(text('gender'));
  const ageGroup = normalizeAgeGroup(text('age_group'));
  const googleProductCategory = text('google_product_category') ?? null;
  const productType = text('product_type') ?? null;
  const category = mapCategory({ googleProductCategory, productType, title, description, gender, ageGroup });
  if (!category.mapped) warnings.push(itemIssue('unmapped_category', 'google_product_category'));

  const item: FeedItem = {
    id,
    itemGroupId: text('item_group_id') ?? null,
    title,
    description,
    link,
    imageLink,
    additionalImageLinks,
    brand,
    gtin,
    mpn,
    priceCents,
    salePriceCents,
    shippingCents,
    original:
      price.currency === 'USD' ? null : { amount: price.amount, currency: price.currency, rateDate: converted.rateDate, rateSource: converted.rateSource },
    availability,
    condition,
    googleProductCategory,
    productType,
    categoryCode: category.code,
    alsoCategoryCodes: category.alsoIn,
    color,
    sizes: normalizeSizes(raw.values.get('size') ?? []),
    gender,
    ageGroup,
  };
  return { index, id, item, warnings, rejection: null };
}

/**
 * GMC `sale_price` in USD cents when readable, lower than the price and effective at `now`.
 * Outside its `sale_price_effective_date` window the sale simply does not apply (no warning);
 * unreadable, not lower, or a malformed window → null with `sale_price_ignored`.
 */
function salePrice(raw: RawItem, priceCents: number, currency: string, ctx: NormalizeContext, warnings: ItemIssue[]): number | null {
  const saleText = first(raw, 'sale_price')?.trim();
  if (!saleText) return null;
  const ignore = (detail: string): null => {
    warnings.push(itemIssue('sale_price_ignored', 'sale_price', detail));
    return null;
  };
  const sale = readMoney(saleText, currency);
  const cents = sale && sale.amount > 0 ? toUsdCents(sale, ctx.now, ctx.fx) : null;
  if (!sale || cents === null || cents <= 0) return ignore(`unreadable: ${saleText}`);
  if (cents >= priceCents) return ignore('not lower than price');
  const window = first(raw, 'sale_price_effective_date')?.trim();
  if (window) {
    const active = effectiveAt(window, ctx.now);
    if (active === null) return ignore(`malformed sale_price_effective_date: ${window}`);
    if (!active) return null;
  }
  return cents;
}

/**
 * GMC `shipping` to the US (else the first group) in USD cents; `free` (and its fr/es/de/it/zh
 * words) is 0; null when absent; unreadable or in an unknown currency → null with `invalid_shipping`.
 */
function shipping(raw: RawItem, currency: string, ctx: NormalizeContext, warnings: ItemIssue[]): number | null {
  const groups = raw.shipping.filter((s) => s.price);
  const chosen = groups.find((s) => s.country?.toUpperCase() === 'US') ?? groups[0];
  if (!chosen?.price) return null;
  const money = /^(free|gratis|kostenlos|gratuit|gratuita|gratuito|免费|免運費|包邮)\b/iu.test(chosen.price.trim())
    ? { amount: 0, currency: 'USD' }
    : readMoney(chosen.price, currency);
  const cents = money && money.amount >= 0 ? toUsdCents(money, ctx.now, ctx.fx) : null;
  if (cents === null) warnings.push(itemIssue('invalid_shipping', 'shipping', chosen.price));
  return cents;
}
