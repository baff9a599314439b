import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createJobRunner, exponentialBackoff, nodeTimers, runUntilIdle, type Job, type JobContext, type Timers } from './jobs.ts';

/** Timers moved by hand: nothing waits on the wall clock. `nextPause()` resolves with the delay the runner asks for next. */
function handTimers() {
  const pending = new Map<number, () => void>();
  let lastId = 0;
  let waiting: ((ms: number) => void) | null = null;
  const timers: Timers = {
    set(run, ms) {
      pending.set(++lastId, run);
      waiting?.(ms);
      waiting = null;
      return lastId;
    },
    clear: (handle) => pending.delete(handle as number),
  };
  const nextPause = () => new Promise<number>((resolve) => (waiting = resolve));
  return {
    timers,
    pending: () => pending.size,
    nextPause,
    /** Fires the one pending timer (the runner keeps one per job). */
    fire,
    /** Fires the pending timer `count` times, each time after the runner asked for the next; returns the pauses it asked for. */
    async pausesOver(count: number) {
      const pauses = [];
      for (let batch = 0; batch < count; batch++) {
        const pause = nextPause();
        fire();
        pauses.push(await pause);
      }
      return pauses;
    },
  };
  function fire() {
    const [entry] = [...pending];
    if (!entry) throw new Error('nothing is scheduled');
    pending.delete(entry[0]);
    entry[1]();
  }
}

function recordingLog() {
  const errors: { msg: string; failures?: number; retryInMs?: number }[] = [];
  const log = {
    child: () => log,
    error: (fields: { failures?: number; retryInMs?: number }, msg: string) => errors.push({ msg, failures: fields.failures, retryInMs: fields.retryInMs }),
    warn: () => {},
    info: () => {},
    debug: () => {},
  };
  return { errors, log: log as unknown as JobContext['log'] };
}

const context = (log: JobContext['log']): JobContext => ({ db: {} as Database, clock: { now: () => new Date(0) }, log });

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A job whose batches return what the test queues: a number of rows claimed, or an error. */
function scriptedJob(outcomes: (number | Error)[], extra: Partial<Job> = {}) {
  const runs: number[] = [];
  let closed = 0;
  const job: Job = {
    name: 'test-job',
    everyMs: 500,
    batchSize: 10,
    async runOnce() {
      runs.push(runs.length + 1);
      const outcome = outcomes.shift() ?? 0;
      if (outcome instanceof Error) throw outcome;
      return { claimed: outcome };
    },
    close: () => {
      closed += 1;
    },
    ...extra,
  };
  return { job, runs, closed: () => closed };
}

