/**
 * The HTML cache's shared store in Redis (issue 12 §4: "when REDIS_URL is set, … the HTML cache
 * live[s] in Redis, so two … web processes behave as one"; decision 0014).
 *
 * One hash per page under `{prefix}{key}`: `meta` (JSON: status, headers, ETag, CSP nonce, render
 * time in epoch ms) and the three encodings `body`, `gzip`, `br` as raw bytes, written in one
 * MULTI with its expiry. Keys hold the catalogue version, so an ingest leaves the old pages to
 * expire. Calls fail within a second while Redis is unreachable (command timeout, one retry per
 * request): the HTML cache then serves from each process's memory, and pages still render.
 */
import { Redis } from 'ioredis';
import type { CachedPage, SharedPageStore } from './html-cache.ts';

/** Default key prefix (several applications may share one Redis). */
export const PAGE_KEY_PREFIX = 'bdeals:html:';

export class RedisPageStore implements SharedPageStore {
  private readonly redis: Redis;

  /** `url`: redis:// or rediss:// URL. */
  constructor(
    url: string,
    private readonly prefix = PAGE_KEY_PREFIX,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000 });
    this.redis.on('error', () => undefined); // reported by ping() and by failed calls, not as an unhandled event
  }

  async get(key: string): Promise<CachedPage | null> {
    const h = await this.redis.hgetallBuffer(this.prefix + key);
    if (!h.meta || !h.body || !h.gzip || !h.br) return null;
    const meta = JSON.parse(h.meta.toString('utf8')) as Pick<CachedPage, 'status' | 'headers' | 'etag' | 'nonce' | 'at'>;
    return { ...meta, body: h.body, gzip: h.gzip, br: h.br };
  }

  async set(key: string, page: CachedPage, ttlMs: number): Promise<void> {
    const { body, gzip, br, ...meta } = page;
    await this.redis
      .multi()
      .hset(this.prefix + key, { meta: JSON.stringify(meta), body, gzip, br })
      .pexpire(this.prefix + key, Math.max(1, Math.round(ttlMs)))
      .exec();
  }

  /** True when Redis answers PING (the storefront's /ready). */
  async ping(): Promise<boolean> {
    return this.redis.ping().then(
      (r) => r === 'PONG',
      () => false,
    );
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
