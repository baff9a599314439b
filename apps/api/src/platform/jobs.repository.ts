/** The SQL of `job_runs`: what the runner last saw of each job (jobs.ts), read by staff's operations page. */
import { inArray, sql } from 'drizzle-orm';
import { redactLogText } from '@shop/contracts/redaction';
import type { Database } from '../db/client.ts';
import { jobRuns } from '../db/platform.tables.ts';
import type { JobRecorder } from './jobs.ts';

export type JobRunRow = typeof jobRuns.$inferSelect;

/** A failure's message as kept: redacted (an address keeps only its first letter and domain, a token goes) and short. */
export const keptFailureMessage = (message: string): string => redactLogText(message).slice(0, 500);

export function jobRunsRecorder(db: Database): JobRecorder {
  return {
    async ran(job, at) {
      await db
        .insert(jobRuns)
        .values({ job, lastRunAt: at })
        .onConflictDoUpdate({ target: jobRuns.job, set: { lastRunAt: sql`greatest(${jobRuns.lastRunAt}, excluded.last_run_at)` } });
    },
    async failed(job, at, message) {
      const lastFailure = keptFailureMessage(message);
      await db
        .insert(jobRuns)
        .values({ job, lastRunAt: at, lastFailedAt: at, lastFailure })
        .onConflictDoUpdate({
          target: jobRuns.job,
          set: { lastRunAt: sql`greatest(${jobRuns.lastRunAt}, excluded.last_run_at)`, lastFailedAt: at, lastFailure },
        });
    },
  };
}

export async function findJobRuns(db: Database, jobs: readonly string[]): Promise<JobRunRow[]> {
  if (jobs.length === 0) return [];
  return db
    .select()
    .from(jobRuns)
    .where(inArray(jobRuns.job, [...jobs]));
}
