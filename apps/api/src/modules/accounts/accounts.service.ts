import type { UserProfile } from '@shop/contracts';
import type { Actor, ServiceContext } from '../../platform/context.ts';
import { getUserProfile as findLocalProfile } from '../identity/index.ts';

/**
 * The signed-in user's profile. Users of the embedded provider are read from its store; users of
 * an external provider exist only in their token, so the profile comes from its claims.
 */
export async function getUserProfile(
  ctx: ServiceContext & { actor: Actor },
  source: { embeddedProvider: boolean },
): Promise<UserProfile> {
  const local = source.embeddedProvider ? await findLocalProfile(ctx.db, ctx.actor.userId) : null;
  if (local) return local;
  return {
    id: ctx.actor.userId,
    email: ctx.actor.email ?? null,
    name: ctx.actor.name ?? null,
    emailVerified: false,
    roles: [...ctx.actor.roles],
    tradeAccountId: ctx.actor.tradeAccountId ?? null,
  };
}
