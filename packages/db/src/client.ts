/**
 * Database client factory (DESIGN.md "database"): PGlite on disk by default, PostgreSQL when
 * a `postgres://` URL is given. Both expose the same Drizzle API and the same raw `query`.
 * Migrations are applied in code with drizzle's `migrate()` for both drivers.
 */
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Drizzle = PgliteDatabase<Schema> | NodePgDatabase<Schema>;

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Where the data lives: a PGlite folder, in-memory PGlite, or a PostgreSQL URL. */
export type DbTarget =
  | { kind: 'pglite'; dataDir: string | null; /** Start from this dumped data dir (a tarball from `dumpPglite`) instead of initdb. */ loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; max?: number };

/** A raw SQL runner that works on both drivers; `params` are $1… placeholders. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection URL it was opened with (for tools that open their own connections, e.g. pg-boss). */
  url?: string;
  db: Drizzle;
  /**
   * Runs `fn` in one transaction on one connection; rolls back when it throws.
   * On PGlite every other query waits until it ends (one connection).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements separated by `;` (no parameters). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data dir as a tarball (used to cache a migrated template for tests). */
  dump?: () => Promise<Blob>;
  /**
   * Subscribes to PostgreSQL notifications on `channel` (LISTEN/NOTIFY; delivered after the
   * notifying transaction commits). `onNotify` receives the payload text, or `null` after the
   * listening connection was lost and re-established (notifications may have been missed: re-read
   * the state). Resolves to an unsubscribe function. PostgreSQL uses one dedicated connection
   * for all channels, reconnecting with back-off (250 ms doubling to 10 s); PGlite delivers in-process.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
}

/** Opens the database and applies pending migrations. Throws when the server is unreachable or a migration fails. */
export async function openDatabase(target: DbTarget): Promise<Database> {
  const db = target.kind === 'pglite' ? await openPglite(target.dataDir, target.loadDataDir) : openPostgres(target.url, target.max);
  await migrateDatabase(db);
  return db;
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, { extensions: { pg_trgm }, loadDataDir });
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db,
    query: (text, params) => client.query(text, params) as never,
    exec: async (text) => {
      await client.exec(text);
    },
    transaction: (fn) => client.transaction((tx) => fn({ query: (text, params) => tx.query(text, params) as never })),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    listen: (channel, onNotify) => client.listen(channel, onNotify).then((unlisten) => () => unlisten()),
  };
}

/** Milliseconds a request waits for a PostgreSQL connection before failing (fail fast while the server is down). */
export const CONNECT_TIMEOUT_MS = 3000;

/**
 * SQLSTATEs and socket errors that mean "the database cannot be reached right now" (PostgreSQL
 * class 08 connection exceptions, 57P01–57P03 shutdown and start-up, and the socket errors of
 * node-postgres), as opposed to an error of the query itself.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/** True when `err` says the database server is down or restarting (see UNAVAILABLE_CODES), so a caller answers 503 rather than 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // AggregateError of a connection attempt to several addresses (IPv4 and IPv6).
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

/**
 * int8 (`bigint`) values as JavaScript numbers, as PGlite gives them, so a row has one shape on
 * both drivers and matches the schema's `bigint(..., { mode: 'number' })` (`SqlRow`). Our int8
 * columns are ids, counts and cents, far below 2^53.
 */
const INT8_AS_NUMBER = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, types: INT8_AS_NUMBER });
  // An idle connection dropped by a server restart is an event, not a crash: the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const listener = new Listener(url);
  return {
    kind: 'postgres',
    url,
    db,
    query: (text, params) => pool.query(text, params as unknown[]) as never,
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      // While checked out, the pool no longer listens for the connection's errors: a server that
      // ends the session between two queries (a restart) would emit an 'error' nobody handles and
      // take the process down. Keep the error; the next query fails and the client is discarded.
      const lost = (err: Error) => void (broken = err);
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const out = await fn({ query: (text, params) => client.query(text, params as unknown[]) as never });
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        // A connection lost mid-transaction is discarded rather than handed to the next request.
        if (isDatabaseUnavailable(err)) broken = err as Error;
        throw err;
      } finally {
        client.off('error', lost);
        client.release(broken);
      }
    },
    listen: (channel, onNotify) => listener.listen(channel, onNotify),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/** Quotes an identifier for LISTEN/UNLISTEN (channel names are identifiers, not parameters). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The one LISTEN connection of a PostgreSQL database handle. Connects on the first `listen`,
 * re-issues every LISTEN after a reconnect and then tells each subscriber `null` (events may
 * have been missed while it was away).
 */
class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly subs = new Map<string, Set<(payload: string | null) => void>>();
  private closed = false;
  private retryMs = 250;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly url: string) {}

  async listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>> {
    let set = this.subs.get(channel);
    const first = !set;
    if (!set) this.subs.set(channel, (set = new Set()));
    set.add(onNotify);
    const client = await this.connect();
    if (first) await client.query(`LISTEN ${ident(channel)}`);
    return async () => {
      set.delete(onNotify);
      if (set.size === 0 && this.subs.get(channel) === set) {
        this.subs.delete(channel);
        await this.client?.query(`UNLISTEN ${ident(channel)}`).catch(() => undefined);
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (n) => this.subs.get(n.channel)?.forEach((fn) => fn(n.payload ?? '')));
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      await client.connect();
      for (const channel of this.subs.keys()) await client.query(`LISTEN ${ident(channel)}`);
      this.client = client;
      this.retryMs = 250;
      return client;
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().then(
        () => this.subs.forEach((set) => set.forEach((fn) => fn(null))),
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 10_000);
          this.reconnectLater();
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** Advisory-lock key that serialises migrations across processes (any fixed 64-bit number; ours spells "bdeals"). */
const MIGRATION_LOCK = 0x62_64_65_61_6c_73;

/**
 * Applies pending migrations from packages/db/drizzle (the first one creates the extensions).
 * On PostgreSQL several processes may start at once (API, worker, web's tools): a session-level
 * advisory lock lets one migrate while the others wait, then find nothing left to apply.
 * Throws when a migration fails (the failed migration's transaction is rolled back).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder: MIGRATIONS });
    return;
  }
  await withAdvisoryLock(database.url!, MIGRATION_LOCK, () => migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder: MIGRATIONS }));
}

/**
 * Runs `fn` while this process holds a PostgreSQL session-level advisory lock on `key` (a 64-bit
 * number), taken on a connection of its own: other processes asking for the same key wait until
 * `fn` settles. For start-up work that several processes may do at once (migrations, creating
 * job queues) and that is not safe to run concurrently. Rejects with `fn`'s error, or the
 * connection's.
 */
export async function withAdvisoryLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url, application_name: 'b-deals-lock' });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await lock.end().catch(() => undefined); // ending the session releases its advisory lock
  }
}
