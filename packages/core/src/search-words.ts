/**
 * Query words of the storefront search (issue 11 §6): how a typed query splits into words, and
 * the common synonyms a word also finds.
 *
 * - Words are runs of letters and digits; a hyphenated compound (`t-shirt`, `slip-on`) stays one
 *   word, so "t-shirt" is not read as "t" and "shirt".
 * - Synonyms are words shoppers use for the same thing in US and UK English (sneakers/trainers,
 *   tee/t-shirt, handbag/purse, diaper/nappy, stroller/pushchair, …) and the spellings merchants
 *   write one thing in (duffel/duffle, hoodie/hoody, flip-flop/flipflop). A category's narrower
 *   kinds (chinos under trousers) are not synonyms: searching "chinos" must not find every pair of
 *   trousers; nor are words with another common sense in these departments ("cot" is a US camp
 *   bed, "shades" a lipstick's, "vest" a US waistcoat and a UK tank top).
 */

/** Groups of words that name the same thing; each word finds the others (singular forms; the analyser stems plurals). */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['sneaker', 'trainer'],
  ['t-shirt', 'tee', 'tshirt'],
  ['v-neck', 'vneck'],
  ['handbag', 'purse'],
  ['sweater', 'jumper'],
  ['backpack', 'rucksack'],
  ['trouser', 'pant'],
  ['moisturizer', 'moisturiser'],
  ['jewelry', 'jewellery'],
  ['pajama', 'pyjama'],
  ['legging', 'tights'],
  ['workout', 'gym', 'fitness', 'training'],
  ['zip', 'zipper'],
  ['jogger', 'sweatpant'],
  ['color', 'colour'],
  ['woman', 'women', 'lady', 'ladies'],
  ['duffel', 'duffle'],
  ['hoodie', 'hoody'],
  ['flip-flop', 'flipflop'],
  ['diaper', 'nappy'],
  ['stroller', 'pushchair'],
  ['pacifier', 'dummy', 'soother'],
  ['panty', 'knicker'],
];

