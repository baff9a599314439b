import type { UserProfile } from '@shop/contracts';
import type { Actor, ServiceContext } from '../../platform/context.ts';
import type { IdentityService } from '../identity/index.ts';

/** The signed-in customer's own account, whichever provider signed them in. */
export interface AccountsService {
  /**
   * The signed-in user's profile. Users of the embedded provider are read from its store; users of
   * an external provider exist only in their token, so the profile comes from its claims.
   */
  getUserProfile(ctx: Pick<ServiceContext, 'db'> & { actor: Actor }, source: { embeddedProvider: boolean }): Promise<UserProfile>;
}

export function createAccountsService({ identity }: { identity: IdentityService }): AccountsService {
  return {
    async getUserProfile(ctx, source) {
      const local = source.embeddedProvider ? await identity.getUserProfile(ctx, ctx.actor.userId) : null;
      if (local) return local;
      return {
        id: ctx.actor.userId,
        email: ctx.actor.email ?? null,
        name: ctx.actor.name ?? null,
        emailVerified: false,
        roles: [...ctx.actor.roles],
        tradeAccountId: ctx.actor.tradeAccountId ?? null,
      };
    },
  };
}
