import { createListings, type ReviewListingsService } from './listings.ts';
import { createWriting, type ReviewWritingService } from './writing.ts';
import { createPhotos, type ReviewPhotosService } from './photos.ts';
import { createQuestions, type ReviewQuestionsService } from './questions.ts';
import { createInvitations, type ReviewInvitationsService } from './invitations.ts';
import type { ReviewsDeps } from './reviews.deps.ts';

/**
 * Reviews and questions (docs/domain.md §5): writing and moderating reviews (`writing.ts`), and
 * reading them (listings, summaries, search, questions, insights: `listings.ts`). Every published
 * review changes its product's summary in the same transaction (`summaries.ts`).
 */
export type ReviewsService = ReviewWritingService & ReviewListingsService & ReviewPhotosService & ReviewQuestionsService & ReviewInvitationsService;

export function createReviewsService(deps: ReviewsDeps): ReviewsService {
  return { ...createWriting(deps), ...createListings(deps), ...createPhotos(deps), ...createQuestions(deps), ...createInvitations(deps) };
}
