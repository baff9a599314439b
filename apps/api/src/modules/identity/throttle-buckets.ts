/** Counting attempts per account and per client address (throttle.ts's policies), in the database every instance shares. */
import type { Database } from '../../db/client.ts';
import type { IdentityError } from './identity.errors.ts';
import * as repository from './identity.repository.ts';
import { LONGEST_THROTTLE_SECONDS, lockedForSeconds, type ThrottlePolicy } from './throttle.ts';
import { normaliseEmail } from './identity-users.ts';

async function lockedFor(db: Database, bucket: string, policy: ThrottlePolicy, now: Date): Promise<number> {
  const since = new Date(now.getTime() - policy.windowSeconds * 1000);
  return lockedForSeconds(await repository.recentThrottleEvents(db, bucket, since, policy.limit), now, policy);
}

/** Throws `refusal`, saying how long to wait, while any of the buckets is locked. */
async function refuseWhileLocked(
  db: Database,
  now: Date,
  refusal: (retryAfterSeconds: number) => IdentityError,
  checks: [string, ThrottlePolicy][],
): Promise<void> {
  const waits = await Promise.all(checks.map(([bucket, policy]) => lockedFor(db, bucket, policy, now)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw refusal(wait);
}

/**
 * Counts one event in each bucket, or throws `refusal` while any is locked, holding a lock on the
 * buckets until `db`'s transaction ends: requests for the same buckets take turns to check and
 * count, so a limit holds however many arrive at once. Returns the ids of the events counted.
 */
export async function countUnlessLocked(
  db: Database,
  now: Date,
  refusal: (retryAfterSeconds: number) => IdentityError,
  checks: [string, ThrottlePolicy][],
): Promise<number[]> {
  await repository.lockThrottleBuckets(
    db,
    checks.map(([bucket]) => bucket),
  );
  await refuseWhileLocked(db, now, refusal, checks);
  const ids: number[] = [];
  for (const [bucket] of checks) ids.push(await repository.recordThrottleEvent(db, bucket, now));
  return ids;
}

export const buckets = {
  signInAccount: (email: string) => `sign-in:account:${normaliseEmail(email)}`,
  signInAddress: (address: string) => `sign-in:address:${address}`,
  resetAccount: (email: string) => `reset:account:${normaliseEmail(email)}`,
  resetAddress: (address: string) => `reset:address:${address}`,
  signUpAddress: (address: string) => `sign-up:address:${address}`,
};

export async function deleteStaleThrottleEvents(db: Database, now: Date): Promise<void> {
  await repository.deleteThrottleEventsBefore(db, new Date(now.getTime() - LONGEST_THROTTLE_SECONDS * 1000));
}
