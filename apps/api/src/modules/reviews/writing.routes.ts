import type { FastifyInstance } from 'fastify';
import { reviewWritingEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Writing reviews (signed-in customers) and moderating them (review moderators). */
export function registerWritingRoutes(app: FastifyInstance, reviews: ReviewsService): void {
  bindEndpoint(app, endpoints.writeVerifiedOrderReview, ({ ctx, body }) => reviews.writeVerifiedOrderReview(ctx, body));
  bindEndpoint(app, endpoints.writeWebsiteReview, ({ ctx, body }) => reviews.writeWebsiteReview(ctx, body));
  bindEndpoint(app, endpoints.publishReview, ({ ctx, params, body }) => reviews.publishReview(ctx, params.reviewId, body));
  bindEndpoint(app, endpoints.rejectReview, ({ ctx, params, query }) => reviews.rejectReview(ctx, params.reviewId, query));
  bindEndpoint(app, endpoints.getReview, ({ ctx, params }) => reviews.getReviewForModeration(ctx, params.reviewId));
}
