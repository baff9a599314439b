import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per demo-data seed that has completed, so a restart never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `Idempotency-Key`s of the API's calls and of the shop's own calls to the sandbox gateway: the
 * first outcome is kept and replayed. A row is `in_progress` while its call runs (a crashed call
 * frees it when `locked_until` passes); `scope` names the call and, for the API's, its caller.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
    /** The HTTP status of the stored outcome: 200 for a result, 4xx for a refusal. */
    responseStatus: integer('response_status'),
    response: jsonb('response'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] }), check('idempotency_keys_state_check', sql`${table.state} in ('in_progress', 'done')`)],
);

/**
 * What the background jobs' runner last saw of each job, for staff's operations page: when a worker
 * last ran a batch of it and its last failed batch (the message redacted). Written by workers, read
 * by any instance.
 */
export const jobRuns = pgTable('job_runs', {
  job: text('job').primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  lastFailure: text('last_failure'),
});
