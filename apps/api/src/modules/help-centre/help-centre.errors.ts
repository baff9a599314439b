import { AppError } from '../../platform/errors.ts';

/** A refusal about one field of the body: said in `detail`, and beside the field through `errors`. */
export const fieldRefusal = (status: number, code: string, field: string, message: string) =>
  new AppError(status, code, message, { errors: [{ path: `body.${field}`, message, code: code.toLowerCase() }] });

/**
 * The help centre's stable error codes shared by enquiries, order requests and the inbox; each
 * part adds its own factories beside these (`enquiries.errors.ts`, `order-requests.errors.ts`,
 * `inbox.errors.ts`). Each refusal changes nothing.
 */
export const HelpCentreErrors = {
  requestNotFound: () => new AppError(404, 'HELP_REQUEST_NOT_FOUND', 'There is no help request with this reference.'),
  replyLinkInvalid: () =>
    new AppError(404, 'HELP_REPLY_LINK_INVALID', 'This reply link does not work. Use the link in our latest e-mail, or contact us quoting your reference.'),
};
