import { AppError, fieldRefusal } from '../../platform/errors.ts';

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

  // The staff product editor's refusals: each names the field.
  productIdNotFound: (id: number) => new AppError(404, 'PRODUCT_NOT_FOUND', `There is no product ${id}.`),
  productChanged: () =>
    new AppError(
      409,
      'PRODUCT_CHANGED',
      'Someone else changed this product after you opened it, so your change was not saved. Open the product again to see their change, then make yours.',
    ),
  unknownBrand: (slug: string) => fieldRefusal(422, 'UNKNOWN_BRAND', 'brandSlug', `There is no brand "${slug}": choose one from the list.`),
  unknownCategory: (slug: string) =>
    fieldRefusal(422, 'UNKNOWN_CATEGORY', 'categorySlug', `There is no category "${slug}": choose a sub-category from the list.`),
  notThisProductsSku: (field: string, sku: string) => fieldRefusal(422, 'SKU_NOT_OF_PRODUCT', field, `This product has no variant with the code "${sku}".`),
  duplicateSku: (field: string, sku: string) =>
    fieldRefusal(409, 'DUPLICATE_SKU', field, `The code "${sku}" is already used by another variant: enter a different code.`),
  // Imports of the range (range-import.ts): a file refused whole, and an import not found.
  rangeFileRefused: (problem: string) => fieldRefusal(422, 'RANGE_FILE_REFUSED', 'content', `${problem}.`),
  rangeImportNotFound: () => new AppError(404, 'RANGE_IMPORT_NOT_FOUND', 'There is no such import: check the file again from the import page.'),
  unknownVatRate: (names: readonly string[]) => fieldRefusal(422, 'UNKNOWN_VAT_RATE', 'vatRateCode', `Choose a VAT rate the UK has: ${names.join(', ')}.`),
  endsBeforeStart: () => fieldRefusal(422, 'PRICE_ENDS_BEFORE_START', 'endsAt', 'The end of a price must be after its start (and after now).'),
  scheduleOverlaps: () =>
    fieldRefusal(
      409,
      'PRICE_SCHEDULE_OVERLAPS',
      'startsAt',
      'This variant already has a scheduled price at that time: cancel it first, or choose another time.',
    ),
  scheduleNotCancellable: () =>
    fieldRefusal(
      409,
      'PRICE_SCHEDULE_NOT_CANCELLABLE',
      'scheduleId',
      'Only a scheduled price that has not started can be cancelled: this one has started, ended or was cancelled.',
    ),
};
