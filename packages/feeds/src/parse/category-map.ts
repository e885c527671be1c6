/**
 * Maps a feed item onto our category tree (spec §3, packages/core CATEGORY_TREE; DESIGN.md
 * "Category codes") from GMC `google_product_category` (numeric id or path of Google's product
 * taxonomy, `packages/feeds/data/google-product-taxonomy-with-ids.en-US.txt`), `product_type`,
 * `title`, `gender` and `age_group`.
 *
 * 1. The Google path picks where to look (the candidate subtrees):
 *    Apparel & Accessories > Clothing → Women's (8) for gender female, Men's (9) for male,
 *    Baby & Kids for age_group newborn/infant/toddler (g1 Baby Clothing), kids (g2 Girls' / g3
 *    Boys' by gender), or the Baby & Toddler Clothing branch without an age group (g1), both 8 and 9 when gender is unknown or unisex;
 *    Apparel & Accessories > Shoes → Women's (k1) / Men's Shoes (k2) by gender, Kids' Shoes (g4)
 *    for kids, plus Running Shoes (711) and Hiking Boots (728);
 *    Handbags, Wallets & Cases and Luggage & Bags → Bags (e); Jewelry → f;
 *    Health & Beauty > Personal Care > Cosmetics or Hair Care → Beauty (b);
 *    Baby & Toddler and Toys & Games → g; Sporting Goods → 7.
 *    Without a usable Google path (absent, unknown id, or another branch) every department is a
 *    candidate, narrowed by gender (female drops 9 and k2, male drops 8 and k1) and age group
 *    (kids → g). A Google path in a branch our tree does not carry (Home & Garden, Electronics,
 *    Food, …) maps to nothing (`''`). A `product_type` that is itself a Google path or id stands
 *    in for a missing `google_product_category`.
 * 2. Keywords of the candidate nodes (core `keywords`) are matched as whole words or phrases
 *    (plural `s`/`es` allowed). The leaf with the longest keyword in product_type + title wins;
 *    ties (and items whose title names no leaf) go to the longest keyword in the Google path's
 *    last segment, then the summed keyword lengths of its ancestors (so "women's" favours
 *    department 8), then tree order.
 * 3. Outcome: a winning leaf → its code, `mapped: true`, unless an equally scored leaf sits in
 *    another candidate subtree (e.g. a unisex "T-Shirt": 831 vs 921) → `mapped: false` with the
 *    leaf's code, or `k` for a shoe of unknown gender. No leaf but a group keyword (e.g. "coat"
 *    → 81) → the group's code, which is the id-prefix of its 'Other' leaf, `mapped: false`.
 *    Nothing at all → the candidate subtree's code (e.g. `e`, `k1`), `mapped: false` (true when
 *    the subtree is a single named leaf such as g4 Kids' Shoes); and when
 *    not even a department is clear, the empty code `''` (matches no category filter: the item
 *    is reachable by search only), `mapped: false`.
 */
import { readFileSync } from 'node:fs';
import { ALL_CATEGORIES, LEAF_CATEGORIES, categoryByCode, categoryByTermPath, categoryTrail, type CategoryNode } from '@b-deals/core';

/** Input of {@link mapCategory}; GMC attribute values after normalisation. */
export interface CategoryInput {
  googleProductCategory: string | null;
  productType: string | null;
  title: string;
  gender: 'male' | 'female' | 'unisex' | null;
  ageGroup: string | null;
}

/** Our category code and whether a named leaf was chosen with confidence (false → warn `unmapped_category`). */
export interface CategoryMatch {
  code: string;
  mapped: boolean;
}

const TAXONOMY_FILE = new URL('../../data/google-product-taxonomy-with-ids.en-US.txt', import.meta.url);
let taxonomy: Map<string, string> | null = null;
let topLevels: Set<string> | null = null;

function loadTaxonomy(): Map<string, string> {
  if (!taxonomy) {
    taxonomy = new Map();
    topLevels = new Set();
    for (const line of readFileSync(TAXONOMY_FILE, 'utf8').split('\n')) {
      const m = /^(\d+) - (.+?)\s*$/.exec(line);
      if (!m) continue;
      taxonomy.set(m[1] as string, m[2] as string);
      if (!(m[2] as string).includes('>')) topLevels.add((m[2] as string).toLowerCase());
    }
  }
  return taxonomy;
}

/**
 * The Google product taxonomy path for a GMC `google_product_category` value: a numeric id is
 * looked up (loaded lazily once from the bundled taxonomy file), a path is returned with its
 * separators tidied. Null for an unknown id, an empty value, or (with `requireKnownRoot`) a path
 * whose first segment is not a Google top-level category.
 */
export function googleCategoryPath(value: string | null, requireKnownRoot = false): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return loadTaxonomy().get(v) ?? null;
  const path = v.split(/\s*>\s*/).join(' > ');
  if (requireKnownRoot) {
    loadTaxonomy();
    if (!topLevels?.has((path.split(' > ')[0] as string).toLowerCase())) return null;
  }
  return path;
}

