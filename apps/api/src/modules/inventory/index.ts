import type { ApiModule } from '../../platform/module.ts';

export { stockLevels, STOCK_STATUSES, type StockStatus } from './inventory.tables.ts';
export { findStockLevels, insertStockLevels, type StockRow } from './inventory.repository.ts';

/** Stock per sku. No routes yet: the catalogue reads it, the catalogue seed writes it. */
export const inventoryModule: ApiModule = {
  name: 'inventory',
  registerRoutes: () => {},
};
