/**
 * Search domain (issue 10): one engine in one home.
 * - written by the ingest: each product's vector and the vocabulary (`vocabulary.ts`);
 * - the in-memory index, rebuilt on each catalogue event (`search-index.ts`), built by `snapshot.ts` from the
 *   products' tsvectors (`tsvector.ts`) and colours (`colours.ts`);
 * - queries, filters and sorts (`search.ts`), facets (`facet-pass.ts` counts, `facets.ts` lists), typo correction (`typo-correction.ts`, judged by `spelling.ts`);
 * - a query that finds nothing answered nearby and saying so (`nearest-kind.ts`), a query that finds a few followed by
 *   "More in …" (`more-of-kind.ts`);
 * - answers cached per catalogue version (`search-cache.ts`);
 * - hot words and the searches that feed them (`hot-words.ts`);
 * - the routes (`routes.ts`).
 */
export { productSearchVector, refreshSearchWords } from './vocabulary.ts';
export { SearchIndex } from './search-index.ts';
export { buildSnapshot, LABEL_BITS, type Snapshot } from './snapshot.ts';
export { parseTsvector, LEXEME_WEIGHTS } from './tsvector.ts';
export { matchTerms, type Term } from './match.ts';
export { searchProducts, queryWords, SEARCH_LABELS, type SearchDeps } from './search.ts';
export { topK } from './sort.ts';
export { SearchCache, redisSharedCache, type SharedCache } from './search-cache.ts';
export { editDistance, spellingDistance, maxDistance } from './spelling.ts';
export { hotWords, pruneSearchTermSearchers, recordSearchTerm } from './hot-words.ts';
export { searchRoutes, type SearchRouteOptions } from './routes.ts';
export type { SearchWordRow, SearchTermRow, HotWordRow } from './rows.ts';
