import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What an erasure leaves to do outside the database: an uploaded file to remove, a payment provider's customer to delete. */
export const ERASURE_FOLLOWUP_KINDS = ['file', 'payment_customer'] as const;
export type ErasureFollowupKind = (typeof ERASURE_FOLLOWUP_KINDS)[number];

/**
 * The deletions an erasure owes outside its transaction (decision 0058): written in that transaction,
 * so none is forgotten when the file store or the provider fails; tried straight after it commits,
 * and again by the `erasure-followups` job, with backoff, until done. Only opaque references: no
 * name, address or e-mail address of the person.
 */
export const erasureFollowups = pgTable(
  'erasure_followups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account deletion request's reference (HC-…) whose erasure owes this. */
    requestReference: text('request_reference').notNull(),
    kind: text('kind', { enum: ERASURE_FOLLOWUP_KINDS }).notNull(),
    /** The file's id in the files module, or the provider's customer id. */
    reference: text('reference').notNull(),
    /** For a provider's customer: the gateway that made it (`sandbox`, `stripe`). */
    gateway: text('gateway'),
    /** Tries so far; a claim adds one, so it is also the claim's token. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When it is next due; a claim moves it a lease ahead, so a crashed try is taken again later. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    check('erasure_followups_kind_check', sql`${table.kind} in ('file', 'payment_customer')`),
    index('erasure_followups_request_idx').on(table.requestReference),
    // The job's claim: what is not done yet, soonest due first.
    index('erasure_followups_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.doneAt} is null`),
  ],
);
