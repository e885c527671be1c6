/**
 * Slug rules of spec §5: strip emoji, punctuation, trademark marks and accents; whitespace
 * becomes hyphens; lowercase unless case is kept.
 *
 * @example slugify("Café Noir™ Tote — 2024!") === "cafe-noir-tote-2024"
 */
export interface SlugOptions {
  /** Keep the letter case of the input (spec §5 "lowercase unless case is kept"). */
  keepCase?: boolean;
}

const TRADEMARKS = /[\u2122\u00AE\u00A9\u2120]/g; // ™ ® © ℠
const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u200D\uFE0F]/gu;
const COMBINING = /[\u0300-\u036f]/g;
// Letters the Unicode decomposition does not split into base letter + accent.
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', þ: 'th', Þ: 'TH', ð: 'd' };

/** Turns a display string into a URL slug. Pure; never throws; may return "" for input with no letters or digits. */
export function slugify(input: string, options: SlugOptions = {}): string {
  let s = input
    .replace(TRADEMARKS, '')
    .replace(EMOJI, '')
    .normalize('NFKD')
    .replace(COMBINING, '')
    .replace(/[ßæÆøØœŒłŁđĐþÞð]/g, (c) => FOLD[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    // every remaining run of characters that is not a letter or digit is a separator
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-');
  if (!options.keepCase) s = s.toLowerCase();
  return s;
}
