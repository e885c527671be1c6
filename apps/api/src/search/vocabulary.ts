/**
 * What the search engine reads from the database, written by the ingest (search domain): each
 * product's weighted full-text vector (`products.search`) and the catalogue vocabulary
 * (`search_words`) that typo correction draws its neighbours from (`search.ts`,
 * `spelling.ts`). The in-memory index (`search-index.ts`) is built from both.
 */
import { KEPT_STOP_WORDS, SEARCH_FOLDING, UNSTEMMED_WORDS } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';

/** A string as a SQL literal's body (quotes doubled). */
const literal = (s: string) => s.replace(/'/g, "''");

/**
 * SQL expression of a text expression folded as search reads it (core `SEARCH_FOLDING`, the rule of core
 * `foldSearchText` for query words): ™ ℠ ℡ as spaces, Unicode NFKC (PostgreSQL `normalize`, UTF8 databases),
 * accented Latin letters as plain ones, apostrophes as `'`, stray combining marks deleted. Case is left to the
 * caller (`to_tsvector` lower-cases). Returns a `text` expression.
 */
export function folded(text: string): string {
  // Only a text holding a character of the folding's block is folded: `translate` looks each character up in the
  // table, which made writing a product's vector cost 1.6 times as much (ingest bench 5,031 → 3,154 offers/s) when
  // every text paid.
  const separators = SEARCH_FOLDING.separators;
  return (
    `(CASE WHEN ${text} ~ '${SEARCH_FOLDING.block}' THEN translate(normalize(translate(${text}, '${separators}', '${' '.repeat(separators.length)}'), NFKC), ` +
    `'${literal(SEARCH_FOLDING.from)}', '${literal(SEARCH_FOLDING.to)}') ELSE ${text} END)`
  );
}

/**
 * SQL expression of the search analyser over a text expression: PostgreSQL's `english`
 * configuration (stemming, stop words) after the text is {@link folded} ("Sérum" is found by
 * "serum", "ｃａｆｅ" by "cafe") and each of core `KEPT_STOP_WORDS` and `UNSTEMMED_WORDS` standing as a word
 * (case-insensitive, also inside a hyphenated compound: `button-down`) is written as its marker,
 * so "down" of a down jacket is a lexeme and not a stop word, and "fitness" no `fit`. The one analyser of product text
 * and query words alike (issue 11 §6); returns a `tsvector` expression.
 */
export function analysed(text: string): string {
  let out = folded(text);
  for (const [word, marker] of Object.entries({ ...KEPT_STOP_WORDS, ...UNSTEMMED_WORDS })) out = `regexp_replace(${out}, '\\m${word}\\M', '${marker}', 'gi')`;
  return `to_tsvector('english', ${out})`;
}

/**
 * SQL expression of a product's search vector over a row alias with the columns `title`,
 * `brand_name`, `category_terms` and `description` (text): title weight A, brand B, category
 * terms C, the first 2,000 characters of the description D (PostgreSQL `setweight`, the
 * {@link analysed} English configuration). The weights are what `ts_rank` and the index's scorer read as field importance.
 */
export function productSearchVector(alias: string): string {
  return `setweight(${analysed(`${alias}.title`)}, 'A') || setweight(${analysed(`${alias}.brand_name`)}, 'B') ||
            setweight(${analysed(`${alias}.category_terms`)}, 'C') || setweight(${analysed(`left(${alias}.description, 2000)`)}, 'D')`;
}

/**
 * Rebuilds the search vocabulary used for typo correction: the surface words of titles, brands and
 * category terms, {@link folded} as query words are (core `foldSearchText`), so a word that matches
 * once folded ("cafe" of a "Café" title) is a word of the catalogue and never "corrected".
 */
export async function refreshSearchWords(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM search_words`);
  await db.query(
    `INSERT INTO search_words (word, ndoc)
     SELECT word, ndoc FROM ts_stat($$
       SELECT to_tsvector('simple', ${folded(`p.title || ' ' || coalesce(b.name, '') || ' ' || p.category_terms`)})
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.offer_count > 0 $$)
      WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'`,
  );
}