describe('the job runner', () => {
  it('runs a batch at once, again at once while batches come back full, then waits everyMs', async () => {
    const clock = handTimers();
    const { job, runs } = scriptedJob([10, 10, 3, 0]);
    const runner = createJobRunner({ jobs: [job], context: context(recordingLog().log), selection: 'all', timers: clock.timers });
    const first = clock.nextPause();
    runner.start();
    expect(await first).toBe(0);
    expect(await clock.pausesOver(4)).toEqual([0, 0, 500, 500]);
    expect(runs).toHaveLength(4);
    await runner.stop();
  });

  it('a job without a batch size is never run again at once', async () => {
    const clock = handTimers();
    const { job } = scriptedJob([1_000], { batchSize: undefined, everyMs: 3_600_000 });
    const runner = createJobRunner({ jobs: [job], context: context(recordingLog().log), selection: 'all', timers: clock.timers });
    runner.start();
    expect(await clock.pausesOver(1)).toEqual([3_600_000]);
    await runner.stop();
  });

  it('backs off after failures, doubling up to the cap, logs each, and is back to everyMs after a success', async () => {
    const clock = handTimers();
    const broken = () => new Error('database unreachable');
    const { job } = scriptedJob([broken(), broken(), broken(), broken(), broken(), 2, broken()], { backoffMs: 1_000, maxBackoffMs: 5_000 });
    const { errors, log } = recordingLog();
    const runner = createJobRunner({ jobs: [job], context: context(log), selection: 'all', timers: clock.timers });
    runner.start();
    expect(await clock.pausesOver(7)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000, 500, 1_000]);
    expect(errors.map((entry) => [entry.failures, entry.retryInMs])).toEqual([
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [4, 5_000],
      [5, 5_000],
      [1, 1_000],
    ]);
    expect(errors[0]?.msg).toContain('test-job');
    await runner.stop();
  });

  it('by default backs off from everyMs up to a minute', async () => {
    const clock = handTimers();
    const { job } = scriptedJob(
      Array.from({ length: 9 }, () => new Error('down')),
      { everyMs: 500 },
    );
    const runner = createJobRunner({ jobs: [job], context: context(recordingLog().log), selection: 'all', timers: clock.timers });
    runner.start();
    expect(await clock.pausesOver(9)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    await runner.stop();
  });

  it('stop() waits for the batch in flight, starts none after it, and closes each job once', async () => {
    const clock = handTimers();
    const batch = deferred<{ claimed: number }>();
    let started = 0;
    const { job, closed } = scriptedJob([], {
      runOnce: () => {
        started += 1;
        return batch.promise;
      },
    });
    const runner = createJobRunner({ jobs: [job], context: context(recordingLog().log), selection: 'all', timers: clock.timers });
    runner.start();
    clock.fire();
    expect(started).toBe(1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    expect(closed()).toBe(0);
    batch.resolve({ claimed: 10 }); // a full batch: it would run again at once, were the runner not stopping
    await stopping;
    expect(clock.pending()).toBe(0);
    expect(started).toBe(1);
    expect(closed()).toBe(1);
  });

  it('stop() before a batch is due clears its timer', async () => {
    const clock = handTimers();
    const { job, runs } = scriptedJob([]);
    const runner = createJobRunner({ jobs: [job], context: context(recordingLog().log), selection: 'all', timers: clock.timers });
    runner.start();
    expect(clock.pending()).toBe(1);
    await runner.stop();
    expect(clock.pending()).toBe(0);
    expect(runs).toEqual([]);
  });

  it('runs only the selected jobs, closes every job, and refuses a name that is not a job', async () => {
    const clock = handTimers();
    const outbox = scriptedJob([], { name: 'email-outbox' });
    const recovery = scriptedJob([], { name: 'payment-recovery' });
    const jobs = [outbox.job, recovery.job];
    const runner = createJobRunner({ jobs, context: context(recordingLog().log), selection: ['payment-recovery'], timers: clock.timers });
    runner.start();
    clock.fire();
    await runner.stop();
    expect(outbox.runs).toEqual([]);
    expect(recovery.runs).toEqual([1]);
    expect([outbox.closed(), recovery.closed()]).toEqual([1, 1]);

    expect(() => createJobRunner({ jobs, context: context(recordingLog().log), selection: [] })).not.toThrow();
    const unknown = () => createJobRunner({ jobs, context: context(recordingLog().log), selection: ['email-outbox', 'emails'] });
    expect(unknown).toThrow(ConfigError);
    expect(unknown).toThrow('JOBS: "emails" is not a job of this shop; its jobs are email-outbox, payment-recovery');
  });

  it('waits on timers that do not keep the process alive', () => {
    const handle = nodeTimers.set(() => {}, 60_000) as NodeJS.Timeout;
    try {
      expect(handle.hasRef()).toBe(false);
    } finally {
      nodeTimers.clear(handle);
    }
  });
});

describe('runUntilIdle', () => {
  it('runs batches until one is not full', async () => {
    const claims = [2, 2, 1, 2];
    const results = await runUntilIdle(2, async () => ({ claimed: claims.shift()! }));
    expect(results.map((result) => result.claimed)).toEqual([2, 2, 1]);
  });
});

describe('exponentialBackoff', () => {
  it('doubles from the base after each failure, capped', () => {
    expect([1, 2, 3, 4, 5].map((failures) => exponentialBackoff(failures, 30_000, 100_000))).toEqual([30_000, 60_000, 100_000, 100_000, 100_000]);
    expect(exponentialBackoff(0, 30_000, 100_000)).toBe(30_000);
  });
});

describe('what the runner records for staff', () => {
  it('records every failed batch with its message, and a succeeding job at most every 30 s', async () => {
    const { log } = recordingLog();
    const hand = handTimers();
    let now = 0;
    const outcomes = ['fail', 'ok', 'ok', 'ok'];
    const recorded: string[] = [];
    const runner = createJobRunner({
      jobs: [
        {
          name: 'outbox',
          everyMs: 1000,
          runOnce: async () => {
            if (outcomes.shift() === 'fail') throw new Error('SMTP refused');
            return { claimed: 0 };
          },
        },
      ],
      context: { ...context(log), clock: { now: () => new Date(now) } },
      selection: 'all',
      timers: hand.timers,
      recorder: {
        ran: async (job, at) => void recorded.push(`${job} ran at ${at.getTime()}`),
        failed: async (job, at, message) => void recorded.push(`${job} failed at ${at.getTime()}: ${message}`),
      },
    });
    const first = hand.nextPause();
    runner.start();
    await first;
    for (const at of [0, 1000, 2000, 31_000]) {
      now = at;
      await hand.pausesOver(1);
    }
    // The success after a failure is written at once; the next only once 30 s have passed.
    expect(recorded).toEqual(['outbox failed at 0: SMTP refused', 'outbox ran at 1000', 'outbox ran at 31000']);
    await runner.stop();
  });
});
