import { parseQuantity } from '../components/product/quantity-input.tsx';
import { isSameOriginPost } from './same-origin-post.ts';

export { isSameOriginPost };

/**
 * "Add to basket" and "Save to wishlist" as plain forms (issue 35). Each posts to the page it is on
 * with an `intent` field naming it: without JavaScript, or pressed before the page's scripts have
 * run, the page's action makes the change through the API and comes back to the page (303) with
 * what happened in its address; with scripts the form is handled in the browser, as before.
 */
export const INTENT_FIELD = 'intent';
export const ADD_TO_BASKET = 'add-to-basket';
export const SAVE_TO_WISHLIST = 'save-to-wishlist';
/** The product page's "Add the required items too" box: the page's action looks the items up itself. */
export const WITH_REQUIRED_FIELD = 'withRequired';

export type ProductFormInput =
  | { intent: typeof ADD_TO_BASKET; sku: string; quantity: number | null; withRequired: boolean }
  | { intent: typeof SAVE_TO_WISHLIST; sku: string };

/** Product codes as the catalogue writes them; anything else posted is not a product form. */
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * What a product form posted, or null when it is not one. A quantity that is not one (`2.5`, `0`,
 * empty) is kept as null, so the page can say so rather than guess; a form without a quantity field
 * (a listing's card) adds one.
 */
export function productFormFromPost(form: FormData): ProductFormInput | null {
  const intent = form.get(INTENT_FIELD);
  const sku = form.get('sku');
  if (typeof sku !== 'string' || !SKU_PATTERN.test(sku)) return null;
  if (intent === SAVE_TO_WISHLIST) return { intent, sku };
  if (intent !== ADD_TO_BASKET) return null;
  const typed = form.get('quantity');
  const quantity = typed === null ? 1 : typeof typed === 'string' ? parseQuantity(typed) : null;
  return { intent, sku, quantity, withRequired: form.get(WITH_REQUIRED_FIELD) !== null };
}

/** What the page says after a plain form's change, read from its address: no personal data, only a product code and a count. */
export type ProductFormNotice = { kind: 'added'; sku: string; quantity: number } | { kind: 'saved'; sku: string };

const ADDED_PARAM = 'added';
const QUANTITY_PARAM = 'quantity';
const SAVED_PARAM = 'saved';
/** React Router's marker for an index route's action, which the page's own address does not carry. */
const INDEX_PARAM = 'index';

/**
 * Where a plain form's change goes back to: the page it was made on, without an earlier notice, with
 * this one. A fragment in the form's action (the form's own place on the page) is kept by the browser
 * through the redirect, so the page comes back scrolled to the notice.
 */
export function pageAfterChange(requestUrl: string, notice: ProductFormNotice | null): string {
  const url = new URL(requestUrl);
  const search = new URLSearchParams(url.search);
  for (const name of [ADDED_PARAM, QUANTITY_PARAM, SAVED_PARAM]) search.delete(name);
  if (search.get(INDEX_PARAM) === '') search.delete(INDEX_PARAM);
  if (notice?.kind === 'added') {
    search.set(ADDED_PARAM, notice.sku);
    search.set(QUANTITY_PARAM, String(notice.quantity));
  }
  if (notice?.kind === 'saved') search.set(SAVED_PARAM, notice.sku);
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The notice a page's address carries after a plain form's change, if any. */
export function productFormNotice(search: URLSearchParams): ProductFormNotice | null {
  const added = search.get(ADDED_PARAM);
  const quantity = parseQuantity(search.get(QUANTITY_PARAM) ?? '');
  if (added && SKU_PATTERN.test(added) && quantity !== null) return { kind: 'added', sku: added, quantity };
  const saved = search.get(SAVED_PARAM);
  if (saved && SKU_PATTERN.test(saved)) return { kind: 'saved', sku: saved };
  return null;
}

/** A plain form's change refused, as the page's action answers it: said at the form it came from. */
export interface ProductFormRefusal {
  productForm: ProductFormInput['intent'];
  sku: string;
  message: string;
  /** When stock is short: how many can still be added (0: none, the basket holds all there is). */
  canAdd?: number;
  /** The product went in but some of its required items did not: this says what went in, `message` what did not. */
  added?: string;
}

export const isProductFormRefusal = (value: unknown): value is ProductFormRefusal =>
  typeof value === 'object' && value !== null && 'productForm' in value && 'sku' in value && 'message' in value;
