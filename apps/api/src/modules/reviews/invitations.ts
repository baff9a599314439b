import type { ReviewsDeps } from './reviews.service.ts';

/** Review invitations (issue 21). */
export interface ReviewInvitationsService {}

export function createInvitations(_deps: ReviewsDeps): ReviewInvitationsService {
  return {};
}
