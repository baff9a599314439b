/**
 * One runner for the shop's polling work: the e-mail outbox, the sandbox's webhooks, payment
 * recovery, the pruning of idempotency keys. A job says how to run one batch; the runner keeps it
 * going: a batch that came back full is followed at once by the next, otherwise the job waits
 * `everyMs`; a batch that fails is retried after a pause that doubles with each failure in a row,
 * up to a cap. Modules declare their jobs (`ApiModule.jobs`); the composition root (`buildApi`)
 * starts them when the app is ready and stops them when it closes.
 *
 * Batches claim their rows in the job's own repository with a lease (an update of the rows picked
 * with `FOR UPDATE SKIP LOCKED`): on PostgreSQL, instances sharing the database never take the
 * same row, and a row whose claimer crashed is taken again once its lease runs out. On PGlite the
 * one connection runs the claims one after the other, which is the same outcome.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from './context.ts';
import { jobRunsRecorder } from './jobs.repository.ts';

/** What a batch is run with: the process's database and clock, and a logger naming the job. */
export interface JobContext {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

export interface Job {
  /** Named in logs and in the `JOBS` setting, e.g. `email-outbox`. */
  name: string;
  /** The pause after a batch that was not full. */
  everyMs: number;
  /** The most rows one batch claims: a batch that claimed this many is followed at once by another. Absent: one batch does all that is due. */
  batchSize?: number;
  runOnce(ctx: JobContext): Promise<{ claimed: number }>;
  /**
   * The pause after a failed batch (default `everyMs`); it doubles with each failure in a row, up to
   * `maxBackoffMs` (default a minute, or `everyMs` if longer).
   */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** The job's own queue, for staff's operations page: what waits for it and the rows it gave up on (absent: it has no queue of its own). */
  queue?: JobQueue;
  /** Called once when the runner stops, after the job's last batch, whether it ran or not (closes an SMTP pool, say). */
  close?(): void | Promise<void>;
}

/** A row a job gave up on. `message` is the row's own record of its last failure (redacted before it is shown). */
export interface FailedJobRow {
  id: string;
  what: string;
  queuedAt: Date;
  attempts: number;
  message: string | null;
}

export interface JobQueue {
  /** How many rows wait, and up to `limit` rows given up on that can be sent round again, newest first. */
  inspect(ctx: Pick<JobContext, 'db' | 'clock'>, limit: number): Promise<{ waiting: number; failed: FailedJobRow[] }>;
  /** Sends one given-up row round again: `already` when it is no longer given up (a second click), `unknown` when there is no such row to retry. */
  retry(ctx: Pick<JobContext, 'db' | 'clock'>, id: string): Promise<'retried' | 'already' | 'unknown'>;
}

/** Where the runner writes what it saw of each batch (`job_runs` in the shop; nothing in unit tests). */
export interface JobRecorder {
  ran(job: string, at: Date): Promise<void>;
  failed(job: string, at: Date, message: string): Promise<void>;
}

/** Which jobs run in this process: all, or those named (none in tests, which run batches themselves). */
export type JobSelection = 'all' | readonly string[];

/** How the runner waits. Tests pass a clock they move by hand; the default never keeps the process alive. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const nodeTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** `baseMs` after the first failure, doubling with each further one, never more than `maxMs`. */
export function exponentialBackoff(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), maxMs);
}

const DEFAULT_MAX_BACKOFF_MS = 60_000;

export interface JobRunner {
  /** Every job of the shop, run here or not: staff's operations page reads their queues from any instance. */
  readonly jobs: readonly Job[];
  /** The names of the jobs this process runs (none where SERVE lacks `worker`). */
  readonly selected: readonly string[];
  /** Starts every selected job: each runs its first batch at once. */
  start(): void;
  /** No batch starts after this; resolves when the batches in flight have finished and every job is closed. */
  stop(): Promise<void>;
}

