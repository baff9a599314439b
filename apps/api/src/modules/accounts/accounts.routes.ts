import type { FastifyInstance } from 'fastify';
import { accountsEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { AccountsService } from './accounts.service.ts';

export function registerAccountsRoutes(app: FastifyInstance, service: AccountsService): void {
  // `signedIn` access guarantees an actor here.
  const source = { embeddedProvider: app.platform.config.identity.embedded };
  bindEndpoint(app, accountsEndpoints.getUserProfile, ({ ctx }) => service.getUserProfile({ ...ctx, actor: ctx.actor! }, source));
}
