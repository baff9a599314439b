import type { ApiModule } from '../../platform/module.ts';

export type { Availability, StockStatus } from './availability.ts';
export { addStockLevels, availabilityOf, type AvailabilityOptions, type StockLevel } from './inventory.service.ts';
export {
  commitReservations,
  heldFor,
  InventoryErrors,
  releaseCommitted,
  releaseExpired,
  releaseReservations,
  reserveStock,
  stockInvariantViolations,
  type ReservationLine,
} from './reservations.ts';

/**
 * Stock per sku and the holds payments put on it. No routes: the catalogue, the basket and
 * wishlists ask what can be sold (`availabilityOf`, the one definition), checkout holds and commits
 * stock, orders give it back on cancellation.
 */
export const inventoryModule: ApiModule = {
  name: 'inventory',
  registerRoutes: () => {},
};
