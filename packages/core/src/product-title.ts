/**
 * The name of a standard product (issue 11: one product joins several merchants' offers). Each
 * merchant writes its own title for the same thing ("KITESTONE Leather Western Boot in Rust",
 * "Leather Western Boot by Kitestone (Rust)", "Kitestone | Leather Western Boot | Rust"); the
 * product's name is chosen among its offers' titles by the rule below, not taken from whichever
 * feed arrived first, so it does not change with the order feeds land in.
 *
 * The measure is Google Merchant Center's guidance for the `title` attribute: the brand first, then
 * the product and its attributes (colour, size), no promotional text, no words in capitals for
 * emphasis, no decorative separators, at most 150 characters. Titles with fewer faults win; among
 * equals, the one that agrees most with the other merchants' titles (the words most of them use,
 * without one merchant's additions), then the shorter, then the first in code-point order.
 */

/** A fault of an offer title as a product name, with its weight in {@link titleFaultScore}. */
export const TITLE_FAULTS = {
  /** "20% off", "free shipping", "sale", "bestseller", "!": GMC `title` disallows promotional text. */
  promotional: 4,
  /** A word of four or more letters in capitals that its brand does not write so ("KITESTONE Boot"). */
  shouting: 3,
  /** Decorative separators: "|", "¦", "•", "★", "☆", "~~". */
  separators: 2,
  /** The same word twice in a row, ignoring case, hyphens and a possessive: "Men Men's", "Slim Slim-Fit". */
  repeated_word: 2,
  /** One variant's size in the name of a product sold in several ("- Size M", "Size: 9", "US 8 / EU 41"). */
  size_named: 2,
  /** Longer than GMC's 150-character `title` limit. */
  too_long: 2,
  /** The brand is known but the title does not start with it ("Boot by Kitestone"). */
  brand_not_first: 1,
} as const;

export type TitleFault = keyof typeof TITLE_FAULTS;

