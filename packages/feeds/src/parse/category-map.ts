/**
 * Maps a feed item onto our category tree (spec §3, packages/core CATEGORY_TREE; DESIGN.md
 * "Category codes") from GMC `google_product_category` (numeric id or path of Google's product
 * taxonomy, `packages/feeds/data/google-product-taxonomy-with-ids.en-US.txt`), `product_type`,
 * `title`, `description`, `gender` and `age_group` — in English and in the Russian, Bulgarian
 * and Arabic that real feeds use (issue 11 §2; words in `feed-words.ts`).
 *
 * 0. A `product_type` that is a path of our own tree is taken as is (confidence 1).
 * 1. Whom the item is for: GMC `gender` / `age_group`, else the words of product_type + title
 *    ("Women", "Boys'", "детские", "رجالي"; {@link audienceOf}), else (gender only) the description.
 * 2. The Google path picks where to look (the candidate subtrees):
 *    Apparel & Accessories > Clothing → Women's (8) for gender female, Men's (9) for male,
 *    Baby & Kids for age_group newborn/infant/toddler (g1 Baby Clothing), kids (g2 Girls' / g3
 *    Boys' by gender), or the Baby & Toddler Clothing branch without an age group (g1), both 8 and 9 when gender is unknown or unisex;
 *    Apparel & Accessories > Shoes → Women's (k1) / Men's Shoes (k2) by gender, Kids' Shoes (g4)
 *    for kids, plus Running Shoes (711) and Hiking Boots (728);
 *    Handbags, Wallets & Cases and Luggage & Bags → Bags (e); Jewelry → f;
 *    Health & Beauty > Personal Care > Cosmetics or Hair Care → Beauty (b);
 *    Baby & Toddler and Toys & Games → g; Sporting Goods → 7.
 *    Without a usable Google path (absent, unknown id, or another branch) every department is a
 *    candidate, narrowed by gender (female drops 9 and k2, male drops 8 and k1); Women's and Men's
 *    Shoes are two candidates, so a shoe for either gets the tie of step 4 (decision 0025). A Google path in
 *    a branch our tree does not carry (Home & Garden, Electronics, Food, …) maps to nothing
 *    (`''`). A `product_type` that is itself a Google path or id stands in for a missing
 *    `google_product_category`.
 * 3. Keywords of the candidate nodes (core `keywords` without the audience words, plus
 *    `FEED_WORDS`) are matched as whole words or phrases (plural `s`/`es` allowed; `*` stems for
 *    inflected languages). A leaf named in product_type's last segment (the merchant's own
 *    category: "Men > Tops > Jackets") wins first, the longest keyword there (unless it joins unrelated
 *    kinds, "Bras & Tanks", {@link namesSeveralKinds}, and the title names a kind: then the title
 *    decides and that segment's words do not count); then the leaf with
 *    the longest keyword in product_type + title;
 *    ties (and items whose title names no leaf) go to the longest keyword in the Google path's
 *    last segment, then the summed keyword lengths of its ancestors, then tree order. Without a
 *    Google path, a kind our tree does not carry (`OUTSIDE_WORDS`: belt, sunglasses, lamp…) that
 *    is longer than every tree word, or is the title's last kind word (English titles end with
 *    their head noun: "Chino Belt"), keeps the item out (`''`). A phrase naming a group or
 *    department ("pendant set") outranks the shorter leaf words inside it.
 * 4. Outcome, with a confidence (see {@link CategoryMatch}); `mapped` = confidence ≥
 *    {@link CATEGORY_CONFIDENCE_MIN}, and the feed warns `unmapped_category` otherwise:
 *    a winning leaf → its code (0.9 from the item's words, 0.8 from the Google path), unless an
 *    equally scored leaf sits in another candidate subtree (a unisex "T-Shirt": 831 vs 921) →
 *    the leaf's code, or `k` for a shoe of unknown gender, with a Google path or without (0.5). No leaf but a group keyword
 *    ("coat" → 81) → the group's code, the id-prefix of its 'Other' leaf (0.5). Only a
 *    department word ("bag", "обувь") or only the description naming a leaf → the department's
 *    'Other' leaf (0.4). Nothing at all → the candidate subtree's code (e.g. `e`, `k1`; 0.8 when
 *    it is a single named leaf such as g4 Kids' Shoes, else 0; clothing, by its Google path, for
 *    either gender: Women's Clothing's Other leaf `8`, listed under Men's `9` too, 0.4), and when not
 *    even a department is clear, the empty code `''` (matches no category filter: reachable by search only; 0).
 * 5. Kids without a Google path (step 1 says kids): a garment → g1 / g2 / g3 by age and gender
 *    (else the Baby & Kids 'Other' leaf `g`), a shoe → g4; bags, watches and toys keep their code.
 * 6. A bag of no named kind (the Bags 'Other' leaf `e`): one sold by its volume in litres
 *    ("Quechua 10L Black Bag") → Backpacks (e2, 0.6: daypacks are sized so; a duffel or travel bag
 *    is named as such and filed before this); else one for women → the Handbags group's 'Other'
 *    leaf (e1, 0.5), as US stores file a women's bag. A men's shoe of no named kind called formal
 *    ("Men's Formal Brown Shoe", "Semi Formal Black Shoe") → Dress Shoes (k21, 0.6). (Steps 5 and 6:
 *    category-refine.ts; step 6 found in the development half of `npm run eval:categories`.)
 *
 * The words of steps 1 and 3 (normalised text, kind keywords, audience words) are read by
 * category-keywords.ts. Measured by `npm run eval:categories` (apps/api/eval/categories.ts) on
 * labelled real items.
 */
