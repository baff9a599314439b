import type { Carousels, CarouselsRequest, Promotions } from '@shop/contracts';
import { catalogueClient } from './api.server.ts';
import { sharedAnswer, sharedAnswers } from './shared-answer.server.ts';

/**
 * Catalogue answers that are the same for every visitor of a page, kept by this web-tier process
 * for 10 s as the category tree is (decision 0069): a page view then costs neither the API's work
 * for them nor a unit of its visitor's rate-limit budget (decision 0047). The browser still asks
 * for the carousels that depend on it (recently viewed) itself.
 */
const KEEP_MS = 10_000;

/** The running promotions (the home page's banners). */
export const loadPromotions: (request: Request, requestContext: object) => Promise<Promotions> = sharedAnswer(KEEP_MS, (request) =>
  catalogueClient(request).getPromotions(),
);

/** A page type's carousels for a category (or none), without the recently viewed, which the browser asks for. */
const carouselsByKey = sharedAnswers<Carousels>(KEEP_MS, (request, key) => {
  const [pageType, categorySlug] = JSON.parse(key) as [CarouselsRequest['pageType'], string | null];
  return catalogueClient(request).getCarousels({ body: { pageType, ...(categorySlug !== null && { categorySlug }), recentlyViewedSkus: [] } });
});

export const loadCarousels = (
  request: Request,
  requestContext: object,
  pageType: CarouselsRequest['pageType'],
  categorySlug: string | null = null,
): Promise<Carousels> => carouselsByKey(request, requestContext, JSON.stringify([pageType, categorySlug]));
