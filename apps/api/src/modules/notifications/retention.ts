import type { Database } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import * as repository from './notifications.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** E-mails cleared per batch: a full batch is followed at once by the next. */
export const BODY_RETENTION_BATCH = 500;

/**
 * Empties the bodies of e-mails sent (or given up) more than `retentionDays` before `now`, one batch;
 * returns how many. An e-mail still waiting to be sent keeps its bodies whatever its age.
 */
export function clearExpiredBodies(db: Database, now: Date, retentionDays: number): Promise<number> {
  return repository.clearBodiesBefore(db, new Date(now.getTime() - retentionDays * DAY_MS), now, BODY_RETENTION_BATCH);
}

/**
 * The outbox's bodies, kept only as long as they are needed (decision 0048): a customer's reset,
 * confirmation and reply links, their order and address are in them. Hourly; instances share it by
 * row claims. The row (to, subject, kind, times) stays for the mailbox, and its dedupe key holds.
 */
export function emailBodyRetentionJob(options: { retentionDays: number }): Job {
  return {
    name: 'email-body-retention',
    everyMs: 60 * 60 * 1000,
    batchSize: BODY_RETENTION_BATCH,
    runOnce: async ({ db, clock }) => ({ claimed: await clearExpiredBodies(db, clock.now(), options.retentionDays) }),
  };
}
