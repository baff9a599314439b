import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per demo-data seed that has completed, so a restart never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});
