import { ApiError, createReviewQuestionsClient } from '@shop/api-client';
import type { ModeratedQuestion, ProposedAnswer, QuestionInvitationsSent, QuestionRejectionReason, StaffQuestion } from '@shop/contracts';
import { useId, useMemo, useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { heldLabel } from '../../lib/staff-reviews/queue.ts';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { formText, StepForm, stepProblemOf, type StepProblem } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';
import { ANSWER_MAX, AskedQuestion, formatQuestionDay, QUESTION_REJECTION_REASON_OPTIONS, QuestionProduct } from './question-parts.tsx';
import { QUESTION_STATUS_NAMES } from './question-filters.ts';

/** The questions calls for the browser, with the signed-in moderator's current access token. */
export function useQuestionsClient() {
  const { settings, getAccessToken } = useShopAuth();
  const apiBaseUrl = settings?.apiBaseUrl;
  return useMemo(
    () => (apiBaseUrl ? createReviewQuestionsClient({ baseUrl: `${apiBaseUrl}/reviews`, getAccessToken }) : undefined),
    [apiBaseUrl, getAccessToken],
  );
}
export type QuestionsClient = NonNullable<ReturnType<typeof useQuestionsClient>>;

export const QUESTION_CHANGED_MESSAGE = 'Another moderator changed this question while you were looking at it. It is shown below as it is now.';
const isQuestionChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && error.code === 'QUESTION_CHANGED';

const STATUS_TONES: Record<StaffQuestion['status'], BadgeTone> = { pending: 'accent', published: 'success', rejected: 'neutral' };

/** What a refusal says: fields by name (`body.answer`, `query.reason`), and the words for "another moderator got there first". */
function problemOf(error: unknown): StepProblem {
  const problem = stepProblemOf(error, new Set(['QUESTION_CHANGED']));
  const fields = Object.fromEntries(Object.entries(problem.fields).map(([path, message]) => [path.replace(/^query\./, ''), message]));
  return { ...problem, fields, summary: isQuestionChanged(error) ? QUESTION_CHANGED_MESSAGE : (Object.values(fields)[0] ?? problem.summary) };
}

export interface QuestionCardProps {
  question: StaffQuestion;
  notice: { text: string; tone: 'done' | 'problem' } | undefined;
  /** The API's answer to a publish or reject, and what to tell the moderator. */
  onModerated: (moderated: ModeratedQuestion, message: string) => void;
  /** How many buyers are invited now, and what to tell the moderator. */
  onInvited: (sent: QuestionInvitationsSent) => void;
  /** Another moderator changed the question: read it again. */
  onChanged: () => void;
}

/** One question for a moderator: what was asked about which product, customers' proposed answers, and the steps it can take. */
export function StaffQuestionCard({ question, notice, onModerated, onInvited, onChanged }: QuestionCardProps) {
  const headingId = useId();
  const client = useQuestionsClient();
  /** Sends a step, and asks for the question again when another moderator changed it meanwhile. */
  const send = async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (isQuestionChanged(error)) onChanged();
      throw error;
    }
  };
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
        <p
          role={notice.tone === 'done' ? 'status' : 'alert'}
          className={
            notice.tone === 'done'
              ? 'mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-sm font-medium text-green-900'
              : 'mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800'
          }
        >
          {notice.text}
        </p>
      )}

      {question.status === 'published' && question.answer !== null && <PublishedAnswer question={question} />}

      {client && question.status === 'pending' && (
        <div className="mt-6 grid gap-4 lg:grid-cols-2 lg:items-start">
          {question.proposedAnswers.length > 0 && (
            <section aria-labelledby={`${headingId}-proposed`} className="space-y-4 lg:col-span-2">
              <h3 id={`${headingId}-proposed`} className="text-base font-bold text-navy-950">
                Customers’ answers
              </h3>
              <ul className="grid gap-4 lg:grid-cols-2">
                {question.proposedAnswers.map((proposed) => (
                  <li key={proposed.invitationId}>
                    <ProposedAnswerForm question={question} proposed={proposed} client={client} send={send} onModerated={onModerated} onChanged={onChanged} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <StepForm
            version={question.version}
            title="Answer it yourself"
            hint="Your answer is published with the question on the product page, from our team."
            submitLabel="Publish answer"
            problemOf={problemOf}
            act={(form, version) =>
              send(() => client.answerQuestion({ params: { questionId: question.id }, body: { answer: formText(form, 'answer'), version } }))
            }
            onDone={(moderated) => onModerated(moderated, 'Published with your answer.')}
            onStale={onChanged}
          >
            {(problem, ids) => (
              <TextAreaField name="answer" id={ids('answer')} label="Your answer" error={problem?.fields.answer} maxLength={ANSWER_MAX} rows={4} />
            )}
          </StepForm>
          <div className="space-y-4">
            <InviteBuyers question={question} client={client} onInvited={onInvited} />
            <RejectQuestionForm question={question} client={client} send={send} onModerated={onModerated} onChanged={onChanged} />
          </div>
        </div>
      )}

      {client && question.status === 'published' && (
        <div className="mt-6 max-w-xl">
          <RejectQuestionForm question={question} client={client} send={send} onModerated={onModerated} onChanged={onChanged} />
        </div>
      )}
    </article>
  );
}

type Send = <T>(call: () => Promise<T>) => Promise<T>;
interface StepProps {
  question: StaffQuestion;
  client: QuestionsClient;
  send: Send;
  onModerated: QuestionCardProps['onModerated'];
  onChanged: () => void;
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
function ProposedAnswerForm({ question, proposed, client, send, onModerated, onChanged }: StepProps & { proposed: ProposedAnswer }) {
  return (
    <StepForm
      version={question.version}
      title={`From ${proposed.answererName}`}
      hint={
        <>
          Sent on <time dateTime={proposed.answeredAt}>{formatQuestionDay(proposed.answeredAt)}</time>. Published as written, under their name.
        </>
      }
      submitLabel="Publish this answer"
      problemOf={problemOf}
      act={(_form, version) =>
        send(() => client.answerQuestion({ params: { questionId: question.id }, body: { fromInvitationId: proposed.invitationId, version } }))
      }
      onDone={(moderated) => onModerated(moderated, `Published with ${proposed.answererName}’s answer.`)}
      onStale={onChanged}
    >
      {() => (
        <div className="space-y-2">
          {proposed.heldReason && <Badge tone="sale">{heldLabel(proposed.heldReason)}</Badge>}
          <p className="leading-relaxed break-words whitespace-pre-line text-navy-800">{proposed.answer}</p>
        </div>
      )}
    </StepForm>
  );
}

/** Reject a pending question, or take a published one down, for a reason from the fixed list. */
function RejectQuestionForm({ question, client, send, onModerated, onChanged }: StepProps) {
  const published = question.status === 'published';
  return (
    <StepForm
      version={question.version}
      title={published ? 'Take down' : 'Reject'}
      hint={
        published
          ? 'The question and its answer leave the product page.'
          : 'It is not shown on the product page. The asker’s enquiry is still answered by e-mail from the help inbox.'
      }
      submitLabel={published ? 'Take the question down' : 'Reject question'}
      variant="secondary"
      problemOf={problemOf}
      act={(form, version) =>
        send(() =>
          client.rejectQuestion({ params: { questionId: question.id }, query: { reason: formText(form, 'reason') as QuestionRejectionReason, version } }),
        )
      }
      onDone={(moderated) => onModerated(moderated, published ? 'Taken down.' : 'Rejected.')}
      onStale={onChanged}
    >
      {(problem, ids) => (
        <FormField id={ids('reason')} label="Reason" error={problem?.fields.reason}>
          {(control) => (
            <Select {...control} name="reason" defaultValue="" options={[{ value: '', label: 'Choose a reason' }, ...QUESTION_REJECTION_REASON_OPTIONS]} />
          )}
        </FormField>
      )}
    </StepForm>
  );
}

/** "Invite buyers to answer": e-mails a few customers who bought the product, and says how many. */
function InviteBuyers({ question, client, onInvited }: { question: StaffQuestion; client: QuestionsClient; onInvited: QuestionCardProps['onInvited'] }) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; tone: 'done' | 'problem' } | null>(null);
  const invite = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const sent = await client.inviteQuestionAnswers({ params: { questionId: question.id } });
      setOutcome({ text: sent.message, tone: 'done' });
      onInvited(sent);
    } catch (error) {
      setOutcome({ text: apiProblemMessage(error), tone: 'problem' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-navy-100 bg-white p-5">
      <h3 id={headingId} className="text-lg font-bold text-navy-950">
        Ask customers who bought it
      </h3>
      <p className="text-sm text-navy-700">
        We e-mail up to 5 customers whose orders of it were dispatched or delivered, never the asker, each at most once.{' '}
        {question.invitationsSent > 0 && `${question.invitationsSent} invited so far.`}
      </p>
      <p
        role={outcome?.tone === 'problem' ? 'alert' : 'status'}
        className={outcome?.tone === 'problem' ? 'text-sm font-medium text-red-800' : 'text-sm text-navy-900'}
      >
        {outcome?.text}
      </p>
      <Button variant="secondary" loading={busy} onClick={() => void invite()}>
        Invite buyers to answer
      </Button>
    </section>
  );
}
