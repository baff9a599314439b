import { ApiError, createReviewQuestionsClient, type ReviewQuestionsClient } from '@shop/api-client';
import { invitationMessage, type QuestionRejectionReason, type QuestionSearchPage, type StaffQuestion } from '@shop/contracts';
import { data, Form, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-questions';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import {
  hasQuestionFilters,
  QUESTION_STATUS_NAMES,
  questionFilters,
  questionSearchBody,
  questionsHref,
  QUESTIONS_AUDIENCE,
  QUESTIONS_PATH,
  QUESTIONS_ROLES,
  type QuestionFilters,
} from '../components/questions/question-filters.ts';
import {
  isQuestionChanged,
  QUESTION_CHANGED_MESSAGE,
  QUESTION_STEPS,
  questionProblemOf,
  StaffQuestionCard,
  type QuestionStep,
} from '../components/questions/staff-question-card.tsx';
import { CardNotice, type CardNoticeText } from '../components/staff/card-notice.tsx';
import { NoResults, ResultsRange, SearchActions } from '../components/staff/search-results.tsx';
import { formText } from '../components/staff/step-form.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { HelpIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { apiFieldError } from '../lib/api-problem.ts';
import { hrefWith, refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';

/** The questions calls for the signed-in moderator, once they are known to moderate (anyone else gets the shop's 404, as from the API). */
const questionsApi = (request: Request): ReviewQuestionsClient => staffClient(request, QUESTIONS_ROLES, 'reviews', createReviewQuestionsClient);

/** The queue as the filters in the address select it, read on the server for the signed-in moderator; filters the API refuses, by field. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = questionsApi(request);
  const filters = questionFilters(new URL(request.url).searchParams);
  return staffRead(() =>
    api.searchQuestions({ body: questionSearchBody(filters) }).then(
      (page) => ({ filters, page, errors: null }),
      (error: unknown) => {
        if (!(error instanceof ApiError) || error.status !== 400) throw error;
        const sku = apiFieldError(error, 'sku');
        return { filters, page: null, errors: { sku, q: apiFieldError(error, 'text') ?? (sku ? undefined : error.message) } };
      },
    ),
  );
}

/** What each step, done, leaves in the address (`?done=`): a rejected question that had been published was taken down. */
type DoneStep = 'publish' | 'reject' | 'take-down' | 'invite';
const DONE_STEPS: readonly DoneStep[] = ['publish', 'reject', 'take-down', 'invite'];

/** Sends one step on one question at the version the moderator read; says what the address records of it once done. */
async function takeStep(api: ReviewQuestionsClient, step: QuestionStep, questionId: string, invitationId: string, form: FormData): Promise<[string, string][]> {
  const params = { questionId };
  const version = Number(formText(form, 'version'));
  if (step === 'invite') {
    const sent = await api.inviteQuestionAnswers({ params });
    return [
      ['done', 'invite'],
      ['invited', String(sent.invited)],
    ];
  }
  if (step === 'reject') {
    const reason = formText(form, 'reason') as QuestionRejectionReason;
    const published = formText(form, 'status') === 'published';
    await api.rejectQuestion({ params, query: { reason, version } });
    return [['done', published ? 'take-down' : 'reject']];
  }
  const body = step === 'proposed' ? { fromInvitationId: invitationId, version } : { answer: formText(form, 'answer'), version };
  await api.answerQuestion({ params, body });
  return [['done', 'publish']];
}

/**
 * A step posted from the queue as a plain form (`intent` is `<step>:<question>`, with the proposed
 * answer's invitation for `proposed`): done, the list comes back (post, redirect, get) saying what
 * was done to the question; one another moderator changed first comes back as it now is, saying so;
 * a refusal comes back in its form with the API's words.
 */
export async function action({ request }: Route.ActionArgs) {
  const api = questionsApi(request);
  const list = questionsHref(questionFilters(new URL(request.url).searchParams));
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const [name, questionId = '', invitationId = ''] = intent.split(':');
  const step = QUESTION_STEPS.find((known) => known === name);
  if (!step || !questionId || (step === 'proposed' && !invitationId)) throw data(null, { status: 400 });
  try {
    const done = await takeStep(api, step, questionId, invitationId, form);
    return redirectWithNotice(request, hrefWith(list, [...done, ['question', questionId]]));
  } catch (error) {
    if (isQuestionChanged(error)) return redirectWithNotice(request, hrefWith(list, [['changed', questionId]]));
    return refusedStep(error, { intent, values: { answer: formText(form, 'answer'), reason: formText(form, 'reason') } }, questionProblemOf);
  }
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Product questions', 'Shoppers’ questions about products, for moderators to answer and publish.'),
  { name: 'robots', content: 'noindex' },
];

/** The questions queue: pending questions first (oldest first), then published and rejected ones; answer, publish, reject, invite. Drawn by the server. */
export default function StaffQuestionsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Product questions"
        intro={
          <p>
            Questions shoppers asked about products and let us publish. Answer one yourself, publish a customer’s answer, or ask customers who bought the
            product. Questions waiting for an answer come first, oldest first.
          </p>
        }
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Product questions' }]}
      />
      <div className="container-page min-h-[40rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...QUESTIONS_AUDIENCE} />
        ) : (
          <div className="space-y-8">
            <FiltersForm filters={loaderData.filters} errors={loaderData.errors ?? {}} />
            {loaderData.page && <Results page={loaderData.page} filters={loaderData.filters} />}
          </div>
        )}
      </div>
    </>
  );
}

