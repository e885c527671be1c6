/**
 * Product search for POST /inventory/api/v1/search/condition (issue 2 §10–§11).
 *
 * - Text: PostgreSQL full-text search on the weighted vector (title A > brand B > category C >
 *   description D), every word required, the last one as a prefix. When nothing matches as
 *   typed, words missing from the catalogue vocabulary are replaced by their closest pg_trgm
 *   neighbour and the search runs again (`correctedQuery`).
 * - Filters: brands (with their sub-brands), merchants, category ids (prefix, comma-union and
 *   minus semantics, DESIGN.md), price band or min/max cents, labels, marketplace.
 * - Sorts of spec §9. "Our Recommendation" blends text relevance with popularity.
 * - Facets are disjunctive: each facet is counted under every active filter but its own.
 * Every query is bounded (indexed predicates, LIMIT ≤ 100, query length ≤ 200) because PGlite
 * runs on the main thread and ignores statement_timeout (DESIGN.md).
 */
import { DEPARTMENTS, PRICE_BANDS, bandByKey, parseCategoryIds, type CategoryFilter, type SortKey } from '@b-deals/core';
import type { FacetCount, SearchCondition, SearchResponse } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import { badRequest } from '../errors.ts';
import { CARD_COLUMNS, toCard, type CardRow } from './cards.ts';
import { SearchCache } from './search-cache.ts';
import { Params } from './sql.ts';

type FacetName = 'departments' | 'brands' | 'merchants' | 'priceBands';
type FilterKind = 'text' | 'brand' | 'merchant' | 'category' | 'price' | 'label' | 'marketplace';
/** A filter renders itself into a query's own parameter list (each query numbers its own $n). */
interface Filter {
  kind: FilterKind;
  render: (params: Params) => string;
}

/** Which filter a facet ignores when counting (disjunctive facets). */
const OWN_FILTER: Record<FacetName, FilterKind> = { departments: 'category', brands: 'brand', merchants: 'merchant', priceBands: 'price' };

/**
 * "Our Recommendation" with a query: cover-density rank (ts_rank_cd, no length normalisation, so
 * a product that is a dress in its title and its category beats one that only says "dress watch")
 * weighted by the field weights A>B>C>D, lifted gently by popularity.
 */
const RELEVANCE = (vector: string, query: string) => `ts_rank_cd(${vector}, ${query}, 0) * (1 + 0.1 * p.popularity)`;

/** Above this many matches a text search ranks only its most popular candidates by relevance. */
const TWO_PHASE_THRESHOLD = 2000;
const TWO_PHASE_CANDIDATES = 1000;

/** Labels (`l`) a search can require. */
export const SEARCH_LABELS: Record<string, string> = {
  on_sale: 'p.discount_pct > 0',
  in_stock: 'p.in_stock',
  multi_merchant: 'p.offer_count >= 2',
};

