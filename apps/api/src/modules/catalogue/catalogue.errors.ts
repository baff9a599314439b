import { AppError } from '../../platform/errors.ts';

/** Stable codes the catalogue raises. */
export const CatalogueErrors = {
  categoryNotFound: (slug: string) => new AppError(404, 'CATEGORY_NOT_FOUND', `There is no category "${slug}".`),
  productNotFound: (slug: string) => new AppError(404, 'PRODUCT_NOT_FOUND', `There is no product "${slug}".`),
  skuNotFound: (sku: string) => new AppError(404, 'SKU_NOT_FOUND', `There is no product with sku "${sku}".`),
  listingNotFound: (slug: string) => new AppError(404, 'LISTING_NOT_FOUND', `There is no promotion listing "${slug}".`),
  bundleNotFound: (id: number) => new AppError(404, 'BUNDLE_NOT_FOUND', `There is no bundle ${id}.`),
  badPrice: () =>
    new AppError(400, 'BAD_PRICE', 'Enter the price in pence, as a whole number more than 0, for example 12999 for £129.99.', {
      errors: [{ path: 'body.priceIncVat', message: 'Enter the price in pence, as a whole number more than 0', code: 'bad_price' }],
    }),
  notTradePriced: () => new AppError(403, 'NOT_TRADE_PRICED', 'Trade prices are for approved trade accounts: apply for one, or ask us to check yours.'),
};
