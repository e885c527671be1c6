import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productHref } from '@b-deals/core';
import { freePort, runLoad, spawnTs, waitUntilUp, type ChildServer } from './helpers.ts';

/**
 * Load test (issue 13 point 9): B-Deals started as `npm start` starts it (storefront and API in one
 * process, embedded database, a small demo catalogue) on loopback, then autocannon with 100
 * connections for 60 s (LOAD_DURATION_S) over the search results page, a product page and home.
 * Asserts no errors, timeouts or non-2xx answers, and prints requests/s and latency percentiles
 * with the machine they were measured on.
 */
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 60);
const CONNECTIONS = 100;

describe('storefront under load', () => {
  let server: ChildServer;
  let web: string;
  let api: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bdeals-load-'));
    const port = await freePort();
    const apiPort = await freePort();
    server = spawnTs('scripts/start.ts', {
      PORT: String(port),
      API_PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PRODUCTS: process.env.LOAD_DEMO_PRODUCTS ?? '400',
    });
    web = `http://127.0.0.1:${port}`;
    api = `http://127.0.0.1:${apiPort}`;
    await waitUntilUp(`${web}/robots.txt`, 200_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`serves search, product and home to ${CONNECTIONS} connections for ${DURATION_S} s without an error`, async () => {
    const search = (await (
      await fetch(`${api}/inventory/api/v1/search/condition`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"to":1}' })
    ).json()) as { items: Array<{ id: number; slug: string }> };
    const product = search.items[0]!;
    const paths = ['/searchList/?q=dress', productHref(product.slug, product.id), '/'];
    for (const p of paths) expect((await fetch(`${web}${p}`)).status, p).toBe(200);

    const statuses: Record<number, number> = {};
    const result = await runLoad(
      { url: web, connections: CONNECTIONS, duration: DURATION_S, timeout: 30, requests: paths.map((p) => ({ method: 'GET' as const, path: p })) },
      (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
    );
    const cpu = os.cpus();
    console.log(
      `Load: ${CONNECTIONS} connections, ${DURATION_S} s over ${paths.join(', ')}\n` +
        `  ${result.requests.total} requests, ${result.requests.average.toFixed(1)} req/s; latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms\n` +
        `  statuses ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}\n` +
        `  machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBeGreaterThan(DURATION_S);
  });
});
