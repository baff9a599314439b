import { AppError } from '../../platform/errors.ts';

/** A refusal about one field of the body: said in `detail`, and beside the field through `errors`. */
const fieldRefusal = (status: number, code: string, field: string, message: string) =>
  new AppError(status, code, message, { errors: [{ path: `body.${field}`, message, code: code.toLowerCase() }] });

/** The trade module's stable error codes: each refusal changes nothing. */
export const TradeErrors = {
  // applying
  applicationNotFound: () => new AppError(404, 'TRADE_APPLICATION_NOT_FOUND', 'There is no trade account application with this reference.'),
  noApplication: () => new AppError(404, 'TRADE_APPLICATION_NOT_FOUND', 'You have not applied for a trade account yet.'),
  alreadyOpen: () =>
    new AppError(
      409,
      'TRADE_APPLICATION_ALREADY_OPEN',
      'You already have a trade account application open. You can see it, and answer any question we ask, under Trade account.',
    ),
  accountExists: () => new AppError(409, 'TRADE_ACCOUNT_EXISTS', 'You already have a trade account: there is no need to apply again.'),
  companyNumberInvalid: (message: string) => fieldRefusal(422, 'TRADE_COMPANY_NUMBER_INVALID', 'companyNumber', message),
  vatNumberInvalid: (message: string) => fieldRefusal(422, 'TRADE_VAT_NUMBER_INVALID', 'vatNumber', message),
  postcodeInvalid: (message: string) => fieldRefusal(422, 'TRADE_POSTCODE_INVALID', 'address.postcode', message),
  incomplete: (field: string, message: string) => fieldRefusal(422, 'TRADE_APPLICATION_INCOMPLETE', field, message),
  notAwaitingAnswer: () =>
    new AppError(409, 'TRADE_APPLICATION_NOT_AWAITING_ANSWER', 'We have not asked you anything about this application: there is nothing to answer yet.'),
  notOpen: () =>
    new AppError(
      409,
      'TRADE_APPLICATION_NOT_OPEN',
      'You have no trade account application open: documents can only be added while one is waiting for review or for your answer.',
    ),

  // documents
  documentMissing: () => new AppError(400, 'TRADE_DOCUMENT_MISSING', 'Choose a file to upload: a PDF, JPEG or PNG.'),
  documentOneAtATime: () => new AppError(400, 'TRADE_DOCUMENT_ONE_AT_A_TIME', 'Upload one document at a time.'),
  documentKindUnknown: () => new AppError(400, 'TRADE_DOCUMENT_KIND_UNKNOWN', 'Choose what the document shows from the list.'),
  documentLimit: (max: number) =>
    new AppError(409, 'TRADE_DOCUMENT_LIMIT', `An application can have at most ${max} documents. Tell us in your answer if you need to send more.`),
  documentNotFound: () => new AppError(404, 'TRADE_DOCUMENT_NOT_FOUND', 'There is no document with this id on this application.'),

  // reviewing
  alreadyDecided: (status: 'approved' | 'disapproved') =>
    new AppError(
      409,
      'TRADE_APPLICATION_ALREADY_DECIDED',
      `This application has already been ${status === 'approved' ? 'approved' : 'turned down'}: it cannot be decided again.`,
    ),
  awaitingAnswer: () =>
    new AppError(
      409,
      'TRADE_APPLICATION_AWAITING_ANSWER',
      'This application is waiting for the applicant to answer your question: it can be approved once they have.',
    ),
  changed: (version: number) =>
    new AppError(
      409,
      'TRADE_APPLICATION_CHANGED',
      `This application has changed since you opened it (it is now version ${version}). Open it again and check before you act.`,
    ),
  bandUnknown: (code: string) => fieldRefusal(422, 'TRADE_BAND_UNKNOWN', 'bandCode', `There is no trade band ${code}. Choose one of the bands listed.`),

  // accounts and businesses
  accountNotFound: () => new AppError(404, 'TRADE_ACCOUNT_NOT_FOUND', 'There is no trade account with this reference.'),
  noTradeAccount: () =>
    new AppError(
      404,
      'TRADE_ACCOUNT_NOT_FOUND',
      'Your sign-in does not name a trade account yet. If your application was approved, sign out and sign in again.',
    ),
  userNotFound: () => new AppError(404, 'ACCOUNT_NOT_FOUND', 'There is no account with this id.'),
  businessNotFound: () => new AppError(404, 'BUSINESS_NOT_FOUND', 'There is no business with this id.'),
  bandChanged: (bandCode: string) =>
    new AppError(
      409,
      'TRADE_BUSINESS_BAND_CHANGED',
      `Someone else moved this business to band ${bandCode} while you were changing it, so your change was not made. ` +
        'Reload the page to see its band history, then change the band again if it still needs changing.',
      { extensions: { bandCode } },
    ),
  resetNotAvailable: () => new AppError(409, 'TRADE_RESET_NOT_AVAILABLE', 'Passwords are kept by the external sign-in provider: reset it there.'),
  noSignInAccount: (email: string) =>
    new AppError(
      409,
      'TRADE_RESET_NO_SIGN_IN',
      `No reset e-mail was sent: the account holder (${email}) has no sign-in account with us. Ask them to register with that address, or check it with them.`,
    ),
  resetThrottled: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'TRADE_RESET_THROTTLED',
      `A reset e-mail was sent to this account a short while ago. Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`,
      {
        headers: { 'retry-after': String(retryAfterSeconds) },
      },
    ),

  // terms
  termsVersionNotCurrent: (current: number) =>
    new AppError(409, 'TRADE_TERMS_VERSION_NOT_CURRENT', `The trade terms have changed: read version ${current}, then accept it.`, {
      extensions: { termsVersion: current },
    }),
  termsNotAccepted: (current: number) =>
    new AppError(409, 'TRADE_TERMS_NOT_ACCEPTED', 'Accept the trade account terms before you place a trade order.', { extensions: { termsVersion: current } }),
};
