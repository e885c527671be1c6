/**
 * A small in-memory cache of search answers (issue 2 §14: facets over tens of thousands of
 * matches cost more than a p95 budget of tens of milliseconds allows). Entries are keyed by the
 * normalised search condition and the catalogue version — the id of the newest ingest run, so
 * any ingest invalidates every entry at once — and expire after `ttlMs` (outbound clicks, which
 * change "Best Sellers", are not ingests). Least recently used entries go first past `max`.
 * With several API instances each keeps its own cache; Redis is the next step when needed.
 */
import type { SearchCondition, SearchResponse } from '@b-deals/contracts';
import type { Queryable } from '@b-deals/db';

export class SearchCache {
  private readonly entries = new Map<string, { at: number; value: unknown }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Lookups since start (metrics.ts). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly max = 1000,
    private readonly ttlMs = 60_000,
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

  /**
   * The value cached under `key`, else `compute()`'s, cached; concurrent callers with the same key
   * share one computation (single flight). A rejected computation is not cached. Put the
   * catalogue version in `key` so an ingest makes every entry unreachable at once.
   */
  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.get<T>(key);
    if (hit !== undefined) return hit;
    let pending = this.inflight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = compute()
        .then((value) => {
          this.set(key, value);
          return value;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  get size(): number {
    return this.entries.size;
  }
}
