import type { ReviewsDeps } from './reviews.service.ts';

/** Review questions (issue 21). */
export interface ReviewQuestionsService {}

export function createQuestions(_deps: ReviewsDeps): ReviewQuestionsService {
  return {};
}