export function createJobRunner(options: {
  jobs: readonly Job[];
  context: JobContext;
  selection: JobSelection;
  timers?: Timers;
  recorder?: JobRecorder;
}): JobRunner {
  const { jobs, context, selection, recorder } = options;
  const timers = options.timers ?? nodeTimers;
  const names = new Set(jobs.map((job) => job.name));
  if (names.size !== jobs.length) throw new Error(`Two jobs share a name: ${jobs.map((job) => job.name).join(', ')}`);
  const unknown = selection === 'all' ? [] : selection.filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  JOBS: ${unknown.map((name) => `"${name}"`).join(', ')} is not a job of this shop; its jobs are ${[...names].join(', ')}`,
    );
  }
  const chosen = jobs.filter((job) => selection === 'all' || selection.includes(job.name));
  const loops = chosen.map((job) => jobLoop(job, context, timers, recorder));
  let started = false;
  return {
    jobs,
    selected: chosen.map((job) => job.name),
    start() {
      if (started) return;
      started = true;
      for (const loop of loops) loop.start();
    },
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop()));
      await Promise.all(jobs.map(async (job) => job.close?.()));
    },
  };
}

/** A succeeding job's run is written at most this often (the outbox runs every half second). */
const RUN_RECORD_GAP_MS = 30_000;

function jobLoop(job: Job, context: JobContext, timers: Timers, recorder: JobRecorder | undefined) {
  const ctx: JobContext = { ...context, log: context.log.child({ job: job.name }) };
  const backoffMs = job.backoffMs ?? job.everyMs;
  const maxBackoffMs = job.maxBackoffMs ?? Math.max(job.everyMs, DEFAULT_MAX_BACKOFF_MS);
  let stopped = false;
  let timer: unknown;
  let failures = 0;
  let inFlight: Promise<void> = Promise.resolve();
  let recordedAt = Number.NEGATIVE_INFINITY;
  // What the runner saw is for staff's page: failing to write it is logged, never a failed batch.
  // After a failure the next success is written at once, so the page shows the job recovered.
  const record = async (succeeded: boolean, write: (recorder: JobRecorder, at: Date) => Promise<void>) => {
    if (!recorder) return;
    const at = ctx.clock.now();
    try {
      await write(recorder, at);
      recordedAt = succeeded ? at.getTime() : Number.NEGATIVE_INFINITY;
    } catch (error) {
      ctx.log.warn({ err: error }, `could not record the run of job ${job.name}`);
    }
  };

  const schedule = (ms: number) => {
    if (!stopped) timer = timers.set(tick, ms);
  };
  const tick = () => {
    timer = undefined;
    inFlight = (async () => {
      let pause: number;
      try {
        const { claimed } = await job.runOnce(ctx);
        failures = 0;
        pause = job.batchSize !== undefined && claimed >= job.batchSize ? 0 : job.everyMs;
        if (ctx.clock.now().getTime() - recordedAt >= RUN_RECORD_GAP_MS) await record(true, (r, at) => r.ran(job.name, at));
      } catch (error) {
        failures += 1;
        pause = exponentialBackoff(failures, backoffMs, maxBackoffMs);
        ctx.log.error({ err: error, failures, retryInMs: pause }, `job ${job.name} failed; it is tried again later`);
        await record(false, (r, at) => r.failed(job.name, at, error instanceof Error ? error.message : String(error)));
      }
      schedule(pause);
    })();
  };

  return {
    start: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer !== undefined) timers.clear(timer);
      await inFlight;
    },
  };
}

/** Runs batches one after another until one claims fewer than `batchSize`, as the runner would without its pauses; returns each batch's result. */
export async function runUntilIdle<R extends { claimed: number }>(batchSize: number, runOnce: () => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (;;) {
    const result = await runOnce();
    results.push(result);
    if (result.claimed < batchSize) return results;
  }
}

/** The composition root's part: the jobs start when `app` is ready (listening or about to) and stop before it closes its database. */
export function runJobsWithApp(app: FastifyInstance, jobs: readonly Job[], selection: JobSelection): JobRunner {
  const { platform } = app;
  const runner = createJobRunner({
    jobs,
    selection,
    context: { db: platform.db, clock: platform.clock, log: app.log.child({ module: 'jobs' }) },
    recorder: jobRunsRecorder(platform.db),
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  app.decorate('jobs', runner);
  return runner;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The runner of this process's background jobs. */
    jobs: JobRunner;
  }
}
