import { useShopName } from '../../lib/shop-details.ts';
import { Link } from 'react-router';
import { isReviewChanged, REVIEW_CHANGED_MESSAGE } from '../../lib/staff-reviews/bulk.ts';
import { REJECTION_REASON_OPTIONS, shownText, shownTitle, type QueueReview } from '../../lib/staff-reviews/queue.ts';
import { PostedStepForm } from '../staff/posted-step-form.tsx';
import { stepProblemOf, type StepProblem } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { FieldError, FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { linkClasses } from '../ui/link.tsx';

/** The API's limits (contracts: REVIEW_TITLE_MAX, REVIEW_TEXT_MAX, the reply's 2,000). */
const TITLE_MAX = 100;
const TEXT_MAX = 2000;
const REPLY_MAX = 2000;

/** What a refusal says: fields by name (`body.title`, `query.reason`), and the words for "another moderator got there first". */
export function moderationProblemOf(error: unknown): StepProblem {
  const problem = stepProblemOf(error, new Set(['REVIEW_CHANGED']));
  // The step form's own heading is `ids('title')`: the review's title field goes by `reviewTitle`.
  const fields = Object.fromEntries(
    Object.entries(problem.fields).map(([path, message]) => [path.replace(/^query\./, '').replace(/^title$/, 'reviewTitle'), message]),
  );
  return { ...problem, fields, summary: isReviewChanged(error) ? REVIEW_CHANGED_MESSAGE : (Object.values(fields)[0] ?? problem.summary) };
}

/** The moderator's steps on one review, as a page's forms name them to its action. */
export const MODERATION_STEPS = ['publish', 'reject'] as const;
export type ModerationStep = (typeof MODERATION_STEPS)[number];

/** What the page says once a step is done, from the review as it now is. */
export const moderationDone = (step: ModerationStep, edited: boolean) =>
  step === 'reject' ? 'Rejected. We have e-mailed the author the reason.' : edited ? 'Published, marked as edited.' : 'Published.';

const publishHint = (shopName: string) =>
  `Publish it as written, or change the title or text only to take out what breaks our review policy: shoppers then see “Edited by ${shopName}”.`;

/** The publish form's fields: the title and text as shoppers will see them, and the shop's reply; after a refusal, what was typed. */
function PublishFields({
  review,
  problem,
  ids,
  values = {},
}: {
  review: QueueReview;
  problem: StepProblem | null;
  ids: (field: string) => string;
  values?: Record<string, string>;
}) {
  const shopName = useShopName();
  return (
    <>
      <FormField id={ids('reviewTitle')} label="Title" error={problem?.fields.reviewTitle}>
        {(control) => <Input {...control} name="title" defaultValue={values.title ?? shownTitle(review)} maxLength={TITLE_MAX} autoComplete="off" />}
      </FormField>
      <TextAreaField
        name="text"
        id={ids('text')}
        label="Review"
        error={problem?.fields.text}
        defaultValue={values.text ?? shownText(review)}
        maxLength={TEXT_MAX}
        rows={5}
      />
      <TextAreaField
        name="shopReply"
        id={ids('shopReply')}
        label={`Reply from ${shopName} (optional)`}
        hint="Shown under the review for everyone to read."
        error={problem?.fields.shopReply}
        defaultValue={values.shopReply ?? review.shopReply ?? ''}
        maxLength={REPLY_MAX}
        rows={3}
      />
    </>
  );
}

/** Which review a step is for, where a page holds many: `publish:<id>`, as its action reads it. */
export const reviewStepIntent = (step: ModerationStep, reviewId: string) => `${step}:${reviewId}`;

/** Publish, as a plain form posted to the page's action (it works before the page's scripts run); `intent` names it where a page holds many. */
export function PublishStep({ review, intent = 'publish' }: { review: QueueReview; intent?: string }) {
  const shopName = useShopName();
  return (
    <PostedStepForm intent={intent} version={review.version} title="Publish" hint={publishHint(shopName)} submitLabel="Publish review">
      {(problem, ids, values) => <PublishFields review={review} problem={problem} ids={ids} values={values} />}
    </PostedStepForm>
  );
}

/** Reject or take down, as a plain form posted to the page's action. */
export function RejectStep({ review, intent = 'reject' }: { review: QueueReview; intent?: string }) {
  const published = review.status === 'published';
  return (
    <PostedStepForm
      intent={intent}
      version={review.version}
      title={published ? 'Take down' : 'Reject'}
      hint={<PolicyLine />}
      submitLabel={published ? 'Take the review down' : 'Reject review'}
      variant="secondary"
    >
      {(problem, ids, values) => <ReasonRadios id={ids('reason')} error={problem?.fields.reason} chosen={values.reason} />}
    </PostedStepForm>
  );
}

/** "Reviews are never rejected for being negative", with the published policy. */
export function PolicyLine() {
  return (
    <>
      Reviews are never rejected for being negative: we publish good and bad reviews alike.{' '}
      <Link to="/reviews-policy" className={linkClasses}>
        How we check reviews
      </Link>
    </>
  );
}

/** The only reasons there are, as radios in a fieldset; the first radio carries `id` so a problem can take the keyboard there. */
export function ReasonRadios({ id, error, name = 'reason', chosen }: { id: string; error: string | undefined; name?: string; chosen?: string }) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={errorId}>
      <legend className="text-sm font-semibold text-navy-950">Reason</legend>
      {error && <FieldError id={errorId!} message={error} />}
      <div className="space-y-2">
        {REJECTION_REASON_OPTIONS.map((option, index) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-3 text-navy-950">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === chosen}
              id={index === 0 ? id : undefined}
              className="size-5 shrink-0 accent-teal-700"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
