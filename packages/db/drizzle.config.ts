import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; the same SQL runs on PGlite and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
});
