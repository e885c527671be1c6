/**
 * Row types of raw SQL queries, tied to the Drizzle schema (issue 10 §1): `SqlRow<typeof offers>`
 * is a row of `offers` keyed by SQL column name (`offer_key`, `price_cents`), each typed as
 * Drizzle's `$inferSelect` types it. A query picks what it selects:
 * `db.query<Pick<SqlRow<typeof offers>, 'id' | 'offer_key'>>(...)`; computed columns are added
 * with `&`. Both drivers return int8 as numbers (client.ts), as the schema declares them.
 */
import type { Table } from 'drizzle-orm';

/** Every column of table `T` under its SQL name, with the TypeScript type of `T['$inferSelect']`. */
export type SqlRow<T extends Table> = {
  [P in keyof T['_']['columns'] & keyof T['$inferSelect'] as T['_']['columns'][P]['_']['name']]: T['$inferSelect'][P];
};
