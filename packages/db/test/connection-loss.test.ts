/**
 * A PostgreSQL session ended by the server while a transaction holds it between two queries (a
 * restart, `pg_terminate_backend`) fails that transaction; it never crashes the process with an
 * unhandled 'error' event of the checked-out connection (issue 13 point 9; reliability/pg-restart).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/index.ts';
import { createTestDatabase } from '../src/testing.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('a connection lost inside a transaction', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('rejects the transaction, and the next query works on a new connection', async () => {
    const transaction = db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
      // End this very session from another connection, and wait until the server has done so.
      await db.query(`SELECT pg_terminate_backend($1)`, [rows[0]!.pid]);
      for (let i = 0; i < 200; i++) {
        const alive = await db.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1`, [rows[0]!.pid]);
        if (alive.rows.length === 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 50)); // the termination notice reaches the idle client
      await tx.query(`SELECT 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect((await db.query<{ one: number }>(`SELECT 1 AS one`)).rows[0]!.one).toBe(1);
  });
});
