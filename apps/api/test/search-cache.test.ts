import { describe, expect, it } from 'vitest';
import { SearchConditionSchema, type SearchResponse } from '@b-deals/contracts';
import { SearchCache } from '../src/search/index.ts';

const answer = (total: number): SearchResponse => ({
  items: [],
  total,
  facets: { departments: [], brands: [], merchants: [], priceBands: [], sizes: [] },
  correctedQuery: null,
});
const cond = (body: object) => SearchConditionSchema.parse(body);

describe('SearchCache', () => {
  it('keys conditions by what changes the answer: order of repeatable params and case of q do not matter, paging and version do', () => {
    expect(SearchCache.key(cond({ q: 'Dress', b: ['b', 'a'] }), 1)).toBe(SearchCache.key(cond({ q: ' dress', b: ['a', 'b'] }), 1));
    expect(SearchCache.key(cond({ q: 'dress' }), 1)).not.toBe(SearchCache.key(cond({ q: 'dress' }), 2));
    expect(SearchCache.key(cond({ q: 'dress' }), 1)).not.toBe(SearchCache.key(cond({ q: 'dress', from: 24, to: 48 }), 1));
    expect(SearchCache.key(cond({ q: 'dress' }), 1)).not.toBe(SearchCache.key(cond({ q: 'dress', sort: 'latest' }), 1));
  });

  it('expires entries after the TTL and evicts the least recently used past the size limit', () => {
    const cache = new SearchCache(2, 1000);
    cache.set('a', answer(1), 0);
    cache.set('b', answer(2), 0);
    expect(cache.get('a', 10)?.total).toBe(1); // a is now the most recent
    cache.set('c', answer(3), 10);
    expect(cache.get('b', 10)).toBeUndefined();
    expect(cache.get('a', 10)?.total).toBe(1);
    expect(cache.get('c', 1011)).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
