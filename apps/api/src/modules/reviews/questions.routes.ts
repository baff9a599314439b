import type { FastifyInstance } from 'fastify';
import { reviewQuestionEndpoints as endpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { ReviewsService } from './reviews.service.ts';

/** An invited customer answers once; a flood from one client is a script, as on the help centre's forms. */
const ANSWER_LIMIT = { max: 10, timeWindow: '1 minute' };
/** Reading an invitation by its link: generous for people, tight for someone guessing links. */
const INVITATION_READ_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Product questions: staff answering, rejecting and inviting buyers (review moderators); invited customers' answers (public, by link). */
export function registerQuestionRoutes(app: FastifyInstance, reviews: ReviewsService): void {
  bindEndpoint(app, endpoints.searchQuestions, ({ ctx, body }) => reviews.searchQuestions(ctx, body));
  bindEndpoint(app, endpoints.answerQuestion, ({ ctx, params, body }) => reviews.answerQuestion(ctx, params.questionId, body));
  bindEndpoint(app, endpoints.rejectQuestion, ({ ctx, params, query }) => reviews.rejectQuestion(ctx, params.questionId, query));
  bindEndpoint(app, endpoints.inviteQuestionAnswers, ({ ctx, params }) => reviews.inviteQuestionAnswers(ctx, params.questionId));
  bindEndpoint(app, endpoints.getQuestionInvitation, ({ ctx, params }) => reviews.getQuestionInvitation(ctx, params.token), {
    rateLimit: INVITATION_READ_LIMIT,
  });
  bindEndpoint(app, endpoints.answerQuestionInvitation, ({ ctx, params, body }) => reviews.answerQuestionInvitation(ctx, params.token, body), {
    rateLimit: ANSWER_LIMIT,
  });
}
