/** @b-deals/db: Drizzle schema, migrations, client factory (PGlite or PostgreSQL), test helpers. */
export * from './client.ts';
export * as schema from './schema.ts';
