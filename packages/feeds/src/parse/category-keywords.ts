/**
 * The words of a feed item for the category mapper (category-map.ts, steps 1 and 3 of its module
 * doc): text normalised the one way the keywords are ({@link feedWords}), the kind keywords of our
 * tree (core `keywords` plus `FEED_WORDS`, kinds outside it from `OUTSIDE_WORDS`, head nouns from
 * `TITLE_END_WORDS`) found in a text ({@link keywordScores}), and whom a text says the item is for
 * ({@link audienceOf}, `AUDIENCE_WORDS`), in English, Russian, Bulgarian and Arabic.
 */
import { ALL_CATEGORIES, categoryByCode, type CategoryNode } from '@b-deals/core';
import { AUDIENCE_WORDS, FEED_WORDS, OUTSIDE_WORDS, TITLE_END_WORDS } from './feed-words.ts';

/**
 * Lower case, accents, Arabic vowel marks and apostrophes removed, every run of characters that
 * are neither letters nor digits → one space, trimmed; an Arabic word loses its article prefix
 * (ال، لل، وال، بال) so "الفستان" reads as "فستان".
 */
export function feedWords(text: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFD').replace(/\p{M}/gu, '');
  return plain
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w) => (/^[\u0600-\u06ff]+$/.test(w) ? w.replace(/^(وال|بال|لل|ال)(?=[\u0600-\u06ff]{3})/, '') : w))
    .join(' ');
}

/** A keyword's hit: the node it names (null for a kind outside our tree) and its strength (length). */
export interface KeywordHit {
  node: CategoryNode | null;
  length: number;
}

/** Department-level core keywords that say whom an item is for, not what it is (read by {@link audienceOf}). */
const AUDIENCE_KEYWORDS = new Set(['women', 'womens', 'ladies', 'men', 'mens', 'baby', 'kids', 'children', 'toddler', 'girls', 'boys']);
/** Core keywords that feed titles mostly use for something else: 'khaki' is a colour far more often than a chino. */
const MISLEADING_KEYWORDS = new Set(['khaki']);

/** Normalised keyword phrase → the nodes having it; word stems (`плать*`) → nodes. */
const KEYWORD_INDEX = new Map<string, KeywordHit[]>();
const STEM_INDEX = new Map<string, KeywordHit[]>();
/** Word prefixes (1 or 2 words) of multi-word keywords, so longer phrases are only built when they can match. */
const PREFIXES = new Set<string>();
function addKeyword(keyword: string, node: CategoryNode | null): void {
  const stem = keyword.endsWith('*');
  const phrase = feedWords(stem ? keyword.slice(0, -1) : keyword);
  if (!phrase) return;
  const index = stem && !phrase.includes(' ') ? STEM_INDEX : KEYWORD_INDEX;
  const hits = index.get(phrase) ?? [];
  if (!hits.some((h) => h.node === node)) index.set(phrase, [...hits, { node, length: keyword.length }]);
  const parts = phrase.split(' ');
  for (let n = 1; n < parts.length; n++) PREFIXES.add(parts.slice(0, n).join(' '));
}
for (const node of ALL_CATEGORIES) {
  // 'girls' / 'boys' name whom a garment is for; the item's own kind word decides (see audienceOf)
  for (const kw of node.keywords) if (!AUDIENCE_KEYWORDS.has(kw) && !MISLEADING_KEYWORDS.has(kw)) addKeyword(kw, node);
  if (node.code && !node.other) for (const kw of FEED_WORDS[node.code] ?? []) addKeyword(kw, node);
}
for (const kw of OUTSIDE_WORDS) addKeyword(kw, null);
/** {@link TITLE_END_WORDS} by word: they count only as the title's head noun (see `keywordScores`). */
const TITLE_END_INDEX = new Map<string, KeywordHit[]>();
for (const [code, words] of Object.entries(TITLE_END_WORDS))
  for (const word of words) {
    const node = categoryByCode(code);
    if (node) TITLE_END_INDEX.set(feedWords(word), [...(TITLE_END_INDEX.get(feedWords(word)) ?? []), { node, length: word.length }]);
  }
