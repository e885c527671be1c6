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
  /\d*\s*天?发货/gu, // "ships in N days"
  /现货/gu, // in stock
  /二手|中古/gu, // second-hand
  /\bsecond[\s-]?hand\b/giu,
  /\bpre-?order\b/giu,
];

/** Returns the display name of a brand; "" when nothing but tags was given. */
export function cleanBrandName(raw: string): string {
  let s = raw.normalize('NFC').replace(BRACKETED_HAN, ' ');
  for (const tag of TAGS) s = s.replace(tag, ' ');
  return s
    .replace(/[\s\-–—|/,，;；:]+$/u, '')
    .replace(/^[\s\-–—|/,，;；:]+/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}
