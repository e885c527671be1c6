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
// pictographs, regional-indicator flags, skin tones, keycap, joiner, variation selector, emoji tags
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u20E3|\u200D|\uFE0F|[\u{E0020}-\u{E007F}]/gu;
// Combining diacritical marks (accents) of Latin, Greek and Cyrillic letters after NFKD. Marks of
// other scripts (Devanagari vowel signs, kana voicing marks) are part of the letter and stay.
const COMBINING = /[\u0300-\u036f]|[\u1ab0-\u1aff]|[\u1dc0-\u1dff]|[\u20d0-\u20ff]|[\ufe20-\ufe2f]/g;
// Letters the Unicode decomposition does not split into base letter + accent.
const FOLD: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
};

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/**
 * {@link slugify} of plain ASCII in one pass over its characters, as the full rule reads it:
 * `&` is the word "and", `'` and backtick vanish, every other run of characters that are not
 * letters or digits is one hyphen between words.
 */
function asciiSlug(input: string, keepCase: boolean): string {
  let out = '';
  let gap = false;
  for (let i = 0; i < input.length; i++) {
    let c = input.charCodeAt(i);
    if (c === 0x27 || c === 0x60) continue; // ' and ` vanish without separating
    const upper = c >= 0x41 && c <= 0x5a;
    if ((c >= 0x30 && c <= 0x39) || upper || (c >= 0x61 && c <= 0x7a)) {
      if (gap && out) out += '-';
      gap = false;
      if (upper && !keepCase) c += 0x20;
      out += String.fromCharCode(c);
    } else if (c === 0x26) {
      out += out ? '-and' : 'and';
      gap = true;
    } else gap = true;
  }
  return out;
}

/**
 * Turns a display string into a URL slug (spec §5): trademark marks (™ ® © ℠) and emoji are
 * dropped, accents are stripped (`é` → `e`) and a few letters folded (`ß` → `ss`, `æ` → `ae`,
 * `ø` → `o`), `&` reads `and`, apostrophes vanish (`Levi's` → `levis`), and every other run of
 * punctuation or white space becomes one hyphen, none leading or trailing. Letters of other
 * scripts are kept (NFC). Lower case unless `keepCase`. Pure; never throws; returns "" for
 * input with no letters or digits.
 */
export function slugify(input: string, options: SlugOptions = {}): string {
  // Plain ASCII (most feed text) has no mark, emoji, accent or folded letter: the same rule in one pass.
  if (ASCII.test(input)) return asciiSlug(input, options.keepCase === true);
  let s = input
    .replace(TRADEMARKS, '')
    .replace(EMOJI, '')
    .normalize('NFKD')
    .replace(COMBINING, '')
    .replace(/[ßẞæÆøØœŒłŁđĐþÞð]/g, (c) => FOLD[c] ?? c)
    .replace(/&/g, ' and ')
    .replace(/['’`]/g, '')
    // every remaining run of characters that is not a letter, digit or mark is a separator
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    // recompose what NFKD split apart in other scripts (Hangul syllables, kana with voicing marks)
    .normalize('NFC');
  if (!options.keepCase) s = s.toLowerCase();
  return s;
}
