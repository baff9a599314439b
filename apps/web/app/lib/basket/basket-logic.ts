import { ApiError } from '@shop/api-client';
import { londonLongDate, type Basket, type BasketNotice } from '@shop/contracts';
import { apiProblemMessage } from '../api-problem.ts';
import { STORED_ID_PATTERN, storedIdSlot } from '../stored-id.ts';

/** Where a guest's basket id is kept; signed-in shoppers use the API's `mine` alias instead. */
export const BASKET_ID_KEY = 'plumbline.basketId';

/** The API's name for a signed-in shopper's current basket. */
export const CURRENT_BASKET = 'mine';

/**
 * The guest basket's id as a cookie too, so the server can draw the checkout with the basket in it:
 * its steps then work before the page's scripts run, and as plain forms without them. SameSite=Lax
 * keeps other sites' forms from posting to the checkout with it.
 */
export const BASKET_COOKIE = 'shop_basket';
const BASKET_COOKIE_DAYS = 90;

export function basketCookie(basketId: string | null, secure: boolean): string {
  const value = basketId ? `${BASKET_COOKIE}=${basketId}; Max-Age=${BASKET_COOKIE_DAYS * 86_400}` : `${BASKET_COOKIE}=; Max-Age=0`;
  return `${value}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The guest basket's id from a request's Cookie header, if it is one. */
export function basketIdFromCookie(cookie: string): string | null {
  const entry = cookie.split(/;\s*/).find((part) => part.startsWith(`${BASKET_COOKIE}=`));
  const basketId = entry?.slice(BASKET_COOKIE.length + 1);
  return basketId && STORED_ID_PATTERN.test(basketId) ? basketId : null;
}

const setBasketCookie = (basketId: string | null) => {
  document.cookie = basketCookie(basketId, window.location.protocol === 'https:');
};

// Storage can be disabled, full or tampered with: the slot checks every read and ignores failures.
const basketIdSlot = storedIdSlot(BASKET_ID_KEY);
/**
 * The guest basket's id: the cookie's first, as a plain form's add (product-forms.server.ts) may have
 * started the basket on the server, which writes the cookie only; else the one kept in storage.
 */
export const readStoredBasketId = () => basketIdFromCookie(document.cookie) ?? basketIdSlot.read();
export const storeBasketId = (basketId: string) => {
  basketIdSlot.store(basketId);
  setBasketCookie(basketId);
};
export const forgetBasketId = () => {
  basketIdSlot.forget();
  setBasketCookie(null);
};

/**
 * Runs tasks one after another: a second click waits for the first change to settle, so the
 * basket never has two changes in flight and every change starts from the latest answer.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      waiting++;
      const result = tail.then(task);
      tail = result.then(
        () => waiting--,
        () => waiting--,
      );
      return result;
    },
    /** How many tasks are queued or running. */
    get size() {
      return waiting;
    },
  };
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const problemCode = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/** "3 items", "1 item", "no items": counts packs, as the basket's totals do. */
export const itemCountText = (count: number) => (count === 0 ? 'no items' : `${count} item${count === 1 ? '' : 's'}`);

/** What the header badge shows: the count, capped so it fits the circle. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** Refusals a shopper can fix, each with a fallback should the API send no detail. */
const DISCOUNT_FALLBACKS: Record<string, string> = {
  DISCOUNT_CODE_UNKNOWN: 'We don’t recognise that code. Check it and try again.',
  DISCOUNT_CODE_EXPIRED: 'That code has expired.',
  DISCOUNT_CODE_NOT_STARTED: 'That code can’t be used yet.',
  DISCOUNT_CODE_WRONG_CHANNEL: 'That code can’t be used here.',
  DISCOUNT_MINIMUM_SPEND_NOT_MET: 'Your basket doesn’t reach this code’s minimum spend yet.',
  DISCOUNT_CODE_LIMIT_REACHED: 'That code has reached its limit.',
  DISCOUNT_CODE_ALREADY_USED: 'That code has already been used.',
  DISCOUNT_NOT_COMBINABLE_WITH_TRADE_PRICING: 'That code can’t be used with trade prices.',
  DISCOUNT_NO_QUALIFYING_ITEMS: 'Nothing in your basket qualifies for that code.',
  DISCOUNT_DELIVERY_ALREADY_FREE: 'Delivery is already free on this basket.',
};

/** The message beside the discount code form: the API's own words for each refusal code. */
export function discountProblemMessage(error: unknown): string {
  const code = problemCode(error);
  if (code && code in DISCOUNT_FALLBACKS) return (error as ApiError).message || DISCOUNT_FALLBACKS[code]!;
  return apiProblemMessage(error);
}

/** The retrieve page's message for each way a code can be turned down. */
export function retrieveProblemMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return apiProblemMessage(error);
  if (error.status === 404) return 'We can’t find a saved basket with that code. Check the code in your e-mail and try again.';
  if (error.status === 410) return 'That saved basket has expired: saved baskets are kept for 30 days. You’ll need to add the items again.';
  if (error.status === 429) return 'Too many attempts. Wait a minute, then try the code again.';
  return apiProblemMessage(error);
}

/** A code typed in: letters and digits with optional spaces or a hyphen, eight characters. Null when it is fine. */
export function retrievalCodeProblem(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '');
  if (compact === '') return 'Enter the code from your saved basket, like ABCD-2345.';
  if (!/^[A-Za-z0-9]{8}$/.test(compact)) return 'A code has 8 letters and numbers, like ABCD-2345.';
  return null;
}

/** An e-mail address as a person would type it (the API checks it properly). Null when it is fine. */
export function emailProblem(text: string): string | null {
  const value = text.trim();
  if (value === '') return 'Enter an e-mail address.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Enter an e-mail address like name@example.com.';
  return null;
}

/** What the basket page's quantity box says about a typed quantity; null when it can be sent. */
export function lineQuantityProblem(text: string, maxQuantity: number): string | null {
  if (!/^\d+$/.test(text.trim())) return 'Enter a whole number, like 2.';
  const value = Number(text);
  if (value < 1) return 'Enter 1 or more, or remove the item.';
  if (value > 999) return 'Enter 999 or fewer.';
  if (maxQuantity > 0 && value > maxQuantity) return `Only ${maxQuantity} can be ordered at the moment.`;
  return null;
}

/** A notice as the basket page keeps it: the API's notice with a key so it is shown once. */
export interface ShownNotice {
  key: string;
  type: BasketNotice['type'] | 'retrieved';
  message: string;
}

export const noticeKey = (notice: Pick<BasketNotice, 'type' | 'sku' | 'from' | 'to' | 'code'>) =>
  [notice.type, notice.sku ?? '', notice.code ?? '', notice.from ?? '', notice.to ?? ''].join(':');

/** Adds a basket's notices to those not yet dismissed, each once. */
export function collectNotices(shown: readonly ShownNotice[], incoming: readonly BasketNotice[]): ShownNotice[] {
  const keys = new Set(shown.map((notice) => notice.key));
  const added = incoming
    .map((notice) => ({ key: noticeKey(notice), type: notice.type, message: notice.message }))
    .filter((notice) => !keys.has(notice.key) && keys.add(notice.key));
  return added.length === 0 ? [...shown] : [...shown, ...added];
}

/** "21 December 2026": when a saved basket's code stops working. */
export const formatExpiry = (iso: string) => londonLongDate(iso);

/** The product page for a line, with its variant chosen. */
export const linePath = (line: { productSlug: string; sku: string }) => `/p/${line.productSlug}?sku=${encodeURIComponent(line.sku)}`;

/** "VAT at 20%" from a rate in basis points. */
export const vatRateLabel = (basisPoints: number) => `VAT at ${basisPoints / 100}%`;

/** Lines that can be bought now, and those kept in the basket but not sold at the moment. */
export const availableLines = (basket: Basket | null) => basket?.lines.filter((line) => line.available) ?? [];
