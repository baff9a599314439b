import type { ReviewHoldReason } from '@shop/contracts';

/**
 * The automatic first pass over a new review (issue 21): it never rejects, it only holds a review
 * for a moderator with the first reason found. Links, e-mail addresses and phone numbers are
 * personal data or advertising; a short list of swear words; and the author's own earlier text sent
 * again (docs/domain.md §10.5: checks are part of the "reasonable steps" against fake reviews).
 */
export interface ReviewWords {
  title: string;
  text: string;
  displayName: string;
  town?: string | null;
}

const EMAIL_ADDRESS = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|co\.uk|org\.uk|uk|net|org|io|shop|biz|info)\b/i;
/** A UK number: 10 or 11 digits from 0 (or +44 and 9 or 10), with spaces, brackets or dashes between. */
const UK_PHONE = /(?:\+44[\s-]?(?:\(0\))?|(?<![\d])0)(?:[\s().-]*\d){9,10}(?![\d])/;
const PROFANITY = /\b(?:fuck\w*|shit\w*|cunts?|wank\w*|bollocks|twats?|bastards?|pricks?|arseholes?|dickheads?|bellends?|piss(?:ed|ing)?)\b/i;

/** Case, spacing and punctuation aside: "Great basin!!" and "great  basin" are the same words. */
export const sameWords = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Why the review should wait for a moderator, or null. `earlierTexts` are the author's other reviews' texts. */
export function firstPassHold(review: ReviewWords, earlierTexts: readonly string[] = []): ReviewHoldReason | null {
  const all = [review.title, review.text, review.displayName, review.town ?? ''].join('\n');
  if (EMAIL_ADDRESS.test(all)) return 'email_address';
  if (LINK.test(all)) return 'link';
  if (UK_PHONE.test(all)) return 'phone_number';
  if (PROFANITY.test(all)) return 'profanity';
  const words = sameWords(review.text);
  if (earlierTexts.some((earlier) => sameWords(earlier) === words)) return 'duplicate';
  return null;
}

/** "/basins//oval-basin/ " → "oval-basin": the spec trims slugs and strips empty path segments; a product's slug is the last one. */
export function productSlugOf(slug: string): string {
  return (
    slug
      .trim()
      .split('/')
      .filter((segment) => segment.trim() !== '')
      .at(-1)
      ?.trim() ?? ''
  );
}
