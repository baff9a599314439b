import type { Job } from '../../platform/jobs.ts';
import { periodStart } from './catalogue-request-rules.ts';
import * as repository from './catalogue-requests.repository.ts';

/** Requests removed per batch: a full batch is followed at once by the next. */
export const CATALOGUE_REQUEST_RETENTION_BATCH = 500;

/**
 * A catalogue request (a name and an address) is kept only while it counts: six months, the period
 * in which an address gets one catalogue (catalogue-request-rules.ts). After that it is removed,
 * posted or not. Consent to offers by post is a record of its own and is not touched. Hourly;
 * instances share it, each batch a statement of its own.
 */
export function catalogueRequestRetentionJob(): Job {
  return {
    name: 'catalogue-request-retention',
    everyMs: 60 * 60 * 1000,
    batchSize: CATALOGUE_REQUEST_RETENTION_BATCH,
    runOnce: async ({ db, clock }) => ({
      claimed: await repository.deleteRequestsBefore(db, periodStart(clock.now()), CATALOGUE_REQUEST_RETENTION_BATCH),
    }),
  };
}
