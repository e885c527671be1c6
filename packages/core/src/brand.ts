/**
 * Brand-name clean-up of spec §5: remove Chinese-text tags such as pre-order shipping notes,
 * 'second-hand' markers and bracketed Chinese text, then tidy white space.
 *
 * @example cleanBrandName("GUCCI【预售】") === "GUCCI"
 * @example cleanBrandName("Prada (二手) second-hand") === "Prada"
 */
const HAN = '\\p{Script=Han}';
const BRACKETED_HAN = new RegExp(`[\\[【(（「『<《][^\\]】)）」』>》]*${HAN}[^\\]】)）」』>》]*[\\]】)）」』>》]`, 'gu');
const TAGS = [
  /预售[^\s,，;；]*/gu, // pre-order notes, e.g. 预售7天发货
  /\d*\s*(?:天|日|周|小时|个工作日)?内?发货/gu, // "ships in N days / hours", e.g. 7天发货, 48小时内发货
  /现货/gu, // in stock
  /二手|中古/gu, // second-hand
  /\bsecond[\s-]?hand\b/giu,
  /\bpre-?order\b/giu,
];

/** Brackets left empty once their tag is gone, e.g. `[Pre-order]` → `[ ]`. */
const EMPTY_BRACKETS = /[[【(（「『<《]\s*[\]】)）」』>》]/gu;

/**
 * Words merchants write in GMC `brand` when a product has none (GMC asks for `identifier_exists`
 * no instead): "Generic", "Unbranded", "No brand", "N/A", "OEM", "Does not apply". As a brand they
 * would gather unrelated products under one brand page and facet, and join them by "brand + title".
 */
const PLACEHOLDER_BRANDS = new Set([
  'generic',
  'unbranded',
  'no brand',
  'nobrand',
  'non branded',
  'non-branded',
  'not branded',
  'none',
  'n/a',
  'na',
  'unknown',
  'oem',
  'brand',
  'no',
  'other',
  'does not apply',
  'not applicable',
]);

/**
 * Returns the display name of a brand (spec §5 "Brand names"): bracketed text holding Chinese
 * characters (【预售】, （巴黎世家）, [二手]) and the tags pre-order (预售…, pre-order), shipping
 * time (7天发货, 48小时内发货), in stock (现货) and second-hand (二手, 中古, second-hand) are
 * removed, with brackets left empty; separators left at either end are trimmed and white
 * space collapsed. Names without tags stay as written ("Dolce & Gabbana", "A.P.C.",
 * "Off-White", "李宁 Li-Ning"). Returns "" when nothing but tags was given, or a placeholder for no brand
 * ({@link PLACEHOLDER_BRANDS}: "Generic", "Unbranded", "N/A"). Never throws.
 */
export function cleanBrandName(raw: string): string {
  let s = raw.normalize('NFC').replace(BRACKETED_HAN, ' ');
  for (const tag of TAGS) s = s.replace(tag, ' ');
  const name = s
    .replace(EMPTY_BRACKETS, ' ')
    .replace(/[\s\-–—|/,，;；:]+$/u, '')
    .replace(/^[\s\-–—|/,，;；:]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
  return PLACEHOLDER_BRANDS.has(name.toLowerCase()) ? '' : name;
}