/** The plural forms a query may type a synonym's singular in: `s`, `es`, and `ies` for a consonant + `y` ("nappies", "panties"). */
function pluralForms(word: string): string[] {
  const forms = [word, `${word}s`, `${word}es`];
  if (/[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  return forms;
}

/**
 * Words that name a colour (English; the words GMC `color` values are written in): what tells
 * variants of one model apart in offer matching (apps/api matching `record.ts`), and what a
 * query's colour word is checked against when a product states its colour (issue 11 §6; see
 * category-search-words.ts `SEARCH_COLOUR_WORDS`).
 */
export const COLOUR_WORDS: readonly string[] = (
  'black white silver gray grey red blue green pink purple violet yellow orange brown gold beige navy cyan magenta teal turquoise bronze copper ' +
  'ivory cream charcoal graphite titanium champagne burgundy maroon khaki tan lavender lime aqua coral mint rose olive mustard camel emerald plum ' +
  'mauve taupe sage rust indigo fuchsia lilac cobalt crimson scarlet peach apricot mulberry pewter gunmetal ecru'
).split(' ');

/**
 * Words that say whom a product is for (issue 11 §6; GMC `gender` male | female, `age_group`
 * kids), as a product's title or category words and a shopper's query write them. A query's
 * men's or women's word (`'adult'`) also finds adults' products whose words name no gender (a
 * running shoe, a watch, a cologne: GMC's `unisex`), and a boys' or girls' word (`'child'`)
 * children's products that name none; a product naming the other gender, or a child's product
 * for an adult's word, stays out. The search reads them in apps/api `search/audience.ts`.
 */
export const AUDIENCE_WORDS: Readonly<Record<'gender' | 'child' | 'unisex', readonly string[]>> = {
  /** Words naming a gender: an adult's or a child's. */
  gender: 'men mens man male males gentleman gentlemen women womens woman female females lady ladies boy boys girl girls'.split(' '),
  /** Words naming a child (GMC `age_group` newborn | infant | toddler | kids); the gender words boy and girl too. */
  child: 'kid kids child children baby babies toddler toddlers infant infants newborn junior juniors youth boy boys girl girls'.split(' '),
  /** Words saying a product is for any gender: it names none. */
  unisex: ['unisex'],
};

/** Whom a query's audience word asks for: adults of one gender, or children of one. */
export type QueryAudience = 'adult' | 'child';

/**
 * The audience a query word asks for ({@link AUDIENCE_WORDS}): `'adult'` for a men's or women's
 * word ("mens", "women", "ladies"), `'child'` for a boys' or girls' word, null for any other word
 * (also "kids" and "baby", which ask for children of either gender and match as words).
 */
export function audienceOfQueryWord(word: string): QueryAudience | null {
  const w = word.toLowerCase();
  if (!AUDIENCE_WORDS.gender.includes(w)) return null;
  return AUDIENCE_WORDS.child.includes(w) ? 'child' : 'adult';
}

const synonymIndex = new Map<string, string[]>();
for (const group of SEARCH_SYNONYMS)
  for (const word of group) {
    const others = group.filter((w) => w !== word);
    for (const form of pluralForms(word))
      synonymIndex.set(
        form,
        [...new Set([...(synonymIndex.get(form) ?? []), ...others])].filter((w) => w !== form),
      );
  }

/**
 * Words of a query, folded as product text is ({@link foldSearchText}: "Café" is `cafe`), letters and digits
 * (hyphenated compounds kept whole), at most 8.
 */
export function queryWords(q: string): string[] {
  return (foldSearchText(q).match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []).slice(0, 8);
}

/** The synonyms of a query word (its plural `s`/`es`/`ies` forms too), without the word itself; [] when it has none. */
export function synonymsOf(word: string): string[] {
  return synonymIndex.get(word.toLowerCase()) ?? [];
}

/**
 * Words of PostgreSQL's `english` stop list that name a product attribute in this catalogue's
 * departments, with the marker they are analysed as (issue 11 §6). The stop list drops them, so
 * "down jacket" searched as "jacket" and every jacket matched; written as their marker both in
 * product text and in queries, they are words like any other. Only words whose other senses are
 * rare in product text are listed: "down" (the filling: down jacket, down coat, down parka); not
 * "off" ("20% off" is in many descriptions) nor "over". Marker: the word + `fill`, a word of no
 * product text. Version of the rule: `SEARCH_VECTOR_RULE` (a change rewrites stored vectors).
 */
export const KEPT_STOP_WORDS: Readonly<Record<string, string>> = { down: 'downfill' };

/**
 * Words PostgreSQL's `english` stemmer writes as the stem of an unrelated word, with the marker they are
 * analysed as (issue 11 §6), as {@link KEPT_STOP_WORDS} are: "fitness" is stemmed `fit`, the stem of "fitted",
 * "fits" and "slim-fit", so "fitness" (and "workout", "gym" and "training", its synonyms) found every fitted jacket
 * and relaxed-fit capri. Written as their marker in product text and queries alike, they find only themselves.
 * Found on the Luma store of `npm run eval:search` ("fitness": a fitted jacket first) and the demo catalogue
 * ("training top": fitted hoodies and sweaters). Marker: the word + `word`, a word of no product text, which the
 * stemmer leaves whole. Version of the rule: `SEARCH_VECTOR_RULE`.
 */
export const UNSTEMMED_WORDS: Readonly<Record<string, string>> = { fitness: 'fitnessword' };

/**
 * How search text is folded before it is split into words (issue 11 §6: a US shopper types "serum visage" for
 * "Sérum Visage", "creme" for "Crème", "women’s" with a curly apostrophe, or full-width "ｃａｆｅ" from a
 * Japanese keyboard): the one rule of the index's text and the query's words alike. In order:
 *
 * 1. `separators` (™ ℠ ℡) become spaces: Unicode NFKC would glue them to the word before ("Brand™" → "BrandTM").
 * 2. Unicode NFKC (UAX #15): full-width forms are their ASCII letters, ligatures their letters (ﬁ → fi), a letter
 *    typed as letter + combining mark is one letter.
 * 3. `from[i]` → `to[i]` (as SQL `translate(text, from, to)` reads them, which also deletes each character of `from`
 *    past the end of `to`): every letter of U+00C0–U+024F and U+1E00–U+1EFF whose canonical decomposition (NFD) is
 *    one ASCII letter and marks is that letter, and by hand ø, đ, ł, ħ, ı (no decomposition); apostrophes and primes
 *    (’ ‘ ‛ ʼ ′ ´ `) are `'`; combining diacritical marks (U+0300–U+036F) left on a letter NFKC could not compose are
 *    deleted. Letters that fold to two (ß, æ, œ) stay.
 *
 * `block` is a regular-expression class of the characters steps 1–3 change that PostgreSQL's text parser does not
 * already read as it reads their folded form (a curly apostrophe separates words as a straight one does), for
 * telling cheaply whether a text needs folding at all (search `analysed`). {@link foldSearchText} is the rule in
 * TypeScript (query words, suggestions, hot words); apps/api search `folded` in SQL (product text, vocabulary).
 */
export const SEARCH_FOLDING: Readonly<{ separators: string; from: string; to: string; block: string }> = (() => {
  let from = 'øØđĐłŁħĦı';
  let to = 'oOdDlLhHi';
  for (const [first, last] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ] as const) {
    for (let cp = first; cp <= last; cp++) {
      const ch = String.fromCodePoint(cp);
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base !== ch && /^[A-Za-z]$/.test(base)) {
        from += ch;
        to += base;
      }
    }
  }
  const apostrophes = '\u2019\u2018\u201b\u02bc\u2032\u00b4\u0060';
  from += apostrophes;
  to += "'".repeat(apostrophes.length);
  for (let cp = 0x300; cp <= 0x36f; cp++) from += String.fromCodePoint(cp);
  return {
    separators: '\u2120\u2121\u2122',
    from,
    to,
    block: '[\u00a0-\u036f\u1e00-\u1eff\u2100-\u218f\ufb00-\ufb4f\uff00-\uffef]',
  };
})();

const FOLDED = new Map<string, string>([...SEARCH_FOLDING.from].map((ch, i) => [ch, SEARCH_FOLDING.to[i] ?? '']));
const SEPARATORS = new RegExp(`[${SEARCH_FOLDING.separators}]`, 'g');

/**
 * A text as search reads it ({@link SEARCH_FOLDING}, steps 1–3), lower-cased: "Café" → "cafe", "CRÈME" → "creme",
 * "naïve" → "naive", "women’s" → "women's", "ｃａｆé" → "cafe". Idempotent; never throws.
 */
export function foldSearchText(text: string): string {
  let out = '';
  for (const ch of text.replace(SEPARATORS, ' ').normalize('NFKC')) out += FOLDED.get(ch) ?? ch;
  return out.toLowerCase();
}

/**
 * Version of the search vectors' analysis rule ({@link KEPT_STOP_WORDS}, {@link UNSTEMMED_WORDS}, {@link SEARCH_FOLDING});
 * a catalogue written under another one is rewritten at API start. 2: accents folded (2026-11-29).
 * 3: NFKC (full-width forms, ligatures), Latin Extended Additional letters, the modifier-letter apostrophe,
 * and the typo-correction vocabulary folded too (2026-11-29). 4: {@link UNSTEMMED_WORDS} ("fitness" is no "fit",
 * 2026-11-29).
 */
export const SEARCH_VECTOR_RULE = 4;
