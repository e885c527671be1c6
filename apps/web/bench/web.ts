/**
 * `npm run bench:web` (issue 12 §6): the storefront under load. Starts B-Deals exactly as
 * `npm start` does (API in one process, the storefront in `WEB_WORKERS` processes) on spare
 * loopback ports, on PostgreSQL (`--driver postgres`, a database `bdeals_bench_web` on
 * BENCH_DATABASE_URL's server, kept between runs) or PGlite (`--driver pglite`), with the demo
 * catalogue (`--products`, default 5,000), then drives the home, a category, a search and a
 * product page with autocannon, one page at a time, `--connections` (default 50) for
 * `--duration` seconds (default 30) after a 3 s warm-up, with the full-page HTML cache on
 * (warm: the warm-up fills it) and off (`HTML_CACHE_SECONDS=0`: every request renders). Prints
 * req/s, p50, p99 (ms), errors and timeouts per page, each page's HTML weight (raw and gzipped
 * bytes of one anonymous response), the latency of the API's product-with-recommend and home
 * modules answers one request at a time (with the cache run), and the machine. Loopback only; every loop
 * is bounded in time.
 *
 * Options: --driver postgres|pglite, --products N, --connections N, --duration S, --workers N
 * (WEB_WORKERS), --pages home,category,search,product, --cache on|off|both (default both).
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BENCH_DIR, BENCH_SERVER_URL, machineLine, positiveInt } from '@b-deals/db/testing';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    driver: { type: 'string', default: 'postgres' },
    products: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '30' },
    workers: { type: 'string' },
    pages: { type: 'string', default: 'home,category,search,product' },
    cache: { type: 'string', default: 'both' },
  },
});
if (!['on', 'off', 'both'].includes(args.cache)) throw new RangeError('--cache must be on, off or both');
if (args.driver !== 'postgres' && args.driver !== 'pglite') throw new RangeError('--driver must be postgres or pglite');
const products = positiveInt(args.products, 'products');
const connections = positiveInt(args.connections, 'connections');
const duration = positiveInt(args.duration, 'duration');

/** A free loopback port (asked of the OS, then released). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', DEMO_PRODUCTS: String(products) };
const dataDir = path.join(BENCH_DIR, `web-${args.driver}-${products}`);
mkdirSync(dataDir, { recursive: true });
env.DATA_DIR = dataDir;
if (args.workers) env.WEB_WORKERS = String(positiveInt(args.workers, 'workers'));
if (args.driver === 'postgres') {
  const name = `bdeals_bench_web_${products}`;
  const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}
const port = await freePort();
env.PORT = String(port);
env.API_PORT = String(await freePort());
const base = `http://127.0.0.1:${port}`;

console.log(`bench:web — ${args.driver}, ${products} demo products, ${connections} connections × ${duration} s per page`);
console.log(machineLine());

/** Starts the storefront with `extra` env, drives every page, stops it; returns the report rows. */
async function run(label: string, extra: NodeJS.ProcessEnv): Promise<string[]> {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  const rows: string[] = [];
  try {
    const deadline = Date.now() + 15 * 60_000; // first start generates and ingests the demo catalogue
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error('the storefront did not start within 15 minutes');
      const ok = await fetch(`${base}/`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const found = (await (
      await fetch(`${base}/inventory/api/v1/search/condition`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: 'dress', to: 1 }),
      })
    ).json()) as {
      items: Array<{ id: number; slug: string }>;
    };
    const product = found.items[0];
    if (!product) throw new Error('the demo catalogue has no dress to open');
    const pages: Record<string, string> = {
      home: '/',
      category: '/category/womens-clothing/',
      search: '/searchList/?q=jeans',
      product: `/prod/${product.slug}/?id=${product.id}`,
    };
    for (const name of args.pages.split(',')) {
      const p = pages[name];
      if (!p) throw new RangeError(`unknown page ${name}`);
      if (!weighed.has(name)) {
        // HTML weight (issue 12 §3: at most 60 KB raw for product and category pages).
        weighed.add(name);
        const html = Buffer.from(await (await fetch(base + p, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
        weights.push(
          `weight     ${name.padEnd(9)} ${(html.length / 1024).toFixed(1).padStart(7)} KB raw   ${(gzipSync(html).length / 1024).toFixed(1).padStart(5)} KB gzip   ${p}`,
        );
        console.log(weights.at(-1));
      }
      await autocannon({ url: base + p, connections: 10, duration: 3 }); // warm-up (fills the cache when on)
      const r = await autocannon({ url: base + p, connections, duration, timeout: 10 });
      const errors = r.errors + r.non2xx;
      rows.push(
        `${label.padEnd(10)} ${name.padEnd(9)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${errors} (timeouts ${r.timeouts})   ${p}`,
      );
      console.log(rows.at(-1));
    }
    if (label === 'cache on') {
      // The API answers behind the product and home pages (issue 12 §3: p50 ≤ 3 ms each on
      // PostgreSQL), one request at a time so the figure is the answer's latency, not a queue's.
      const api = `http://127.0.0.1:${env.API_PORT}`;
      for (const [name, url] of [
        ['api product', `${api}/inventory/api/v1/standard-product/product/${product.id}/with-recommend`],
        ['api modes', `${api}/tapestry/api/v2/modes`],
      ] as const) {
        await autocannon({ url, connections: 1, duration: 2 });
        const r = await autocannon({ url, connections: 1, duration: Math.min(duration, 10), timeout: 10 });
        rows.push(
          `${name.padEnd(20)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   errors ${r.errors + r.non2xx} (1 connection)`,
        );
        console.log(rows.at(-1));
      }
    }
  } finally {
    await stop();
  }
  return rows;
}

const rows: string[] = [];
const weights: string[] = [];
const weighed = new Set<string>();
if (args.cache !== 'off') rows.push(...(await run('cache on', { HTML_CACHE_SECONDS: '60' })));
if (args.cache !== 'on') rows.push(...(await run('cache off', { HTML_CACHE_SECONDS: '0' })));
console.log('\nsummary (mean req/s over the run; latency percentiles over every request):');
console.log(machineLine());
for (const row of [...weights, ...rows]) console.log(`  ${row}`);
