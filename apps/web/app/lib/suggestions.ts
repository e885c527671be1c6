/**
 * Search suggestions of spec §4 (issue 3) from the @b-deals/core category tree. The search box
 * imports this module on first focus, so the tree and its keywords are not first-load JavaScript.
 */
import { ALL_CATEGORIES, categoryTrail, foldSearchText, type CategoryNode } from '@b-deals/core';

/** Search dropdown limits of issue 3: at most 10 category suggestions and 5 term suggestions. */
export const MAX_CATEGORY_SUGGESTIONS = 10;
export const MAX_TERM_SUGGESTIONS = 5;

/**
 * A suggested category with where it sits: the names above it from the department down
 * ("Women's Clothing › Bottoms", "Shoes › Men's Shoes"); null for a department itself.
 */
export interface CategorySuggestion {
  node: CategoryNode;
  context: string | null;
}

export interface Suggestions {
  categories: CategorySuggestion[];
  terms: string[];
}

/**
 * Suggestions for the typed text: category nodes (no 'Other' leaves) whose name contains every
 * typed word, shorter paths first (≤ 10), each with the categories above it so that two "Jeans"
 * read as women's and men's (issue 20 §8), and popular words containing the text, excluding the text
 * itself (≤ 5). Text, names and words are compared folded as the search reads them (core `foldSearchText`:
 * case, accents, curly apostrophes and full-width forms do not matter, so "women’s" suggests Women's
 * Clothing and "creme" a hot word "crème"); empty text suggests nothing.
 */
export function searchSuggestions(text: string, hotWords: readonly string[]): Suggestions {
  const words = foldSearchText(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { categories: [], terms: [] };
  const needle = words.join(' ');
  const categories = ALL_CATEGORIES.filter((c) => !c.other && !c.root && words.every((w) => foldSearchText(c.term).includes(w)))
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length)
    .slice(0, MAX_CATEGORY_SUGGESTIONS)
    .map((node) => {
      const above = categoryTrail(node).slice(0, -1);
      return { node, context: above.length ? above.map((n) => n.term).join(' › ') : null };
    });
  const terms = hotWords
    .filter((w) => {
      const word = foldSearchText(w);
      return word.includes(needle) && word !== needle;
    })
    .slice(0, MAX_TERM_SUGGESTIONS);
  return { categories, terms };
}
