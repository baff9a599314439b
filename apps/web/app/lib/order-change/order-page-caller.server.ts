import type { OrderChangeStep } from '../../components/order-change/order-change-done.tsx';
import { requireShopSession, sessionClientOptions } from '../auth/session.server.ts';
import { proofClientOptions, proofFrom } from '../order-help/order-help.server.ts';
import { orderHelpHome } from '../order-help/order-link.ts';
import { redirectWithNotice } from '../step-done.server.ts';

/**
 * Who changes an order, or upgrades its delivery, from its pages: the signed-in customer, in their
 * account (`/account/orders/<number>/…`), or a guest holding the link we e-mailed (decision 0049),
 * under `/order-help/<number>/…`, where the link's cookie comes with the request and goes on to the
 * API in its header. The same page files serve both; the API applies the same rules to both.
 */
export interface OrderPageCaller {
  guest: boolean;
  /** The order's own page, where "Back to the order" and a finished change lead. */
  orderPath: string;
  clientOptions(service: string): ReturnType<typeof proofClientOptions>;
}

export function orderPageCaller(request: Request, orderNumber: string): OrderPageCaller {
  if (new URL(request.url).pathname.startsWith('/order-help/')) {
    const proof = proofFrom(request);
    return { guest: true, orderPath: orderHelpHome(orderNumber), clientOptions: (service) => proofClientOptions(proof, service) };
  }
  const session = requireShopSession(request);
  return { guest: false, orderPath: `/account/orders/${orderNumber}`, clientOptions: (service) => sessionClientOptions(request, session, service) };
}

/**
 * Back to the order's page once a change or an upgrade is done, which says so once (`oneShotNotices`). A
 * guest's page is loaded whole, so its link cookie goes with it (breadcrumbs.tsx).
 */
export function backToOrderDone(request: Request, caller: OrderPageCaller, step: OrderChangeStep): Response {
  return redirectWithNotice(request, `${caller.orderPath}?done=${step}`, { document: caller.guest });
}
