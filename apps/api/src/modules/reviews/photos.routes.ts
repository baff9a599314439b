import type { FastifyInstance } from 'fastify';
import type { ReviewsService } from './reviews.service.ts';

/** Photos of reviews: sent by the author, served once the review is published. */
export function registerPhotoRoutes(_app: FastifyInstance, _reviews: ReviewsService): void {}
