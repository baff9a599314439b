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

/**
 * The jobs on `/metrics` (decision 0070), from the same reading as staff's page, taken once per
 * scrape: each job's queue depth and given-up rows (jobs with a queue of their own), how long since
 * the runner last recorded a batch of it (its lag: a succeeding job's run is recorded every 30 s at
 * most, so alert well above that, or above its own period), and whether its last batch failed.
 */
export function watchJobMetrics(app: FastifyInstance, ctx: Pick<ServiceContext, 'db' | 'clock'>): void {
  let reading: { at: number; jobs: Promise<BackgroundJobs> } | null = null;
  const read = () => {
    const at = Date.now();
    if (!reading || at - reading.at > 1_000) reading = { at, jobs: describeJobs(ctx, app.jobs.jobs) };
    return reading.jobs;
  };
  const each =
    (collect: (job: BackgroundJob, set: (value: number) => void) => void) => async (set: (labels: Record<string, string>, value: number) => void) => {
      for (const job of (await read()).jobs) collect(job, (value) => set({ job: job.name }, value));
    };
  const { metrics } = app;
  metrics.gauge(
    'shop_job_queue_depth',
    'Rows waiting for a job with a queue of its own (the e-mail outbox, the payment sandbox’s webhooks, credits on account left pending)',
    ['job'],
    each((job, set) => job.waiting !== null && set(job.waiting)),
  );
  metrics.gauge(
    'shop_job_failed_items',
    `Rows a job gave up on that staff can send round again (at most ${FAILED_SHOWN} counted)`,
    ['job'],
    each((job, set) => job.waiting !== null && set(job.failed.length)),
  );
  metrics.gauge(
    'shop_job_lag_seconds',
    'Since the runner last recorded a batch of the job, on any worker (recorded every 30 s at most while it succeeds)',
    ['job'],
    each((job, set) => job.lastRunAt !== null && set((ctx.clock.now().getTime() - Date.parse(job.lastRunAt)) / 1000)),
  );
  metrics.gauge(
    'shop_job_failing',
    "1 while the job's last recorded batch failed",
    ['job'],
    each((job, set) => job.lastRunAt !== null && set(job.lastFailedAt === job.lastRunAt ? 1 : 0)),
  );
}
