import type {
  NewsletterExport,
  NewsletterSignup,
  NewsletterSignupAccepted,
  NewsletterStatus,
  NewsletterSubscriberPage,
  NewsletterSubscription,
  UserProfile,
} from '@shop/contracts';
import type { Actor, CallerContext, ServiceContext } from '../../platform/context.ts';
import * as newsletter from './newsletter.ts';
import type { AccountsDeps } from './accounts.deps.ts';

/** The customer's own account, whichever provider signed them in, and the newsletter list. */
export interface AccountsService {
  /**
   * The signed-in user's profile. Users of the embedded provider are read from its store; users of
   * an external provider exist only in their token, so the profile comes from its claims.
   */
  getUserProfile(ctx: Pick<ServiceContext, 'db'> & { actor: Actor }): Promise<UserProfile>;
  /** A newsletter sign-up (double opt-in): the same answer whatever the address's state; at most one e-mail per resend window. */
  signUpForNewsletter(ctx: CallerContext, input: NewsletterSignup): Promise<NewsletterSignupAccepted>;
  getNewsletterConfirmation(ctx: CallerContext, token: string): Promise<NewsletterSubscription>;
  confirmNewsletter(ctx: CallerContext, token: string): Promise<NewsletterSubscription>;
  getNewsletterUnsubscribe(ctx: CallerContext, token: string): Promise<NewsletterSubscription>;
  unsubscribeNewsletter(ctx: CallerContext, token: string): Promise<NewsletterSubscription>;
  /** Staff: the list, newest first, with each status's count. */
  listNewsletterSubscribers(
    ctx: CallerContext,
    query: { status?: NewsletterStatus; email?: string; pageNumber: number; pageSize: number },
  ): Promise<NewsletterSubscriberPage>;
  /** Staff: every confirmed address, for a CSV file. */
  exportNewsletterSubscribers(ctx: CallerContext): Promise<NewsletterExport>;
}

export function createAccountsService(deps: AccountsDeps): AccountsService {
  const { identity, embeddedProvider } = deps;
  return {
    async getUserProfile(ctx) {
      const local = embeddedProvider ? await identity.getUserProfile(ctx, ctx.actor.userId) : null;
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
    signUpForNewsletter: (ctx, input) => newsletter.signUp(deps, ctx, input),
    getNewsletterConfirmation: newsletter.getConfirmation,
    confirmNewsletter: newsletter.confirm,
    getNewsletterUnsubscribe: newsletter.getUnsubscribe,
    unsubscribeNewsletter: newsletter.unsubscribe,
    listNewsletterSubscribers: newsletter.listSubscribers,
    exportNewsletterSubscribers: newsletter.exportConfirmed,
  };
}
