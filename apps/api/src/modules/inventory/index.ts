import type { ApiModule } from '../../platform/module.ts';
import { backInStockJob } from './back-in-stock.ts';
import { stockHoldExpiryJob } from './hold-expiry.ts';
import { inventoryPersonalData } from './inventory.personal-data.ts';
import { registerInventoryRoutes } from './inventory.routes.ts';
import type { InventoryService } from './inventory.service.ts';
import type { RestockService } from './restock.service.ts';

export {
  createInventoryService,
  type AvailabilityOptions,
  type InventoryService,
  type StockCheck,
  type StockLevel,
  type StockRecord,
} from './inventory.service.ts';
export { createRestockService, type RestockService } from './restock.service.ts';
export type { ProductLookup, RestockDeps } from './inventory.deps.ts';
export type { Availability, StockStatus } from './availability.ts';
export type { ReservationLine } from './reservations.ts';
export { InventoryErrors } from './inventory.errors.ts';

/**
 * Stock per sku and the holds payments put on it (`InventoryService`): the catalogue, the basket and
 * wishlists ask what can be sold (`availabilityOf`, the one definition), checkout holds and commits
 * stock, orders give it back on cancellation. Restocking (`RestockService`, made once the catalogue
 * is): the staff stock screen and back-in-stock notices. Its jobs give back holds that ran out and
 * send the notices once stock returns.
 */
export function createInventoryModule({ inventory, restock }: { inventory: InventoryService; restock: RestockService }): ApiModule {
  return {
    name: 'inventory',
    personalData: inventoryPersonalData,
    registerRoutes: (app) => registerInventoryRoutes(app, restock),
    jobs: () => [stockHoldExpiryJob(inventory), backInStockJob(restock)],
  };
}
