import { ApiError, createReviewListingsClient } from '@shop/api-client';
import { redirect } from 'react-router';
import type { Route } from './+types/review-helpful';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { serviceClientOptions } from '../lib/api.server.ts';
import { BACK_FIELD, backPath, reviewAnchor, votedPath } from '../lib/reviews/review-links.ts';

/** Only a form posts here. */
export function loader() {
  return new Response('Send the vote with the form on the product page.', { status: 405, headers: { allow: 'POST' } });
}

/**
 * "Helpful? Yes": the vote goes to the API as this visitor's (their address, through
 * visitorHeaders: one vote per person, decision 0034). Sent by a plain form, the browser goes back
 * to the review on the product page, its count changed and the answer said beside it (a press
 * before the page's scripts have run is one of these); sent by the page's scripts (asking for
 * JSON), the answer is the new count and whether this person had voted already.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const backTo = backPath(form.get(BACK_FIELD));
  const back = `${backTo}#${reviewAnchor(params.reviewId)}`;
  const inPlace = (request.headers.get('accept') ?? '').includes('application/json');
  const reviews = createReviewListingsClient(serviceClientOptions(request, 'reviews'));
  try {
    const vote = await reviews.voteHelpful({ params: { reviewId: params.reviewId } });
    return inPlace ? Response.json(vote) : redirect(votedPath(backTo, params.reviewId, vote.alreadyCounted), 303);
  } catch (error) {
    if (!inPlace) return redirect(back, 303);
    const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 502;
    return Response.json({ message: apiProblemMessage(error) }, { status });
  }
}
