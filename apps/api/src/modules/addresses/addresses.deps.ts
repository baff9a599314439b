import type { DeliveryService } from '../delivery/index.ts';
import type { PostcodeLookup } from './postcode-lookup.ts';

/** Postcodes are checked by delivery's rules; addresses at a postcode come from the configured lookup. */
export interface AddressesDeps {
  delivery: DeliveryService;
  lookup: PostcodeLookup;
}
