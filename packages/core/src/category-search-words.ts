/**
 * Category words of products' search text (issue 11 §6): which words of our category tree a
 * product's `category_terms` gets (per product: a leaf's name part goes only to products of the
 * kind it names), the merchant's `product_type` words, the kind words and colour words the search
 * reads, and the version of that rule (`CATEGORY_TERMS_RULE`). The tree itself is categories.ts.
 */
import { ALL_CATEGORIES, LISTING_LEAF_CODES, categoryByCode, categoryByTermPath, categoryTrail, type CategoryNode } from './categories.ts';
import { COLOUR_WORDS, synonymsOf } from './search-words.ts';

/**
 * Departments whose display name joins merchandising words that do not describe every item in
 * them (issue 11 §6): "Sneakers & Sportswear" holds rackets and yoga mats, so only "Sportswear"
 * is searchable text of its items; its sneakers are found by their own leaf's words.
 */
const DEPARTMENT_SEARCH_TERMS: Readonly<Record<string, string>> = { '7': 'Sportswear' };

/** A word's singular form for comparing names and keywords (`Jackets` → `jacket`, `Dresses` → `dress`, `Women's` → `women`). */
export function singularWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/'s?$/, '')
    .replace(/(ch|sh|ss|x)es$/, '$1')
    .replace(/([^s])s$/, '$1');
}

