/**
 * Search suggestions of spec §4 (issue 3) from the @b-deals/core category tree. The search box
 * imports this module on first focus, so the tree and its keywords are not first-load JavaScript.
 */
import { ALL_CATEGORIES, type CategoryNode } from '@b-deals/core/categories';

/** Search dropdown limits of issue 3: at most 10 category suggestions and 5 term suggestions. */
export const MAX_CATEGORY_SUGGESTIONS = 10;
export const MAX_TERM_SUGGESTIONS = 5;

export interface Suggestions {
  categories: CategoryNode[];
  terms: string[];
}

/**
 * Suggestions for the typed text: category nodes (no 'Other' leaves) whose name contains every
 * typed word, shorter paths first (≤ 10), and popular words containing the text, excluding the
 * text itself (≤ 5). Case-insensitive; empty text suggests nothing.
 */
export function searchSuggestions(text: string, hotWords: readonly string[]): Suggestions {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { categories: [], terms: [] };
  const needle = words.join(' ');
  const categories = ALL_CATEGORIES.filter(
    (c) => !c.other && !c.root && words.every((w) => c.term.toLowerCase().includes(w)),
  )
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length)
    .slice(0, MAX_CATEGORY_SUGGESTIONS);
  const terms = hotWords
    .filter((w) => w.toLowerCase().includes(needle) && w.toLowerCase() !== needle)
    .slice(0, MAX_TERM_SUGGESTIONS);
  return { categories, terms };
}
