import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { freePort, runLoad, spawnTs, startPrivatePostgres, waitUntilUp, type ChildServer, type PrivatePostgres } from './helpers.ts';

/**
 * PostgreSQL restarted under load (issue 13 point 9): while 20 connections keep asking for
 * brands, a product and a search, the (private) database server stops for a few seconds and
 * starts again. Every answer is a 200 or a fast 503 `database_unavailable`; none is a 500 or a
 * dropped connection; and the API serves 200s again afterwards without being restarted.
 */
const TOKEN = 'reliability-operator-token-0123456789';
const LOAD_S = 14;
const STOP_AT_MS = 3000;
const DOWN_MS = 4000;

describe('PostgreSQL restart under load', () => {
  let cluster: PrivatePostgres;
  let server: ChildServer;
  let base: string;
  let dataDir: string;
  let productId: number;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    dataDir = mkdtempSync(path.join(tmpdir(), 'bdeals-pgrestart-'));
    const url = await cluster.createDatabase('restart_run');
    const port = await freePort();
    server = spawnTs('apps/api/src/server.ts', {
      DATABASE_URL: url,
      API_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OPERATOR_TOKEN: TOKEN,
    });
    base = `http://127.0.0.1:${port}`;
    await waitUntilUp(`${base}/health`).catch((err: Error) => {
      throw new Error(`${err.message}\n${server.output()}`);
    });
    const items: TestItem[] = Array.from({ length: 200 }, (_, i) => ({
      id: `R-${i}`,
      title: `Canvas Sneaker ${i}`,
      price: `${30 + (i % 50)}.00 USD`,
      brand: ['Strider', 'Northvale'][i % 2],
    }));
    const res = await fetch(`${base}/admin/api/v1/feeds?filename=restart.xml&merchant=restartmart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
      body: rssFeed('restartmart', items),
    });
    expect(res.status).toBe(200);
    const search = await fetch(`${base}/inventory/api/v1/search/condition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"q":"sneaker","to":1}',
    });
    productId = ((await search.json()) as { items: Array<{ id: number }> }).items[0]!.id;
  });
  afterAll(async () => {
    await server?.kill9();
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 or a fast 503 throughout, and recovers on its own', async () => {
    const answers: Array<{ at: number; status: number; ms: number }> = [];
    const t0 = Date.now();
    const load = runLoad(
      {
        url: base,
        connections: 20,
        duration: LOAD_S,
        timeout: 10,
        requests: [
          { method: 'GET', path: '/inventory/api/v1/brands?from=0&to=20' },
          {
            method: 'GET',
            path: `/inventory/api/v1/standard-product/product/${productId}/with-recommend`,
          },
          {
            method: 'POST',
            path: '/inventory/api/v1/search/condition',
            headers: { 'content-type': 'application/json' },
            body: '{"q":"canvas sneaker","to":24}',
          },
        ],
      },
      (status, ms) => answers.push({ at: Date.now() - t0, status, ms }),
    );
    const outage = (async () => {
      await new Promise((r) => setTimeout(r, STOP_AT_MS));
      await cluster.restart(DOWN_MS);
    })();
    const [result] = await Promise.all([load, outage]);

    const byStatus: Record<string, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    const slow503 = answers
      .filter((a) => a.status === 503)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    console.log(
      `PostgreSQL restart under load: ${answers.length} answers ${JSON.stringify(byStatus)}; ` +
        `503 latency p99 ${slow503[Math.floor(slow503.length * 0.99)] ?? '-'} ms; errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    expect(Object.keys(byStatus).sort()).toEqual(['200', '503']);
    if (result.errors) console.log(server.output());
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    // Failing fast: a request during the outage is answered within the connect timeout (3 s) and a margin.
    expect(slow503.at(-1)!).toBeLessThan(4000);
    // Recovered without a restart of ours: the last seconds of the run are all 200s.
    const tail = answers.filter((a) => a.at > STOP_AT_MS + DOWN_MS + 3000);
    expect(tail.length).toBeGreaterThan(20);
    expect(tail.every((a) => a.status === 200)).toBe(true);
    expect(server.child.exitCode).toBeNull();
  });
});
