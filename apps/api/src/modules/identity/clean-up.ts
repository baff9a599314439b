import type { Job } from '../../platform/jobs.ts';
import { deleteExpiredOidcPayloads } from './identity.repository.ts';
import { deleteStaleThrottleEvents } from './throttle-buckets.ts';

/**
 * The embedded provider's expired rows (sessions, grants, codes) and throttling rows too old to
 * count are deleted every quarter of an hour, by a worker (SERVE holds `worker`); a failed run is
 * tried again with the runner's backoff.
 */
export const identityCleanUp: Job = {
  name: 'identity-clean-up',
  everyMs: 15 * 60_000,
  backoffMs: 60_000,
  runOnce: async ({ db, clock }) => {
    const now = clock.now();
    await deleteExpiredOidcPayloads(db, now);
    await deleteStaleThrottleEvents(db, now);
    return { claimed: 0 };
  },
};
