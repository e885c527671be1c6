/**
 * Test helpers: a fresh, migrated database per test file. PGlite in memory always; PostgreSQL
 * too when `TEST_DATABASE_URL` is set (a new database is created on that server per call and
 * dropped on close). Tests use real databases, never mocks (DESIGN.md).
 */
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

/** The drivers to run integration tests on: always 'pglite', plus 'postgres' when TEST_DATABASE_URL is set. */
export function testDrivers(): Array<'pglite' | 'postgres'> {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let counter = 0;

/** Opens a fresh migrated database of the given kind. Call `close()` when done (drops the PostgreSQL database). */
export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', dataDir: null });
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
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  };
  return db;
}
