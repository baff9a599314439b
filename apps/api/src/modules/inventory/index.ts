import type { ApiModule } from '../../platform/module.ts';
import { stockHoldExpiryJob } from './hold-expiry.ts';
import type { InventoryService } from './inventory.service.ts';

export { createInventoryService, type AvailabilityOptions, type InventoryService, type StockLevel, type StockRecord } from './inventory.service.ts';
export type { Availability, StockStatus } from './availability.ts';
export type { ReservationLine } from './reservations.ts';
export { InventoryErrors } from './inventory.errors.ts';

/**
 * Stock per sku and the holds payments put on it (`InventoryService`). No routes: the catalogue, the
 * basket and wishlists ask what can be sold (`availabilityOf`, the one definition), checkout holds
 * and commits stock, orders give it back on cancellation. Its job gives back holds that ran out.
 */
export function createInventoryModule({ inventory }: { inventory: InventoryService }): ApiModule {
  return { name: 'inventory', registerRoutes: () => {}, jobs: () => [stockHoldExpiryJob(inventory)] };
}
