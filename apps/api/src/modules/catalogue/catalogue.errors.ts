import { AppError, fieldRefusal } from '../../platform/errors.ts';

/** A refusal about a value in the path (the product or item the call is about), named beside it as a body's field is. */
const pathRefusal = (status: number, code: string, field: string, message: string): AppError =>
  new AppError(status, code, message, { errors: [{ path: `params.${field}`, message, code: code.toLowerCase() }] });

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
  pairedWithItself: () =>
    fieldRefusal(422, 'PAIRED_WITH_ITSELF', 'pairedProductId', 'A product cannot be bought together with itself: choose a different product.'),
  productChanged: () =>
    new AppError(
      409,
      'PRODUCT_CHANGED',
      'Someone else changed this product after you opened it, so your change was not saved. Open the product again to see their change, then make yours.',
    ),
  unknownBrand: (slug: string) => fieldRefusal(422, 'UNKNOWN_BRAND', 'brandSlug', `There is no brand "${slug}": choose one from the list.`),
  unknownCategory: (slug: string) =>
    fieldRefusal(422, 'UNKNOWN_CATEGORY', 'categorySlug', `There is no category "${slug}": choose a sub-category from the list.`),
  unknownFamily: (family: string) => fieldRefusal(422, 'UNKNOWN_FAMILY', 'family', `There is no product family "${family}": choose a family from the list.`),
  notThisProductsSku: (field: string, sku: string) => fieldRefusal(422, 'SKU_NOT_OF_PRODUCT', field, `This product has no variant with the code "${sku}".`),
  variantLabelUnreadable: (field: string, problem: string) => fieldRefusal(422, 'VARIANT_LABEL_UNREADABLE', field, `${problem}.`),
  duplicateSku: (field: string, sku: string) =>
    fieldRefusal(409, 'DUPLICATE_SKU', field, `The code "${sku}" is already used by another variant: enter a different code.`),
  // Imports of the range (range-import.ts): a file refused whole, and an import not found.
  rangeFileRefused: (problem: string) => fieldRefusal(422, 'RANGE_FILE_REFUSED', 'content', `${problem}.`),
  rangeImportNotFound: () => new AppError(404, 'RANGE_IMPORT_NOT_FOUND', 'There is no such import: check the file again from the import page.'),
  unknownVatRate: (names: readonly string[], field = 'vatRateCode') =>
    fieldRefusal(422, 'UNKNOWN_VAT_RATE', field, `Choose a VAT rate the UK has: ${names.join(', ')}.`),
  // A variant's pictures staff upload, remove and put in order (product-additions.ts, product-pictures.ts).
  imageFormRefused: () => fieldRefusal(400, 'PRODUCT_IMAGE_FORM', 'image', 'Send the picture as a form (multipart/form-data) in a field named “image”.'),
  oneImage: () => fieldRefusal(422, 'PRODUCT_IMAGE_ONE', 'image', 'Choose one picture at a time.'),
  imageMissing: () => fieldRefusal(422, 'PRODUCT_IMAGE_MISSING', 'image', 'Choose a picture: a JPG or PNG of 5 MB or less.'),
  imageNotFound: () => new AppError(404, 'PRODUCT_IMAGE_NOT_FOUND', 'There is no such picture.'),
  variantImageNotFound: (sku: string) =>
    new AppError(
      404,
      'VARIANT_IMAGE_NOT_FOUND',
      `The variant ${sku} has no such picture: someone may have removed it already. Open the product again to see its pictures as they are now.`,
    ),
  imagePlaceOutOfRange: (count: number) =>
    fieldRefusal(422, 'IMAGE_PLACE_OUT_OF_RANGE', 'place', `Choose a place from 1 to ${count}: the variant has ${count} picture${count === 1 ? '' : 's'}.`),
  // A product's essential items and a bundle's contents (product-essentials.ts): the item named by a variant code in `sku`.
  itemSkuNotFound: (sku: string) =>
    fieldRefusal(422, 'ITEM_SKU_NOT_FOUND', 'sku', `There is no variant with the code "${sku}": enter a code as the product editor shows it.`),
  itemIsThisProduct: () =>
    fieldRefusal(422, 'ITEM_IS_THIS_PRODUCT', 'sku', 'That code is one of this product’s own variants: enter the code of a different product.'),
  itemWithdrawn: (name: string) =>
    fieldRefusal(
      422,
      'ITEM_WITHDRAWN',
      'sku',
      `${name} is withdrawn from sale, so shoppers cannot buy it: put it back on sale first, or choose a different product.`,
    ),
  essentialAlreadyListed: (name: string) =>
    fieldRefusal(422, 'ESSENTIAL_ALREADY_LISTED', 'sku', `${name} is already one of its essential items: remove it first to list it differently.`),
  tooManyEssentials: (max: number) =>
    fieldRefusal(422, 'TOO_MANY_ESSENTIALS', 'sku', `A product can list at most ${max} essential items: remove one before adding another.`),
  essentialNotFound: () =>
    new AppError(
      404,
      'ESSENTIAL_NOT_FOUND',
      'This product does not list that essential item: someone may have removed it already. Open the product again to see its essential items as they are now.',
    ),
  notABundle: () => fieldRefusal(422, 'NOT_A_BUNDLE', 'sku', 'This product is not a bundle, so it holds no items: add the item to a bundle product instead.'),
  bundleInBundle: (name: string) =>
    fieldRefusal(422, 'BUNDLE_IN_BUNDLE', 'sku', `${name} is a bundle itself: put the products it holds in this bundle instead.`),
  bundleItemAlreadyIn: (name: string) =>
    fieldRefusal(422, 'BUNDLE_ITEM_ALREADY_IN', 'sku', `${name} is already in this bundle: remove it first to change its variant or quantity.`),
  tooManyBundleItems: (max: number) =>
    fieldRefusal(422, 'TOO_MANY_BUNDLE_ITEMS', 'sku', `A bundle can hold at most ${max} products: remove one before adding another.`),
  bundleItemNotFound: (sku: string) =>
    pathRefusal(
      404,
      'BUNDLE_ITEM_NOT_FOUND',
      'sku',
      `The bundle does not hold ${sku}: someone may have removed it already. Open the product again to see the bundle as it is now.`,
    ),
  // Essential items a bundle's item needs within that bundle only: the bundle is the product in the path.
  bundleIdNotFound: (id: number) =>
    pathRefusal(404, 'BUNDLE_NOT_FOUND', 'id', `There is no bundle ${id}: open the bundle from the product list, then change its items there.`),
  itemPlaceOutOfRange: (count: number) =>
    fieldRefusal(422, 'ITEM_PLACE_OUT_OF_RANGE', 'place', `Choose a place from 1 to ${count}: the list has ${count} item${count === 1 ? '' : 's'}.`),
  stockNotSet: (field: string, sku: string, held: number) =>
    fieldRefusal(
      409,
      'STOCK_BELOW_HELD',
      field,
      `${held} of ${sku} are already held for orders and payments: enter stock on hand of ${held} or more, or a different code.`,
    ),
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
