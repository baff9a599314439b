import type { PersonalDataStore } from '../../platform/personal-data.ts';
import {
  anonymiseQuestionsOf,
  anonymiseReviewsOf,
  countQuestionsOf,
  countReviewInvitationsTo,
  countReviewsOf,
  deleteReviewInvitationsTo,
} from './repository/index.ts';

export const reviewsPersonalData: readonly PersonalDataStore[] = [
  {
    label: 'Reviews written, and their photos',
    columns: { reviews: ['customer_id', 'email_address', 'display_name', 'town'], review_photos: ['file_id'] },
    foundBy: ['user id', 'e-mail address'],
    onErasure: { effect: 'anonymised', remains: 'The rating and words, shown as by “A customer”; the photos are deleted' },
    count: countReviewsOf,
    erase: (tx, subject) => anonymiseReviewsOf(tx, subject),
  },
  {
    label: 'Product questions asked and answered',
    columns: {
      product_questions: ['customer_id', 'asker_name', 'answerer_name'],
      question_answer_invitations: ['customer_id', 'email_address', 'answerer_name'],
    },
    foundBy: ['user id', 'e-mail address'],
    onErasure: { effect: 'anonymised', remains: 'The question and answer words, shown as by “A customer”' },
    count: countQuestionsOf,
    erase: async (tx, subject) => ({ rows: await anonymiseQuestionsOf(tx, subject) }),
  },
  {
    label: 'Invitations to review an order',
    columns: { review_invitations: ['email_address'] },
    foundBy: ['e-mail address'],
    onErasure: { effect: 'deleted' },
    count: countReviewInvitationsTo,
    erase: async (tx, subject) => ({ rows: await deleteReviewInvitationsTo(tx, subject) }),
  },
];
