import { ApiError } from '@shop/api-client';
import type { ShopDetails } from '@shop/contracts';
import { siteClient } from './api.server.ts';
import { sharedAnswer } from './shared-answer.server.ts';

/**
 * The company behind the shop and how to reach customer service (the API's SHOP_* settings,
 * decision 0016), the same for every page until the API starts again with others: kept for 10 s.
 * Null when the API cannot be asked: the frame still renders, without the details rather than with
 * invented ones.
 */
export const loadShopDetails: (request: Request, requestContext: object) => Promise<ShopDetails | null> = sharedAnswer(10_000, (request) =>
  siteClient(request)
    .getShopDetails()
    .catch((error: unknown) => {
      const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
      process.stderr.write(`[web] shop details unavailable: ${reason}\n`);
      return null;
    }),
);
