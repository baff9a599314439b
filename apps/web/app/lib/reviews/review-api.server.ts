import { ApiError, createAccountsClient, createReviewPhotosClient, createReviewWritingClient, type ReviewPhotosClient } from '@shop/api-client';
import { REVIEW_MAX_PHOTOS, type ProductSummary, type ReviewPhotos } from '@shop/contracts';
import { apiProblemMessage } from '../api-problem.ts';
import { readShopSession, sessionClientOptions, type ShopSession } from '../auth/session.server.ts';
import { formLimitBytes, tooLargeToRead, typedFieldsOf } from '../uploads/posted-form.ts';
import { stepErrors, type StepErrors } from '../checkout/checkout-forms.ts';
import { formText, signedOutProblem, typedValues } from '../trade/application-form.ts';
import {
  inFormOrder,
  photosFromForm,
  photosProblem,
  RETRY_FIELDS,
  RETRY_PHOTOS,
  reviewFromForm,
  reviewProblemPath,
  PHOTOS_FIELD,
  type WriteReviewResult,
} from './review-form.ts';

/**
 * Writing a review from the web tier (the page's action), so the form works whether its scripts
 * sent it or the browser did, for the signed-in customer of the storefront's session (decision 0063),
 * never with a token from the form. The photos are checked before
 * anything is sent, then the review is written, then its photos are added with their own call
 * (decision 0035): when only that fails, the review is saved and the page offers to send them again.
 */

/** The most a review form may post: its photos and the fields around them. */
const MAX_FORM_BYTES = formLimitBytes(REVIEW_MAX_PHOTOS);
const TOO_LARGE = `The photos are too large: choose up to ${REVIEW_MAX_PHOTOS} photos, each smaller than 5MB.`;

/** Codes of "this product (or this order line) has a review by you already". */
const ALREADY_WRITTEN = new Set(['REVIEW_ALREADY_WRITTEN', 'REVIEW_ORDER_LINE_REVIEWED']);

function clientsFor(session: ShopSession, request: Request) {
  const reviews = sessionClientOptions(request, session, 'reviews');
  return {
    writing: createReviewWritingClient(reviews),
    photos: createReviewPhotosClient(reviews),
    accounts: createAccountsClient(sessionClientOptions(request, session, 'accounts')),
  };
}

const refused = (values: Record<string, string>, errors: StepErrors): WriteReviewResult => ({ state: 'refused', values, errors });

/**
 * The order line's product code: the one the page was given (`?sku=` from the order page) when it
 * is this product's, else the line of the order that is this product (a variant bought in another
 * finish), else the product's own; the API says when it is not on the order.
 */
async function orderedSku(accounts: ReturnType<typeof clientsFor>['accounts'], orderNumber: string, product: ReviewedProduct, requested: string | null) {
  if (requested && product.offerings.some((offering) => offering.sku === requested)) return requested;
  try {
    const order = await accounts.getMyOrder({ params: { orderNumber } });
    return order.lines.find((line) => line.productSlug === product.slug)?.sku ?? product.sku;
  } catch {
    return product.sku;
  }
}

/** The upload is multipart, which the typed client passes through as it is. */
type Upload = (input: { params: { reviewId: string }; body: FormData }) => Promise<ReviewPhotos>;

/** Adds the photos to the review: how many it has then, or why they could not be added (the review is saved either way). */
async function sendPhotos(
  client: ReviewPhotosClient,
  reviewId: string,
  photos: readonly File[],
): Promise<{ photoCount: number; photosProblem: string | null }> {
  if (photos.length === 0) return { photoCount: 0, photosProblem: null };
  const body = new FormData();
  for (const [index, photo] of photos.entries()) body.append(PHOTOS_FIELD, photo, photo.name || `photo-${index + 1}`);
  try {
    const answer = await (client.addReviewPhotos as unknown as Upload)({ params: { reviewId }, body });
    return { photoCount: answer.photos.length, photosProblem: null };
  } catch (error) {
    return { photoCount: 0, photosProblem: apiProblemMessage(error) };
  }
}

export type ReviewedProduct = Pick<ProductSummary, 'slug' | 'sku' | 'offerings'>;

/** The page's action: the review (with `order`, a verified purchase) and its photos, or "send the photos again". */
export async function writeReview(request: Request, product: ReviewedProduct, order: string | null): Promise<WriteReviewResult> {
  if (tooLargeToRead(request, MAX_FORM_BYTES))
    return refused(typedValues(await typedFieldsOf(request)), { fields: [{ path: reviewProblemPath(PHOTOS_FIELD), message: TOO_LARGE }], problem: null });
  const form = await request.formData();
  const values = typedValues(form);
  const session = readShopSession(request);
  if (!session) return refused(values, { fields: [], problem: signedOutProblem('review') });
  const clients = clientsFor(session, request);
  const photos = photosFromForm(form);
  const photoRefusal = await photosProblem(photos);

  if (formText(form, RETRY_FIELDS.intent) === RETRY_PHOTOS) {
    const sent = {
      state: 'sent' as const,
      reviewId: formText(form, RETRY_FIELDS.reviewId),
      verified: formText(form, RETRY_FIELDS.verified) === 'yes',
      nextSteps: formText(form, RETRY_FIELDS.nextSteps),
    };
    if (photos.length === 0) return { ...sent, photoCount: 0, photosProblem: 'Select a photo to add to your review' };
    if (photoRefusal) return { ...sent, photoCount: 0, photosProblem: photoRefusal };
    return { ...sent, ...(await sendPhotos(clients.photos, sent.reviewId, photos)) };
  }

  if (photoRefusal) return refused(values, { fields: [{ path: reviewProblemPath(PHOTOS_FIELD), message: photoRefusal }], problem: null });
  const review = reviewFromForm(form);
  let receipt;
  try {
    receipt = order
      ? await clients.writing.writeVerifiedOrderReview({
          body: { ...review, orderNumber: order, sku: await orderedSku(clients.accounts, order, product, new URL(request.url).searchParams.get('sku')) },
        })
      : await clients.writing.writeWebsiteReview({ body: { ...review, slug: product.slug } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code && ALREADY_WRITTEN.has(error.code)) return { state: 'already', message: error.message };
    return refused(values, inFormOrder(stepErrors(error)));
  }
  const added = await sendPhotos(clients.photos, receipt.reviewId, photos);
  return { state: 'sent', reviewId: receipt.reviewId, verified: receipt.verifiedPurchase, nextSteps: receipt.nextSteps, ...added };
}
