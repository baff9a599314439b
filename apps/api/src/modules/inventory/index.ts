import type { ApiModule } from '../../platform/module.ts';

export { stockLevels, STOCK_STATUSES, type StockStatus } from './inventory.tables.ts';
export { findStockLevels, insertStockLevels, type StockRow } from './inventory.repository.ts';
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

/** Stock per sku and the holds payments put on it. No routes: the catalogue reads stock, checkout holds and commits it, orders give it back on cancellation. */
export const inventoryModule: ApiModule = {
  name: 'inventory',
  registerRoutes: () => {},
};
