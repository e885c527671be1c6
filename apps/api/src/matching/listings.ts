/**
 * From feed items to merchant listings, and the keys that match listings into standard
 * products (issue 2 §8). Pure: no I/O.
 *
 * A listing is one offer: a GMC item, or all items of one colour sharing an `item_group_id` (its
 * variants). A merchant's colours of one item are separate listings, and so separate products with one
 * card each, tied together by their `variantGroup` (issue 11 §3: one card per product and colour).
 * Matching keys, strongest first:
 *   1. `gtin:<GTIN-14>` for every valid GTIN of the listing (GMC `gtin`),
 *   2. `mpn:<brand-slug>:<MPN>` (GMC `brand` + `mpn`),
 *   3. `title:<brand-slug>:<normalised title>[:<colour>]` (brand + title, plus the colour when the listing has one).
 */
import { createHash } from 'node:crypto';
import { slugify, type Availability, type MatchMethod } from '@b-deals/core';
import { perDistinctValue, type FeedItem } from '@b-deals/feeds';

export interface Listing {
  /**
   * GMC `item_group_id` when the items are variants (`<item_group_id>~<colour slug>` when the group
   * comes in several colours), the variant key (`~brand:title[:colour]`) of variants without one, else
   * the item's GMC `id`.
   */
  offerKey: string;
  /**
   * The merchant's colour variants of one item share it (offers.variant_group): GMC `item_group_id`,
   * else brand and title with colour and sizes taken out (`~brand:title`); null when no title is left
   * or when no other listing of the feed shares it (an item in one colour has no other colour to link).
   * The product page links a product's other colours through it.
   */
  variantGroup: string | null;
  items: FeedItem[];
  /** The variant shown: the lowest effective price among available variants. */
  lead: FeedItem;
  title: string;
  brand: string | null;
  priceCents: number;
  salePriceCents: number | null;
  shippingCents: number | null;
  availability: Availability;
  sizes: string[];
  /** Sizes in stock (items whose `availability` is in_stock) → their lowest item price, cents (offers.size_stock). */
  sizeStock: Record<string, number>;
  colors: string[];
  gtins: string[];
  mpn: string | null;
  /** Matching keys, strongest first, each with the method it stands for. */
  keys: Array<{ key: string; method: MatchMethod }>;
  /** sha256 of everything stored about the listing; equal hash → nothing changed. */
  contentHash: string;
}

const AVAILABILITY_RANK: Record<Availability, number> = { in_stock: 0, preorder: 1, backorder: 2, out_of_stock: 3 };

/** Price the shopper pays: sale price when set, else price (cents). */
export const effectivePrice = (i: { priceCents: number; salePriceCents: number | null }): number => i.salePriceCents ?? i.priceCents;

/** Size tokens removed from titles before title matching ("- Size M", "US 6", "XL"). */
const SIZE_WORDS = /\b(?:size\s+\S+|xxs|xs|s|m|l|xl|xxl|xxxl|\d{1,2}(?:\.5)?\s*(?:us|eu|uk)|(?:us|eu|uk)\s*\d{1,2}(?:\.5)?|one size|os)\b/gi;

/**
 * Normalises a title for brand + title matching: brand name, colour, size words and
 * punctuation removed, words slugified and de-duplicated in order. With `dedupe` false a word
 * written twice stays twice: variant grouping's reading ({@link groupListings}), where "Exfoliant
 * Visage" and "Exfoliant Visage Exfoliant" are two items of a merchant, not one in two sizes.
 */
export function normaliseTitle(title: string, brand: string | null, color: string | null, dedupe = true): string {
  let t = ` ${title.toLowerCase()} `;
  for (const remove of [brand, color]) {
    if (remove) t = t.split(remove.toLowerCase()).join(' ');
  }
  t = t.replace(SIZE_WORDS, ' ');
  const words = slugify(t).split('-').filter(Boolean);
  return (dedupe ? [...new Set(words)] : words).join('-');
}

/** The whole-word pattern of one size label, once per distinct label: a feed repeats a few dozen labels over all its items. */
const sizeLabelPattern = perDistinctValue((part): RegExp | null => {
  const escaped = part.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return escaped ? new RegExp(`(^|[\\s,(/-])${escaped}(?=$|[\\s,)/-])`, 'gi') : null;
});

/**
 * Removes the item's own size labels ("42", "US 9 / EU 42") from its title, as whole words, for
 * variant grouping; the title itself (no padding) when none of them is in it.
 */
