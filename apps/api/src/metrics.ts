/**
 * Prometheus metrics of an API process (issue 12 §4), at `GET /metrics` in the text exposition
 * format, for the operator (`Authorization: Bearer <OPERATOR_TOKEN>`; hidden from the OpenAPI
 * document). Each process has its own registry; Prometheus scrapes every instance.
 *
 * - `bdeals_http_request_duration_seconds{method,route,status_code}`: histogram of answer times by
 *   route pattern (not raw URL, so ids do not explode the series).
 * - `bdeals_search_index_build_seconds` / `bdeals_search_index_products`: the last snapshot's
 *   build time and size (decision 0003).
 * - `bdeals_cache_lookups_total{cache,result}`: hits and misses of the search-answer cache and
 *   the per-version answer cache (product pages, home modules); `shared`: misses here that
 *   another API instance's answer in Redis filled.
 * - `bdeals_ingest_items_total{outcome}`: feed items accepted, accepted with warnings, rejected
 *   through the operator route.
 * - Node's default process metrics (CPU, memory, event-loop lag, GC) with the `bdeals_` prefix.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { SearchCache, SearchIndex } from './search/index.ts';
import { DomainError } from './errors.ts';

export interface MetricsOptions {
  operatorToken: string;
  searchIndex: SearchIndex;
  caches: Record<string, SearchCache>;
}

/** The metrics of one app instance (kept on the app so the admin route can count ingests). */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'bdeals_http_request_duration_seconds',
    help: 'API answer time by route pattern',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 3, 10],
    registers: [this.registry],
  });
  readonly ingestItems = new Counter({
    name: 'bdeals_ingest_items_total',
    help: 'Feed items ingested through the operator route, by outcome',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  constructor(opts: Omit<MetricsOptions, 'operatorToken'>) {
    collectDefaultMetrics({ register: this.registry, prefix: 'bdeals_' });
    new Gauge({
      name: 'bdeals_search_index_build_seconds',
      help: 'Build time of the current search snapshot',
      registers: [this.registry],
      collect() {
        this.set((opts.searchIndex.lastBuildMs ?? 0) / 1000);
      },
    });
    new Gauge({
      name: 'bdeals_search_index_products',
      help: 'Products in the current search snapshot',
      registers: [this.registry],
      collect() {
        this.set(opts.searchIndex.size);
      },
    });
    new Counter({
      name: 'bdeals_cache_lookups_total',
      help: 'Lookups of the API answer caches by result',
      labelNames: ['cache', 'result'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [name, cache] of Object.entries(opts.caches)) {
          this.inc({ cache: name, result: 'hit' }, cache.stats.hits);
          this.inc({ cache: name, result: 'miss' }, cache.stats.misses);
          this.inc({ cache: name, result: 'shared' }, cache.stats.shared);
        }
      },
    });
  }
}

/** Registers the request timer and `GET /metrics` (operator token) on the app. */
export function metricsPlugin(metrics: ApiMetrics, operatorToken: string): FastifyPluginAsync {
  const expected = Buffer.from(`Bearer ${operatorToken}`);
  // fastify-plugin: the timer hook applies to every route of the app, not only this plugin's.
  return fp(async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      metrics.requestDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      const got = Buffer.from(req.headers.authorization ?? '');
      if (got.length !== expected.length || !timingSafeEqual(got, expected))
        throw new DomainError(401, 'unauthorized', 'Operator token required (Authorization: Bearer <OPERATOR_TOKEN>)');
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  });
}