/** The parts of a display name joined by `&` (`Coats & Jackets` → [`Coats`, `Jackets`]). */
function nameParts(term: string): string[] {
  return term
    .split(/\s*&\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The last word of a name part (its head noun: `Dress Shirts` → `Shirts`). */
function headWord(part: string): string {
  const words = part.split(/\s+/);
  return words[words.length - 1]!;
}

/** {@link kindWordsOf}'s answers per node and name: the tree is fixed, and a query that finds nothing asks for every node's. */
const KIND_WORDS = new WeakMap<CategoryNode, Map<string, readonly string[]>>();

/** Kind words of one node: its single-word keywords and the head word of each `&` part of its name (`name`, default its display name), singular. */
function kindWordsOf(node: CategoryNode, name = node.term): readonly string[] {
  let byName = KIND_WORDS.get(node);
  if (!byName) KIND_WORDS.set(node, (byName = new Map()));
  let words = byName.get(name);
  if (!words) byName.set(name, (words = [...node.keywords.filter((k) => !/\s/.test(k)), ...nameParts(name).map(headWord)].map(singularWord)));
  return words;
}

/**
 * The searchable form of a node's display name (issue 11 §6). A group whose name joins kinds with
 * `&` where a part names one of its children ("Coats & Jackets" over Blazers, Jackets, Parkas;
 * "Knitwear & Sweatshirts" over Sweaters and Hoodies, whose keyword is `sweatshirt`) keeps only the
 * other parts: that part is its child's word, so "jackets" does not find every blazer and parka.
 */
function searchableName(node: CategoryNode): string {
  const parts = nameParts(node.term);
  const named = node.children.filter((c) => !c.other);
  if (parts.length < 2 || named.length === 0) return node.term;
  const childWords = new Set(named.flatMap((c) => kindWordsOf(c)));
  const kept = parts.filter((p) => !childWords.has(singularWord(headWord(p))));
  return kept.length ? kept.join(' & ') : node.term;
}

/**
 * Kinds filed under a node that one part of its name does not name (issue 11 §6), by node code
 * and name part: the leaf or group is named after one of the kinds it holds. A product whose own
 * words name one of these kinds (and not the part's own kind) does not get that part as search
 * words ({@link categorySearchTerms}), so "foundation" finds no concealer. Every other name part
 * names a class that covers what is filed under it ("Coats" covers blazers and parkas,
 * "Underwear" boxers and briefs, "Sweaters" cardigans, "Bracelets" bangles, "Heels" pumps) and is
 * kept. Each kind is a keyword of the node or of one of its children (checked when the module
 * loads); a phrase matches as consecutive words. The first four were found in the development
 * half of `npm run eval:search`; the rest by the same reading of every leaf of the tree whose
 * keywords hold a kind beside the one its name names (category-words rule 3): a crewneck
 * sweatshirt is no hoodie, a jogger no sweatshirt, a badminton set no tennis, a snowboard helmet
 * no ski gear, a sleeping bag no tent, a skateboard no rollerblading, an exercise ball no yoga
 * mat, a trail shoe no hiking boot, a lip gloss no lipstick, an eau de parfum no perfume and an
 * eau de toilette no cologne (four strengths of scent), a pump no heel (a "ballet pump" is a flat),
 * a car seat or a crib no stroller, a party or sequin mini dress no cocktail dress.
 */
export const NAME_PART_OTHER_KINDS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  '94': { Trousers: ['shorts'] }, // men's Trousers holds Jeans, Chinos and Shorts: shorts are no trousers
  '96': { Socks: ['boxer', 'brief'] }, // Underwear & Socks: boxers and briefs are no socks
  b11: { Foundation: ['concealer', 'bb cream', 'cc cream', 'tinted moisturizer'] },
  b21: { Cleanser: ['face wash'] },
  '822': { 'Cocktail Dresses': ['party dress', 'mini dress'] },
  '932': { Hoodies: ['sweatshirt'] },
  '712': { Sweatshirts: ['jogger', 'sweatpant', 'track pant'] },
  '722': { Tennis: ['badminton'] },
  '723': { 'Ski Protective Gear': ['snowboard'] },
  '724': { 'Camping Tents': ['sleeping bag', 'sleeping pad'] },
  '725': { Rollerblading: ['skateboard', 'longboard'] },
  '727': { 'Yoga Mats': ['exercise ball', 'stability ball'] },
  '728': { 'Hiking Boots': ['hiking shoe', 'trail shoe'] },
  b12: { Lipstick: ['lip gloss'] },
  b31: { "Women's Perfume": ['eau de parfum'] },
  b32: { "Men's Cologne": ['eau de toilette'] },
  k11: { Heels: ['pumps', 'pointed pump', 'court shoe'] },
  g6: { Strollers: ['car seat', 'crib'] },
};

for (const [code, parts] of Object.entries(NAME_PART_OTHER_KINDS)) {
  const node = categoryByCode(code);
  const held = new Set(node ? [node, ...node.children].flatMap((n) => n.keywords) : []);
  for (const [part, kinds] of Object.entries(parts)) {
    if (!node || !nameParts(searchableName(node)).includes(part)) throw new Error(`NAME_PART_OTHER_KINDS: "${part}" is no name part of ${code}`);
    for (const k of kinds) if (!held.has(k)) throw new Error(`NAME_PART_OTHER_KINDS: "${k}" is no keyword of ${code} or its children`);
  }
}

/**
 * What a product says of its own kind, the evidence {@link categorySearchTerms} judges it by:
 * its title, its merchant's GMC `product_type` and its GMC `google_product_category` as a path of
 * Google's taxonomy (a numeric id resolved by the caller, packages/feeds `googleCategoryPath`).
 */
export interface ProductKindEvidence {
  title: string;
  productType?: string | null;
  googleCategory?: string | null;
}

/**
 * Version of the rule that writes `products.category_terms` (core {@link categorySearchTerms} and
 * {@link productTypeSearchTerms}). Raised whenever either changes what it writes: the API brings
 * a catalogue written under another version up to this one when it starts
 * (apps/api `refreshCategoryTerms`). 2: category words per product (issue 11 §6). 3: more leaves
 * named after one of their kinds (`NAME_PART_OTHER_KINDS`), a modified name part judged as its phrase.
 */
export const CATEGORY_TERMS_RULE = 3;

/** Words of a text for judging its kind: lower case, hyphenated compounds kept whole, each singular (`singularWord`). */
function kindTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []).map(singularWord);
}

/** True when `words` holds the phrase `phrase` (already tokenised) as consecutive words. */
function hasPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/** Audience words a name part may start with ("Men's Cologne"), singular: not part of the kind it names. */
const AUDIENCE_WORDS = new Set(['women', 'men', 'girl', 'boy', 'kid', 'baby', 'unisex', 'lady']);

