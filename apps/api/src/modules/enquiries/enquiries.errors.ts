import { AppError, fieldRefusal } from '../../platform/errors.ts';
import { WEEE_MAX_PHOTOS, WEEE_TAKE_BACK_DAYS } from '@shop/contracts';

/** Enquiries' refusals (beside `HelpRequestErrors`); each changes nothing. */
export const EnquiryErrors = {
  contactMissing: (field: 'name' | 'emailAddress') =>
    fieldRefusal(422, 'ENQUIRY_CONTACT_MISSING', field, field === 'name' ? 'Enter your name' : 'Enter your e-mail address'),
  emailNotSendable: (field: string) => fieldRefusal(422, 'ENQUIRY_EMAIL_INVALID', field, 'Enter an e-mail address we can send to, like name@example.com'),
  productUnknown: (field = 'sku') =>
    fieldRefusal(422, 'ENQUIRY_PRODUCT_UNKNOWN', field, 'We do not sell a product with that code: check the code and try again'),
  priceMatchNotInStock: () =>
    fieldRefusal(422, 'PRICE_MATCH_NOT_IN_STOCK', 'competitorInStock', 'We can only match the price of an item the other shop has in stock'),
  weeeWindowClosed: (field: 'orderNumber' | 'purchaseDate', closedOn: string) =>
    fieldRefusal(
      422,
      'WEEE_WINDOW_CLOSED',
      field,
      `We take back an old item free within ${WEEE_TAKE_BACK_DAYS} days of buying the new one: that time ended on ${closedOn}. ` +
        'Take it to your council’s recycling centre instead.',
    ),
  weeePurchaseDateMissing: () =>
    fieldRefusal(422, 'WEEE_PURCHASE_DATE_MISSING', 'purchaseDate', 'Enter your order number, or the date you bought the new item'),
  weeePurchaseDateFuture: () =>
    fieldRefusal(422, 'WEEE_PURCHASE_DATE_INVALID', 'purchaseDate', 'The date you bought the new item must be today or in the past'),
  orderNotFound: () =>
    fieldRefusal(404, 'ORDER_NOT_FOUND', 'orderNumber', 'We cannot find an order with that number and e-mail address: check both and try again'),
  photoMissing: () => fieldRefusal(422, 'ENQUIRY_PHOTO_MISSING', 'photos', 'Select a photo of the old item'),
  tooManyFiles: (field: string, max: number) => fieldRefusal(422, 'ENQUIRY_TOO_MANY_FILES', field, `Select up to ${max} files`),
  cvMissing: () => fieldRefusal(422, 'ENQUIRY_CV_MISSING', 'cv', 'Select your CV'),
  notMultipart: () => new AppError(400, 'ENQUIRY_FORM_MISSING', 'Send the form as multipart/form-data, with its fields and files'),
  callbackDayNotAvailable: () =>
    fieldRefusal(422, 'CALLBACK_DAY_NOT_AVAILABLE', 'preferredDate', 'Choose a weekday from today to 30 days ahead for us to call'),
  erasureLinkInvalid: () =>
    new AppError(404, 'ERASURE_LINK_INVALID', 'This confirmation link does not work. Use the link in our e-mail, or send the request again.'),
};

export const MAX_WEEE_PHOTOS = WEEE_MAX_PHOTOS;
