import { QUESTION_INVITATION_DAYS, type ReviewHoldReason } from '@shop/contracts';

import { firstPassHold } from './review-rules.ts';

/**
 * Rules for product questions (issue 21), pure so they can be tested alone: the name shown with a
 * published question, what the first pass finds in a customer's proposed answer, and the words a
 * moderator is told after inviting buyers to answer.
 */

const ASKER_NAME_MAX = 60;

/**
 * The name a question is shown with: the first name and the last name's initial ("Jane Smith" → "Jane S."),
 * so a help-centre enquiry's full name never appears on the product page. One word is kept as it is.
 */
export function publicAskerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A customer';
  const first = words[0]!.slice(0, ASKER_NAME_MAX);
  const last = words.length > 1 ? words.at(-1)! : '';
  const initial = /\p{L}/u.exec(last)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * What the automatic first pass (review-rules.ts) finds in an invited customer's answer: a link, an
 * e-mail address, a phone number or swearing. It never refuses the answer: the moderator is shown why to look.
 */
export const proposedAnswerHold = (answer: { answererName: string; answer: string }): ReviewHoldReason | null =>
  firstPassHold({ title: '', text: answer.answer, displayName: answer.answererName });

/** Who a shop answer is from when the shop's name is not known (and for answers stored before they named one). */
const SHOP_ANSWERER_FALLBACK = 'Our team';

/** The name a shop answer is published under: the shop's trading name, else "Our team". */
export const shopAnswererName = (tradingName: string | undefined): string => tradingName?.trim() || SHOP_ANSWERER_FALLBACK;

/**
 * Who a published answer is shown as answered by: the name stored with it, else the shop's, since
 * answers stored before they named one (the demo seed's) were the shop's own. Never an empty name.
 */
export const publishedAnswererName = (stored: string | null, tradingName: string | undefined): string => stored?.trim() || shopAnswererName(tradingName);

/** Whether an invitation sent at `sentAt` no longer takes answers: QUESTION_INVITATION_DAYS whole days after it went. */
export const invitationExpired = (sentAt: Date, now: Date): boolean => now.getTime() - sentAt.getTime() >= QUESTION_INVITATION_DAYS * 24 * 60 * 60 * 1000;
