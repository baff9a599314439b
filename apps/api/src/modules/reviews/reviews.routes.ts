import type { FastifyInstance } from 'fastify';
import type { FilesService } from '../files/index.ts';
import { registerListingsRoutes } from './listings.routes.ts';
import type { ReviewsService } from './reviews.service.ts';
import { registerWritingRoutes } from './writing.routes.ts';
import { registerPhotoRoutes } from './photos.routes.ts';
import { registerQuestionRoutes } from './questions.routes.ts';

/** The reviews service's calls: writing and moderating; listings, summaries, search, questions and insights. */
export async function registerReviewsRoutes(app: FastifyInstance, reviews: ReviewsService, files: FilesService): Promise<void> {
  registerWritingRoutes(app, reviews);
  registerListingsRoutes(app, reviews);
  await registerPhotoRoutes(app, reviews, files);
  registerQuestionRoutes(app, reviews);
}
