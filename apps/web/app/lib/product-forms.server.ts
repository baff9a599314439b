import { ApiError, createWishlistClient } from '@shop/api-client';
import type { Basket } from '@shop/contracts';
import { data, redirect } from 'react-router';
import { QUANTITY_PROBLEM } from '../components/product/quantity-input.tsx';
import { apiProblemMessage } from './api-problem.ts';
import { lineChange } from './events/basket-events.ts';
import { trackFromServer } from './events/server-events.server.ts';
import { basketClient, catalogueClient, serviceClientOptions, throwIfRateLimited } from './api.server.ts';
import { readShopSession } from './auth/session.server.ts';
import { signInPath } from './auth/settings.ts';
import { basketCookie, basketIdFromCookie, CURRENT_BASKET, problemCode } from './basket/basket-logic.ts';
import { isSameOriginPost, pageAfterChange, productFormFromPost, type ProductFormInput, type ProductFormRefusal } from './product-forms.ts';
import type { ADD_TO_BASKET } from './product-forms.ts';

/** The signed-in shopper's access token, from the web server's session (decision 0063); null for a guest. */
const shopperToken = (request: Request): string | null => readShopSession(request)?.accessToken ?? null;

type AddInput = Extract<ProductFormInput, { intent: typeof ADD_TO_BASKET }>;

/** A change the API turned down, said at the form it came from; a visitor over their rate limit gets the 429 page. */
function refused(input: ProductFormInput, error: unknown, headers?: HeadersInit) {
  throwIfRateLimited(error);
  const canAdd = error instanceof ApiError && error.code === 'BASKET_QUANTITY_ABOVE_STOCK' ? (error.data as { canAdd?: unknown }).canAdd : undefined;
  const refusal: ProductFormRefusal = {
    productForm: input.intent,
    sku: input.sku,
    message: apiProblemMessage(error),
    ...(typeof canAdd === 'number' && { canAdd }),
  };
  const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 503;
  return data(refusal, { status, headers });
}

/**
 * Adds to the shopper's basket, or to the guest's named by the basket cookie; a guest without one
 * (or whose basket the API no longer knows) gets a new basket and the cookie for it.
 */
async function addToBasket(request: Request, input: AddInput & { quantity: number }) {
  const token = shopperToken(request);
  const client = basketClient(request, token ?? undefined);
  const body = { sku: input.sku, quantity: input.quantity };
  const guestBasketId = token ? null : basketIdFromCookie(request.headers.get('cookie') ?? '');
  const secure = new URL(request.url).protocol === 'https:';
  let basket: Basket;
  let started = false;
  try {
    if (token) basket = await client.addItem({ params: { basketId: CURRENT_BASKET }, body });
    else if (guestBasketId) {
      try {
        basket = await client.addItem({ params: { basketId: guestBasketId }, body });
      } catch (error) {
        if (problemCode(error) !== 'BASKET_NOT_FOUND') throw error;
        basket = await client.createBasket({ body });
        started = true;
      }
    } else {
      basket = await client.createBasket({ body });
      started = true;
    }
  } catch (error) {
    return refused(input, error);
  }
  const headers = new Headers();
  if (started) headers.append('Set-Cookie', basketCookie(basket.basketId, secure));

  // What went in is told to the shop's statistics as the page's scripts would have told it.
  const added = [lineChange(input.sku, null, basket, input.quantity)];
  // The product's required items, as the page lists them now (never as the form says).
  if (input.withRequired) {
    const missed: string[] = [];
    const essentials = await catalogueClient(request)
      .getEssentialItems({ query: { sku: input.sku } })
      .catch((error: unknown) => (throwIfRateLimited(error), null));
    for (const item of essentials?.items.filter((essential) => essential.requirement === 'required') ?? []) {
      try {
        const withItem = { sku: item.sku, quantity: item.quantity * input.quantity };
        const params = { basketId: token ? CURRENT_BASKET : basket.basketId };
        added.push(lineChange(item.sku, null, await client.addItem({ params, body: withItem }), withItem.quantity));
      } catch (error) {
        throwIfRateLimited(error);
        missed.push(`${item.product.productName}: ${apiProblemMessage(error)}`);
      }
    }
    await trackFromServer(request, added);
    if (!essentials || missed.length > 0) {
      const productName = basket.lines.find((line) => line.sku === input.sku)?.productName ?? input.sku;
      const refusal: ProductFormRefusal = {
        productForm: input.intent,
        sku: input.sku,
        added: `Added ${input.quantity} × ${productName} to your basket.`,
        message: essentials ? `Not added: ${missed.join(' ')}` : 'We couldn’t add its required items just now. Add them from the list below.',
      };
      return data(refusal, { status: 200, headers });
    }
  }
  if (!input.withRequired) await trackFromServer(request, added);
  return redirect(pageAfterChange(request.url, { kind: 'added', sku: input.sku, quantity: input.quantity }), { status: 303, headers });
}

/**
 * Saves to the shopper's wishlist. A guest's wishlist is kept by the browser alone (its id in
 * storage), so a guest signs in first and comes back to the page.
 */
async function saveToWishlist(request: Request, input: Extract<ProductFormInput, { intent: 'save-to-wishlist' }>) {
  const token = shopperToken(request);
  if (!token) return redirect(signInPath(pageAfterChange(request.url, null)), 303);
  const client = createWishlistClient(serviceClientOptions(request, 'wishlist', token));
  try {
    await client.setItem({ params: { id: 'mine' }, body: { sku: input.sku } });
  } catch (error) {
    return refused(input, error);
  }
  return redirect(pageAfterChange(request.url, { kind: 'saved', sku: input.sku }), 303);
}

/**
 * The action of every page with "Add to basket" or "Save to wishlist" on it, for those forms posted
 * without the page's scripts. Only the shop's own pages may post them (`isSameOriginPost`).
 */
export async function productFormAction({ request }: { request: Request }) {
  if (!isSameOriginPost(request.headers, request.url)) throw data(null, { status: 403 });
  const input = productFormFromPost(await request.formData());
  if (!input) throw data(null, { status: 400 });
  if (input.intent === 'save-to-wishlist') return saveToWishlist(request, input);
  if (input.quantity === null) {
    const refusal: ProductFormRefusal = { productForm: input.intent, sku: input.sku, message: `Nothing was added. ${QUANTITY_PROBLEM}.` };
    return data(refusal, { status: 400 });
  }
  return addToBasket(request, { ...input, quantity: input.quantity });
}
