/**
 * A small in-memory cache of search answers (issue 2 §14: facets over tens of thousands of
 * matches cost more than a p95 budget of tens of milliseconds allows). Entries are keyed by the
 * normalised search condition and the catalogue version — the id of the newest ingest run, so
 * any ingest invalidates every entry at once — and expire after `ttlMs` (outbound clicks, which
 * change "Best Sellers", are not ingests). Least recently used entries go first past `max`.
 * With several API instances (issue 12 §4), a shared store (Redis when `REDIS_URL` is set,
 * {@link redisSharedCache}) sits behind each instance's memory: an answer one instance computed is
 * taken by the others ({@link SearchCache.lookup}, {@link SearchCache.remember}). The store failing
 * or being slow only costs a local computation.
 */
import { createHash } from 'node:crypto';
import type { SearchCondition, SearchResponse } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';
import type { Redis } from 'ioredis';

/** A key-value store shared by the API instances; values are JSON text. Calls may reject. */
export interface SharedCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

/**
 * {@link SharedCache} over Redis: `{prefix}{sha256(key)}` (keys hold the catalogue version, so an
 * ingest leaves old answers to expire), `PX` expiry. A call that takes longer than `timeoutMs`
 * (default 50 ms) counts as a miss, so a slow Redis never makes a search slower than computing it.
 */
export function redisSharedCache(redis: Redis, prefix: string, timeoutMs = 50): SharedCache {
  const id = (key: string) => prefix + createHash('sha256').update(key).digest('base64url');
  const within = <T>(p: Promise<T>): Promise<T> =>
    Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('shared cache: timed out')), timeoutMs).unref())]);
  return {
    get: (key) => within(redis.get(id(key))),
    set: async (key, value, ttlMs) => void (await redis.set(id(key), value, 'PX', Math.max(1, Math.round(ttlMs)))),
  };
}

export class SearchCache {
  private readonly entries = new Map<string, { at: number; value: unknown }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Lookups since start (metrics.ts); `shared`: local misses answered by the shared store. */
  readonly stats = { hits: 0, misses: 0, shared: 0 };

  constructor(
    private readonly max = 1000,
    private readonly ttlMs = 60_000,
    private readonly shared?: SharedCache,
  ) {}

  /** The catalogue version: id of the newest ingest run (0 when none). One indexed lookup. */
  static async version(db: Queryable): Promise<number> {
    const res = await db.query<{ v: number | null }>(`SELECT max(id) AS v FROM ingest_runs`);
    return Number(res.rows[0]?.v ?? 0);
  }

  /** The cache key of a condition: every field that changes the answer, in a fixed order. */
  static key(c: SearchCondition, version: number): string {
    const sorted = (xs: readonly string[]) => [...xs].sort();
    return JSON.stringify([
      version,
      c.q.trim().toLowerCase(),
      sorted(c.b),
      sorted(c.m),
      sorted(c.cids),
      c.price ?? null,
      c.minPrice ?? null,
      c.maxPrice ?? null,
      c.sort,
      sorted(c.l),
      sorted(c.size),
      sorted(c.color),
      c.marketplace,
      c.from,
      c.to,
      c.facets,
    ]);
  }

  /** A cached value; callers key different kinds of value with different key shapes (answers, facet groups). */
  get<T = SearchResponse>(key: string, now = Date.now()): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) {
      this.stats.misses++;
      return undefined;
    }
    if (now - hit.at > this.ttlMs) {
      this.entries.delete(key);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.entries.delete(key);
    this.entries.set(key, hit); // most recently used last
    return hit.value as T;
  }

  set(key: string, value: unknown, now = Date.now()): void {
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** The value under `key` from memory, else from the shared store (then kept in memory); undefined when neither has it. */
  async lookup<T = SearchResponse>(key: string): Promise<T | undefined> {
    const hit = this.get<T>(key);
    return hit !== undefined ? hit : this.lookupShared<T>(key);
  }

  /** Keeps `value` under `key` here and in the shared store (not awaited; a failure there is ignored). */
  store(key: string, value: unknown): void {
    this.set(key, value);
    this.shared?.set(key, JSON.stringify(value), this.ttlMs).catch(() => undefined);
  }

  /**
   * The value cached under `key` (here or in the shared store), else `compute()`'s, cached;
   * concurrent callers with the same key share one computation (single flight). A rejected
   * computation is not cached. Put the catalogue version in `key` so an ingest makes every entry
   * unreachable at once.
   */
  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.get<T>(key);
    if (hit !== undefined) return hit;
    let pending = this.inflight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = (async () => {
        const shared = await this.lookupShared<T>(key);
        if (shared !== undefined) return shared;
        const value = await compute();
        this.store(key, value);
        return value;
      })().finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async lookupShared<T>(key: string): Promise<T | undefined> {
    if (!this.shared) return undefined;
    const text = await this.shared.get(key).catch(() => null);
    if (text === null) return undefined;
    const value = JSON.parse(text) as T;
    this.stats.shared++;
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
