import { createReviewWritingClient, type ReviewWritingClient } from '@shop/api-client';
import type { ReviewRejectionReason } from '@shop/contracts';
import { formText } from '../../components/staff/step-form.tsx';
import { staffClient } from '../auth/staff-page.server.ts';
import { REVIEW_ROLES } from './queue.ts';

/** The review calls for the signed-in moderator, once they are known to moderate reviews. */
export const reviewWritingApi = (request: Request): ReviewWritingClient => staffClient(request, REVIEW_ROLES, 'reviews', createReviewWritingClient);

/** What a posted publish or reject form holds, to send and to put back in the form after a refusal. */
export const moderationValues = (form: FormData) => ({
  title: formText(form, 'title'),
  text: formText(form, 'text'),
  shopReply: formText(form, 'shopReply'),
  reason: formText(form, 'reason'),
});

/** Publishes (with any edit and reply) or rejects one review at the version the moderator read. */
export function moderate(
  api: ReviewWritingClient,
  reviewId: string,
  step: 'publish' | 'reject',
  values: Partial<ReturnType<typeof moderationValues>>,
  version: number,
) {
  if (step === 'reject') return api.rejectReview({ params: { reviewId }, query: { reason: (values.reason ?? '') as ReviewRejectionReason, version } });
  const reply = values.shopReply?.trim();
  return api.publishReview({ params: { reviewId }, body: { version, title: values.title, text: values.text, shopReply: reply || undefined } });
}
