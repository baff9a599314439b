import { AppError } from '../../platform/errors.ts';

/**
 * Refusals about any help request, whichever form or order request recorded it (the inbox's and
 * the forms' own are in `inbox.errors.ts` and `enquiries.errors.ts`). Each refusal changes nothing.
 */
export const HelpRequestErrors = {
  requestNotFound: () => new AppError(404, 'HELP_REQUEST_NOT_FOUND', 'There is no help request with this reference.'),
  replyLinkInvalid: () =>
    new AppError(404, 'HELP_REPLY_LINK_INVALID', 'This reply link does not work. Use the link in our latest e-mail, or contact us quoting your reference.'),
};
