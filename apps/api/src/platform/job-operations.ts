import type { FastifyInstance } from 'fastify';
import { operationsEndpoints, type BackgroundJob, type BackgroundJobs } from '@shop/contracts';
import { bindEndpoint } from './bind.ts';
import type { ServiceContext } from './context.ts';
import { PlatformErrors } from './errors.ts';
import type { Job } from './jobs.ts';
import { findJobRuns, keptFailureMessage } from './jobs.repository.ts';
import type { ApiModule } from './module.ts';

/** The most given-up rows shown per job. */
const FAILED_SHOWN = 50;

/** Every job of the shop with what waits for it, what the runner last saw of it, and the rows it gave up on. */
export async function describeJobs(ctx: Pick<ServiceContext, 'db' | 'clock'>, jobs: readonly Job[]): Promise<BackgroundJobs> {
  const runs = new Map(
    (
      await findJobRuns(
        ctx.db,
        jobs.map((job) => job.name),
      )
    ).map((run) => [run.job, run]),
  );
  const described = await Promise.all(
    jobs.map(async (job): Promise<BackgroundJob> => {
      const run = runs.get(job.name);
      const queue = job.queue ? await job.queue.inspect(ctx, FAILED_SHOWN) : null;
      return {
        name: job.name,
        waiting: queue?.waiting ?? null,
        lastRunAt: run?.lastRunAt.toISOString() ?? null,
        lastFailedAt: run?.lastFailedAt?.toISOString() ?? null,
        lastFailure: run?.lastFailure ?? null,
        failed: (queue?.failed ?? []).map((row) => ({
          id: row.id,
          what: row.what,
          queuedAt: row.queuedAt.toISOString(),
          attempts: row.attempts,
          message: row.message === null ? null : keptFailureMessage(row.message),
        })),
      };
    }),
  );
  return { jobs: described.toSorted((a, b) => a.name.localeCompare(b.name)) };
}

/** Sends one given-up row round again; a second call for a row already sent round does nothing (`retried: false`). */
export async function retryFailedItem(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  jobs: readonly Job[],
  name: string,
  id: string,
): Promise<{ retried: boolean }> {
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw PlatformErrors.jobNotFound(name);
  const outcome = job.queue ? await job.queue.retry(ctx, id) : 'unknown';
  if (outcome === 'unknown') throw PlatformErrors.failedJobItemNotFound(name, id);
  return { retried: outcome === 'retried' };
}

/** Staff's view of the background jobs (`/staff/operations`): any instance answers, from the database, whether it runs jobs or not. */
export const jobOperationsModule: ApiModule = {
  name: 'job-operations',
  registerRoutes(app: FastifyInstance) {
    bindEndpoint(app, operationsEndpoints.listBackgroundJobs, ({ ctx }) => describeJobs(ctx, app.jobs.jobs));
    bindEndpoint(app, operationsEndpoints.retryFailedJobItem, async ({ ctx, params }) => {
      const result = await retryFailedItem(ctx, app.jobs.jobs, params.job, params.itemId);
      if (result.retried) ctx.log.info({ job: params.job, item: params.itemId }, 'a failed job item was sent round again');
      return result;
    });
  },
};
