import type { FastifyInstance } from 'fastify';
import type { ReviewsService } from './reviews.service.ts';

/** Product questions: filing, staff answering and publishing, customers' answers by invitation. */
export function registerQuestionRoutes(_app: FastifyInstance, _reviews: ReviewsService): void {}