import { ALL_CATEGORIES, ALSO_LISTED_UNDER, LEAF_CATEGORIES, categoryByCode, categoryByTermPath, categoryTrail, type CategoryNode } from '@b-deals/core';
import { audienceOf, keywordScores, type Audience, type TextScores } from './category-keywords.ts';
import { BABY_AGES, refineCategory } from './category-refine.ts';
import { OUR_BRANCHES, googleCategoryPath } from './taxonomy.ts';

/** Re-exported for the callers that read a feed's category with the mapper. */
export { audienceOf, feedWords, type Audience } from './category-keywords.ts';
export { CATEGORY_CONFIDENCE_MIN } from './category-refine.ts';
export { googleCategoryPath } from './taxonomy.ts';

/**
 * Version of the rules of {@link mapCategory}. Raise it with every change that files some item
 * elsewhere (any change that moves a figure of `npm run eval:categories`): the API then files
 * the products of a catalogue written under another version again when it starts, from what
 * their first offers stored (apps/api `refileCategories`). 1: the rules of session 20
 * (2026-11-28), when offers began to keep `gender` and the mapped category. 2: shoes named for
 * tennis, the gym, walking, workouts or basketball are sneakers (core `SNEAKER_PHRASES`), no longer
 * running shoes. 3: a leaf named by product_type's last segment outranks the title's
 * (session 24). 4: without a Google category too, a shoe for either gender whose kind both Women's
 * and Men's Shoes carry goes to Shoes' Other leaf (decision 0025). 5: an item for either gender
 * whose kind both genders' subtrees carry is listed under both leaves too (`alsoIn`, decision 0026).
 * 6: whom an item is for read in French, Spanish, Portuguese, German and Italian ("femme",
 * "masculino", "Herren"); a Google path's deepest segment naming a node of ours when its last names
 * none ("Skin Care" of "… > Skin Care > Facial Care"), and never one kind of a segment naming
 * several ("Handbags, Wallets & Cases") for an item whose words name none; groups of both genders
 * listed too (found by ingesting real public feeds, session 25). 7: a sneaker (Women's or Men's
 * Sneakers, or listed under them) is listed under Sneakers & Sportswear's Sneakers too (core
 * `ALSO_LISTED_UNDER`; issue 11: the department held no sneakers). 8: so is a kids' shoe whose
 * title or product type names a sneaker (Kids' Shoes has no leaves of its own; `KIDS_SHOES`). 9: a bra named for a
 * workout or worn as a top ("Bra Top", "Cross-Fit Bra", "High Impact Bra") is a sports bra (`FEED_WORDS`).
 * 10: whom an item is for read from copywriters' words too ("guys", "sportsmen", "gentlemen", "masculine",
 * "feminine"; `AUDIENCE_WORDS`), in the title or, when it says nothing, the description.
 * 11: fitness and bike shorts are words of Men's Shorts too (a pair for either gender is listed under both).
 * 12: a product_type segment joining unrelated kinds ("Bras & Tanks") is a shelf: the title says which kind the item is.
 */
