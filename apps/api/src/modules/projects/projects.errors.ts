import { PROJECT_MAX_LINES, PROJECT_MAX_QUANTITY } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

/** The projects module's stable error codes: each refusal changes nothing. */
export const ProjectErrors = {
  notFound: () => new AppError(404, 'PROJECT_NOT_FOUND', 'There is no project with this id. Open it from your projects, or ask its owner to share it again.'),
  viewOnly: () =>
    new AppError(
      403,
      'PROJECT_VIEW_ONLY',
      'This project is shared with you to view only. Copy it into your projects to change it, or ask its owner for edit access.',
    ),
  ownerOnly: () => new AppError(403, 'PROJECT_OWNER_ONLY', 'Only the project’s owner can share or delete it.'),
  changed: (version: number) =>
    new AppError(409, 'PROJECT_CHANGED', 'Someone changed this project since you opened it. Check it as it is now and make your change again.', {
      extensions: { currentVersion: version },
    }),
  quantityNotWhole: (sku: string) => new AppError(400, 'PROJECT_QUANTITY_NOT_WHOLE', `The quantity of ${sku} must be a whole number.`),
  quantityOutOfRange: (sku: string) =>
    new AppError(400, 'PROJECT_QUANTITY_OUT_OF_RANGE', `The quantity of ${sku} must be between 1 and ${PROJECT_MAX_QUANTITY}.`),
  duplicateSku: (sku: string) => new AppError(400, 'PROJECT_DUPLICATE_SKU', `${sku} is named twice. Give each product once with its quantity.`),
  skuUnknown: (sku: string) => new AppError(422, 'PROJECT_SKU_UNKNOWN', `We do not sell a product with the code ${sku}.`),
  lineNotFound: (sku: string) => new AppError(404, 'PROJECT_LINE_NOT_FOUND', `${sku} is not in this project.`),
  tooManyLines: () =>
    new AppError(422, 'PROJECT_TOO_MANY_LINES', `A project holds at most ${PROJECT_MAX_LINES} products. Split the job into two projects, or remove some.`),
  variantOfAnotherProduct: (sku: string) =>
    new AppError(422, 'PROJECT_VARIANT_OF_ANOTHER_PRODUCT', `${sku} is not a size or finish of the same product. Add it as a line of its own instead.`),
  variantAlreadyInProject: (label: string) =>
    new AppError(422, 'PROJECT_VARIANT_ALREADY_IN_PROJECT', `The project already has the ${label} one. Change that line’s quantity instead.`),
  invalidEmail: () => new AppError(400, 'PROJECT_SHARE_EMAIL_INVALID', 'Enter one e-mail address, like name@example.com.'),
  shareWithSelf: () =>
    new AppError(422, 'PROJECT_SHARE_WITH_SELF', 'That is your own e-mail address. Enter the address of the person you want to share it with.'),
  shareNotFound: (email: string) => new AppError(404, 'PROJECT_SHARE_NOT_FOUND', `This project is not shared with ${email}.`),
  empty: () => new AppError(422, 'PROJECT_EMPTY', 'The project has no products yet: add some before adding it to your basket.'),
};
