import { ApiError } from '@shop/api-client';
import type { ProposedAnswer, StaffQuestion } from '@shop/contracts';
import { useId } from 'react';
import { Form } from 'react-router';
import { heldLabel } from '../../lib/staff-reviews/queue.ts';
import { CardNotice, type CardNoticeText } from '../staff/card-notice.tsx';
import { PostedStepForm, usePostedStep } from '../staff/posted-step-form.tsx';
import { stepProblemOf, type StepProblem } from '../staff/step-form.tsx';
import { ProblemAlert } from '../staff-orders/form-parts.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';
import { ANSWER_MAX, AskedQuestion, formatQuestionDay, QUESTION_REJECTION_REASON_OPTIONS, QuestionProduct } from './question-parts.tsx';
import { QUESTION_STATUS_NAMES } from './question-filters.ts';

export const QUESTION_CHANGED_MESSAGE = 'Another moderator changed this question while you were looking at it. It is shown below as it is now.';
export const isQuestionChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'QUESTION_CHANGED';

const STATUS_TONES: Record<StaffQuestion['status'], BadgeTone> = { pending: 'accent', published: 'success', rejected: 'neutral' };

/** What a refusal says: fields by name (`body.answer`, `query.reason`), and the words for "another moderator got there first". */
export function questionProblemOf(error: unknown): StepProblem {
  const problem = stepProblemOf(error, new Set(['QUESTION_CHANGED']));
  const fields = Object.fromEntries(Object.entries(problem.fields).map(([path, message]) => [path.replace(/^query\./, ''), message]));
  return { ...problem, fields, summary: isQuestionChanged(error) ? QUESTION_CHANGED_MESSAGE : (Object.values(fields)[0] ?? problem.summary) };
}

/** A moderator's steps on one question, as the queue's forms name them to its action: `answer:<question>`, `proposed:<question>:<invitation>`. */
export const QUESTION_STEPS = ['answer', 'proposed', 'reject', 'invite'] as const;
export type QuestionStep = (typeof QUESTION_STEPS)[number];
export const questionStepIntent = (step: QuestionStep, questionId: string, invitationId?: string) =>
  [step, questionId, ...(invitationId ? [invitationId] : [])].join(':');

export interface QuestionCardProps {
  question: StaffQuestion;
  /** Says what a step just did to the question, or that another moderator changed it first. */
  notice: CardNoticeText | undefined;
}

/**
 * One question for a moderator: what was asked about which product, customers' proposed answers, and
 * the steps it can take, each a plain form posted to the queue's action (they work before the page's
 * scripts run); the version read goes with each, so a step on a question changed since is refused.
 */