export const CATEGORY_MAP_RULE = 12;

/** Input of {@link mapCategory}; GMC attribute values after normalisation. */
export interface CategoryInput {
  googleProductCategory: string | null;
  productType: string | null;
  title: string;
  /** GMC `description` (plain text); optional. */
  description?: string;
  gender: 'male' | 'female' | 'unisex' | null;
  ageGroup: string | null;
}

/** Our category code and whether a named leaf was chosen with confidence (false → warn `unmapped_category`). */
export interface CategoryMatch {
  code: string;
  mapped: boolean;
  /**
   * How sure the mapping is, 0–1: 1 the merchant's product_type is a path of our tree; 0.9 the title
   * or product_type names the leaf; 0.8 the Google category names it (or narrows to one leaf);
   * 0.5 a group's Other leaf, or a leaf tied with one in another department; 0.4 the department's
   * Other leaf (from a department word or the description); 0 nowhere. `mapped` is
   * `confidence ≥ CATEGORY_CONFIDENCE_MIN` (0.6).
   */
  confidence: number;
  /**
   * Other leaves the item is listed under as well (decision 0026): for an item for either gender
   * (GMC `gender` unisex or unstated, and no men's or women's word) whose kind both the women's and
   * the men's subtree carry (a tie of step 4: a unisex sneaker filed in Shoes' Other leaf `k`, a
   * unisex T-shirt in Women's T-shirts), that kind's leaf, or group, of each gender, less `code`
   * itself (`['k15', 'k24']`, `['921']`; `['9']` for clothing of no named kind filed in `8`). Empty
   * otherwise. The item keeps `code` as its one category.
   */
  alsoIn: string[];
}

/** Where an item is filed, before {@link CategoryMatch.alsoIn} is added (steps 2–6 of the module doc). */
export type CategoryFiling = Omit<CategoryMatch, 'alsoIn'>;

/** Position of each node in tree order, for tie-breaks. */
const ORDER = new Map(ALL_CATEGORIES.map((c, i) => [c, i]));

interface Plan {
  roots: string[];
  /** Code when no keyword matches at all. */
  fallback: string;
  /** Code for an ambiguous leaf win (a tie across roots); the leaf's own code when absent. */
  collapse?: string;
  /** Extra words describing the item (e.g. "girls" for a female kids' garment). */
  hint?: string;
}

const KID_AGES = new Set(['newborn', 'infant', 'toddler', 'kids']);
const DEPARTMENTS = ['8', '9', 'b', 'e', 'f', 'g', 'k', '7'];
/** Google top-level branches that hold products of our tree; a path elsewhere (Home & Garden, Electronics, …) maps to nothing. */

