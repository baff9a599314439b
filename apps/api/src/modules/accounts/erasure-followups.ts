import type { ErasurePlan } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { exponentialBackoff, type Job } from '../../platform/jobs.ts';
import type { ErasedRecords } from '../../platform/personal-data.ts';
import type { FilesService } from '../files/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import * as repository from './erasure.repository.ts';
import type { ErasureFollowupKind } from './erasure.tables.ts';

/** What a try runs with: the job's context, or a staff call's once its transaction has committed. */
export type FollowupContext = Pick<ServiceContext, 'db' | 'clock' | 'log'>;

/**
 * The job looks every minute; a claim holds five (far longer than a file store's or Stripe's
 * time-outs); a failed deletion waits a minute, then two, four … at most six hours between tries.
 */
export const FOLLOWUP_POLICY = { everyMs: 60_000, batchSize: 20, leaseMs: 5 * 60_000, baseBackoffMs: 60_000, maxBackoffMs: 6 * 60 * 60_000 };

/** The deletions outside the database that the stores' erasure named. */
export const followupsOf = (erased: readonly ErasedRecords[]): { kind: ErasureFollowupKind; reference: string; gateway?: string }[] => [
  ...erased.flatMap((records) => records.files ?? []).map((id) => ({ kind: 'file' as const, reference: id })),
  ...erased
    .flatMap((records) => records.paymentCustomers ?? [])
    .map((customer) => ({ kind: 'payment_customer' as const, reference: customer.ref, gateway: customer.gateway })),
];

/**
 * Removes the files and deletes the payment provider's customers an erasure owes (decision 0058):
 * each recorded in the erasure's transaction, tried once it commits and then by the
 * `erasure-followups` job until it is done, so an outage delays a deletion but never loses it.
 */
export function createErasureFollowups({ files, payments }: { files: FilesService; payments: Pick<PaymentsService, 'gateway'> }) {
  async function remove(ctx: FollowupContext, row: repository.FollowupRow): Promise<void> {
    if (row.kind === 'file') return files.remove({ actor: null, clock: ctx.clock, log: ctx.log }, row.reference);
    const gateway = payments.gateway();
    // A customer made under another gateway (before a switch to Stripe, say) is not this gateway's to delete.
    if (row.gateway !== gateway.kind)
      throw new Error(`Made with the ${row.gateway} gateway, not this shop’s ${gateway.kind}: delete it in that provider’s dashboard`);
    await gateway.deleteCustomer(row.reference);
  }

  /** One pass over what is due (of one request, when given): each deletion done is marked so, each failure is due again after its backoff. */
  async function tryDue(ctx: FollowupContext, requestReference?: string): Promise<{ claimed: number }> {
    const claimed = await repository.claimDueFollowups(ctx.db, ctx.clock.now(), { ...FOLLOWUP_POLICY, limit: FOLLOWUP_POLICY.batchSize, requestReference });
    for (const row of claimed) {
      try {
        await remove(ctx, row);
        await repository.markFollowupDone(ctx.db, row, ctx.clock.now());
      } catch (error) {
        const retryAt = new Date(ctx.clock.now().getTime() + exponentialBackoff(row.attempts, FOLLOWUP_POLICY.baseBackoffMs, FOLLOWUP_POLICY.maxBackoffMs));
        ctx.log.warn(
          { err: error, followup: row.id, kind: row.kind, attempts: row.attempts, retryAt },
          'erasure: a deletion outside the database failed; it is tried again',
        );
        await repository.markFollowupFailed(ctx.db, row, { error: (error instanceof Error ? error.message : String(error)).slice(0, 500), retryAt });
      }
    }
    return { claimed: claimed.length };
  }

  return {
    tryDue,

    /** What the erasure of one request has done outside the database, and what it still owes. */
    async summary(ctx: Pick<ServiceContext, 'db'>, requestReference: string): Promise<NonNullable<ErasurePlan['afterwards']>> {
      const rows = await repository.listFollowups(ctx.db, requestReference);
      const done = (kind: ErasureFollowupKind) => rows.filter((row) => row.kind === kind && row.doneAt !== null).length;
      return {
        filesRemoved: done('file'),
        paymentCustomersDeleted: done('payment_customer'),
        pending: rows
          .filter((row) => row.doneAt === null)
          .map((row) => ({
            kind: row.kind,
            reference: row.reference,
            attempts: row.attempts,
            lastError: row.lastError,
            nextAttemptAt: row.nextAttemptAt.toISOString(),
          })),
      };
    },
  };
}

/** The follow-ups as a job of the platform's runner: a batch that came back full is followed at once by the next. */
export function erasureFollowupsJob(runOnce: Job['runOnce']): Job {
  return { name: 'erasure-followups', everyMs: FOLLOWUP_POLICY.everyMs, batchSize: FOLLOWUP_POLICY.batchSize, runOnce };
}
