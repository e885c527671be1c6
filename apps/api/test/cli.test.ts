import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import { runningServer, startApi } from '../src/runtime.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURES = path.join(ROOT, 'packages/feeds/test/fixtures');
const CLI = path.join(ROOT, 'apps/api/src/cli/ingest.ts');

/** Runs the ingest CLI as a user would, with DATA_DIR pointing at `dataDir`. */
function runCli(dataDir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run ingest', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'bdeals-cli-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('ingests into the embedded database when no server runs, prints one JSON report per feed, and exits 0 despite rejected items', async () => {
    const dir = tempDir();
    const res = await runCli(dir, [path.join(FIXTURES, 'gmc-rss.xml'), path.join(FIXTURES, 'rejections.xml'), '--json']);
    expect(res.code).toBe(0);
    const reports = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(reports.map((r) => [r.feed, r.format])).toEqual([
      ['gmc-rss.xml', 'rss'],
      ['rejections.xml', 'rss'],
    ]);
    expect(reports[1].rejected).toBeGreaterThan(0);
    expect(Object.keys(reports[0])).toEqual(expect.arrayContaining(['feed', 'format', 'merchant', 'items', 'accepted', 'warnings', 'rejected', 'reasons']));
  });

  it('names in the table the currencies without a rate, and where to add one', async () => {
    const res = await runCli(tempDir(), [path.join(FIXTURES, 'prices-currencies.xml')]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/unknown_currency\s+\d+ \(.*XYZ 1.*no exchange rate known; add one to the operator's table, FX_OPERATOR_RATES_FILE\)/);
  });

  it('exits 1 with one line on stderr when a feed cannot be read at all, and 2 for a missing file', async () => {
    const dir = tempDir();
    const bad = await runCli(dir, [path.join(FIXTURES, 'unreadable.xml')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/unreadable\.xml: .*not/i);
    const missing = await runCli(dir, ['/no/such/feed.xml']);
    expect(missing.code).toBe(2);
  });

  it('hands feeds to a running server holding the embedded database, and the products are searchable at once', async () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, API_PORT: '4871', LOG_LEVEL: 'silent', NO_DEMO: 'true' });
    const api = await startApi(config);
    try {
      const res = await runCli(dir, [path.join(FIXTURES, 'gmc-rss.xml'), '--merchant', 'harbor-pine-outfitters', '--json']);
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(JSON.parse(res.stdout)).toMatchObject({ merchant: 'harbor-pine-outfitters', rejected: 0 });
      const search = await fetch(`${api.url}/inventory/api/v1/search/condition`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ m: ['harbor-pine-outfitters'] }),
      });
      const body = (await search.json()) as { total: number };
      expect(body.total).toBeGreaterThan(0);
      // Rate tables set for this command are not the server's: it says so rather than ignore them silently.
      const rates = path.join(dir, 'rates.csv');
      writeFileSync(rates, 'currency,rate,per,date\nNGN,1500,USD,2026-01-01\n');
      const withRates = await runCli(dir, [path.join(FIXTURES, 'gmc-rss.xml'), '--merchant', 'harbor-pine-outfitters', '--json'], {
        FX_OPERATOR_RATES_FILE: rates,
      });
      expect(withRates.code).toBe(0);
      expect(withRates.stderr).toMatch(/FX_OPERATOR_RATES_FILE .* not read/);
    } finally {
      await api.close();
    }
  });
});

describe('finding the server that holds the embedded database', () => {
  it('refuses to open the database beside a live server that does not answer, and ignores a stale marker', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-marker-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NO_DEMO: 'true' });
    // This very process is alive, and nothing listens on port 9 of loopback.
    writeFileSync(path.join(dir, 'api.json'), JSON.stringify({ url: 'http://127.0.0.1:9', pid: process.pid, database: 'pglite' }));
    await expect(runningServer(config)).rejects.toThrow(/did not answer at http:\/\/127\.0\.0\.1:9\/health/);
    writeFileSync(path.join(dir, 'api.json'), JSON.stringify({ url: 'http://127.0.0.1:9', pid: 2 ** 22 + 12345, database: 'pglite' }));
    expect(await runningServer(config)).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});
