import { defineConfig } from 'drizzle-kit';

// Generates the versioned SQL in migrations/ from src/server/db/schema.ts: npm run db:generate
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './migrations',
});
