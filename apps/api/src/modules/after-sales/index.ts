import type { ApiModule } from '../../platform/module.ts';
import { registerAfterSalesRoutes } from './after-sales.routes.ts';
import type { AfterSalesService } from './after-sales.service.ts';

export { createAfterSalesService, type AfterSalesService } from './after-sales.service.ts';
export type { AfterSalesDeps } from './after-sales.deps.ts';

/**
 * After-sales (issue 20, docs/domain.md §7–8, decisions 0031 and 0049): order self-service for the
 * order's owner signed in or the holder of a link e-mailed to its address (cancel, return, damaged
 * or missing items, amend, questions, delivery terms, VAT invoices), and the returns staff handle.
 * Every request lands in the staff inbox through enquiries.
 */
export function createAfterSalesModule({ afterSales }: { afterSales: AfterSalesService }): ApiModule {
  return {
    name: 'after-sales',
    registerRoutes: (app) => registerAfterSalesRoutes(app, afterSales),
  };
}
