/**
 * Hot words (search domain; spec §3 `hotWords`): the suggestions under the search box, and the
 * one flow that runs backwards into them, the searches shoppers make (`search_terms`).
 */
import { LEAF_CATEGORIES, foldSearchText } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import type { HotWordRow, SearchTermRow } from './rows.ts';

/**
 * Hot words (spec §3 hotWords): curated words first (hot_words table, editable as data), then
 * what shoppers searched most in the last 30 days (at least 3 times), then the catalogue's
 * largest leaf categories; at most `limit`, no duplicates.
 */
export async function hotWords(db: Queryable, limit = 10): Promise<string[]> {
  const [curated, searched, leaves] = await Promise.all([
    db.query<Pick<HotWordRow, 'word'>>(`SELECT word FROM hot_words ORDER BY weight DESC, word LIMIT $1`, [limit]),
    db.query<Pick<SearchTermRow, 'term'>>(
      `SELECT term FROM search_terms WHERE day >= current_date - 30 GROUP BY term HAVING sum(count) >= 3 ORDER BY sum(count) DESC, term LIMIT $1`,
      [limit],
    ),
    db.query<{ code: string; n: number }>(
      `SELECT category_code AS code, count(*)::int AS n FROM products WHERE offer_count > 0 GROUP BY 1 ORDER BY 2 DESC LIMIT 40`,
    ),
  ]);
  const leafTerm = new Map(LEAF_CATEGORIES.filter((l) => !l.other).map((l) => [l.code, l.term]));
  const out: string[] = [];
  const add = (w: string | undefined) => {
    const t = w?.trim().toLowerCase();
    if (t && !out.includes(t) && out.length < limit) out.push(t);
  };
  curated.rows.forEach((r) => add(r.word));
  searched.rows.forEach((r) => add(r.term));
  leaves.rows.forEach((r) => add(leafTerm.get(r.code)));
  return out;
}

/**
 * Counts a search term for today (feeds hot words) once per searcher: `visitor` is the searcher's
 * key for the day (`dailyVisitorKey`); a repeat of the same term by the same key adds nothing, so
 * one visitor cannot push a term into everyone's suggestions. Terms are folded as search reads them
 * (core `foldSearchText`: "Café" and "cafe" are one term, as they find the same products), trimmed, and
 * capped at 60 characters.
 */
export async function recordSearchTerm(db: Queryable, term: string, visitor: string): Promise<void> {
  const t = foldSearchText(term).trim().replace(/\s+/g, ' ').slice(0, 60);
  if (t.length < 2) return;
  await db.query(
    `WITH fresh AS (INSERT INTO search_term_searchers (term, day, visitor) VALUES ($1, current_date, $2) ON CONFLICT DO NOTHING RETURNING 1)
     INSERT INTO search_terms (term, day, count) SELECT $1, current_date, 1 FROM fresh
       ON CONFLICT (term, day) DO UPDATE SET count = search_terms.count + 1`,
    [t, visitor],
  );
}

/** Forgets who searched what after 31 days (hot words read 30): the daily `search-terms-prune` job. */
export async function pruneSearchTermSearchers(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM search_term_searchers WHERE day < current_date - 31`);
}