/** Words of a query, lower-cased letters and digits only (at most 8). */
export function queryWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** A to_tsquery text requiring every word, the last as a prefix ("red:* " style), or null when there are no words. */
export function tsqueryText(words: readonly string[]): string | null {
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

const SORT_SQL: Record<SortKey, (hasText: boolean) => string> = {
  none: (t) => (t ? `${RELEVANCE('p.search', 'tsq.q')} DESC` : 'p.popularity DESC'),
  sales: () => 'p.clicks_30d DESC, p.popularity DESC',
  recency: () => 'p.created_at DESC',
  priceDescTag: () => 'p.price_cents DESC',
  priceAscTag: () => 'p.price_cents ASC',
  discountAsc: () => 'p.discount_pct ASC, p.popularity DESC',
  discount: () => 'p.discount_pct DESC, p.popularity DESC',
};

/**
 * Runs a search condition, answering from `cache` when the same condition was answered for the
 * current catalogue version. Throws DomainError 400 for an invalid category id or label.
 */
export async function searchProducts(db: Queryable, c: SearchCondition, cache?: SearchCache): Promise<SearchResponse> {
  if (!cache) return search(db, c);
  const version = await SearchCache.version(db);
  const key = SearchCache.key(c, version);
  const hit = cache.get(key);
  if (hit) return hit;
  const answer = await search(db, c, { cache, version });
  cache.set(key, answer);
  return answer;
}

async function search(db: Queryable, c: SearchCondition, cached?: { cache: SearchCache; version: number }): Promise<SearchResponse> {
  const words = queryWords(c.q);
  let first = await runSearch(db, c, words, cached);
  let correctedQuery: string | null = null;
  if (first.total === 0 && words.length) {
    const corrected = await correctWords(db, words);
    if (corrected.join(' ') !== words.join(' ')) {
      first = await runSearch(db, c, corrected, cached);
      if (first.total > 0) correctedQuery = corrected.join(' ');
    }
  }
  return { ...first, correctedQuery };
}

/** Replaces each word not in the catalogue vocabulary with its most similar vocabulary word (pg_trgm), when one is close enough. */
async function correctWords(db: Queryable, words: string[]): Promise<string[]> {
  const res = await db.query<{ w: string; best: string | null }>(
    `SELECT w, CASE WHEN EXISTS (SELECT 1 FROM search_words WHERE word = w) THEN w ELSE (
        SELECT word FROM search_words WHERE word % w AND similarity(word, w) >= 0.35
         ORDER BY similarity(word, w) DESC, ndoc DESC LIMIT 1) END AS best
       FROM unnest($1::text[]) WITH ORDINALITY AS x(w, n) ORDER BY n`,
    [words],
  );
  return res.rows.map((r) => r.best ?? r.w);
}

async function runSearch(db: Queryable, c: SearchCondition, words: string[], cached?: { cache: SearchCache; version: number }) {
  const filters = buildFilters(c, words);
  const tsq = tsqueryText(words);
  /** FROM and WHERE of one query, leaving out the filter of kind `skip`, with that query's parameters. */
  const render = (skip?: FilterKind) => {
    const params = new Params();
    const from = tsq ? `products p CROSS JOIN (SELECT to_tsquery('english', ${params.add(tsq)}) AS q) tsq` : 'products p';
    const where = filters.filter((f) => f.kind !== skip).map((f) => f.render(params)).join(' AND ') || 'true';
    return { from, where, params: params.values };
  };

  // Facets and the total first: the total decides how the items are ranked.
  const active = new Set(filters.map((f) => f.kind));
  const groups = new Map<FilterKind | '', FacetName[]>([['', []]]);
  if (c.facets) {
    for (const facet of Object.keys(OWN_FILTER) as FacetName[]) {
      const skip = active.has(OWN_FILTER[facet]) ? OWN_FILTER[facet] : '';
      groups.set(skip, [...(groups.get(skip) ?? []), facet]);
    }
  }
  const counts: Record<FacetName, FacetCount[]> = { departments: [], brands: [], merchants: [], priceBands: [] };
  let total = 0;
  for (const [skip, facets] of groups) {
    const q = render(skip || undefined);
    const sql = facetSql(q.from, q.where, facets, skip === '');
    const groupKey = cached && JSON.stringify(['facets', cached.version, sql, q.params]);
    let rows = groupKey ? cached.cache.get<Array<{ facet: string; key: string; n: number }>>(groupKey) : undefined;
    if (!rows) {
      rows = (await db.query<{ facet: string; key: string; n: number }>(sql, q.params)).rows;
      if (groupKey) cached.cache.set(groupKey, rows);
    }
    for (const r of rows) {
      if (r.facet === 'total') total = Number(r.n);
      else counts[r.facet as FacetName].push({ key: r.key, label: r.key, count: Number(r.n) });
    }
  }

  const main = render();
  // Two-phase ranking for broad text queries: rank only the most popular candidates by relevance
  // (computing ts_rank for tens of thousands of matches costs more than the whole search budget).
  const twoPhase = !!tsq && c.sort === 'none' && total > TWO_PHASE_THRESHOLD && c.to <= TWO_PHASE_CANDIDATES;
  const itemsSql = twoPhase
    ? `SELECT ${CARD_COLUMNS} FROM (SELECT p.*, tsq.q FROM ${main.from} WHERE ${main.where} ORDER BY p.popularity DESC LIMIT ${TWO_PHASE_CANDIDATES}) p
         LEFT JOIN brands b ON b.id = p.brand_id ORDER BY ${RELEVANCE('p.search', 'p.q')} DESC, p.id
         LIMIT ${c.to - c.from} OFFSET ${c.from}`
    : `SELECT ${CARD_COLUMNS} FROM ${main.from} LEFT JOIN brands b ON b.id = p.brand_id
         WHERE ${main.where} ORDER BY ${SORT_SQL[c.sort](!!tsq)}, p.id LIMIT ${c.to - c.from} OFFSET ${c.from}`;
  const items = await db.query<CardRow>(itemsSql, main.params);
  if (!c.facets) total = c.from + items.rows.length;
  await labelFacets(db, counts);
  return { items: items.rows.map(toCard), total, facets: counts };
}

function facetSql(from: string, where: string, facets: FacetName[], withTotal: boolean): string {
  const band = `CASE ${PRICE_BANDS.map((b) => `WHEN price_cents >= ${b.low}${b.high === null ? '' : ` AND price_cents < ${b.high}`} THEN '${b.key}'`).join(' ')} END`;
  const parts: string[] = [];
  if (withTotal) parts.push(`SELECT 'total' AS facet, '' AS key, count(*)::int AS n FROM base`);
  // Every part names its columns: a UNION takes its column names from whichever part comes first.
  if (facets.includes('departments')) parts.push(`SELECT 'departments' AS facet, left(category_code, 1) AS key, count(*)::int AS n FROM base GROUP BY 2`);
  if (facets.includes('brands')) parts.push(`(SELECT 'brands' AS facet, brand_id::text AS key, count(*)::int AS n FROM base WHERE brand_id IS NOT NULL GROUP BY 2 ORDER BY 3 DESC, 2 LIMIT 40)`);
  if (facets.includes('merchants')) parts.push(`(SELECT 'merchants' AS facet, m::text AS key, n FROM (SELECT m, count(*)::int AS n FROM base, unnest(merchant_ids) m GROUP BY m ORDER BY n DESC, m LIMIT 60) x)`);
  if (facets.includes('priceBands')) parts.push(`SELECT 'priceBands' AS facet, ${band} AS key, count(*)::int AS n FROM base GROUP BY 2`);
  return `WITH base AS MATERIALIZED (SELECT p.category_code, p.brand_id, p.merchant_ids, p.price_cents FROM ${from} WHERE ${where})
    ${parts.join(' UNION ALL ')}`;
}

/** Turns facet keys into slugs and display names (brands and merchants by id; departments by code; bands by key). */
async function labelFacets(db: Queryable, counts: Record<FacetName, FacetCount[]>): Promise<void> {
  const dept = new Map(DEPARTMENTS.map((d) => [d.code, d.term]));
  counts.departments = counts.departments.filter((f) => dept.has(f.key)).map((f) => ({ ...f, label: dept.get(f.key)! })).sort((a, b) => b.count - a.count);
  counts.priceBands = PRICE_BANDS.flatMap((b) => {
    const f = counts.priceBands.find((x) => x.key === b.key);
    return f ? [{ key: b.key, label: b.label, count: f.count }] : [];
  });
  const brandIds = counts.brands.map((f) => Number(f.key));
  const merchantIds = counts.merchants.map((f) => Number(f.key));
  const [brands, merchants] = await Promise.all([
    brandIds.length ? db.query<{ id: number; slug: string; name: string }>(`SELECT id, slug, name FROM brands WHERE id = ANY($1::int[])`, [brandIds]) : { rows: [] },
    merchantIds.length ? db.query<{ id: number; slug: string; name: string }>(`SELECT id, slug, name FROM merchants WHERE id = ANY($1::int[])`, [merchantIds]) : { rows: [] },
  ]);
  const relabel = (list: FacetCount[], rows: Array<{ id: number; slug: string; name: string }>) => {
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return list.flatMap((f) => {
      const r = byId.get(f.key);
      return r ? [{ key: r.slug, label: r.name, count: f.count }] : [];
    });
  };
  counts.brands = relabel(counts.brands, brands.rows);
  counts.merchants = relabel(counts.merchants, merchants.rows);
}

function buildFilters(c: SearchCondition, words: string[]): Filter[] {
  const filters: Filter[] = [{ kind: 'label', render: () => 'p.offer_count > 0' }];
  if (words.length) filters.push({ kind: 'text', render: () => 'p.search @@ tsq.q' });
  if (c.b.length) {
    // A brand includes its sub-brands ("Northvale" → "Northvale Kids").
    filters.push({
      kind: 'brand',
      render: (p) => {
        const slugs = p.add(c.b);
        return `p.brand_id IN (SELECT id FROM brands WHERE slug = ANY(${slugs}::text[]) UNION SELECT c.id FROM brands c JOIN brands pb ON pb.id = c.parent_id WHERE pb.slug = ANY(${slugs}::text[]))`;
      },
    });
  }
  if (c.m.length) {
    filters.push({ kind: 'merchant', render: (p) => `p.merchant_ids && ARRAY(SELECT id FROM merchants WHERE slug = ANY(${p.add(c.m)}::text[]))` });
  }
  if (c.cids.length) {
    let parsed: CategoryFilter[];
    try {
      parsed = parseCategoryIds(c.cids);
    } catch (err) {
      throw badRequest((err as Error).message, { field: 'cids' });
    }
    filters.push({
      kind: 'category',
      render: (p) => {
        const like = (code: string) => `p.category_code LIKE ${p.add(`${code}%`)}`;
        const ors = parsed.map((f) => {
          const inc = f.include.map(like).join(' OR ');
          const exc = f.exclude.map(like).join(' OR ');
          return exc ? `((${inc}) AND NOT (${exc}))` : `(${inc})`;
        });
        return `(${ors.join(' OR ')})`;
      },
    });
  }
  const band = c.price ? bandByKey(c.price) : undefined;
  if (band || c.minPrice !== undefined || c.maxPrice !== undefined) {
    const low = Math.max(band?.low ?? 0, c.minPrice ?? 0);
    const high = Math.min(band?.high ?? Infinity, c.maxPrice !== undefined ? c.maxPrice + 1 : Infinity);
    filters.push({ kind: 'price', render: (p) => `p.price_cents >= ${p.add(low)}${high === Infinity ? '' : ` AND p.price_cents < ${p.add(high)}`}` });
  }
  for (const l of c.l) {
    const sql = SEARCH_LABELS[l];
    if (!sql) throw badRequest(`Unknown label "${l}"`, { field: 'l', allowed: Object.keys(SEARCH_LABELS) });
    filters.push({ kind: 'label', render: () => sql });
  }
  if (c.marketplace !== 'ALL') filters.push({ kind: 'marketplace', render: (p) => `${p.add(c.marketplace)} = ANY(p.marketplaces)` });
  return filters;
}