/**
 * The forms that name a name part's kind: its head word and that word's synonyms (core
 * `SEARCH_SYNONYMS`: trouser / pant), singular; for a part whose head is modified by other words
 * ("Cocktail Dresses", "Hiking Boots"; audience words aside) the whole phrase, since the head
 * alone names the class the part narrows (a party dress is a dress, not a cocktail dress).
 */
function partKindForms(part: string): string[][] {
  const words = kindTokens(part.replace(/['’]s\b/g, '')).filter((w) => !AUDIENCE_WORDS.has(w));
  if (words.length > 1) return [words];
  const head = singularWord(headWord(part));
  return [head, ...synonymsOf(head).map(singularWord)].map((w) => [w]);
}

/**
 * Whether a product gets one part of its node's searchable name as search words (see
 * {@link categorySearchTerms}). The evidence is read in order — title, product_type, Google
 * category — and the first source that names the part's kind, another part of the same name or
 * a kind of `NAME_PART_OTHER_KINDS` decides: kept when it names the part's kind, dropped
 * otherwise. Kept when no source says anything.
 */
function keepsNamePart(node: CategoryNode, part: string, parts: readonly string[], evidence: ProductKindEvidence): boolean {
  const others = parts.filter((p) => p !== part).map(partKindForms);
  const excluded = (NAME_PART_OTHER_KINDS[node.code ?? '']?.[part] ?? []).map(kindTokens);
  if (others.length === 0 && excluded.length === 0) return true; // a class name: covers everything filed under it
  const own = partKindForms(part);
  for (const source of [evidence.title, evidence.productType, evidence.googleCategory]) {
    if (!source) continue;
    const words = kindTokens(source);
    if (own.some((f) => hasPhrase(words, f))) return true;
    if (others.some((forms) => forms.some((f) => hasPhrase(words, f))) || excluded.some((k) => hasPhrase(words, k))) return false;
  }
  return true;
}

/**
 * The category words of a product's search text (`products.category_terms`, tsvector weight C;
 * issue 11 §6): the department's searchable name, then each group's and the leaf's display name
 * (a group's `&` part naming one of its children left out, see `searchableName`).
 * Keywords are not added: they are what the feed mapper recognises (a narrower kind such as
 * `chino` under Trousers), not synonyms; query synonyms live in `search-words.ts`. An 'Other' leaf
 * (the product carries its group's code) adds nothing of its own. '' for an unknown code.
 *
 * Per product (`product` given; below the department): a name of several `&` parts keeps only
 * the part whose kind the product's own words name ("Underwear & Socks" gives a sock "Socks",
 * "Hoodies & Sweatshirts" a hoodie "Hoodies"), and a part is left out for a product whose words
 * name a kind it does not name (`NAME_PART_OTHER_KINDS`: a boxer gets no "Socks", a concealer no
 * "Foundation", shorts no "Trousers"). The words judged are the product's title, then its
 * product_type, then its Google category (`ProductKindEvidence`); a node left with no part adds
 * nothing. Without `product`, every part (the category's own words).
 */
export function categorySearchTerms(code: string, product?: ProductKindEvidence): string {
  const node = categoryByCode(code);
  if (!node) return '';
  return categoryTrail(node)
    .map((n, i) => {
      if (i === 0) return DEPARTMENT_SEARCH_TERMS[n.code!] ?? n.term;
      const name = searchableName(n);
      if (!product) return name;
      const parts = nameParts(name);
      return parts.filter((p) => keepsNamePart(n, p, parts, product)).join(' & ');
    })
    .filter(Boolean)
    .join(' ');
}

/**
 * Words that name a kind of product (issue 11 §6, compound names): the single-word keywords and
 * name head words of every group and leaf (not the departments), singular, without audience words
 * (women, men, girls, …). `dress`, `shirt`, `shoe`, `jacket`, `puffer` are kinds; `casual`, `maxi`
 * are not. The search reads a kind directly followed by another kind ("Dress Shirt", "Shirt
 * Dress") as a modifier of the second one, unless it is a kind of the product's own category.
 */
export const PRODUCT_KIND_WORDS: readonly string[] = (() => {
  // Audience words, and keywords that are also GMC colours ("Khaki Trench Coat" is a coat in khaki, not a compound).
  const notKinds = new Set([
    'women',
    'womens',
    'lady',
    'ladie',
    'men',
    'mens',
    'girl',
    'boy',
    'kid',
    'kids',
    'baby',
    'children',
    'toddler',
    'unisex',
    'cream',
    'khaki',
    'denim',
  ]);
  const words = new Set<string>();
  for (const n of ALL_CATEGORIES) if (n.code && n.code.length > 1 && !n.other) for (const w of kindWordsOf(n)) if (!notKinds.has(w)) words.add(w);
  return [...words].sort();
})();

/**
 * Colour words the search reads as a product's colour (issue 11 §6): core `COLOUR_WORDS` less
 * those the tree also uses as a kind (the "Khaki" of khaki chinos, the "Cream" of eye cream).
 * A query word among them matches a product that states its colours (GMC `color`) only when
 * those colours or its brand's name hold it (apps/api search `snapshot.ts`), so a "Gold-Plated"
 * or "Rose Gold-Tone" necklace in silver is no "gold necklace". Found in the demo catalogue's
 * descriptors (jewellery's "14k Gold-Plated", "Sterling Silver"; chinos named "Khaki Chinos"),
 * which name a material, not the colour the feed states.
 */
export const SEARCH_COLOUR_WORDS: readonly string[] = (() => {
  const kinds = new Set(ALL_CATEGORIES.filter((n) => n.code).flatMap((n) => kindWordsOf(n)));
  return COLOUR_WORDS.filter((w) => !kinds.has(w));
})();

/**
 * The kind words of a product's own category (issue 11 §6): the single-word keywords and name
 * head words (of its searchable name) of every node on its trail, department included, singular
 * (`913` → men, clothing, coat, …, parka, puffer; not `jacket`). A kind word of its own category is never read as a modifier
 * ("Puffer Jacket" under Parkas is a puffer). [] for an unknown code.
 */
export function ownKindWords(code: string): string[] {
  const node = categoryByCode(code);
  return node ? [...new Set(categoryTrail(node).flatMap((n) => kindWordsOf(n, searchableName(n))))] : [];
}

/**
 * The groups a query falls back to when a colour or another word plus a kind finds nothing
 * (issue 11 §6, "nearest kind"): the parent groups of the leaves that `word` names as a kind
 * (its single-word keywords and name head words, singular; 'Other' leaves and departments
 * excluded), in tree order, without duplicates. `jacket` → Women's Coats (81) and Coats & Jackets
 * (91), so "olive jacket" can show olive coats, parkas and blazers when no jacket is olive. [] when
 * the word names no leaf under a group, or only groups (`coat`: their parent is a whole department).
 */
export function nearestKindGroups(word: string): CategoryNode[] {
  const w = singularWord(word);
  const groups = new Map<string, CategoryNode>();
  for (const n of ALL_CATEGORIES) {
    if (!n.code || n.other || n.children.length > 0 || !kindWordsOf(n).includes(w)) continue;
    const trail = categoryTrail(n);
    const parent = trail[trail.length - 2];
    // A parent that is a department (trail of two) is too broad to stand for the kind.
    if (trail.length >= 3 && parent?.code && !groups.has(parent.code)) groups.set(parent.code, parent);
  }
  return [...groups.values()];
}

/**
 * The categories a kind word names (issue 11 §6, the last fallback of a query that finds nothing):
 * every named group or leaf whose kind words (its single-word keywords and name head words,
 * singular) hold `word`, less those under another of them, in tree order; a department only when
 * no group or leaf is named (the "Sneakers" of Sneakers & Sportswear, which also holds rackets and
 * goggles, is no kind where the shoes' Sneakers leaves are). `coat` → Women's Coats (81) and Coats
 * & Jackets (91); `earring` → Earrings (f2); `sweatpant` → Sweatshirts (712); `sneaker` → the
 * women's and men's Sneakers (k15, k24), not Sneakers & Sportswear's Sneakers (73), a leaf that only lists theirs
 * again (`LISTING_LEAF_CODES`). [] when `word` is no kind word.
 */
export function kindCategories(word: string): CategoryNode[] {
  const w = singularWord(word);
  const all = ALL_CATEGORIES.filter((n) => n.code && !n.other && !LISTING_LEAF_CODES.has(n.code) && kindWordsOf(n).includes(w));
  const below = all.filter((n) => n.code!.length > 1);
  const named = below.length ? below : all;
  return named.filter((n) => !named.some((m) => m !== n && n.code!.startsWith(m.code!)));
}

/** Every word of the tree's keywords and names, lower-case and singular ({@link isCategoryWord}). */
const CATEGORY_WORDS: ReadonlySet<string> = new Set(
  ALL_CATEGORIES.flatMap((n) => [...n.keywords, n.term].flatMap((k) => k.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [])).map(singularWord),
);

/**
 * Whether a query word is a word of the storefront's own category tree, a keyword or a name
 * (issue 20 §3: such a word is never a typo to correct; "tracker" of Watches' "fitness tracker" is
 * no "trucker", though no product's words hold it). Compared lower-case and singular.
 */
export function isCategoryWord(word: string): boolean {
  return CATEGORY_WORDS.has(singularWord(word.toLowerCase()));
}

/** Separator between a product's category words and its merchant's `product_type` words in `category_terms`. */
export const PRODUCT_TYPE_SEPARATOR = ' ; ';

/**
 * The merchant's own category words of a product's search text (GMC `product_type`, issue 11 §6):
 * `PRODUCT_TYPE_SEPARATOR` then the path's segments, each `&` and each segment boundary written as
 * " and " (a stop word: the analyser leaves a gap, so "Tops > Jackets" is no compound "top
 * jacket"). '' when there is none, or when it is a path of our own tree (the category words say it
 * already). "Gear > Fitness Equipment" → " ; Gear and Fitness Equipment".
 */
export function productTypeSearchTerms(productType: string | null | undefined): string {
  const text = productType?.trim();
  if (!text || categoryByTermPath(text)) return '';
  const segments = text
    .split('>')
    .flatMap((s) => nameParts(s.replace(/[;|]/g, ' ')))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return segments.length ? `${PRODUCT_TYPE_SEPARATOR}${segments.join(' and ')}` : '';
}

let KEYWORD_PHRASES: Array<{ node: CategoryNode; phrases: string[][] }> | null = null;

/** The named categories of the tree (tree order) with their keywords of 2+ words, each as its singular words; made once. */
function keywordPhrases(): Array<{ node: CategoryNode; phrases: string[][] }> {
  return (KEYWORD_PHRASES ??= ALL_CATEGORIES.filter((n) => n.code && !n.other).map((node) => ({
    node,
    phrases: node.keywords.map((k) => k.split(/\s+/).map(singularWord)).filter((parts) => parts.length >= 2),
  })));
}

/**
 * Categories a query names by one of their multi-word keywords (issue 11 §6): "running sneakers"
 * and "running trainers" are Running Shoes' keywords, though its products are written "running
 * shoe", so such a query finds nothing as typed. For each category (tree order) whose keywords hold
 * a phrase of 2+ words found in the query's words (compared singular, consecutive), that category,
 * the phrase as typed and the query's other words; [] when none. The search runs the other words within the category
 * only for a query that finds nothing as typed, corrected or by its nearest kind.
 */
export function categoryPhrases(words: readonly string[]): Array<{ node: CategoryNode; phrase: string[]; rest: string[] }> {
  const singular = words.map(singularWord);
  const out: Array<{ node: CategoryNode; phrase: string[]; rest: string[] }> = [];
  for (const { node, phrases } of keywordPhrases()) {
    let found: { node: CategoryNode; phrase: string[]; rest: string[] } | null = null;
    for (const parts of phrases) {
      for (let i = 0; !found && i + parts.length <= singular.length; i++)
        if (parts.every((p, j) => singular[i + j] === p))
          found = { node, phrase: words.slice(i, i + parts.length), rest: [...words.slice(0, i), ...words.slice(i + parts.length)] };
      if (found) break;
    }
    if (found) out.push(found);
  }
  return out;
}
