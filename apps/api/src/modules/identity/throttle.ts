/**
 * Throttling rules, pure: given the recent failures of a bucket, is it locked, and until when?
 * The failures themselves live in the database so every instance agrees.
 */

export interface ThrottlePolicy {
  /** How many failures within `windowSeconds` lock the bucket. */
  limit: number;
  windowSeconds: number;
  /** How long the bucket stays locked after the failure that reached the limit. */
  lockSeconds: number;
}

const MINUTE = 60;

/** 5 wrong passwords for one account in 15 minutes lock that account for 15 minutes. */
export const ACCOUNT_SIGN_IN: ThrottlePolicy = { limit: 5, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
/** 20 failures from one client address in 15 minutes lock that address for 15 minutes. */
export const ADDRESS_SIGN_IN: ThrottlePolicy = { limit: 20, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
/** 3 reset links per e-mail address, and 10 per client address, every 15 minutes. */
export const ACCOUNT_RESET: ThrottlePolicy = { limit: 3, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
export const ADDRESS_RESET: ThrottlePolicy = { limit: 10, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE };
/** 10 new accounts per client address an hour. */
export const ADDRESS_SIGN_UP: ThrottlePolicy = { limit: 10, windowSeconds: 60 * MINUTE, lockSeconds: 60 * MINUTE };

/** The longest any event matters, for deleting old rows. */
export const LONGEST_THROTTLE_SECONDS = Math.max(
  ...[ACCOUNT_SIGN_IN, ADDRESS_SIGN_IN, ACCOUNT_RESET, ADDRESS_RESET, ADDRESS_SIGN_UP].map((policy) => Math.max(policy.windowSeconds, policy.lockSeconds)),
);

/**
 * Seconds until the bucket may try again, or 0 if it is not locked. `recent` are the bucket's
 * failures, newest first; only those inside the window count.
 */
export function lockedForSeconds(recent: readonly Date[], now: Date, policy: ThrottlePolicy): number {
  const windowStart = now.getTime() - policy.windowSeconds * 1000;
  const inWindow = recent.filter((at) => at.getTime() > windowStart);
  if (inWindow.length < policy.limit) return 0;
  const newest = Math.max(...inWindow.map((at) => at.getTime()));
  const unlockAt = newest + policy.lockSeconds * 1000;
  return Math.max(0, Math.ceil((unlockAt - now.getTime()) / 1000));
}
