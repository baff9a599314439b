import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the modules' tables; they are applied in code at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
