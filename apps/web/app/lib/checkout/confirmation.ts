import { normaliseOrderNumber } from '@shop/contracts';
import { readPlacedOrder } from './checkout-logic.ts';

/**
 * The number of the order just placed in this tab. The snapshot (`PLACED_ORDER_KEY`) is not kept
 * when a payment is finished after a reload, so the number is kept on its own as well.
 */
export const PLACED_NUMBER_KEY = 'plumbline.placedOrderNumber';

/**
 * The order number in a confirmation page's address, as it is stored, or null when it cannot be
 * one (a wrong check symbol included, decision 0049): such an address is a 404 before any look-up.
 */
export const confirmationOrderNumber = (param: string): string | null => normaliseOrderNumber(param);

/**
 * Whether this tab placed the order: true when its snapshot or its kept number is this order's,
 * undefined while the tab's storage cannot be read (server rendering and hydrating).
 */
export function placedInThisTab(snapshot: string | null | undefined, keptNumber: string | null | undefined, orderNumber: string): boolean | undefined {
  if (snapshot === undefined || keptNumber === undefined) return undefined;
  if (snapshot !== null) {
    const placed = readPlacedOrder(snapshot, orderNumber);
    if (placed && normaliseOrderNumber(placed.orderNumber) === orderNumber) return true;
  }
  return keptNumber !== null && normaliseOrderNumber(keptNumber) === orderNumber;
}

/**
 * The browser that placed an order says so to the server in this cookie (only the thank-you pages
 * see it): the server knows no one's orders, and without it, or a sign-in, the page for a real number
 * is someone else's and answers 404, as the page it shows says.
 */
export const PLACED_ORDER_COOKIE = 'shop_placed_order';

/** Set by the checkout when the order is placed: for this browser session, and only the thank-you pages. */
export const placedOrderCookie = (orderNumber: string, secure: boolean) =>
  `${PLACED_ORDER_COOKIE}=${encodeURIComponent(orderNumber)}; Path=/checkout/confirmation; SameSite=Lax${secure ? '; Secure' : ''}`;

/** Whether the request's cookies say this browser placed the order (`orderNumber` as stored). */
export function placedByThisBrowser(cookieHeader: string | null, orderNumber: string): boolean {
  const entry = (cookieHeader ?? '').split(/;\s*/).find((each) => each.startsWith(`${PLACED_ORDER_COOKIE}=`));
  if (!entry) return false;
  let value: string;
  try {
    value = decodeURIComponent(entry.slice(PLACED_ORDER_COOKIE.length + 1));
  } catch {
    return false;
  }
  return normaliseOrderNumber(value) === orderNumber;
}
