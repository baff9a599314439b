import type { AfterSalesDeps } from './after-sales.deps.ts';
import { createOrderRequests, type OrderRequestsService } from './order-requests.ts';

/**
 * After-sales: what a customer can do about an order once it is placed (cancel, return, report
 * damaged or missing items, amend, ask, delivery terms, the VAT invoice: `order-requests.ts`), and
 * the returns staff authorise, receive and refund (`returns.ts`).
 */
export type AfterSalesService = OrderRequestsService;

export function createAfterSalesService(deps: AfterSalesDeps): AfterSalesService {
  return createOrderRequests(deps);
}
