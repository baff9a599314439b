import { ApiError } from '@shop/api-client';
import type { ShopDetails } from '@shop/contracts';
import { siteClient } from './api.server.ts';

// The root loader and a page loader may both need them on one request; the request's context
// object is shared by them, so memoising on it costs one API call per request.
const pending = new WeakMap<object, Promise<ShopDetails | null>>();

/**
 * The company behind the shop and how to reach customer service (the API's SHOP_* settings,
 * decision 0016). Null when the API cannot be asked: the frame still renders, without the
 * details rather than with invented ones.
 */
export function loadShopDetails(requestContext: object): Promise<ShopDetails | null> {
  let details = pending.get(requestContext);
  if (!details) {
    details = siteClient()
      .getShopDetails()
      .catch((error: unknown) => {
        const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
        process.stderr.write(`[web] shop details unavailable: ${reason}\n`);
        return null;
      });
    pending.set(requestContext, details);
  }
  return details;
}