function plan(path: string | null, input: CategoryInput): Plan {
  const p = path?.toLowerCase() ?? '';
  const kids = input.ageGroup !== null && KID_AGES.has(input.ageGroup);
  const { gender } = input;
  if (p.startsWith('apparel & accessories > clothing')) {
    if (kids || p.includes('baby & toddler')) {
      const baby = input.ageGroup === null ? p.includes('baby & toddler') : BABY_AGES.has(input.ageGroup);
      const leaf = baby ? 'g1' : gender === 'female' ? 'g2' : gender === 'male' ? 'g3' : null;
      return leaf ? { roots: [leaf], fallback: leaf } : { roots: ['g1', 'g2', 'g3'], fallback: 'g' };
    }
    if (gender === 'female') return { roots: ['8'], fallback: '8' };
    if (gender === 'male') return { roots: ['9'], fallback: '9' };
    return { roots: ['8', '9'], fallback: '' };
  }
  if (p.startsWith('apparel & accessories > shoes')) {
    if (kids) return { roots: ['g4'], fallback: 'g4' };
    const sport = ['711', '728'];
    if (gender === 'female') return { roots: ['k1', ...sport], fallback: 'k1' };
    if (gender === 'male') return { roots: ['k2', ...sport], fallback: 'k2' };
    return { roots: ['k1', 'k2', ...sport], fallback: 'k', collapse: 'k' };
  }
  if (p.startsWith('apparel & accessories > handbags, wallets & cases') || p.startsWith('luggage & bags')) return { roots: ['e'], fallback: 'e' };
  if (p.startsWith('apparel & accessories > jewelry')) return { roots: ['f'], fallback: 'f' };
  if (p.startsWith('health & beauty > personal care > cosmetics') || p.startsWith('health & beauty > personal care > hair care'))
    return { roots: ['b'], fallback: 'b' };
  if (p.startsWith('baby & toddler') || p.startsWith('toys & games')) return { roots: ['g'], fallback: 'g' };
  if (p.startsWith('sporting goods')) return { roots: ['7'], fallback: '7' };
  if (p && !OUR_BRANCHES.some((b) => p.startsWith(b))) return { roots: [], fallback: '' };
  // no Google path: a kids' item is scored over the adult tree, then turned into Baby & Kids (kidsCode)
  const roots = DEPARTMENTS.flatMap((d) => {
    if (gender === 'female' && d === '9') return [];
    if (gender === 'male' && d === '8') return [];
    if (d === 'k' && gender === 'female') return ['k1'];
    if (d === 'k' && gender === 'male') return ['k2'];
    // A shoe for either: women's and men's shoes are apart, so a sneaker named in both is a tie (Shoes' Other leaf).
    if (d === 'k') return ['k1', 'k2'];
    return [d];
  });
  return { roots, fallback: '' };
}

/** Lexicographic comparison of equal-length score lists. */
function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

const ANCESTORS = new Map(LEAF_CATEGORIES.map((leaf) => [leaf, categoryTrail(leaf).slice(0, -1)]));

/**
 * Maps an item to our category tree; see the module doc for the rules and fallbacks. Never throws.
 * Rule 0: a `product_type` that is exactly a path of our own tree (terms joined by `>`, case and
 * spacing ignored) is taken as is — the merchant filed the item in our taxonomy.
 *
 * Without GMC `gender` / `age_group`, whom the item is for is read from its product type and title
 * (then the description, for gender only; {@link audienceOf}), in English, Russian, Bulgarian and Arabic.
 * `alsoIn` holds the leaves of both genders for an item for either (decision 0026) and the leaves
 * another department lists the item's kind under (core `ALSO_LISTED_UNDER`: a sneaker under Sneakers &
 * Sportswear's Sneakers).
 */
export function mapCategory(input: CategoryInput): CategoryMatch {
  return withDepartmentListings(fileItem(input), input);
}

/** Baby & Kids › Kids' Shoes: one leaf for every kind of kids' shoe (core categories). */
const KIDS_SHOES = 'g4';

/**
 * Whether an item's title or product type names a kind of shoe that a second department lists
 * (core `ALSO_LISTED_UNDER`'s leaves: Women's and Men's Sneakers), and which listing leaf that is:
 * "Kids Slip-On Sneakers" → '73'; null when its words name no such kind.
 */
function listedKindOf(input: CategoryInput): string | null {
  const scores = keywordScores(`${input.title} ${input.productType ?? ''}`);
  for (const node of scores.nodes.keys()) {
    const listed = ALSO_LISTED_UNDER[node.code as string];
    if (listed) return listed;
  }
  return null;
}

/**
 * A match listed under the leaves a second department lists its leaves' products in as well (core
 * `ALSO_LISTED_UNDER`: a sneaker of Shoes under Sneakers & Sportswear › Sneakers): each such
 * leaf of its code or of the leaves it is listed under is added to `alsoIn`, and for a kids' shoe
 * (Kids' Shoes, whose kinds have no leaves) the leaf of the kind its words name. Code, confidence and
 * `mapped` are unchanged: a listing elsewhere says nothing of how sure the filing is.
 */
function withDepartmentListings(match: CategoryMatch, input: CategoryInput): CategoryMatch {
  const extra = [match.code, ...match.alsoIn].flatMap((c) => (ALSO_LISTED_UNDER[c] ? [ALSO_LISTED_UNDER[c]] : []));
  // Kids' Shoes has no sneakers leaf: a kids' shoe whose words name a sneaker is listed where adults' sneakers are (rule 8).
  const kidsKind = match.code === KIDS_SHOES ? listedKindOf(input) : null;
  if (kidsKind) extra.push(kidsKind);
  const alsoIn = [...new Set([...match.alsoIn, ...extra])].filter((c) => c !== match.code);
  return alsoIn.length === match.alsoIn.length ? match : { ...match, alsoIn };
}