const AUDIENCE_INDEX = new Map<string, { gender: 'female' | 'male' | null; age: 'kids' | 'infant' | null; stem: boolean }>();
for (const [word, gender, age] of AUDIENCE_WORDS) {
  const stem = word.endsWith('*');
  AUDIENCE_INDEX.set(feedWords(stem ? word.slice(0, -1) : word), { gender, age, stem });
}
/** Scores of the nodes named in a text, and the longest kind outside our tree it names (0 when none). */
export interface TextScores {
  nodes: Map<CategoryNode, number>;
  outside: number;
  /** Word position just past the last kind outside our tree / the last node keyword, in the text before its first "with" or "for" (-1: none). */
  outsideEnd: number;
  nodeEnd: number;
  /** The longest keyword of several words and its node (a phrase names the item more surely than a single word). */
  phrase: { node: CategoryNode; length: number; text: string } | null;
  /** The words that matched each node's longest keyword. */
  matched: Map<CategoryNode, string>;
}

/**
 * Longest matching keyword length of every node with a keyword found in `text`. A keyword
 * matches a run of 1–3 whole words, the last of which may carry a plural `s` / `es`; a stem
 * matches any word starting with it; a word of `TITLE_END_WORDS` only as the last word before
 * "with" / "for".
 */
export function keywordScores(text: string): TextScores {
  const scores: TextScores = { nodes: new Map(), outside: 0, outsideEnd: -1, nodeEnd: -1, phrase: null, matched: new Map() };
  const tokens = feedWords(text).split(' ');
  const head = tokens.findIndex((t) => t === 'with' || t === 'for');
  const record = (hits: KeywordHit[] | undefined, end: number, words: number): void => {
    const text = tokens.slice(end - words, end).join(' ');
    const inHead = head < 0 || end <= head;
    for (const { node, length } of hits ?? []) {
      if (!node) {
        scores.outside = Math.max(scores.outside, length);
        if (inHead) scores.outsideEnd = Math.max(scores.outsideEnd, end);
        continue;
      }
      if (length > (scores.nodes.get(node) ?? 0)) {
        scores.nodes.set(node, length);
        scores.matched.set(node, text);
      }
      if (inHead) scores.nodeEnd = Math.max(scores.nodeEnd, end);
      if (words > 1 && length > (scores.phrase?.length ?? 0)) scores.phrase = { node, length, text };
    }
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    for (let n = 4; n < token.length; n++) record(STEM_INDEX.get(token.slice(0, n)), i + 1, 1);
    record(STEM_INDEX.get(token), i + 1, 1);
    let acc = '';
    for (let n = 0; n < 3 && i + n < tokens.length; n++) {
      acc = n === 0 ? token : `${acc} ${tokens[i + n] as string}`;
      record(KEYWORD_INDEX.get(acc), i + n + 1, n + 1);
      if (acc.endsWith('s')) record(KEYWORD_INDEX.get(acc.slice(0, -1)), i + n + 1, n + 1);
      if (acc.endsWith('es')) record(KEYWORD_INDEX.get(acc.slice(0, -2)), i + n + 1, n + 1);
      if (!PREFIXES.has(acc)) break;
    }
  }
  // The head noun: the last word before "with" / "for" (the title's: it ends the item text).
  const end = head < 0 ? tokens.length : head;
  if (end > 0) record(TITLE_END_INDEX.get(tokens[end - 1] as string), end, 1);
  return scores;
}

/** Whom an item is for, as GMC `gender` and `age_group` would say it. */
export interface Audience {
  gender: 'female' | 'male' | 'unisex' | null;
  ageGroup: string | null;
}

/**
 * Whom a text says an item is for (`AUDIENCE_WORDS`: "Women", "Boys'", "детские", "رجالي"…):
 * words for both genders give `unisex`; a kids' or baby word gives age group `kids` / `infant`.
 * Null fields when the text does not say.
 */
export function audienceOf(text: string): Audience {
  const genders = new Set<'female' | 'male'>();
  let age: 'kids' | 'infant' | null = null;
  for (const token of feedWords(text).split(' ')) {
    let found = AUDIENCE_INDEX.get(token) ?? (token.endsWith('s') ? AUDIENCE_INDEX.get(token.slice(0, -1)) : undefined);
    for (let n = 4; !found && n < token.length; n++) {
      const a = AUDIENCE_INDEX.get(token.slice(0, n));
      if (a?.stem) found = a;
    }
    if (!found) continue;
    if (found.gender) genders.add(found.gender);
    if (found.age === 'infant' || (found.age === 'kids' && age === null)) age = found.age;
  }
  return { gender: genders.size === 2 ? 'unisex' : ([...genders][0] ?? null), ageGroup: age };
}
