import { QUESTION_INVITATION_DAYS } from '@shop/contracts';
import { AppError } from '../../platform/errors.ts';

/** Product questions: each refusal changes nothing. */
export const QuestionErrors = {
  productNotFound: () => new AppError(404, 'QUESTION_PRODUCT_NOT_FOUND', 'We couldn’t find that product. Check the product code and try again.'),
  questionNotFound: () => new AppError(404, 'QUESTION_NOT_FOUND', 'There is no such question. Reload the list of questions.'),
  changed: () =>
    new AppError(409, 'QUESTION_CHANGED', 'Someone else changed this question while you were looking at it. Reload it to see what changed, then try again.'),
  alreadyPublished: () => new AppError(409, 'QUESTION_ALREADY_PUBLISHED', 'This question is published already, with its answer.'),
  alreadyRejected: () => new AppError(409, 'QUESTION_ALREADY_REJECTED', 'This question was rejected already.'),
  proposedAnswerNotFound: () =>
    new AppError(422, 'QUESTION_PROPOSED_ANSWER_NOT_FOUND', 'That customer’s answer is not one sent for this question. Reload the question and choose again.', {
      errors: [
        { path: 'body.fromInvitationId', message: 'Choose one of the customers’ answers shown with this question', code: 'question_proposed_answer_not_found' },
      ],
    }),
  invitationNotFound: () =>
    new AppError(
      404,
      'QUESTION_INVITATION_NOT_FOUND',
      'This link does not work. Check you copied the whole link from our e-mail, or contact us if it still does not work.',
    ),
  invitationAnswered: () =>
    new AppError(409, 'QUESTION_INVITATION_ANSWERED', 'You have answered this question already. Thank you: a moderator will check your answer.'),
  invitationExpired: () =>
    new AppError(
      410,
      'QUESTION_INVITATION_EXPIRED',
      `This link has expired: we ask for answers within ${QUESTION_INVITATION_DAYS} days of our e-mail. Thank you for being willing to help.`,
    ),
  invitationClosed: () =>
    new AppError(
      409,
      'QUESTION_INVITATION_CLOSED',
      'This question has been answered or withdrawn since we e-mailed you, so it needs no answer now. Thank you.',
    ),
};