/** {@link mapCategory} before the other departments' listings are added (steps 0–6 of the module doc, `alsoIn` of decision 0026). */
function fileItem(input: CategoryInput): CategoryMatch {
  const own = input.productType ? categoryByTermPath(input.productType) : undefined;
  if (own) return { code: own.code as string, mapped: true, confidence: 1, alsoIn: [] };
  const path = googleCategoryPath(input.googleProductCategory) ?? googleCategoryPath(input.productType, true);
  const itemText = `${input.productType ?? ''} ${input.title}`;
  const told = audienceOf(itemText);
  const audience: Audience = {
    gender: input.gender ?? told.gender ?? (input.description ? audienceOf(input.description).gender : null),
    ageGroup: input.ageGroup ?? told.ageGroup,
  };
  const kids = audience.ageGroup !== null && KID_AGES.has(audience.ageGroup);
  const how = plan(path, { ...input, ...audience });
  const result = refineCategory(scoreItem(input, path, itemText, how), { kids: !path && kids, title: input.title, audience });
  const eitherGender = !kids && audience.gender !== 'female' && audience.gender !== 'male';
  // Clothing (the Google path says so) for either gender that names no kind of ours ("Ensemble Dakar"): Women's
  // Clothing's Other leaf, listed under Men's too, with the warning; never nowhere (issue 11 §2).
  if (result.code === '' && how.roots.length === 2 && how.roots.includes('8') && how.roots.includes('9'))
    return { code: '8', mapped: false, confidence: 0.4, alsoIn: ['9'] };
  const alsoIn = eitherGender ? eitherGenderLeaves(input, result) : [];
  // A tie between the genders' leaves of one kind, listed under both, is a confident filing: no `unmapped_category` warning.
  if (alsoIn.length > 0 && alsoIn.every((c) => categoryByCode(c)?.children.length === 0))
    return { ...result, mapped: true, confidence: GENDER_TIE_LISTED, alsoIn };
  return { ...result, alsoIn };
}

/** Confidence of an item for either gender listed under both genders' leaf of its kind (its own code may be Shoes' Other leaf). */
const GENDER_TIE_LISTED = 0.8;

/** Top codes of the women's and the men's subtrees (Women's Clothing, Women's Shoes; Men's …). */
const WOMENS = ['8', 'k1'];
const MENS = ['9', 'k2'];

/**
 * {@link CategoryMatch.alsoIn} of an item for either gender: when its mapping is a tie (confidence
 * 0.5), the item is mapped again as women's and as men's; when each answer is a leaf, or a group's
 * Other leaf, of that gender's subtree (a kind both carry: Sneakers, T-shirts; or a group both
 * have: a unisex long-sleeve shirt in Women's Tops and Men's Shirts), those are listed too.
 */
function eitherGenderLeaves(input: CategoryInput, result: CategoryFiling): string[] {
  if (result.confidence !== 0.5) return [];
  const women = mapCategory({ ...input, gender: 'female' });
  const men = mapCategory({ ...input, gender: 'male' });
  const named = (m: CategoryMatch, tops: readonly string[]) =>
    m.confidence >= 0.5 && !tops.includes(m.code) && tops.some((t) => m.code.startsWith(t)) && categoryByCode(m.code) !== undefined;
  if (!named(women, WOMENS) || !named(men, MENS)) return [];
  return [women.code, men.code].filter((c) => c !== result.code);
}

/**
 * True when a category name joins parts ("Bras & Tanks", "Tees, Tanks and Polos") of which two name unrelated kinds of
 * ours (no node of one is a node, an ancestor or a descendant of a node of the other): a merchant's shelf of several
 * kinds, not one kind. "Hoodies & Sweatshirts" (both Hoodies) and "Coats & Jackets" (Jackets are under Coats) are one.
 */
