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
  };
}

function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    query: (text, params) => pool.query(text, params as unknown[]) as never,
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn({ query: (text, params) => client.query(text, params as unknown[]) as never });
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Applies pending migrations from packages/db/drizzle (first one creates the extensions). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder: MIGRATIONS });
  else await migratePg(database.db as NodePgDatabase<Schema>, { migrationsFolder: MIGRATIONS });
}
