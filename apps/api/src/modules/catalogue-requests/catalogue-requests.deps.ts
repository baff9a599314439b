import type { DeliveryService } from '../delivery/index.ts';

/** Postcodes are checked and normalised by delivery's rules, as the address book's are. */
export interface CatalogueRequestsDeps {
  delivery: DeliveryService;
}
