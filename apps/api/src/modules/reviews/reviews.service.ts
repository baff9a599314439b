import type { ServiceContext } from '../../platform/context.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { OrdersService } from '../orders/index.ts';
import { createListings, type ReviewListingsService } from './listings.ts';
import { createWriting, type ReviewWritingService } from './writing.ts';
import { createPhotos, type ReviewPhotosService } from './photos.ts';
import { createQuestions, type ReviewQuestionsService } from './questions.ts';
import { createInvitations, type ReviewInvitationsService } from './invitations.ts';

/** The services reviews use: each part takes what it needs from these. */
export interface ReviewsDeps {
  catalogue: CatalogueService;
  orders: OrdersService;
  notifications: NotificationsService;
  identity: IdentityService;
  /**
   * Units of `skus` returned and reported damaged (the help centre's, which files its product
   * questions with reviews: given late, as pricing's trade lookup is, to keep the graph acyclic).
   */
  afterSalesUnits(ctx: Pick<ServiceContext, 'db'>, skus: readonly string[]): Promise<{ unitsReturned: number; unitsReportedDamaged: number }>;
}

/**
 * Reviews and questions (docs/domain.md §5): writing and moderating reviews (`writing.ts`), and
 * reading them (listings, summaries, search, questions, insights: `listings.ts`). Every published
 * review changes its product's summary in the same transaction (`summaries.ts`).
 */
export type ReviewsService = ReviewWritingService & ReviewListingsService & ReviewPhotosService & ReviewQuestionsService & ReviewInvitationsService;

export function createReviewsService(deps: ReviewsDeps): ReviewsService {
  return { ...createWriting(deps), ...createListings(deps), ...createPhotos(deps), ...createQuestions(deps), ...createInvitations(deps) };
}
