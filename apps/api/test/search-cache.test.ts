import { describe, expect, it } from 'vitest';
import { SearchConditionSchema, type SearchResponse } from '@b-deals/contracts';
import { Redis } from 'ioredis';
import { SearchCache, redisSharedCache, type SharedCache } from '../src/search/index.ts';

const answer = (total: number): SearchResponse => ({
  items: [],
  total,
  facets: { departments: [], brands: [], merchants: [], priceBands: [], sizes: [], colors: [] },
  correctedQuery: null,
  broadened: null,
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

describe('SearchCache shared by API instances (issue 12 §4)', () => {
  const memoryStore = (): SharedCache & { keys: () => string[] } => {
    const m = new Map<string, string>();
    return { get: async (k) => m.get(k) ?? null, set: async (k, v) => void m.set(k, v), keys: () => [...m.keys()] };
  };

  it('computes an answer once for two instances: the second takes the first one’s from the shared store', async () => {
    const store = memoryStore();
    const one = new SearchCache(10, 60_000, store);
    const two = new SearchCache(10, 60_000, store);
    let computed = 0;
    const compute = async () => answer(++computed);
    expect((await one.remember('k', compute)).total).toBe(1);
    for (let i = 0; i < 20 && store.keys().length === 0; i++) await new Promise((r) => setImmediate(r)); // written without waiting
    expect((await two.remember('k', compute)).total).toBe(1);
    expect(computed).toBe(1);
    expect(two.stats.shared).toBe(1);
    // lookup/store, as searchProducts uses them
    one.store('s', answer(7));
    for (let i = 0; i < 20 && !store.keys().includes('s'); i++) await new Promise((r) => setImmediate(r));
    expect((await two.lookup('s'))?.total).toBe(7);
    expect(await two.lookup('absent')).toBeUndefined();
  });

  it('computes locally when the shared store fails', async () => {
    const broken: SharedCache = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) };
    const cache = new SearchCache(10, 60_000, broken);
    expect((await cache.remember('k', async () => answer(3))).total).toBe(3);
    expect(await cache.lookup('other')).toBeUndefined();
  });

  it.runIf(process.env.TEST_REDIS_URL)('keeps answers in Redis for the other instances, and a slow Redis counts as a miss', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
    const prefix = `bdeals:test:search:${process.pid}:${Date.now()}:`;
    try {
      const one = new SearchCache(10, 60_000, redisSharedCache(redis, prefix));
      const two = new SearchCache(10, 60_000, redisSharedCache(redis, prefix));
      await one.remember('["q","dress"]', async () => answer(42));
      let found: SearchResponse | undefined;
      for (let i = 0; i < 50 && !found; i++) found = await two.lookup('["q","dress"]');
      expect(found?.total).toBe(42);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toHaveLength(1);
      expect(await redis.pttl(keys[0]!)).toBeGreaterThan(50_000);
      // A store slower than its time limit: the lookup gives up and the answer is computed here.
      const slow = redisSharedCache({ get: () => new Promise(() => undefined) } as unknown as Redis, prefix, 20);
      await expect(slow.get('x')).rejects.toThrow(/timed out/);
      const three = new SearchCache(10, 60_000, slow);
      expect((await three.remember('y', async () => answer(5))).total).toBe(5);
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