export function namesSeveralKinds(name: string): boolean {
  // Not "/": merchants write paths with it ("Men/Tops/Jackets"), a hierarchy, not a shelf.
  const parts = name.split(/\s*(?:&|,|\+|\band\b)\s*/i).filter((p) => p.trim() !== '');
  if (parts.length < 2) return false;
  const known = SHELVES.get(name);
  if (known !== undefined) return known;
  const named = parts.map((p) => [...keywordScores(p).nodes.keys()].map((n) => n.code as string)).filter((codes) => codes.length > 0);
  const related = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);
  const several = named.some((a, i) => named.slice(i + 1).some((b) => !a.some((x) => b.some((y) => related(x, y)))));
  // a feed has few distinct categories: remember them (bounded, so a feed of unique names cannot grow it without end)
  if (SHELVES.size >= 10_000) SHELVES.clear();
  SHELVES.set(name, several);
  return several;
}

/** {@link namesSeveralKinds} of the category names seen, by name. */
const SHELVES = new Map<string, boolean>();

const NO_SCORES: TextScores = { nodes: new Map(), outside: 0, outsideEnd: -1, nodeEnd: -1, phrase: null, matched: new Map() };

/** Steps 2–3 of the module doc over the candidate subtrees of `how`. */
function scoreItem(input: CategoryInput, path: string | null, itemText: string, how: Plan): CategoryFiling {
  // The Google path's deepest segment that names a node of ours (below its top branch): "Skin Care" of "… > Skin Care >
  // Facial Care", whose last segment names none, files a facial cream under Skincare rather than Beauty's Other leaf.
  const segments = path ? path.split(' > ') : [];
  let fromPath = segments.length > 0 ? keywordScores(segments.at(-1) as string) : NO_SCORES;
  for (let i = segments.length - 2; i >= 1 && fromPath.nodes.size === 0; i--) fromPath = keywordScores(segments[i] as string);
  // Title and product_type decide; the Google path's last segment only breaks ties or fills in.
  let fromItem = keywordScores(itemText);
  // A segment naming several kinds of ours ("Handbags, Wallets & Cases") is a shelf of kinds: it does not fill in one
  // of them for an item whose own words name none (a real feed's "Camo Drawstring Bag" had been filed as a wallet).
  const kindsOf = (scores: TextScores) =>
    [...scores.nodes.keys()].filter((n) => !n.other && (n.code as string).length > 1 && how.roots.some((r) => (n.code as string).startsWith(r)));
  if (kindsOf(fromPath).length > 1 && kindsOf(fromItem).length === 0) fromPath = NO_SCORES;
  // The merchant's own category (product_type's last segment) names the kind before the title does:
  // a Luma "Jupiter All-Weather Trainer" filed under "Men > Tops > Jackets" is a jacket, not a sneaker.
  // A shelf of kinds ("Bras & Tanks") does not, nor does it count among the item's words: the title names which of its
  // kinds the item is ("Bella Tank" is a tank top, not a bra).
  const typeSegments = input.productType ? input.productType.split('>') : [];
  const typeSegment = typeSegments.at(-1) ?? '';
  const shelf = typeSegment !== '' && namesSeveralKinds(typeSegment) && kindsOf(keywordScores(input.title)).length > 0;
  if (shelf) fromItem = keywordScores(`${typeSegments.slice(0, -1).join(' ')} ${input.title}`);
  const fromType = typeSegment && !shelf ? keywordScores(typeSegment) : NO_SCORES;
  const either = (node: CategoryNode): number => Math.max(fromItem.nodes.get(node) ?? 0, fromPath.nodes.get(node) ?? 0);
  const rootOf = (code: string) => how.roots.find((r) => code.startsWith(r));
  const before = (a: CategoryNode, b: CategoryNode): boolean => (ORDER.get(a) as number) < (ORDER.get(b) as number);

  let best: { node: CategoryNode; root: string; rank: number[] } | null = null;
  let tiedAcrossRoots = false;
  let group: { node: CategoryNode; score: number } | null = null;
  let department: { code: string; score: number } | null = null;
  let strongest = 0;
  for (const node of new Set([...fromItem.nodes.keys(), ...fromPath.nodes.keys()])) {
    const code = node.code as string;
    if (code.length === 1) {
      // a department's own kind word ("bag", "jewelry", "обувь"): its Other leaf, or the one candidate subtree inside it
      const inside = how.roots.filter((r) => r.startsWith(code));
      const score = fromItem.nodes.get(node) ?? 0;
      if (inside.length > 0 && score > (department?.score ?? 0)) department = { code: inside.length === 1 ? (inside[0] as string) : code, score };
      strongest = Math.max(strongest, score);
      continue;
    }
    const root = !node.other ? rootOf(code) : undefined;
    if (!root) continue;
    strongest = Math.max(strongest, fromItem.nodes.get(node) ?? 0);
    if (node.children.length > 0) {
      const score = either(node);
      if (!group || score > group.score || (score === group.score && before(node, group.node))) group = { node, score };
      continue;
    }
    const rank = [
      fromType.nodes.get(node) ?? 0,
      fromItem.nodes.get(node) ?? 0,
      fromPath.nodes.get(node) ?? 0,
      (ANCESTORS.get(node) ?? []).reduce((sum, a) => sum + either(a), 0),
    ];
    const cmp = best ? compareRanks(rank, best.rank) : 1;
    if (cmp > 0) {
      best = { node, root, rank };
      tiedAcrossRoots = false;
    } else if (cmp === 0 && best) {
      if (root !== best.root) tiedAcrossRoots = true;
      if (before(node, best.node)) best = { node, root, rank };
    }
  }
  // No Google path and the longest kind the title names is one our tree does not carry (belt, sunglasses, lamp…).
  // No Google path, and the title's head noun (English puts it last: "Chino Belt") is one our tree does not carry.
  if (!path && fromItem.outside > 0 && (fromItem.outside > strongest || fromItem.outsideEnd > fromItem.nodeEnd))
    return { code: '', mapped: false, confidence: 0 };
  // A phrase naming a group or department ("kurta with dupatta", "pendant set") outranks the shorter leaf words inside it.
  const phrase = fromItem.phrase;
  // (A deeper node named outside the phrase keeps its place: "Дамски дрехи > Рокли" stays a dress.)
  const deeper = best?.node ?? group?.node;
  const covered =
    !deeper || !(deeper.code as string).startsWith(phrase?.node.code as string) || phrase?.text.includes(fromItem.matched.get(deeper) ?? '\u0000');
  if (phrase && covered && phrase.node.children.length > 0 && phrase.length > ((best?.rank[1] as number | undefined) ?? 0)) {
    const code = phrase.node.code as string;
    const inside = how.roots.filter((r) => code.startsWith(r) || r.startsWith(code));
    if (inside.length > 0)
      return {
        code: inside.length === 1 && (inside[0] as string).length > code.length ? (inside[0] as string) : code,
        mapped: false,
        confidence: code.length === 1 ? 0.4 : 0.5,
      };
  }
  if (best) {
    if (tiedAcrossRoots) {
      // A shoe whose kind is in both Women's and Men's Shoes, for either (GMC unisex, or no gender said): Shoes' Other leaf.
      const shoe = best.root === 'k1' || best.root === 'k2' ? 'k' : undefined;
      return { code: how.collapse ?? shoe ?? (best.node.code as string), mapped: false, confidence: 0.5 };
    }
    return { code: best.node.code as string, mapped: true, confidence: (best.rank[1] as number) > 0 ? 0.9 : 0.8 };
  }
  if (group) return { code: group.node.code as string, mapped: false, confidence: 0.5 };
  if (department) return { code: department.code, mapped: false, confidence: 0.4 };
  // The description alone names a leaf: trusted for the department only (its Other leaf).
  if (!path && input.description) {
    const described = scoreItem({ ...input, description: undefined }, null, input.description, how);
    const code = described.code;
    if (code && described.confidence >= 0.5) {
      const inside = how.roots.filter((r) => r.startsWith(code.slice(0, 1)) && code.startsWith(r));
      return { code: inside[0] && inside[0].length > 1 ? inside[0] : code.slice(0, 1), mapped: false, confidence: 0.4 };
    }
  }
  // A plan narrowed to one named leaf (e.g. g4 Kids' Shoes) is a confident mapping on its own.
  const single = categoryByCode(how.fallback)?.children.length === 0;
  return { code: how.fallback, mapped: single, confidence: single ? 0.8 : 0 };
}
