import { ADDRESS_BOOK_MAX } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

/** The address book's and the postcode lookup's stable error codes: each refusal changes nothing. */
export const AddressErrors = {
  /** Another customer's address answers the same as one that does not exist: ids reveal nothing. */
  notFound: () => new AppError(404, 'ADDRESS_NOT_FOUND', 'There is no address with this id in your address book. It may have been removed.'),
  postcodeInvalid: (reason: string) => new AppError(400, 'ADDRESS_POSTCODE_INVALID', reason),
  bookFull: () =>
    new AppError(422, 'ADDRESS_BOOK_FULL', `Your address book holds at most ${ADDRESS_BOOK_MAX} addresses. Remove one you no longer use to add another.`),
  postcodeNotFound: (postcode: string) =>
    new AppError(404, 'ADDRESS_POSTCODE_NOT_FOUND', `We could not find any addresses at ${postcode}. Check the postcode, or enter your address by hand.`),
  lookupUnavailable: () =>
    new AppError(503, 'ADDRESS_LOOKUP_UNAVAILABLE', 'Finding addresses by postcode is not working at the moment. Enter your address by hand.'),
};
