import type { FastifyInstance } from 'fastify';
import { addressBookEndpoints as book, addressLookupEndpoints as lookup } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { AddressesService } from './addresses.service.ts';

/**
 * Per visitor: a person finding their address looks up a few postcodes; a provider charges per
 * lookup, so a script walking postcodes is stopped early.
 */
export const POSTCODE_LOOKUP_LIMIT = { max: 20, timeWindow: '1 minute', groupId: 'postcode-lookup' };

export function registerAddressesRoutes(app: FastifyInstance, service: AddressesService): void {
  // `signedIn` access guarantees an actor here.
  bindEndpoint(app, book.addAddress, ({ ctx, body }) => service.addAddress({ ...ctx, actor: ctx.actor! }, body));
  bindEndpoint(app, book.listAddresses, ({ ctx, query }) => service.listAddresses({ ...ctx, actor: ctx.actor! }, query));
  bindEndpoint(app, book.editAddress, ({ ctx, params, body }) => service.editAddress({ ...ctx, actor: ctx.actor! }, params.addressId, body));
  bindEndpoint(app, book.deleteAddress, ({ ctx, params }) => service.deleteAddress({ ...ctx, actor: ctx.actor! }, params.addressId));
  bindEndpoint(app, lookup.lookupAddresses, ({ ctx, body }) => service.lookupAddresses(ctx, body.postcode), { rateLimit: POSTCODE_LOOKUP_LIMIT });
}
