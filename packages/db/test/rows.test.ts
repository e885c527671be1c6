/**
 * Raw-query rows are tied to the schema (`SqlRow`, issue 10 §1): keyed by SQL column name, typed
 * as Drizzle infers them, and int8 arrives as a number on both drivers, as the schema says.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { Availability } from '@b-deals/core';
import type { schema } from '../src/index.ts';
import { type Database, type SqlRow } from '../src/index.ts';
import { createTestDatabase, testDrivers } from '../src/testing.ts';

describe('SqlRow', () => {
  it('keys every column by its SQL name, with the type Drizzle infers', () => {
    expectTypeOf<keyof SqlRow<typeof schema.users>>().toEqualTypeOf<
      'id' | 'email' | 'password_hash' | 'first_name' | 'last_name' | 'email_verified_at' | 'password_changed_at' | 'created_at'
    >();
    expectTypeOf<SqlRow<typeof schema.users>['email_verified_at']>().toEqualTypeOf<Date | null>();
    expectTypeOf<SqlRow<typeof schema.products>['low_365_cents']>().toEqualTypeOf<number | null>();
    expectTypeOf<SqlRow<typeof schema.offers>['availability']>().toEqualTypeOf<Availability>();
  });
});

describe.each(testDrivers())('rows on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('returns int8 as a number, as the schema declares bigint ids', async () => {
    const res = await db.query<{ big: number; small: number }>(`SELECT 9007199254740991::bigint AS big, 42::int8 AS small`);
    expect(res.rows[0]).toEqual({ big: Number.MAX_SAFE_INTEGER, small: 42 });
  });
});