function withoutOwnSizes(title: string, sizes: readonly string[]): string {
  if (sizes.length === 0) return title;
  let t = ` ${title} `;
  for (const size of sizes) {
    for (const part of size.split(' / ')) {
      const re = sizeLabelPattern(part);
      if (re) t = t.replace(re, '$1 ');
    }
  }
  return t;
}

/**
 * The variant key of an item without `item_group_id` (issue 11 §3): brand, title with brand,
 * colour, size words and the item's own sizes taken out (`title`: `normaliseTitle` of the title
 * without its own sizes), and colour — sizes group, colours stay apart (one product, and so one
 * card, per colour, as the title keys have it); '' when no title is left.
 */
function variantKey(item: FeedItem, title: string): string {
  const group = colourGroup(item, title);
  return group && item.color ? `${group}:${slugify(item.color)}` : group;
}

/** The variant key of an item without its colour (`~brand:title`): the group of its colour variants; '' when no title is left. */
function colourGroup(item: FeedItem, title: string): string {
  return title ? `~${item.brand ? slugify(item.brand) : ''}:${title}` : '';
}

/**
 * The offer key of an item with `item_group_id`: the group's id, or `<id>~<colour slug>` when the
 * group's items come in more than one colour (`colours`: item_group_id → its distinct colour slugs).
 */
function groupKey(item: FeedItem & { itemGroupId: string }, colours: ReadonlyMap<string, ReadonlySet<string>>): string {
  return item.color && colours.get(item.itemGroupId)!.size > 1 ? `${item.itemGroupId}~${slugify(item.color)}` : item.itemGroupId;
}

/**
 * Groups accepted items into listings, in first-seen order: by GMC `item_group_id` and colour (a
 * group in several colours gives one listing per colour; items of it without a colour stay together);
 * else, as GMC groups variants, items of the feed of one colour whose titles agree apart from size
 * ({@link variantKey}) and that differ from each other in size or title become one listing
 * (a feed that lists each size of a shoe as its own item gives one offer with all its sizes);
 * items that would be indistinguishable in such a group, and all others, stay one listing each (by `id`).
 * Each listing's `variantGroup` ties it to its other colours at the merchant (null for a listing without any).
 */
export function groupListings(items: readonly FeedItem[]): Listing[] {
  const byVariant = new Map<string, FeedItem[]>();
  // normaliseTitle(title, brand, colour) of items whose own sizes are not in their title: the title key of a
  // listing they lead has the same value, computed once.
  const titles = new Map<FeedItem, string>();
  const colourGroups = new Map<FeedItem, string>();
  const groupColours = new Map<string, Set<string>>();
  for (const item of items) {
    if (item.itemGroupId) {
      let c = groupColours.get(item.itemGroupId);
      if (!c) groupColours.set(item.itemGroupId, (c = new Set()));
      if (item.color) c.add(slugify(item.color));
      continue;
    }
    const stripped = withoutOwnSizes(item.title, item.sizes);
    // Titles agree apart from size when every word agrees, repeats too: "Exfoliant Visage N°4" and "Exfoliant Visage
    // Exfoliant N°4" (a real feed, two prices, two images) are two items, not one item in two sizes.
    const words = normaliseTitle(stripped, item.brand, item.color, false);
    if (stripped === item.title || stripped.trim() === item.title.trim()) titles.set(item, [...new Set(words.split('-'))].join('-'));
    const key = variantKey(item, words);
    if (!key) continue;
    colourGroups.set(item, colourGroup(item, words));
    const g = byVariant.get(key);
    if (g) g.push(item);
    else byVariant.set(key, [item]);
  }
  const variantOf = new Map<FeedItem, string>();
  for (const [key, group] of byVariant) {
    if (group.length < 2) continue;
    const combos = new Set(group.map((i) => `${i.sizes.join(';')}|${i.title.toLowerCase()}`));
    if (combos.size === group.length) for (const i of group) variantOf.set(i, key);
  }
  const groups = new Map<string, FeedItem[]>();
  for (const item of items) {
    const key = item.itemGroupId ? groupKey(item as FeedItem & { itemGroupId: string }, groupColours) : (variantOf.get(item) ?? item.id);
    const g = groups.get(key);
    if (g) g.push(item);
    else groups.set(key, [item]);
  }
  // A variant group only ties listings together: one no other listing of the feed shares is written as none, so the
  // offers index (`offers_variant_group_idx`, partial) holds only offers with another colour (issue 11 §3; an entry for
  // every offer had written 15 MiB more WAL per 100,000-offer run of the 1,000,000-product ingest bench).
  const groupOf = (g: FeedItem[]) => g[0]!.itemGroupId ?? colourGroups.get(g[0]!) ?? null;
  const listingsIn = new Map<string, number>();
  for (const g of groups.values()) {
    const v = groupOf(g);
    if (v !== null) listingsIn.set(v, (listingsIn.get(v) ?? 0) + 1);
  }
  return [...groups].map(([offerKey, group]) => {
    const v = groupOf(group);
    return toListing(offerKey, group, titles, v !== null && listingsIn.get(v)! > 1 ? v : null);
  });
}

