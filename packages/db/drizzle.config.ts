import { defineConfig } from 'drizzle-kit';

/** Used only by `npm run db:generate` to write SQL migrations; migrations are applied in code (client.ts). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './packages/db/src/schema.ts',
  out: './packages/db/drizzle',
});
