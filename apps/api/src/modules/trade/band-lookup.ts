/**
 * The band of a caller's business, as pricing asks it on every priced call. Made before pricing
 * (it needs only the database), so pricing is given it at construction; trade tells it when a band
 * changes.
 */
import type { ServiceContext } from '../../platform/context.ts';
import * as repository from './repository/index.ts';

/** How long a user's band is kept for pricing at most: a change notice (platform/change-notices.ts) forgets it on every instance sooner. */
const BAND_LOOKUP_TTL_MS = 5_000;
const MAX_USERS_KEPT = 10_000;

export interface TradeBandLookup {
  /** The band code of the caller's business, or null when they have no trade account. Kept a few seconds per user. */
  bandCodeFor(ctx: Pick<ServiceContext, 'db' | 'actor' | 'clock'>): Promise<string | null>;
  /** A band changed (on this instance, or a change notice from any): no lookup from before it is used again. */
  forget(): void;
}

export function createTradeBandLookup(): TradeBandLookup {
  const kept = new WeakMap<object, Map<string, { at: number; epoch: number; value: Promise<string | null> }>>();
  // Bumped by every band change: the change may be in a transaction, whose handle is not the key.
  let epoch = 0;
  return {
    bandCodeFor(ctx) {
      const userId = ctx.actor?.userId;
      if (!userId) return Promise.resolve(null);
      const now = ctx.clock.now().getTime();
      let perDb = kept.get(ctx.db);
      if (!perDb) kept.set(ctx.db, (perDb = new Map()));
      const found = perDb.get(userId);
      if (found && found.epoch === epoch && now - found.at < BAND_LOOKUP_TTL_MS) return found.value;
      const value = repository.bandCodeOfUser(ctx.db, userId);
      if (perDb.size > MAX_USERS_KEPT) perDb.clear();
      perDb.set(userId, { at: now, epoch, value });
      value.catch(() => perDb.delete(userId));
      return value;
    },
    forget() {
      epoch += 1;
    },
  };
}
