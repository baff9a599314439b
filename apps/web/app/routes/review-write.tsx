import { ApiError } from '@shop/api-client';
import { REVIEW_MAX_PHOTOS, type ProductSummary } from '@shop/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { data, Form, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/review-write';
import { PageHeader } from '../components/layout/page-header.tsx';
import { CharacterCountField } from '../components/reviews/character-count-field.tsx';
import { PhotoPicker } from '../components/reviews/photo-picker.tsx';
import { StarRatingField } from '../components/reviews/star-rating-field.tsx';
import { SignInFirst } from '../components/trade/trade-panels.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { ErrorSummary, type SummaryProblem } from '../components/ui/error-summary.tsx';
import { FieldError, FormField } from '../components/ui/form-field.tsx';
import { CheckIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { catalogueClient } from '../lib/api.server.ts';
import { readShopSession } from '../lib/auth/session.server.ts';
import { fieldMessage, type StepErrors } from '../lib/checkout/checkout-forms.ts';
import { pageMeta } from '../lib/meta.ts';
import { writeReview } from '../lib/reviews/review-api.server.ts';
import {
  RETRY_FIELDS,
  RETRY_PHOTOS,
  REVIEW_FIELDS,
  reviewFieldId,
  type ReviewField,
  reviewProblemPath,
  TEXT_LIMITS,
  TITLE_LIMITS,
  type WriteReviewResult,
} from '../lib/reviews/review-form.ts';

/** The product being reviewed, or a real 404 for an unknown one. */
async function loadProduct(request: Request, slug: string): Promise<ProductSummary> {
  try {
    return await catalogueClient(request).getProductSummary({ query: { slug } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

/** `?order=BP12345678`: the review is of a line of that order (a verified purchase); the API checks it is the customer's. */
const orderOf = (url: URL) => url.searchParams.get('order')?.trim().slice(0, 20).toUpperCase() || null;

/** The first name to show with a review, from the account's name (never an e-mail address). */
function firstNameOf(name: string | null | undefined): string {
  return name && !name.includes('@') ? (name.trim().split(/\s+/)[0] ?? '') : '';
}

/** The product, and who is signed in (the storefront's session, decision 0063): the form, or the way to sign in, is drawn by the server. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const product = await loadProduct(request, params.slug);
  const image = product.images[0] ?? null;
  const session = readShopSession(request);
  return {
    product: { slug: product.slug, productName: product.productName, brand: product.brand.name, image },
    order: orderOf(new URL(request.url)),
    writer: session ? { firstName: firstNameOf(session.profile.name) } : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Write a review of ${loaderData.product.productName}` : 'Write a review', 'Tell other shoppers what you think of a product.'),
  { name: 'robots', content: 'noindex' },
];

/** The review, then its photos (decision 0035); refused, the form is drawn again with what was typed and why. */
export async function action({ params, request }: Route.ActionArgs) {
  const product = await loadProduct(request, params.slug);
  const result = await writeReview(request, product, orderOf(new URL(request.url)));
  if (result.state === 'refused') return data(result, { status: 400 });
  if (result.state === 'already') return data(result, { status: 409 });
  return result;
}

type PageProduct = Route.ComponentProps['loaderData']['product'];

/** The optional ratings, as the review's body names them and the form asks for them. */
const SUB_RATINGS = [
  ['qualityRating', 'Quality'],
  ['valueRating', 'Value for money'],
  ['fittingRating', 'Ease of fitting'],
] as const;

/** This page's address (with its `?order=`), which its forms post to, and whether one of them is being sent. */
function useThisPageForm() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = `${location.pathname}${location.search}`;
  return { target, sending: navigation.state === 'submitting' && navigation.formAction === target };
}

/**
 * "Write a review" (issue 21): a signed-in customer's review of a product, verified when it comes
 * from one of their orders. A plain multipart form posting to this page's action (which sends the
 * review, then its photos, for the signed-in customer of the session), drawn on the server for
 * whoever is signed in, so it can be filled in before the page's scripts run.
 */
export default function ReviewWritePage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, order, writer } = loaderData;
  return (
    <>
      <PageHeader
        title="Write a review"
        trail={[{ label: product.productName, to: `/p/${product.slug}` }, { label: 'Write a review' }]}
        intro={<p>Tell other shoppers what you think: what you bought it for, how it was to fit, and how it has been since.</p>}
      />
      <div className="container-page py-8 lg:py-10">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            <ReviewedProduct product={product} order={order} />
            <WriteContent product={product} order={order} writer={writer} result={actionData} />
          </div>
          <AboutReviews />
        </div>
      </div>
    </>
  );
}

function ReviewedProduct({ product, order }: { product: PageProduct; order: string | null }) {
  return (
    <section aria-label="The product you are reviewing" className="flex items-center gap-4 rounded-2xl border border-navy-100 bg-white p-4">
      <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-sand-50 to-sand-100 ring-1 ring-navy-100 sm:size-24">
        {product.image && <img src={product.image.url} alt="" width={192} height={192} className="size-full object-cover" />}
      </div>
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-navy-700">{product.brand}</p>
        <p className="font-semibold text-navy-950">
          <Link to={`/p/${product.slug}`}>{product.productName}</Link>
        </p>
        {order && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-navy-700">
            <Badge tone="success">
              <CheckIcon className="size-3.5" />
              Verified purchase
            </Badge>
            <span>from your order {order}</span>
          </p>
        )}
      </div>
    </section>
  );
}

type Writer = Route.ComponentProps['loaderData']['writer'];

function WriteContent({
  product,
  order,
  writer,
  result,
}: {
  product: PageProduct;
  order: string | null;
  writer: Writer;
  result: WriteReviewResult | undefined;
}) {
  const location = useLocation();
  if (result?.state === 'sent') return <ReviewSent result={result} product={product} />;
  if (result?.state === 'already') return <AlreadyReviewed message={result.message} product={product} />;
  if (!writer) return <SignInFirst returnTo={`${location.pathname}${location.search}`} what="write a review" />;
  return <ReviewForm failure={result} verified={order !== null} firstName={writer.firstName} />;
}

/** The error summary: each problem linked to its field; a problem with no field of the form (the order, say) is said plainly. */
function ReviewErrors({ errors }: { errors: StepErrors | undefined }) {
  if (!errors) return null;
  const problems: SummaryProblem[] = [
    ...(errors.problem ? [{ message: errors.problem }] : []),
    ...errors.fields.map((field) => {
      const name = REVIEW_FIELDS.find((candidate) => reviewProblemPath(candidate) === field.path);
      return name ? { message: field.message, fieldId: reviewFieldId(name) } : { message: field.message };
    }),
  ];
  return <ErrorSummary problems={problems} />;
}

function ReviewForm({
  failure,
  verified,
  firstName,
}: {
  failure: Extract<WriteReviewResult, { state: 'refused' }> | undefined;
  verified: boolean;
  firstName: string;
}) {
  const { target, sending } = useThisPageForm();
  const values = failure?.values ?? {};
  const errors = failure?.errors;
  const message = (field: string) => fieldMessage(errors, reviewProblemPath(field));
  /** A field's id, name, what was typed in it and the API's word on it. */
  const field = (name: ReviewField) => ({ id: reviewFieldId(name), name, defaultValue: values[name], error: message(name) });

  return (
    <Form method="post" action={target} encType="multipart/form-data" noValidate aria-label="Your review" className="space-y-6">
      <ReviewErrors errors={errors} />
      <p className="text-navy-700">All fields are needed unless they say “optional”.</p>

      <Section title="Your rating">
        <StarRatingField {...field('rating')} legend="Overall rating" />
      </Section>

      <Section title="In your words">
        <CharacterCountField {...field('title')} label="Title" limits={TITLE_LIMITS} />
        <CharacterCountField {...field('text')} label="Your review" limits={TEXT_LIMITS} multiline />
      </Section>

      <Section title="More about it" hint="Optional: these help shoppers compare products.">
        <div className="grid gap-5 md:grid-cols-3">
          {SUB_RATINGS.map(([name, legend]) => (
            <StarRatingField key={name} {...field(name)} legend={legend} optional size="md" />
          ))}
        </div>
        <WouldRecommend defaultValue={values.wouldRecommend} error={message('wouldRecommend')} />
        <PhotoPicker
          id={reviewFieldId('photos')}
          label="Photos (optional)"
          hint={`Up to ${REVIEW_MAX_PHOTOS} photos of the product, fitted or in use, each a JPG or PNG smaller than 5MB. They are shown with your review.`}
          error={message('photos')}
        />
      </Section>

      <Section title="About you" hint="Shown with your review. We never show your e-mail address.">
        <DisplayNameField defaultValue={failure ? values.displayName : firstName} error={message('displayName')} />
        <FormField id={reviewFieldId('town')} label="Town (optional)" hint="For example, Leeds" error={message('town')}>
          {(control) => <Input {...control} name="town" autoComplete="address-level2" defaultValue={values.town ?? ''} className="max-w-sm" />}
        </FormField>
      </Section>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" loading={sending}>
          Submit review
        </Button>
        <p className="text-sm text-navy-700">{verified ? 'It will show as a verified purchase. ' : ''}Our team checks every review before it appears.</p>
      </div>
    </Form>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = `review-section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-5 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
      <div>
        <h2 id={id} className="text-lg font-bold tracking-tight text-navy-950">
          {title}
        </h2>
        {hint && <p className="mt-1 text-sm text-navy-700">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

function WouldRecommend({ defaultValue, error }: { defaultValue: string | undefined; error: string | undefined }) {
  const id = reviewFieldId('wouldRecommend');
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="text-sm font-semibold text-navy-950">
        Would you recommend it to a friend? <span className="font-normal text-navy-700">(optional)</span>
      </legend>
      {error && <FieldError id={errorId!} message={error} />}
      <div className="flex gap-6">
        {[
          ['yes', 'Yes'],
          ['no', 'No'],
        ].map(([value, label], index) => (
          <label key={value} className="flex cursor-pointer items-center gap-2.5 text-navy-950">
            <input
              type="radio"
              name="wouldRecommend"
              value={value}
              id={index === 0 ? id : undefined}
              defaultChecked={defaultValue === value}
              className="size-5 accent-teal-700"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Drawn with the account's first name (or what was typed, after a refusal). */
function DisplayNameField({ defaultValue, error }: { defaultValue: string | undefined; error: string | undefined }) {
  return (
    <FormField id={reviewFieldId('displayName')} label="Display name" hint="Your first name is fine. Up to 60 characters." error={error}>
      {(control) => <Input {...control} name="displayName" autoComplete="given-name" defaultValue={defaultValue ?? ''} className="max-w-sm" />}
    </FormField>
  );
}

function ReviewSent({ result, product }: { result: Extract<WriteReviewResult, { state: 'sent' }>; product: PageProduct }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the person: their place is the confirmation's heading.
  useEffect(() => heading.current?.focus(), []);
  const photos = result.photoCount === 1 ? '1 photo' : `${result.photoCount} photos`;
  return (
    <div className="space-y-6">
      <section aria-labelledby="review-sent" className="rounded-2xl border border-teal-200 bg-teal-50 p-6">
        <h2 id="review-sent" ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-950 focus:outline-none">
          Thank you for your review
        </h2>
        {result.verified && (
          <p className="mt-3">
            <Badge tone="success">
              <CheckIcon className="size-3.5" />
              Verified purchase
            </Badge>
          </p>
        )}
        <p className="mt-3 text-navy-900">{result.nextSteps}</p>
        {result.photoCount > 0 && !result.photosProblem && <p className="mt-2 text-navy-900">Your review has {photos}.</p>}
        <p className="mt-4">
          <Link to={`/p/${product.slug}`} className="font-semibold">
            Back to {product.productName}
          </Link>
        </p>
      </section>
      {result.photosProblem && <PhotosNotAdded result={result} />}
    </div>
  );
}

/** The review is saved, but its photos were not: say so, and take them again. */
function PhotosNotAdded({ result }: { result: Extract<WriteReviewResult, { state: 'sent' }> }) {
  const { target, sending } = useThisPageForm();
  return (
    <section aria-labelledby="photos-not-added" role="alert" className="rounded-2xl border-l-4 border-brass-500 bg-brass-50 p-6">
      <h2 id="photos-not-added" className="text-lg font-bold text-navy-950">
        Your photos were not added
      </h2>
      <p className="mt-2 text-navy-900">
        Your review is saved, but we could not add your photos: {result.photosProblem} Choose them again to add them to your review.
      </p>
      <Form method="post" action={target} encType="multipart/form-data" noValidate aria-label="Add photos to your review" className="mt-4 space-y-4">
        <input type="hidden" name={RETRY_FIELDS.intent} value={RETRY_PHOTOS} />
        <input type="hidden" name={RETRY_FIELDS.reviewId} value={result.reviewId} />
        <input type="hidden" name={RETRY_FIELDS.verified} value={result.verified ? 'yes' : 'no'} />
        <input type="hidden" name={RETRY_FIELDS.nextSteps} value={result.nextSteps} />
        <PhotoPicker id="review-photos-again" label="Photos" hint={`Up to ${REVIEW_MAX_PHOTOS} photos, each a JPG or PNG smaller than 5MB.`} />
        <Button type="submit" loading={sending}>
          Add photos
        </Button>
      </Form>
    </section>
  );
}

function AlreadyReviewed({ message, product }: { message: string; product: PageProduct }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="already-reviewed" className="rounded-2xl border border-navy-100 bg-white p-6">
      <h2 id="already-reviewed" ref={heading} tabIndex={-1} className="text-xl font-bold text-navy-950 focus:outline-none">
        You have already reviewed this product
      </h2>
      <p className="mt-2 text-navy-800">{message}</p>
      <ButtonLink to={`/p/${product.slug}`} className="mt-4">
        Back to {product.productName}
      </ButtonLink>
    </section>
  );
}

/** Beside the form: what makes a review useful, and how reviews are checked. */
function AboutReviews() {
  return (
    <aside aria-labelledby="about-reviews" className="space-y-4 rounded-2xl bg-sand-100 p-6 lg:sticky lg:top-6">
      <h2 id="about-reviews" className="text-lg font-bold text-navy-950">
        Writing a helpful review
      </h2>
      <ul className="list-disc space-y-2 pl-5 text-sm text-navy-800">
        <li>Say what you bought it for, and how it was to fit or install.</li>
        <li>Mention the size, finish and build quality, and how it has lasted.</li>
        <li>Keep to the product: for delivery or service, contact us instead.</li>
        <li>Leave out phone numbers, e-mail addresses and links: reviews with them are held back.</li>
      </ul>
      <p className="text-sm text-navy-700">
        We publish good and bad reviews alike. <Link to="/reviews-policy">How we check reviews</Link>
      </p>
    </aside>
  );
}
