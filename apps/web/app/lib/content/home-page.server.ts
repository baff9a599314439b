import { ApiError } from '@shop/api-client';
import { HOME_PAGE_SLUG, homeCarouselList, PAGE_TYPES, withContentFacts, type ContentPage, type GlobalItemContent } from '@shop/contracts';
import { optionalExtra, siteContentClient, throwIfRateLimited } from '../api.server.ts';
import { loadCarousels, loadPromotions } from '../shared-catalogue.server.ts';
import { sharedAnswer } from '../shared-answer.server.ts';
import { loadShopDetails } from '../shop-details.server.ts';
import { tileCard } from '../tile-cards.ts';
import { bandsInOrder } from '../trade/bands.ts';
import { loadTradeBands } from '../trade/trade-api.server.ts';
import { carouselCards } from './content-page.server.ts';
import type { HomeBlock, HomeContent } from './drawn-page.ts';

/** The published home page, or for staff a draft or a version; null when there is none to show (or the API could not say). */
async function homePage(request: Request, preview?: { version: string; accessToken: string }): Promise<ContentPage | null> {
  try {
    return await siteContentClient(request, preview?.accessToken).getPageData({
      params: { slug: HOME_PAGE_SLUG },
      query: preview ? { preview: preview.version } : {},
    });
  } catch (error) {
    throwIfRateLimited(error);
    if (preview && !(error instanceof ApiError && error.status === 404)) throw error;
    return null;
  }
}

/**
 * The delivery promises under the hero (decision 0130), while staff have them showing: the same for every visitor, kept 10 s
 * like the frame's items. Null when the API cannot give them: the page then leaves them out rather than inventing them.
 */
const loadDeliveryPromises = sharedAnswer(10_000, (request) =>
  siteContentClient(request)
    .getGlobalItem({ params: { id: 'delivery-promises' } })
    .then(
      (item) => (item.content as GlobalItemContent<'delivery-promises'> | null)?.promises ?? [],
      (error: unknown) => {
        throwIfRateLimited(error);
        process.stderr.write(`[web] global item delivery-promises unavailable: ${String(error)}\n`);
        return null;
      },
    ),
);

/**
 * The home page's data (decision 0085, update of 2026-11-28): its content page's blocks, and what the
 * storefront draws around them from the policy and live data (offers, trade bands). The shop's own
 * carousels come in one call, as before; a page's category or product-code carousels after it. With no
 * page to show, `content` is null and the home page draws its own parts only.
 */
export async function loadHome(request: Request, requestContext: object, preview?: { version: string; accessToken: string }) {
  const [page, promotions, carousels, bands, shop, promised] = await Promise.all([
    homePage(request, preview),
    optionalExtra(loadPromotions(request, requestContext)),
    optionalExtra(loadCarousels(request, requestContext, PAGE_TYPES.homepage)),
    loadTradeBands(request),
    loadShopDetails(request, requestContext),
    loadDeliveryPromises(request, requestContext),
  ]);
  const promises = (promised ?? []).map((promise) => ({
    ...promise,
    heading: withContentFacts(promise.heading, shop),
    text: withContentFacts(promise.text, shop),
  }));
  const ownCarousel = async (name: string) => carousels?.carousels.find((carousel) => carousel.identifier === name)?.products ?? [];
  const blocks = page
    ? await Promise.all(
        page.blocks.map(async (block): Promise<HomeBlock | null> => {
          switch (block.type) {
            case 'hero':
              return {
                ...block,
                ...(block.eyebrow && { eyebrow: withContentFacts(block.eyebrow, shop) }),
                ...(block.text && { text: withContentFacts(block.text, shop) }),
              };
            case 'categoryTiles':
              return { ...block, ...(block.text && { text: withContentFacts(block.text, shop) }) };
            case 'productCarousel':
              return {
                type: 'homeCarousel',
                heading: block.heading,
                products: (await carouselCards(request, block.source, ownCarousel)).map(tileCard),
                ...(!preview && { listId: homeCarouselList(block.source) }),
              };
            case 'promotionBanner':
            case 'callToAction':
              return { ...block, ...(block.text && { text: withContentFacts(block.text, shop) }) };
            default:
              // The API refuses other blocks on the home page (HOME_PAGE_BLOCK_TYPES): one kept from before is left out.
              return null;
          }
        }),
      )
    : null;
  const content: HomeContent | null =
    page && blocks
      ? {
          title: page.title,
          seoTitle: page.seoTitle,
          seoDescription: withContentFacts(page.seoDescription, shop),
          blocks: blocks.filter((block) => block !== null),
        }
      : null;
  return { content, promises, promotions: promotions?.promotions ?? [], bands: bandsInOrder(bands) };
}
