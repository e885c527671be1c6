/**
 * Test helpers: a fresh, migrated database per test file. PGlite in memory always; PostgreSQL
 * too when `TEST_DATABASE_URL` is set (a new database is created on that server per call and
 * dropped on close). Tests use real databases, never mocks (DESIGN.md).
 *
 * Creating a PGlite database costs seconds (initdb + migrations), so the first call dumps a
 * migrated template to `.tmp/` (keyed by a hash of the migrations) and later calls, in any
 * process, restore it in well under a second.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

/** The drivers to run integration tests on: always 'pglite', plus 'postgres' when TEST_DATABASE_URL is set. */
export function testDrivers(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const TEMPLATE_DIR = fileURLToPath(new URL('../../../.tmp', import.meta.url));

function templateFile(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(path.join(MIGRATIONS, f)));
  return path.join(TEMPLATE_DIR, `pglite-template-${h.digest('hex').slice(0, 16)}.tar`);
}

async function freshPglite(): Promise<Database> {
  const file = templateFile();
  if (existsSync(file)) return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([readFileSync(file)]) });
  const db = await openDatabase({ kind: 'pglite', dataDir: null });
  const blob = await db.dump!();
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
  return db;
}

let counter = 0;

/** Opens a fresh migrated database of the given kind. Call `close()` when done (drops the PostgreSQL database). */
export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return freshPglite();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bdeals_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
  const close = db.close;
  db.close = async () => {
    await close();
    // pg's Pool.end() resolves before its clients' sockets have closed; dropping WITH (FORCE)
    // at that moment kills a closing client, whose FATAL 57P01 then surfaces as an unhandled
    // error. So wait (up to 5 s) for the connections to go, and force only after that.
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await a.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err; // 55006: object_in_use
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      await a.end();
    }
  };
  return db;
}

/** Empties every catalogue table (between tests sharing one database). */
export async function truncateAll(db: Database): Promise<void> {
  await db.exec(
    'TRUNCATE merchants, brands, products, product_keys, product_blocking_keys, offers, match_decisions, price_observations, images, ingest_runs, outbound_clicks, hot_words, search_terms, search_words, users, auth_tokens, one_time_tokens, sign_ins, outbox, promotions, articles, home_modules, image_files, image_vectors, rule_versions RESTART IDENTITY',
  );
}
export * from './bench.ts';
