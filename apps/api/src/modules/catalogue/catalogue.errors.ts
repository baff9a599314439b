import { AppError } from '../../platform/errors.ts';

/** Stable codes the catalogue raises. */
export const CatalogueErrors = {
  categoryNotFound: (slug: string) => new AppError(404, 'CATEGORY_NOT_FOUND', `There is no category "${slug}".`),
  productNotFound: (slug: string) => new AppError(404, 'PRODUCT_NOT_FOUND', `There is no product "${slug}".`),
  skuNotFound: (sku: string) => new AppError(404, 'SKU_NOT_FOUND', `There is no product with sku "${sku}".`),
  listingNotFound: (slug: string) => new AppError(404, 'LISTING_NOT_FOUND', `There is no promotion listing "${slug}".`),
  bundleNotFound: (id: number) => new AppError(404, 'BUNDLE_NOT_FOUND', `There is no bundle ${id}.`),
  unknownFacet: (identifier: string, known: readonly string[]) =>
    new AppError(400, 'UNKNOWN_FACET', `facets.${identifier}: this listing has no facet "${identifier}".`, {
      errors: [{ path: `body.facets.${identifier}`, message: `Unknown facet; use one of ${known.join(', ')}`, code: 'unknown_facet' }],
    }),
  badPrice: () =>
    new AppError(400, 'BAD_PRICE', 'Enter the price in pence, as a whole number more than 0, for example 12999 for £129.99.', {
      errors: [{ path: 'body.priceIncVat', message: 'Enter the price in pence, as a whole number more than 0', code: 'bad_price' }],
    }),
  notTradePriced: () => new AppError(403, 'NOT_TRADE_PRICED', 'Trade prices are for approved trade accounts: apply for one, or ask us to check yours.'),
  badPriceRange: (identifier: string) =>
    new AppError(400, 'BAD_PRICE_RANGE', `facets.price: "${identifier}" is not a price range like "5000-10000".`, {
      errors: [{ path: 'body.facets.price', message: 'Use "<gte>-<lte>" in pence, e.g. "5000-10000"', code: 'bad_price_range' }],
    }),
};