const FIELD_IDS = { sku: 'questions-sku', q: 'questions-q' } as const;

/** The search, as a plain GET form in the address (so a search can be shared and paged by links). */
function FiltersForm({ filters, errors }: { filters: QuestionFilters; errors: { sku?: string; q?: string } }) {
  const problems = (Object.entries(errors) as [keyof typeof FIELD_IDS, string | undefined][]).flatMap(([field, message]) =>
    message ? [{ message, fieldId: FIELD_IDS[field] }] : [],
  );
  return (
    <Form method="get" action={QUESTIONS_PATH} role="search" aria-label="Find questions" className="space-y-4 rounded-2xl bg-sand-50 p-5">
      {problems.length > 0 && <ErrorSummary problems={problems} />}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[12rem_12rem_1fr]">
        <FormField label="Status">
          {(control) => (
            <Select
              {...control}
              name="status"
              defaultValue={filters.status ?? ''}
              options={[{ value: '', label: 'Any status' }, ...Object.entries(QUESTION_STATUS_NAMES).map(([value, label]) => ({ value, label }))]}
            />
          )}
        </FormField>
        <FormField id={FIELD_IDS.sku} label="Product code" error={errors.sku}>
          {(control) => <Input {...control} name="sku" defaultValue={filters.sku ?? ''} autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormField id={FIELD_IDS.q} label="Words in the question or answer" error={errors.q} className="sm:col-span-2 lg:col-span-1">
          {(control) => <Input {...control} name="q" type="search" defaultValue={filters.q ?? ''} />}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchActions clearTo={QUESTIONS_PATH} filtered={hasQuestionFilters(filters)} />
      </div>
    </Form>
  );
}

/** What the page says a step did (`?done=`, `?invited=`), from the question as it now is. */
function doneText(step: DoneStep, question: StaffQuestion | undefined, invited: number): string {
  if (step === 'reject') return 'Rejected.';
  if (step === 'take-down') return 'Taken down.';
  if (step === 'publish') return question?.answerSource === 'customer' ? `Published with ${question.answererName}’s answer.` : 'Published with your answer.';
  return invitationMessage(invited, Math.max(0, (question?.invitationsSent ?? 0) - invited));
}

/** What the address says a step did to a question (done, or changed by another moderator first), unless a step was refused since. */
function useNotices(questions: readonly StaffQuestion[]): { byQuestion: ReadonlyMap<string, CardNoticeText>; elsewhere: CardNoticeText | null } {
  const [search] = useSearchParams();
  const refused = useActionData<RefusedStep | undefined>();
  const byQuestion = new Map<string, CardNoticeText>();
  for (const questionId of search.getAll('changed')) byQuestion.set(questionId, { text: QUESTION_CHANGED_MESSAGE, tone: 'problem' });
  const done = DONE_STEPS.find((step) => step === search.get('done'));
  const questionId = search.get('question');
  if (!done || !questionId || refused) return { byQuestion, elsewhere: null };
  const question = questions.find((shown) => shown.id === questionId);
  const notice: CardNoticeText = { text: doneText(done, question, Number(search.get('invited')) || 0), tone: 'done' };
  if (question) byQuestion.set(questionId, notice);
  // A question the step took out of the list (say, answered from the waiting ones) is not shown: the page says what was done.
  return { byQuestion, elsewhere: question ? null : { ...notice, text: `${notice.text} The question is no longer in this list.` } };
}

function Results({ page, filters }: { page: QuestionSearchPage; filters: QuestionFilters }) {
  const questions = page.items;
  const notices = useNotices(questions);
  const elsewhere = notices.elsewhere && <CardNotice notice={notices.elsewhere} />;

  if (questions.length === 0) {
    const filtered = hasQuestionFilters(filters);
    return (
      <>
        {elsewhere}
        <NoResults icon={<HelpIcon className="size-8" />} noun="questions" filtered={filtered} clearTo={QUESTIONS_PATH}>
          {filtered
            ? 'Try another status, product code or fewer words.'
            : 'Questions appear here when shoppers ask about a product from its page and let us publish the answer.'}
        </NoResults>
      </>
    );
  }

  return (
    <div className="space-y-4">
      {elsewhere}
      <ResultsRange
        page={{ pageNumber: page.page, pageSize: page.size, totalCount: page.totalCount, items: page.items }}
        singular="Question"
        plural="Questions"
        order="waiting ones first, oldest first"
      />
      <ul className="space-y-6" aria-label="Questions">
        {questions.map((question) => (
          <li key={question.id}>
            <StaffQuestionCard question={question} notice={notices.byQuestion.get(question.id)} />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Pagination label="Question pages" current={page.page} total={page.totalPages} hrefFor={(target) => questionsHref({ ...filters, page: target })} />
        <ButtonLink to={questionsHref(filters)} variant="ghost" size="sm">
          Reload the list
        </ButtonLink>
      </div>
    </div>
  );
}
