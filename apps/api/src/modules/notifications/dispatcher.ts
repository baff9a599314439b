import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { exponentialBackoff, type Job, type JobQueue } from '../../platform/jobs.ts';
import { isPermanentFailure, type EmailTransport } from './email-transport.ts';
import * as repository from './notifications.repository.ts';

export interface DispatchPolicy {
  /** Messages claimed per pass; they are sent in parallel. */
  batchSize: number;
  /** How long a claim holds: a sender that crashed or hung loses the row after this and it is retried. */
  leaseMs: number;
  /** Attempts before a message is given up as `failed`. */
  maxAttempts: number;
  /** First retry delay; each further retry doubles it, up to `maxBackoffMs`. */
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export const defaultDispatchPolicy: DispatchPolicy = {
  batchSize: 10,
  // Far longer than the SMTP transport's time-outs, so a live sender never loses a row mid-send.
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  baseBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
};

/** Delay before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number, policy: Pick<DispatchPolicy, 'baseBackoffMs' | 'maxBackoffMs'> = defaultDispatchPolicy): number {
  return exponentialBackoff(attempts, policy.baseBackoffMs, policy.maxBackoffMs);
}

export interface DispatchResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * One pass of the dispatcher: claims the due messages, sends each through the transport and records
 * the outcome. Safe to run concurrently, in one process or many: a row is claimed by one pass only.
 */
export async function dispatchDueEmails(db: Database, transport: EmailTransport, clock: Clock, policy: Partial<DispatchPolicy> = {}): Promise<DispatchResult> {
  const p = { ...defaultDispatchPolicy, ...policy };
  const claimed = await repository.claimDueEmails(db, clock.now(), p.leaseMs, p.batchSize);
  const result: DispatchResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  const sent: repository.SentEmail[] = [];
  await Promise.all(
    claimed.map(async (row) => {
      try {
        sent.push({ claim: row, messageId: (await transport.send(row)).messageId });
      } catch (error) {
        const giveUp = row.attempts >= p.maxAttempts || isPermanentFailure(error);
        const retryAt = giveUp ? null : new Date(clock.now().getTime() + backoffMs(row.attempts, p));
        await repository.markAttemptFailed(db, row, { error: describe(error), retryAt, transport: transport.kind });
        if (giveUp) result.failed++;
        else result.retrying++;
      }
    }),
  );
  // What went is recorded together, one statement for the pass rather than one per e-mail.
  await repository.markSent(db, sent, { transport: transport.kind, sentAt: clock.now() });
  result.sent = sent.length;
  return result;
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}

/**
 * The outbox as a job of the platform's runner: every half second, and straight away again while
 * batches come back full. The row claims keep instances from sending the same e-mail.
 */
export function emailOutboxJob(options: { transport: EmailTransport; everyMs?: number; policy?: Partial<DispatchPolicy> }): Job {
  const policy = { ...defaultDispatchPolicy, ...options.policy };
  return {
    name: 'email-outbox',
    everyMs: options.everyMs ?? 500,
    batchSize: policy.batchSize,
    async runOnce({ db, clock, log }) {
      const result = await dispatchDueEmails(db, options.transport, clock, policy);
      if (result.retrying || result.failed) log.warn({ outbox: result }, 'some e-mails could not be sent');
      return result;
    },
    queue: outboxQueue,
    close: () => options.transport.close(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The outbox as staff's operations page sees it: e-mails waiting to go, and those given up on that can be sent again. */
const outboxQueue: JobQueue = {
  async inspect({ db }, limit) {
    const [waiting, failed] = [await repository.countUnsent(db), await repository.listRetryableFailedEmails(db, limit)];
    return {
      waiting,
      failed: failed.map((row) => ({ id: row.id, what: `E-mail: ${row.template}`, queuedAt: row.createdAt, attempts: row.attempts, message: row.lastError })),
    };
  },
  async retry({ db }, id) {
    if (!UUID.test(id)) return 'unknown';
    if (await repository.requeueFailedEmail(db, id)) return 'retried';
    const row = await repository.findEmail(db, id);
    return row && row.status !== 'failed' ? 'already' : 'unknown';
  },
};
