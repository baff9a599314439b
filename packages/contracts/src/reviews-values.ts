/**
 * Reviews and questions (issue 21, docs/domain.md §5): the plain values both the API and the
 * storefront's browser bundle use. The calls are declared in `reviews.ts`.
 */

/** pending: waiting for a moderator (held ones say why in `heldReason`); published: shown; rejected: not shown, with a reason. */
export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Where a review came from: the website's form, or the form reached from an order (a verified purchase). */
export const REVIEW_SOURCES = ['Website', 'VerifiedOrder'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** The only reasons a review may be rejected (DMCC Act 2024: never because it is negative). */
export const REVIEW_REJECTION_REASONS = ['off_topic', 'offensive', 'personal_data', 'not_about_product', 'fake_or_incentivised'] as const;
export type ReviewRejectionReason = (typeof REVIEW_REJECTION_REASONS)[number];
export const REVIEW_REJECTION_REASON_NAMES: Record<ReviewRejectionReason, string> = {
  off_topic: 'Off-topic',
  offensive: 'Offensive or abusive',
  personal_data: 'Contains personal data',
  not_about_product: 'Not about the product (delivery or service)',
  fake_or_incentivised: 'Fake or incentivised',
};

/** What the automatic first pass holds back for a moderator to look at. */
export const REVIEW_HOLD_REASONS = ['link', 'email_address', 'phone_number', 'profanity', 'duplicate'] as const;
export type ReviewHoldReason = (typeof REVIEW_HOLD_REASONS)[number];

export const QUESTION_STATUSES = ['pending', 'published', 'rejected'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_MAX_PHOTOS = 4;
/** The "review your purchase" e-mail goes this many days after an order is delivered. */
export const REVIEW_INVITATION_DAYS_AFTER_DELIVERY = 7;

/** Days an invitation to answer a question takes answers for: a buyer's memory of the product is fresh, and the asker is still waiting. */
export const QUESTION_INVITATION_DAYS = 30;

/**
 * What a moderator is told after "invite buyers to answer": how many were e-mailed, or why nobody
 * was. The API answers it; the staff questions page says it again after its redirect.
 */
export function invitationMessage(invited: number, invitedBefore: number): string {
  if (invited > 0) {
    const people = invited === 1 ? '1 customer who bought this product' : `${invited} customers who bought this product`;
    return `We e-mailed ${people}, asking them to answer. Their answers will appear here for you to publish.`;
  }
  if (invitedBefore > 0)
    return 'Everyone who bought this product has been asked to answer this question already. Answer it yourself, or wait for their answers.';
  return 'Nobody has bought this product from us yet (on a dispatched or delivered order), so there is nobody to invite. Answer it yourself.';
}