/** Distinct non-empty values, first-seen order. */
function distinct(xs: ReadonlyArray<string | null>): string[] {
  if (xs.length > 8) return [...new Set(xs)].filter((x): x is string => !!x);
  const out: string[] = [];
  for (const x of xs) if (x && !out.includes(x)) out.push(x);
  return out;
}

/** A brand's slug, once per distinct brand name (a feed repeats a few hundred brands over all its items). */
const brandSlug = perDistinctValue(slugify);

/**
 * The exact matching keys of a listing, strongest first: `gtin:<GTIN>` for each GTIN, then, when
 * the brand is known, `mpn:<brand slug>:<mpn>` and `title:<brand slug>:<normalised title>[:<colour slug>]`
 * (`title` as {@link normaliseTitle} gives it for the listing's one colour, or none).
 */
export function listingKeys(l: { gtins: readonly string[]; mpn: string | null; brand: string | null; colour: string | null; title: string }): Listing['keys'] {
  const keys: Listing['keys'] = l.gtins.map((g) => ({ key: `gtin:${g}`, method: 'gtin' as const }));
  if (l.brand) {
    const b = brandSlug(l.brand);
    if (l.mpn) keys.push({ key: `mpn:${b}:${l.mpn}`, method: 'brand_mpn' });
    if (l.title) keys.push({ key: `title:${b}:${l.title}${l.colour ? `:${slugify(l.colour)}` : ''}`, method: 'brand_title' });
  }
  return keys;
}

function toListing(offerKey: string, items: FeedItem[], titles: ReadonlyMap<FeedItem, string>, variantGroup: string | null): Listing {
  const one = items.length === 1;
  const lead = one
    ? items[0]!
    : [...items].sort((a, b) => AVAILABILITY_RANK[a.availability] - AVAILABILITY_RANK[b.availability] || effectivePrice(a) - effectivePrice(b))[0]!;
  const colors = one ? (lead.color ? [lead.color] : []) : distinct(items.map((i) => i.color));
  const sizes = one ? distinct(lead.sizes) : distinct(items.flatMap((i) => i.sizes));
  const sizeStock: Record<string, number> = {};
  for (const i of items) {
    if (i.availability !== 'in_stock') continue;
    for (const size of i.sizes) sizeStock[size] = Math.min(sizeStock[size] ?? Infinity, effectivePrice(i));
  }
  const gtins = one ? (lead.gtin ? [lead.gtin] : []) : distinct(items.map((i) => i.gtin));
  const mpn = lead.mpn ?? items.find((i) => i.mpn)?.mpn ?? null;
  const brand = lead.brand;
  const colour = colors.length === 1 ? colors[0]! : null;
  const title = brand ? ((colour === lead.color ? titles.get(lead) : undefined) ?? normaliseTitle(lead.title, brand, colour)) : '';
  const keys = listingKeys({ gtins, mpn, brand, colour, title });
  const contentHash = createHash('sha256')
    // 'v2': the hash also stands for size_stock (migration 0012); 'v3': and for age_group (migration 0020); 'v4': and for
    // gender and the mapped category (migration 0023), so the first ingest after each writes every offer once. The items
    // stand for the leaves listed too (`alsoCategoryCodes`, migration 0024), so that ingest rewrote every offer again.
    // 'v5': and for variant_group (migration 0029).
    .update(JSON.stringify(['v5', items, sizes, colors, variantGroup]))
    .digest('base64url')
    .slice(0, 22);
  return {
    offerKey,
    variantGroup,
    items,
    lead,
    title: lead.title,
    brand,
    priceCents: lead.priceCents,
    salePriceCents: lead.salePriceCents,
    shippingCents: lead.shippingCents,
    availability: lead.availability,
    sizes,
    sizeStock,
    colors,
    gtins,
    mpn,
    keys,
    contentHash,
  };
}
