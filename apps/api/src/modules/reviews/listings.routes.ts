import type { FastifyInstance } from 'fastify';
import { reviewListingEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { ReviewsService } from './reviews.service.ts';

/** A person votes on a few reviews, not hundreds a minute. */
const VOTE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** Listings, summaries and questions (public), helpful votes, staff search and insights (review moderators). */
export function registerListingsRoutes(app: FastifyInstance, reviews: ReviewsService): void {
  bindEndpoint(app, endpoints.listReviews, ({ ctx, query }) => reviews.listReviews(ctx, query));
  bindEndpoint(app, endpoints.listQuestions, ({ ctx, query }) => reviews.listQuestions(ctx, query));
  bindEndpoint(app, endpoints.getReviewSummary, ({ ctx, params }) => reviews.getReviewSummary(ctx, params.slug));
  bindEndpoint(app, endpoints.voteHelpful, ({ ctx, params, request }) => reviews.voteHelpful(ctx, params.reviewId, request.ip), { rateLimit: VOTE_LIMIT });
  bindEndpoint(app, endpoints.searchReviews, ({ ctx, body }) => reviews.searchReviews(ctx, body));
  bindEndpoint(app, endpoints.searchReviewsAdvanced, ({ ctx, body }) => reviews.searchReviewsAdvanced(ctx, body));
  bindEndpoint(app, endpoints.searchReviewsAdvancedV2, ({ ctx, body }) => reviews.searchReviewsAdvancedWithFacets(ctx, body));
  bindEndpoint(app, endpoints.getOfferingInsights, ({ ctx, query }) => reviews.getOfferingInsights(ctx, query.sku));
}
