import type { AddressLookupConfig } from '../../config.ts';
import type { ApiModule } from '../../platform/module.ts';
import { addressesPersonalData } from './addresses.personal-data.ts';
import { registerAddressesRoutes } from './addresses.routes.ts';
import type { AddressesService } from './addresses.service.ts';
import { createEmbeddedLookup } from './embedded-lookup.ts';
import { createIdealPostcodesLookup } from './ideal-postcodes-lookup.ts';
import type { PostcodeLookup } from './postcode-lookup.ts';

export { createAddressesService, type AddressesService } from './addresses.service.ts';
export type { AddressesDeps } from './addresses.deps.ts';
export type { PostcodeLookup } from './postcode-lookup.ts';
export { AddressErrors } from './addresses.errors.ts';

/** The postcode lookup the settings choose: Ideal Postcodes with a key, else the embedded list. */
export const createPostcodeLookup = (settings: AddressLookupConfig): PostcodeLookup =>
  settings.kind === 'ideal-postcodes' ? createIdealPostcodesLookup(settings) : createEmbeddedLookup();

/**
 * The address book (`AddressesService`): a customer's delivery and billing addresses, one default
 * of each type, postcodes normalised, the courier's notes; and "Find address" by postcode, through
 * the lookup port (embedded list or Ideal Postcodes), rate-limited per visitor.
 */
export function createAddressesModule({ addresses }: { addresses: AddressesService }): ApiModule {
  return { name: 'addresses', registerRoutes: (app) => registerAddressesRoutes(app, addresses), personalData: addressesPersonalData };
}