/** Lower case, accents and apostrophes removed, every non-alphanumeric run → one space, trimmed. */
function words(text: string): string {
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  return ascii
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Normalised keyword phrase → the nodes having it, with the keyword's length (its strength). */
const KEYWORD_INDEX = new Map<string, Array<{ node: CategoryNode; length: number }>>();
/** Word prefixes (1 or 2 words) of multi-word keywords, so longer phrases are only built when they can match. */
const PREFIXES = new Set<string>();
for (const node of ALL_CATEGORIES) {
  for (const kw of node.keywords) {
    const phrase = words(kw);
    KEYWORD_INDEX.set(phrase, [...(KEYWORD_INDEX.get(phrase) ?? []), { node, length: kw.length }]);
    const parts = phrase.split(' ');
    for (let n = 1; n < parts.length; n++) PREFIXES.add(parts.slice(0, n).join(' '));
  }
}
/** Position of each node in tree order, for tie-breaks. */
const ORDER = new Map(ALL_CATEGORIES.map((c, i) => [c, i]));

/**
 * Longest matching keyword length of every node with a keyword found in `text`. A keyword
 * matches a run of 1–3 whole words, the last of which may carry a plural `s` / `es`.
 */
function keywordScores(text: string): Map<CategoryNode, number> {
  const scores = new Map<CategoryNode, number>();
  const hit = (phrase: string): void => {
    const nodes = KEYWORD_INDEX.get(phrase);
    if (nodes) for (const { node, length } of nodes) if (length > (scores.get(node) ?? 0)) scores.set(node, length);
  };
  const tokens = words(text).split(' ');
  for (let i = 0; i < tokens.length; i++) {
    let acc = '';
    for (let n = 0; n < 3 && i + n < tokens.length; n++) {
      acc = n === 0 ? (tokens[i] as string) : `${acc} ${tokens[i + n] as string}`;
      hit(acc);
      if (acc.endsWith('s')) hit(acc.slice(0, -1));
      if (acc.endsWith('es')) hit(acc.slice(0, -2));
      if (!PREFIXES.has(acc)) break;
    }
  }
  return scores;
}

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
const BABY_AGES = new Set(['newborn', 'infant', 'toddler']);
const DEPARTMENTS = ['8', '9', 'b', 'e', 'f', 'g', 'k', '7'];
/** Google top-level branches that hold products of our tree; a path elsewhere (Home & Garden, Electronics, …) maps to nothing. */
const OUR_BRANCHES = ['apparel & accessories', 'baby & toddler', 'health & beauty', 'luggage & bags', 'sporting goods', 'toys & games'];

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
  if (kids) return { roots: ['g'], fallback: 'g' };
  const roots = DEPARTMENTS.flatMap((d) => {
    if (gender === 'female' && d === '9') return [];
    if (gender === 'male' && d === '8') return [];
    if (d === 'k' && gender === 'female') return ['k1'];
    if (d === 'k' && gender === 'male') return ['k2'];
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
 */
export function mapCategory(input: CategoryInput): CategoryMatch {
  const own = input.productType ? categoryByTermPath(input.productType) : undefined;
  if (own) return { code: own.code as string, mapped: true };
  const path = googleCategoryPath(input.googleProductCategory) ?? googleCategoryPath(input.productType, true);
  const how = plan(path, input);
  const lastSegment = path ? (path.split(' > ').pop() as string) : '';
  // Title and product_type decide; the Google path's last segment only breaks ties or fills in.
  const fromItem = keywordScores(`${input.productType ?? ''} ${input.title}`);
  const fromPath = keywordScores(lastSegment);
  const either = (node: CategoryNode): number => Math.max(fromItem.get(node) ?? 0, fromPath.get(node) ?? 0);
  const rootOf = (code: string) => how.roots.find((r) => code.startsWith(r));
  const before = (a: CategoryNode, b: CategoryNode): boolean => (ORDER.get(a) as number) < (ORDER.get(b) as number);

  let best: { node: CategoryNode; root: string; rank: number[] } | null = null;
  let tiedAcrossRoots = false;
  let group: { node: CategoryNode; score: number } | null = null;
  for (const node of new Set([...fromItem.keys(), ...fromPath.keys()])) {
    const root = node.code && !node.other ? rootOf(node.code) : undefined;
    if (!root) continue;
    if (node.children.length > 0) {
      const score = either(node);
      if ((node.code as string).length >= 2 && (!group || score > group.score || (score === group.score && before(node, group.node)))) group = { node, score };
      continue;
    }
    const rank = [fromItem.get(node) ?? 0, fromPath.get(node) ?? 0, (ANCESTORS.get(node) ?? []).reduce((sum, a) => sum + either(a), 0)];
    const cmp = best ? compareRanks(rank, best.rank) : 1;
    if (cmp > 0) {
      best = { node, root, rank };
      tiedAcrossRoots = false;
    } else if (cmp === 0 && best) {
      if (root !== best.root) tiedAcrossRoots = true;
      if (before(node, best.node)) best = { node, root, rank };
    }
  }
  if (best) return tiedAcrossRoots ? { code: how.collapse ?? (best.node.code as string), mapped: false } : { code: best.node.code as string, mapped: true };
  if (group) return { code: group.node.code as string, mapped: false };
  // A plan narrowed to one named leaf (e.g. g4 Kids' Shoes) is a confident mapping on its own.
  return { code: how.fallback, mapped: categoryByCode(how.fallback)?.children.length === 0 };
}