/** GMC `title`: at most 150 characters. */
const GMC_TITLE_MAX = 150;
const PROMOTIONAL = [
  /\d+\s*%\s*off\b/i,
  /\bfree\s+(?:shipping|delivery|gift)\b/i,
  /\b(?:on\s+sale|sale|clearance|best\s?seller|hot\s+deal|limited\s+time|buy\s+now)\b/i,
  /!/,
];
const SEPARATORS = /[|¦•★☆]|~~/;
const SIZE_NAMED = /\bsize\s*[:#-]?\s*(?:\d|(?:x{0,3}[sml]|x{1,3}l|small|medium|large)\b)|\b(?:us|eu|uk)\s*\d{1,2}(?:\.5)?\b/iu;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower-case letters without accents, for comparing words (NFKD, combining marks removed; plain ASCII, most feed text, has none). */
function fold(s: string): string {
  return PRINTABLE_ASCII.test(s) ? s.toLowerCase() : s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a title for comparison: folded, split on anything but letters, digits and apostrophes; possessives dropped. */
function words(title: string): string[] {
  const out: string[] = [];
  for (const w of fold(title).split(/[^\p{L}\p{N}'’]+/u)) {
    const word = w.includes("'") || w.includes('’') ? w.replace(/['’]s?$/u, '').replace(/['’]/gu, '') : w;
    if (word.length > 0) out.push(word);
  }
  return out;
}

/** Words of four or more letters written wholly in capitals (digits excluded: `PSLX350H` is a model number). */
function capitalWords(title: string): string[] {
  return title.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4 && /^\p{Lu}+$/u.test(w));
}

/**
 * The faults of one title as the product's name, against the product's brand display name
 * (`brand`: null or '' when unknown, so `brand_not_first` and the brand's own capitals are not
 * judged). Pure; an empty list means no fault. `titleWords`: the title's comparison words when the
 * caller has them already (as the module's `words` gives them).
 */
export function titleFaults(title: string, brand: string | null, titleWords: readonly string[] = words(title)): TitleFault[] {
  const faults: TitleFault[] = [];
  if (PROMOTIONAL.some((re) => re.test(title))) faults.push('promotional');
  const brandCapitals = new Set(brand ? capitalWords(brand) : []);
  if (capitalWords(title).some((w) => !brandCapitals.has(w))) faults.push('shouting');
  if (SEPARATORS.test(title)) faults.push('separators');
  if (titleWords.some((x, i) => i > 0 && x === titleWords[i - 1])) faults.push('repeated_word');
  if (SIZE_NAMED.test(title)) faults.push('size_named');
  if (title.length > GMC_TITLE_MAX) faults.push('too_long');
  if (brand && !fold(title.trimStart()).startsWith(fold(brand.trim()))) faults.push('brand_not_first');
  return faults;
}

/** The summed weight ({@link TITLE_FAULTS}) of a title's faults; 0 for a title GMC's guidance has nothing against. */
export function titleFaultScore(title: string, brand: string | null, titleWords?: readonly string[]): number {
  return titleFaults(title, brand, titleWords).reduce((sum, f) => sum + TITLE_FAULTS[f], 0);
}

/** Jaccard similarity (0..1) of two word sets. */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** At most this many offer titles are compared (the agreement is quadratic in their number). */
const MAX_CANDIDATES = 40;

/**
 * The standard product's name among its offers' titles (see the module's rule): fewest
 * {@link TITLE_FAULTS} by weight, then the most agreement with the other titles (summed word-set
 * Jaccard; a title two merchants share counts twice), then the product's `current` name (a name
 * changes only for a better one: a product's URL follows its name), then the shorter, then
 * code-point order. White space is tidied; when the winner still writes the brand in capitals
 * that the brand's display name does not use, the brand is written as its display name
 * ("KITESTONE Boot" with brand "Kitestone" → "Kitestone Boot"). Resolves to null when no title has
 * a letter or digit.
 *
 * @param titles the offers' titles (GMC `title`), any order; at most the first 40 are compared
 * @param brand the product's brand display name, or null
 * @param current the product's name now (as this function gave it), or null for a new product
 */
export function displayTitle(titles: readonly string[], brand: string | null, current: string | null = null): string | null {
  const tidy = titles.map((t) => t.replace(/\s+/g, ' ').trim()).filter((t) => /[\p{L}\p{N}]/u.test(t));
  if (tidy.length === 0) return null;
  const candidates = tidy.slice(0, MAX_CANDIDATES);
  const wordLists = candidates.map(words);
  const wordSets = wordLists.map((w) => new Set(w));
  let best = -1;
  let bestKey: ChoiceKey | null = null;
  for (let i = 0; i < candidates.length; i++) {
    let agreement = 0;
    for (let j = 0; j < candidates.length; j++) if (j !== i) agreement += jaccard(wordSets[i]!, wordSets[j]!);
    const title = candidates[i]!;
    const key: ChoiceKey = [titleFaultScore(title, brand, wordLists[i]), -agreement, withBrandAsWritten(title, brand) === current ? 0 : 1, title.length, title];
    if (bestKey === null || before(key, bestKey)) {
      best = i;
      bestKey = key;
    }
  }
  return withBrandAsWritten(candidates[best]!, brand);
}

/** What a title is chosen by, in order: fault weight, minus agreement, 0 for the current name (else 1), length, the title. */
type ChoiceKey = [number, number, number, number, string];

/** Lexicographic order of the choice keys (agreement compared to 1e-9, so float sums in another order tie). */
function before(a: ChoiceKey, b: ChoiceKey): boolean {
  if (a[0] !== b[0]) return a[0] < b[0];
  if (Math.abs(a[1] - b[1]) > 1e-9) return a[1] < b[1];
  if (a[2] !== b[2]) return a[2] < b[2];
  if (a[3] !== b[3]) return a[3] < b[3];
  return a[4] < b[4];
}

/** The title with its brand, where written wholly in capitals that the display name does not use, as the display name writes it. */
function withBrandAsWritten(title: string, brand: string | null): string {
  const b = brand?.trim();
  if (!b || b === b.toUpperCase()) return title;
  const upper = b.toUpperCase();
  const at = title.indexOf(upper);
  if (at < 0) return title;
  const end = at + upper.length;
  const boundary = (c: string | undefined) => c === undefined || !/[\p{L}\p{N}]/u.test(c);
  return boundary(title[at - 1]) && boundary(title[end]) ? title.slice(0, at) + b + title.slice(end) : title;
}

/** Version of the product-name rule ({@link displayTitle}); a change renames stored products at the next API start. */
export const PRODUCT_TITLE_RULE = 1;
