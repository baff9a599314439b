import { REVIEW_MAX_PHOTOS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TITLE_MAX, TRADE_DOCUMENT_MAX_BYTES, type WebsiteReview } from '@shop/contracts';
import type { StepErrors } from '../checkout/checkout-forms.ts';

/**
 * The write-a-review form (`/p/:slug/review`) as a plain multipart form: each field named as the
 * review's body names it (`rating`, `title`, `qualityRating`…), so the API's problems
 * (`body.title`) land beside the field that caused them. The page's action reads it with
 * `reviewFromForm`, checks the photos with `photoProblem` before anything is sent, then sends the
 * review and its photos; the API decides everything else and says what is wrong in words.
 */

/** The fields in the order the form shows them: the error summary lists problems in this order. */
export const REVIEW_FIELDS = [
  'rating',
  'title',
  'text',
  'qualityRating',
  'valueRating',
  'fittingRating',
  'wouldRecommend',
  'photos',
  'displayName',
  'town',
] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

export const PHOTOS_FIELD = 'photos';

/** What the page draws after a post: the form again with why, "reviewed already", or the confirmation. */
export type WriteReviewResult =
  | { state: 'refused'; values: Record<string, string>; errors: StepErrors }
  | { state: 'already'; message: string }
  | { state: 'sent'; reviewId: string; verified: boolean; nextSteps: string; photoCount: number; photosProblem: string | null };

/** The hidden fields that carry a sent review into "add the photos again" (decision 0035: the review is saved already). */
export const RETRY_FIELDS = { intent: 'intent', reviewId: 'reviewId', verified: 'verified', nextSteps: 'nextSteps' } as const;
export const RETRY_PHOTOS = 'photos';
/** The id of a field's control (the first star of a rating), for labels and the error summary's links. */
export const reviewFieldId = (field: string) => `review-${field}`;
/** The path the API names a field by in its problems. */
export const reviewProblemPath = (field: string) => `body.${field}`;

export const TITLE_LIMITS = { max: REVIEW_TITLE_MAX } as const;
export const TEXT_LIMITS = { min: REVIEW_TEXT_MIN, max: REVIEW_TEXT_MAX } as const;

/** What each number of stars means, as the rating's choices say it. */
export const STAR_WORDS = ['', 'Poor', 'Fair', 'Average', 'Good', 'Excellent'] as const;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** A star rating as chosen: 1 to 5, or left out (the API asks for a missing overall rating in its own words). */
function stars(form: FormData, name: string): number | undefined {
  const chosen = Number(text(form, name));
  return Number.isInteger(chosen) && chosen >= 1 && chosen <= 5 ? chosen : undefined;
}

/** The review as the API takes it; blank optional fields and unanswered questions are left out. */
export function reviewFromForm(form: FormData): Omit<WebsiteReview, 'slug' | 'sku'> {
  const recommend = text(form, 'wouldRecommend');
  return {
    rating: stars(form, 'rating')!,
    title: text(form, 'title'),
    text: text(form, 'text'),
    qualityRating: stars(form, 'qualityRating'),
    valueRating: stars(form, 'valueRating'),
    fittingRating: stars(form, 'fittingRating'),
    wouldRecommend: recommend === 'yes' ? true : recommend === 'no' ? false : undefined,
    displayName: text(form, 'displayName'),
    town: text(form, 'town').trim() || undefined,
  };
}

/** The photos chosen; a file input left empty still posts a nameless, empty part, which is not one. */
export function photosFromForm(form: FormData): File[] {
  return form.getAll(PHOTOS_FIELD).filter((value): value is File => value instanceof File && !(value.size === 0 && value.name === ''));
}

/** The first bytes of the two kinds of image the shop keeps (the API reads the content, not the name). */
const IMAGE_SIGNATURES: Record<string, readonly number[]> = {
  JPEG: [0xff, 0xd8, 0xff],
  PNG: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** What is wrong with one chosen photo, in the GOV.UK file upload pattern's words, or null. */
export async function photoProblem(file: Blob): Promise<string | null> {
  if (file.size === 0) return 'The selected file is empty';
  if (file.size > TRADE_DOCUMENT_MAX_BYTES) return 'The selected file must be smaller than 5MB';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const image = Object.values(IMAGE_SIGNATURES).some((signature) => signature.every((byte, index) => head[index] === byte));
  return image ? null : 'The selected file must be a JPG or PNG';
}

/** The photos' problem as the form shows it beside the photos field (the first one found), or null when they can all be sent. */
export async function photosProblem(photos: readonly File[]): Promise<string | null> {
  if (photos.length > REVIEW_MAX_PHOTOS) return `Select up to ${REVIEW_MAX_PHOTOS} photos`;
  for (const photo of photos) {
    const problem = await photoProblem(photo);
    if (problem) return photos.length > 1 && photo.name ? `${photo.name}: ${problem.replace(/^The selected file/, 'the file')}` : problem;
  }
  return null;
}

/** The API's refusal in the form's order: fields first as the form shows them, anything else after. */
export function inFormOrder(errors: StepErrors): StepErrors {
  const order = (path: string) => {
    const index = REVIEW_FIELDS.findIndex((field) => path === reviewProblemPath(field) || path.startsWith(`${reviewProblemPath(field)}.`));
    return index === -1 ? REVIEW_FIELDS.length : index;
  };
  // A photo's problem names its place (`body.photos.1`): the form has one field for them all.
  const fields = errors.fields.map((field) => (field.path.startsWith('body.photos.') ? { ...field, path: reviewProblemPath(PHOTOS_FIELD) } : field));
  return { ...errors, fields: fields.toSorted((a, b) => order(a.path) - order(b.path)) };
}

/** "You have 12 characters remaining", "Enter at least 5 more characters", "You have 3 characters too many". */
export function characterCountMessage(length: number, limits: { min?: number; max: number }): { message: string; over: boolean } {
  const plural = (count: number, more = '') => `${count.toLocaleString('en-GB')} ${more}${count === 1 ? 'character' : 'characters'}`;
  if (length > limits.max) return { message: `You have ${plural(length - limits.max)} too many`, over: true };
  if (limits.min !== undefined && length > 0 && length < limits.min) return { message: `Enter at least ${plural(limits.min - length, 'more ')}`, over: false };
  return { message: `You have ${plural(limits.max - length)} remaining`, over: false };
}
