import type { ApiModule } from '../../platform/module.ts';
import { reviewsPersonalData } from './reviews.personal-data.ts';
import { registerReviewsRoutes } from './reviews.routes.ts';
import type { ReviewsService } from './reviews.service.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { FilesService } from '../files/index.ts';
import { reviewPhotosDemoSeed } from './review-photos.seed.ts';
import { reviewsDemoSeed } from './reviews.seed.ts';

export { createReviewsService, type ReviewsService } from './reviews.service.ts';
export type { ReviewsDeps } from './reviews.deps.ts';

/**
 * Reviews and questions (issue 21, docs/domain.md §5): customers write reviews (verified when tied
 * to an order line they bought), moderators publish or reject them for a listed reason, and every
 * rating and count a shopper sees is summed from published reviews.
 */
export function createReviewsModule({ reviews, catalogue, files }: { reviews: ReviewsService; catalogue: CatalogueService; files: FilesService }): ApiModule {
  return {
    name: 'reviews',
    personalData: reviewsPersonalData,
    registerRoutes: async (app) => {
      // Staff search's index loads while the shop starts (about 10 s at 1,000,000 reviews).
      app.addHook('onReady', async () => reviews.loadSearchIndex({ db: app.platform.db }));
      await registerReviewsRoutes(app, reviews, files);
    },
    // "Review your purchase" e-mails, once per delivered order (invitations.ts).
    jobs: () => reviews.invitationJobs(),
    // After the catalogue's seed (module order in api.ts): it reviews the demo products; then photos on some of them.
    seeds: [reviewsDemoSeed(catalogue), reviewPhotosDemoSeed(files)],
  };
}
