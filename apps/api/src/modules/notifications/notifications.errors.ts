import { AppError } from '../../platform/errors.ts';

export const NotificationErrors = {
  emailNotFound: (id: string) => new AppError(404, 'EMAIL_NOT_FOUND', `There is no e-mail with id ${id} in the mailbox.`),
};
