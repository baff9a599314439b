import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { erasureFollowups, type ErasureFollowupKind } from './erasure.tables.ts';

export type FollowupRow = typeof erasureFollowups.$inferSelect;
type Claim = Pick<FollowupRow, 'id' | 'attempts'>;

/** The deletions an erasure owes, written in its transaction so they commit with it; due at once. */
export async function insertFollowups(
  tx: Transaction,
  requestReference: string,
  followups: readonly { kind: ErasureFollowupKind; reference: string; gateway?: string }[],
  now: Date,
): Promise<void> {
  if (followups.length === 0) return;
  await tx.insert(erasureFollowups).values(followups.map((followup) => ({ requestReference, ...followup, nextAttemptAt: now, createdAt: now })));
}

/**
 * Claims up to `limit` due follow-ups (of one request, when given) for one try: their next attempt
 * moves a lease ahead, so another instance skips them, and a try that crashed is due again once the
 * lease runs out. `attempts` goes up with the claim and identifies it (see `markFollowupDone`).
 */
export async function claimDueFollowups(
  db: Database | Transaction,
  now: Date,
  options: { leaseMs: number; limit: number; requestReference?: string },
): Promise<FollowupRow[]> {
  const due = db
    .select({ id: erasureFollowups.id })
    .from(erasureFollowups)
    .where(
      and(
        isNull(erasureFollowups.doneAt),
        sql`${erasureFollowups.nextAttemptAt} <= ${now}`,
        options.requestReference === undefined ? undefined : eq(erasureFollowups.requestReference, options.requestReference),
      ),
    )
    .orderBy(asc(erasureFollowups.nextAttemptAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(erasureFollowups)
    .set({ nextAttemptAt: new Date(now.getTime() + options.leaseMs), attempts: sql`${erasureFollowups.attempts} + 1` })
    .where(sql`${erasureFollowups.id} in ${due}`)
    .returning();
}

const stillClaimed = (claim: Claim) => and(eq(erasureFollowups.id, claim.id), eq(erasureFollowups.attempts, claim.attempts), isNull(erasureFollowups.doneAt));

export async function markFollowupDone(db: Database | Transaction, claim: Claim, now: Date): Promise<void> {
  await db.update(erasureFollowups).set({ doneAt: now, lastError: null }).where(stillClaimed(claim));
}

export async function markFollowupFailed(db: Database | Transaction, claim: Claim, failure: { error: string; retryAt: Date }): Promise<void> {
  await db.update(erasureFollowups).set({ lastError: failure.error, nextAttemptAt: failure.retryAt }).where(stillClaimed(claim));
}

/** Every follow-up of one request's erasure, oldest first. */
export async function listFollowups(db: Database | Transaction, requestReference: string): Promise<FollowupRow[]> {
  return db
    .select()
    .from(erasureFollowups)
    .where(eq(erasureFollowups.requestReference, requestReference))
    .orderBy(asc(erasureFollowups.createdAt), asc(erasureFollowups.id));
}
