import { AppError } from '../../platform/errors.ts';

/** The printed catalogue's stable error codes (the postcode's is the address book's code, one meaning in both). */
export const CatalogueRequestErrors = {
  postcodeInvalid: (reason: string) => new AppError(400, 'ADDRESS_POSTCODE_INVALID', reason),
  noneAtAddress: (postcode: string) =>
    new AppError(
      404,
      'CATALOGUE_REQUEST_NOT_FOUND',
      `We hold no catalogue request or postal consent at that address in ${postcode}. ` +
        'Check the first line as the requester gave it, or look them up by name in the list.',
    ),
};
