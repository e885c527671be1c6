/**
 * What the search engine reads from the database, written by the ingest (search domain): each
 * product's weighted full-text vector (`products.search`) and the catalogue vocabulary
 * (`search_words`) that typo correction draws its neighbours from (`search.ts`,
 * `spelling.ts`). The in-memory index (`search-index.ts`) is built from both.
 */
import type { Queryable } from '@b-deals/db';

/**
 * SQL expression of a product's search vector over a row alias with the columns `title`,
 * `brand_name`, `category_terms` and `description` (text): title weight A, brand B, category
 * terms C, the first 2,000 characters of the description D (PostgreSQL `setweight`, English
 * configuration). The weights are what `ts_rank` and the index's scorer read as field importance.
 */
export function productSearchVector(alias: string): string {
  return `setweight(to_tsvector('english', ${alias}.title), 'A') || setweight(to_tsvector('english', ${alias}.brand_name), 'B') ||
            setweight(to_tsvector('english', ${alias}.category_terms), 'C') || setweight(to_tsvector('english', left(${alias}.description, 2000)), 'D')`;
}

/** Rebuilds the search vocabulary (surface words of titles, brands and category terms) used for typo correction. */
export async function refreshSearchWords(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM search_words`);
  await db.query(
    `INSERT INTO search_words (word, ndoc)
     SELECT word, ndoc FROM ts_stat($$
       SELECT to_tsvector('simple', p.title || ' ' || coalesce(b.name, '') || ' ' || p.category_terms)
         FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.offer_count > 0 $$)
      WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'`,
  );
}
