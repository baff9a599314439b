import { AppError } from '../../platform/errors.ts';
import { HelpRequestErrors } from './help-requests.errors.ts';

/** The staff inbox's refusals (beside the shared ones in `help-requests.errors.ts`); each changes nothing. */
export const InboxErrors = {
  requestNotFound: HelpRequestErrors.requestNotFound,
  replyLinkInvalid: HelpRequestErrors.replyLinkInvalid,
  fileNotFound: () => new AppError(404, 'HELP_REQUEST_FILE_NOT_FOUND', 'This request has no such file. Reload the request to see its files.'),
  changed: () =>
    new AppError(409, 'HELP_REQUEST_CHANGED', 'Someone else changed this request while you were looking at it. Reload it to see what changed, then try again.'),
  closed: () => new AppError(409, 'HELP_REQUEST_CLOSED', 'This request is closed. Reopen it (set it to in progress) before replying.'),
  statusUnchanged: (statusName: string) => new AppError(409, 'HELP_REQUEST_STATUS_UNCHANGED', `This request is ${statusName.toLowerCase()} already.`),
  statusNotAllowed: (fromName: string, toName: string) =>
    new AppError(409, 'HELP_REQUEST_STATUS_NOT_ALLOWED', `A request that is ${fromName.toLowerCase()} cannot be set to ${toName.toLowerCase()}.`),
  datesReversed: () =>
    new AppError(400, 'HELP_INBOX_DATES_REVERSED', 'The first day must be on or before the last day.', {
      errors: [{ path: 'query.createdTo', message: 'The first day must be on or before the last day.', code: 'help_inbox_dates_reversed' }],
    }),
};
