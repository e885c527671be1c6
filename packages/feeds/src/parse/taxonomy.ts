/**
 * Google's product taxonomy as B-Deals reads it (the bundled
 * `packages/feeds/data/google-product-taxonomy-with-ids.en-US.txt`, MIT-licensed copy): a GMC
 * `google_product_category` id or path as a path, the top-level branches our departments live
 * under, and whether a word names a product kind of those branches. Read lazily, once.
 */
import { readFileSync } from 'node:fs';

const TAXONOMY_FILE = new URL('../../data/google-product-taxonomy-with-ids.en-US.txt', import.meta.url);
let taxonomy: Map<string, string> | null = null;
let topLevels: Set<string> | null = null;

/** Google's taxonomy, id → path, read once from the bundled file; also fills the set of its top-level names. */
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
 * Google's top-level categories (lower case) that hold B-Deals' departments (fashion, bags, shoes,
 * beauty, sports and outdoor, jewelry, baby and kids): the category mapper looks for our category
 * only under them, and their words are shoppers' words ({@link isGoogleCategoryWord}).
 */
export const OUR_BRANCHES = ['apparel & accessories', 'baby & toddler', 'health & beauty', 'luggage & bags', 'sporting goods', 'toys & games'];
let categoryWords: Set<string> | null = null;

/**
 * Whether `word` (lower case) names something in Google's product taxonomy under the storefront's
 * top-level categories ({@link OUR_BRANCHES}), in the singular or plural: `anklet` (Jewelry >
 * Anklets), `bronzer`, `crampons`. Such a word is a product kind a shopper meant, never a typo of
 * another word (issue 20 §3: "anklet" is not "ankle"). The price: a slip that spells another such
 * word stays as typed ("boats", of boat shoes, is not corrected to "boots"). Loads the bundled
 * taxonomy once.
 */
export function isGoogleCategoryWord(word: string): boolean {
  if (!categoryWords) {
    categoryWords = new Set();
    for (const path of loadTaxonomy().values()) {
      const root = (path.split(' > ')[0] as string).toLowerCase();
      if (!OUR_BRANCHES.includes(root)) continue;
      for (const w of path.toLowerCase().split(/[^a-z]+/)) if (w.length > 2) categoryWords.add(w);
    }
  }
  const w = word.toLowerCase();
  return categoryWords.has(w) || categoryWords.has(`${w}s`) || categoryWords.has(`${w}es`) || (w.endsWith('s') && categoryWords.has(w.slice(0, -1)));
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
