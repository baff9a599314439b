import type { FastifyInstance } from 'fastify';
import { accountsEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { AccountsService } from './accounts.service.ts';

/** Each sign-up e-mails whatever address is typed: keep the shop from being used to send mail in bulk. */
export const NEWSLETTER_SIGNUP_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Per client address and instance: enough for a person opening their links, far too few to guess one. */
export const NEWSLETTER_LINK_LIMIT = { max: 30, timeWindow: '1 minute', groupId: 'newsletter-links' };

export function registerAccountsRoutes(app: FastifyInstance, service: AccountsService): void {
  // `signedIn` access guarantees an actor here.
  bindEndpoint(app, endpoints.getUserProfile, ({ ctx }) => service.getUserProfile({ ...ctx, actor: ctx.actor! }));
  bindEndpoint(app, endpoints.signUpForNewsletter, ({ ctx, body }) => service.signUpForNewsletter(ctx, body), {
    rateLimit: NEWSLETTER_SIGNUP_LIMIT,
  });
  bindEndpoint(app, endpoints.getNewsletterConfirmation, ({ ctx, params }) => service.getNewsletterConfirmation(ctx, params.token), {
    rateLimit: NEWSLETTER_LINK_LIMIT,
  });
  bindEndpoint(app, endpoints.confirmNewsletter, ({ ctx, params }) => service.confirmNewsletter(ctx, params.token), { rateLimit: NEWSLETTER_LINK_LIMIT });
  bindEndpoint(app, endpoints.getNewsletterUnsubscribe, ({ ctx, params }) => service.getNewsletterUnsubscribe(ctx, params.token), {
    rateLimit: NEWSLETTER_LINK_LIMIT,
  });
  bindEndpoint(app, endpoints.unsubscribeNewsletter, ({ ctx, params }) => service.unsubscribeNewsletter(ctx, params.token), {
    rateLimit: NEWSLETTER_LINK_LIMIT,
  });
  bindEndpoint(app, endpoints.listNewsletterSubscribers, ({ ctx, query }) => service.listNewsletterSubscribers(ctx, query));
  bindEndpoint(app, endpoints.exportNewsletterSubscribers, ({ ctx }) => service.exportNewsletterSubscribers(ctx));
}
