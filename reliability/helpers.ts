/**
 * Helpers of the reliability suite (issue 13 point 9): a private, throw-away PostgreSQL cluster
 * that tests may stop, restart and kill without touching the machine's shared server; child
 * processes of our own servers that tests may kill -9; spare loopback ports; a bounded wait.
 * Everything listens on 127.0.0.1 only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '..');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A free TCP port on loopback (the OS picks one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` every `everyMs` until it resolves truthy; throws after `timeoutMs` (ms) with `what` in the message. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A PostgreSQL 15 cluster of its own in a temporary folder, on a spare port, run by the `postgres` user. */
export interface PrivatePostgres {
  port: number;
  /** URL of the `postgres` database (superuser, trust auth on loopback). */
  url: string;
  /** URL of a new database created on the cluster. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`, then start again after `downMs` (ms). */
  restart(downMs?: number): Promise<void>;
  stop(): void;
  start(): void;
  /** Stops the cluster and deletes its folder. */
  destroy(): void;
}

/**
 * Creates and starts a private cluster with initdb and pg_ctl (never the machine's shared server).
 * As root, the commands run as the `postgres` user, which PostgreSQL requires.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bdeals-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (cmd: string, args: string[]) => {
    const full = path.join(PG_BIN, cmd);
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe', cwd: dir });
    else execFileSync(full, args, { stdio: 'pipe', cwd: dir });
  };
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60 -c shared_buffers=32MB`;
  const start = () => asPostgres('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async restart(downMs = 0) {
      stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A server of ours in a child process (so it can be killed with SIGKILL). */
export interface ChildServer {
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful), then waits for the exit; SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Runs `script` (a .ts file under the repository) with tsx and `env` added to this process's environment. */
export function spawnTs(script: string, env: Record<string, string>, args: string[] = []): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => out,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once `url` answers 2xx (the server is up). */
export const waitUntilUp = (url: string, timeoutMs = 120_000) =>
  waitFor(`${url} to answer`, async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok, timeoutMs, 250);

/**
 * Runs autocannon with `options` and resolves to its result; `onResponse(status, ms)` sees every
 * answer as it arrives (autocannon's `response` event; `ms` is the response time).
 */
export function runLoad(options: autocannon.Options, onResponse?: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}
