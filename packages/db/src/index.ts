/** @b-deals/db: Drizzle schema, migrations, client factory (PGlite or PostgreSQL), raw-row types, test helpers. */
export * from './client.ts';
export { likeLiteral, likeLiteralSql } from './like.ts';
export * as schema from './schema.ts';
export type { SqlRow } from './rows.ts';
