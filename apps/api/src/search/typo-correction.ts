/**
 * Typo correction of a search that found nothing (issue 20 §3): candidates from the catalogue
 * vocabulary (`search_words`, pg_trgm), judged by how shoppers misspell (`spelling.ts`), chosen by
 * what the corrected query finds. `search.ts` calls it; the query text is its own.
 */
import { isCategoryWord, singularWord } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import { isGoogleCategoryWord } from '@b-deals/feeds';
import { maxDistance, spellingDistance } from './spelling.ts';

/** Trigram similarity below which a vocabulary word is not considered as a correction at all. */
const CANDIDATE_SIMILARITY = 0.15;
/** Candidates judged per misspelt word (the most similar by trigrams). */
const CANDIDATES_PER_WORD = 60;
/** Candidates within this much of the nearest one compete on product counts. */
const DISTANCE_SLACK = 0.5;

/**
 * Corrects the words of a query that matched nothing (issue 20 §3). Each word missing from the
 * catalogue vocabulary (`search_words`) takes its pg_trgm neighbours (similarity ≥ 0.15, length
 * within 2, and the most similar words of its first letter and length within 1) as candidates, judged by `spellingDistance` (transpositions, doubled letters, vowel
 * and sound-alike slips, same Double Metaphone code) up to `maxDistance`. Among the candidates
 * nearest to the typed word (within 0.5 of the nearest), the one whose query — the other words
 * as they stand plus the filters — matches the most products wins: the query's other words and
 * filters are its department. A word that matches products by itself is kept, and so is a product
 * kind of Google's taxonomy under the storefront's departments (feeds `isGoogleCategoryWord`), and a word of the
 * storefront's own category keywords (core `isCategoryWord`: "tracker" of "fitness tracker"). Words are corrected left to right, each with the earlier ones
 * already corrected. `count(words)` returns the number of products a word list matches;
 * `stopWord(w)` says the analyser drops the word (`the`, `and`): those are never corrected.
 * Returns the words unchanged where nothing is close enough.
 */
export async function correctWords(
  db: Queryable,
  words: string[],
  { count, stopWord }: { count: (words: string[]) => Promise<number>; stopWord: (word: string) => Promise<boolean> },
): Promise<string[]> {
  const res = await db.query<{ w: string; known: boolean; word: string | null; ndoc: number | null }>(
    `SELECT x.w, EXISTS (SELECT 1 FROM search_words WHERE word = x.w) AS known, c.word, c.ndoc
       FROM unnest($1::text[]) AS x(w)
       LEFT JOIN LATERAL (
         (SELECT word, ndoc FROM search_words
           WHERE length(word) BETWEEN length(x.w) - 2 AND length(x.w) + 2 AND similarity(word, x.w) >= $2
           ORDER BY similarity(word, x.w) DESC, ndoc DESC LIMIT $3)
         UNION
         -- Short words share few trigrams with their transpositions (caot/coat): same first letter, length within 1.
         (SELECT word, ndoc FROM search_words
           WHERE left(word, 1) = left(x.w, 1) AND length(word) BETWEEN length(x.w) - 1 AND length(x.w) + 1
           ORDER BY similarity(word, x.w) DESC, ndoc DESC LIMIT $3)) c
         ON NOT EXISTS (SELECT 1 FROM search_words WHERE word = x.w)`,
    [[...new Set(words)], CANDIDATE_SIMILARITY, CANDIDATES_PER_WORD],
  );
  const known = new Set(res.rows.filter((r) => r.known).map((r) => r.w));
  const out = [...words];
  for (let i = 0; i < out.length; i++) {
    const typed = words[i]!;
    // A word the catalogue knows, or one that finds products on its own (`mens` through the
    // english stemmer, though the vocabulary holds `men`), stays as typed; so does a kind of product
    // the catalogue has none of ("anklet" is no typo of "ankle": Google's taxonomy names it; "tracker" no "trucker": our tree does).
    if (
      known.has(typed) ||
      /^\d+$/.test(typed) ||
      isGoogleCategoryWord(typed) ||
      isCategoryWord(typed) ||
      (await stopWord(typed)) ||
      (await count([typed])) > 0
    )
      continue;
    const judged = res.rows
      .filter((r) => r.w === typed && r.word !== null)
      .map((r) => ({ ...nearestForm(typed, r.word!), ndoc: Number(r.ndoc) }))
      .filter((r) => r.distance <= maxDistance(typed.length));
    if (judged.length === 0) continue;
    const nearest = Math.min(...judged.map((r) => r.distance));
    let best: { word: string; distance: number; ndoc: number; total: number } | null = null;
    for (const r of judged.filter((x) => x.distance <= nearest + DISTANCE_SLACK)) {
      const total = await count(out.map((w, j) => (j === i ? r.word : w)));
      if (!best || total > best.total || (total === best.total && (r.distance < best.distance || (r.distance === best.distance && r.ndoc > best.ndoc))))
        best = { ...r, total };
    }
    out[i] = best!.word;
  }
  return out;
}

/**
 * The form of a vocabulary word nearer to the typed one, and its `spellingDistance`: the word
 * itself, or its singular (core `singularWord`) when that is strictly nearer, so a typo of the
 * singular is judged against the singular ("hanbag" is one letter from "handbag", though the
 * catalogue writes only "Handbags"). The search's analyser stems either form to the same lexeme.
 */
function nearestForm(typed: string, word: string): { word: string; distance: number } {
  const distance = spellingDistance(typed, word);
  const singular = singularWord(word);
  if (singular === word) return { word, distance };
  const nearer = spellingDistance(typed, singular);
  return nearer < distance ? { word: singular, distance: nearer } : { word, distance };
}
