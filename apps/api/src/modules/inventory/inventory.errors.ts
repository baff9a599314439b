import { AppError, fieldRefusal } from '../../platform/errors.ts';

/** One product's part of the out-of-stock message: how many are left, or that it has sold out. */
const shortfall = (line: { productName: string; available: number }) =>
  line.available > 0 ? `only ${line.available} of ${line.productName} ${line.available === 1 ? 'is' : 'are'} left` : `${line.productName} has just sold out`;

/** Inventory's stable error codes. */
export const InventoryErrors = {
  outOfStock: (lines: readonly { productName: string; available: number }[]) =>
    new AppError(
      409,
      'OUT_OF_STOCK',
      `Sorry, ${lines.map((line) => shortfall(line)).join('; ')}. Update your basket and try again: you have not been charged.`,
    ),
  // Back-in-stock notices and the staff stock screen answer with the codes they had as enquiries (the contracts name them).
  addressMissing: () => fieldRefusal(422, 'ENQUIRY_CONTACT_MISSING', 'emailAddress', 'Enter your e-mail address'),
  addressNotSendable: () => fieldRefusal(422, 'ENQUIRY_EMAIL_INVALID', 'emailAddress', 'Enter an e-mail address we can send to, like name@example.com'),
  productUnknown: () => fieldRefusal(422, 'ENQUIRY_PRODUCT_UNKNOWN', 'sku', 'We do not sell a product with that code: check the code and try again'),
  productInStock: () => fieldRefusal(422, 'PRODUCT_IN_STOCK', 'sku', 'This product is in stock now: you can buy it today'),
  stockNoticeLinkInvalid: () => new AppError(404, 'STOCK_NOTICE_LINK_INVALID', 'This link does not work. Use the link in our latest e-mail about the product.'),
};