export function StaffQuestionCard({ question, notice }: QuestionCardProps) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-navy-100 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONES[question.status]}>{QUESTION_STATUS_NAMES[question.status]}</Badge>
        {question.proposedAnswers.length > 0 && question.status === 'pending' && (
          <Badge tone="info">
            {question.proposedAnswers.length} {question.proposedAnswers.length === 1 ? 'customer’s answer' : 'customers’ answers'}
          </Badge>
        )}
        {question.helpReference && <span className="font-mono text-sm text-navy-700">{question.helpReference}</span>}
      </div>
      <h2 id={headingId} className="mt-3">
        <span className="sr-only">Question about </span>
        <QuestionProduct product={question.product} showSku />
      </h2>
      <div className="mt-3">
        <AskedQuestion question={question.question} askerName={question.askerName} askedAt={question.askedAt} />
      </div>

      {notice && (
        <div className="mt-4">
          <CardNotice notice={notice} />
        </div>
      )}

      {question.status === 'published' && question.answer !== null && <PublishedAnswer question={question} />}

      {question.status === 'pending' && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2 lg:items-start">
          {question.proposedAnswers.length > 0 && (
            <section aria-labelledby={`${headingId}-proposed`} className="space-y-4 lg:col-span-2">
              <h3 id={`${headingId}-proposed`} className="text-base font-bold text-navy-950">
                Customers’ answers
              </h3>
              <ul className="grid gap-4 lg:grid-cols-2">
                {question.proposedAnswers.map((proposed) => (
                  <li key={proposed.invitationId}>
                    <ProposedAnswerForm question={question} proposed={proposed} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <PostedStepForm
            intent={questionStepIntent('answer', question.id)}
            version={question.version}
            title="Answer it yourself"
            hint="Your answer is published with the question on the product page, from our team."
            submitLabel="Publish answer"
          >
            {(problem, ids, values) => (
              <TextAreaField
                name="answer"
                id={ids('answer')}
                label="Your answer"
                error={problem?.fields.answer}
                defaultValue={values.answer}
                maxLength={ANSWER_MAX}
                rows={4}
              />
            )}
          </PostedStepForm>
          <div className="space-y-4">
            <InviteBuyers question={question} />
            <RejectQuestionForm question={question} />
          </div>
        </div>
      )}

      {question.status === 'published' && (
        <div className="mt-6 max-w-xl">
          <RejectQuestionForm question={question} />
        </div>
      )}
    </article>
  );
}

function PublishedAnswer({ question }: { question: StaffQuestion }) {
  return (
    <div className="mt-4 max-w-prose rounded-xl border-l-4 border-teal-600 bg-sand-50 p-4">
      <p className="leading-relaxed break-words whitespace-pre-line text-navy-800">{question.answer}</p>
      <p className="mt-2 text-sm text-navy-700">
        Answered by {question.answererName}
        {question.answerSource === 'customer' && ', a customer who bought this'}
        {question.answeredAt && (
          <>
            {' '}
            on <time dateTime={question.answeredAt}>{formatQuestionDay(question.answeredAt)}</time>
          </>
        )}
      </p>
    </div>
  );
}

/** A customer's proposed answer, as they wrote it, with what the first pass found in it; published as written. */
function ProposedAnswerForm({ question, proposed }: { question: StaffQuestion; proposed: ProposedAnswer }) {
  return (
    <PostedStepForm
      intent={questionStepIntent('proposed', question.id, proposed.invitationId)}
      version={question.version}
      title={`From ${proposed.answererName}`}
      hint={
        <>
          Sent on <time dateTime={proposed.answeredAt}>{formatQuestionDay(proposed.answeredAt)}</time>. Published as written, under their name.
        </>
      }
      submitLabel="Publish this answer"
    >
      {() => (
        <div className="space-y-2">
          {proposed.heldReason && <Badge tone="sale">{heldLabel(proposed.heldReason)}</Badge>}
          <p className="leading-relaxed break-words whitespace-pre-line text-navy-800">{proposed.answer}</p>
        </div>
      )}
    </PostedStepForm>
  );
}

/** Reject a pending question, or take a published one down, for a reason from the fixed list. */
function RejectQuestionForm({ question }: { question: StaffQuestion }) {
  const published = question.status === 'published';
  return (
    <PostedStepForm
      intent={questionStepIntent('reject', question.id)}
      version={question.version}
      title={published ? 'Take down' : 'Reject'}
      hint={
        published
          ? 'The question and its answer leave the product page.'
          : 'It is not shown on the product page. The asker’s enquiry is still answered by e-mail from the help inbox.'
      }
      submitLabel={published ? 'Take the question down' : 'Reject question'}
      variant="secondary"
    >
      {(problem, ids, values) => (
        <>
          {/* Says, once done, whether it was taken down or rejected. */}
          <input type="hidden" name="status" value={question.status} />
          <FormField id={ids('reason')} label="Reason" error={problem?.fields.reason}>
            {(control) => (
              <Select
                {...control}
                name="reason"
                defaultValue={values.reason ?? ''}
                options={[{ value: '', label: 'Choose a reason' }, ...QUESTION_REJECTION_REASON_OPTIONS]}
              />
            )}
          </FormField>
        </>
      )}
    </PostedStepForm>
  );
}

/** "Invite buyers to answer", a plain form posted to the queue: e-mails a few customers who bought the product; the queue then says how many. */
function InviteBuyers({ question }: { question: StaffQuestion }) {
  const { id, form, problem, busy, pathname } = usePostedStep(questionStepIntent('invite', question.id));
  return (
    <Form ref={form} method="post" aria-labelledby={`${id}-title`} className="space-y-3 rounded-2xl border border-navy-100 bg-white p-5">
      <input type="hidden" name="intent" value={questionStepIntent('invite', question.id)} />
      <h3 id={`${id}-title`} className="text-lg font-bold text-navy-950">
        Ask customers who bought it
      </h3>
      <p className="text-sm text-navy-700">
        We e-mail up to 5 customers whose orders of it were dispatched or delivered, never the asker, each at most once.{' '}
        {question.invitationsSent > 0 && `${question.invitationsSent} invited so far.`}
      </p>
      {problem && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={pathname} />}
      <Button type="submit" variant="secondary" loading={busy}>
        Invite buyers to answer
      </Button>
    </Form>
  );
}
