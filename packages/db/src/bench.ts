/**
 * Shared pieces of the benchmarks (`npm run bench:search`, `npm run bench:ingest`): the
 * machine line, percentiles, and benchmark databases on PGlite (a data dir under
 * ./data/bench/) or PostgreSQL (a database on BENCH_DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432/postgres). Benchmarks print figures; they assert nothing.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

/** Root of every benchmark file: `./data/bench/` under the working directory (the repo root with `npm run`). */
export const BENCH_DIR = path.resolve('data', 'bench');

/** Server URL used to create and drop benchmark databases. */
export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Driver = 'pglite' | 'postgres';

/** Parses `--driver pglite|postgres|both` into the drivers to run, in that order. Throws RangeError otherwise. */
export function parseDrivers(value: string): Driver[] {
  if (value === 'both') return ['postgres', 'pglite'];
  if (value === 'pglite' || value === 'postgres') return [value];
  throw new RangeError('--driver must be pglite, postgres or both');
}

/** Parses a positive integer option (`--products 100000`); throws RangeError naming the option otherwise. */
export function positiveInt(value: string, name: string): number {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`--${name} must be a positive integer`);
  return n;
}

/** One line describing the machine: CPU model, logical cores, RAM (GiB), Node version, platform. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gib = (os.totalmem() / 2 ** 30).toFixed(1);
  return `machine: ${cpu}, ${os.availableParallelism()} cores, ${gib} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

/** The PostgreSQL settings that move write-heavy benchmarks, as one line (`server: PostgreSQL 15.x, shared_buffers …`): figures taken under different settings do not compare. */
export async function serverLine(): Promise<string> {
  return withAdmin(async (admin) => {
    const res = await admin.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings
        WHERE name IN ('server_version', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'synchronous_commit', 'wal_compression') ORDER BY name`,
    );
    const by = new Map(res.rows.map((r) => [r.name, r.setting]));
    const version = by.get('server_version') ?? '?';
    by.delete('server_version');
    return `server: PostgreSQL ${version}, ${[...by].map(([k, v]) => `${k} ${v}`).join(', ')}`;
  });
}

/** The p-th percentile (0 < p ≤ 100) of `sortedMs` by nearest rank; NaN for an empty list. Input must be sorted ascending. */
export function percentile(sortedMs: readonly number[], p: number): number {
  if (!sortedMs.length) return NaN;
  const rank = Math.ceil((p / 100) * sortedMs.length);
  return sortedMs[Math.min(sortedMs.length, Math.max(1, rank)) - 1] as number;
}

/** Median of a list of numbers (mean of the middle two for an even count); NaN for an empty list. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Peak resident set size of this process so far, in MiB (getrusage maxrss). */
export const peakRssMiB = (): number => Math.round(process.resourceUsage().maxRSS / 1024);

/** Formats milliseconds with one decimal below 100 ms, whole above. */
export const ms = (v: number): string => (v < 100 ? v.toFixed(1) : Math.round(v).toString());

/** The URL of database `name` on the benchmark server. */
function databaseUrl(name: string): string {
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: BENCH_SERVER_URL });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** True when database `name` exists on the server `admin` is connected to. */
const exists = async (admin: pg.Client, name: string): Promise<boolean> =>
  ((await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount ?? 0) > 0;

/** Throws RangeError unless every name is a benchmark database name (lower-case letters, digits, `_`): they are spliced into SQL. */
function checkNames(...names: string[]): void {
  for (const n of names) if (!/^[a-z0-9_]+$/.test(n)) throw new RangeError(`bad benchmark database name ${n}`);
}

/**
 * Opens (and migrates) a benchmark database: PGlite in `BENCH_DIR/<name>`, or PostgreSQL
 * database `<name>` (lower-case letters, digits, `_`). With `fresh`, an existing one is removed
 * first; otherwise it is created only when missing. Throws when the server is unreachable.
 */
export async function openBenchDatabase(driver: Driver, name: string, fresh: boolean, poolSize = 10): Promise<Database> {
  checkNames(name);
  if (driver === 'pglite') {
    const dir = path.join(BENCH_DIR, name);
    if (fresh) rmSync(dir, { recursive: true, force: true });
    return openDatabase({ kind: 'pglite', dataDir: dir });
  }
  await withAdmin(async (admin) => {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    if (!(await exists(admin, name))) await admin.query(`CREATE DATABASE ${name}`);
  });
  return openDatabase({ kind: 'postgres', url: databaseUrl(name), max: poolSize });
}

/** True when PostgreSQL database `name` exists on the benchmark server. */
export async function benchDatabaseExists(name: string): Promise<boolean> {
  return withAdmin((admin) => exists(admin, name));
}

/**
 * PostgreSQL database `name` as a fresh copy of database `template` (`CREATE DATABASE … TEMPLATE`,
 * a file copy: seconds for gigabytes, where re-ingesting would take many minutes), opened and
 * migrated. An existing `name` is dropped first. Throws when `template` is missing or in use.
 * `STRATEGY FILE_COPY` (PostgreSQL 15+): the copy is checkpointed, not written to the WAL. The
 * default (WAL_LOG) writes the whole template to the WAL, and the checkpoints that volume sets off
 * ran on into the timed ingest that follows (3 GB of WAL before a feed that writes 0.3–1 GB).
 */
export async function cloneBenchDatabase(template: string, name: string, poolSize = 10): Promise<Database> {
  checkNames(template, name);
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  });
  return openDatabase({ kind: 'postgres', url: databaseUrl(name), max: poolSize });
}

/** Renames PostgreSQL database `from` to `to` (dropping an existing `to`): how a seeded template is published only once complete. */
export async function renameBenchDatabase(from: string, to: string): Promise<void> {
  checkNames(from, to);
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${to} WITH (FORCE)`);
    await admin.query(`ALTER DATABASE ${from} RENAME TO ${to}`);
  });
}
