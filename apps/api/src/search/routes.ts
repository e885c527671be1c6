/**
 * Search routes of the `/inventory/api/v1` namespace (spec §7), registered by app.ts under that
 * prefix: `POST /search/condition` (text, filters, facets, sorts, typo correction) and
 * `GET /search/hot-words`. Errors: 400 `{code, message, details}` for an invalid condition
 * (zod schemas of @b-deals/contracts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, HotWordsResponseSchema, SearchConditionSchema, SearchResponseSchema } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { hotWords, recordSearchTerm } from './hot-words.ts';
import { dailyVisitorKey } from '../visitors.ts';
import { SearchCache } from './search-cache.ts';
import { searchProducts, type SearchDeps } from './search.ts';

/** What the search routes run on: the database, the in-memory index and the answer cache. */
export interface SearchRouteOptions {
  db: Database;
  search: Required<SearchDeps>;
}

const errors = { 400: ErrorBodySchema };

export const searchRoutes: FastifyPluginAsyncZod<SearchRouteOptions> = async (r, { db, search }) => {
  // Asked for on every page view; cached per catalogue version like search answers (it scans the catalogue).
  r.get('/search/hot-words', { schema: { response: { 200: HotWordsResponseSchema } } }, async () => {
    const key = JSON.stringify(['hot-words', await SearchCache.version(db)]);
    const cached = search.cache.get<string[]>(key);
    if (cached) return { hotWords: cached };
    const words = await hotWords(db);
    search.cache.set(key, words);
    return { hotWords: words };
  });

  r.post('/search/condition', { schema: { body: SearchConditionSchema, response: { 200: SearchResponseSchema, ...errors } } }, async (req) => {
    const result = await searchProducts(db, req.body, search);
    // Only searches that found something count toward hot words: a typo or a probe must not become a suggestion.
    if (req.body.q && req.body.from === 0 && result.total > 0) {
      recordSearchTerm(db, result.correctedQuery ?? req.body.q, dailyVisitorKey('search', req.ip)).catch((err) =>
        req.log.warn({ err }, 'could not record search term'),
      );
    }
    return result;
  });
};
