import { ApiError } from '@shop/api-client';
import type { ModeratedQuestion, QuestionInvitationsSent, QuestionSearchPage, StaffQuestion } from '@shop/contracts';
import { useState } from 'react';
import { Form, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-questions';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
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
import { QUESTION_CHANGED_MESSAGE, StaffQuestionCard, useQuestionsClient } from '../components/questions/staff-question-card.tsx';
import { NoResults, ResultsRange, SearchActions } from '../components/staff/search-results.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { HelpIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { apiFieldError, isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(QUESTIONS_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Product questions', 'Shoppers’ questions about products, for moderators to answer and publish.'),
  { name: 'robots', content: 'noindex' },
];

/** The questions queue: pending questions first (oldest first), then published and rejected ones; answer, publish, reject, invite. Loaded in the browser. */
export default function StaffQuestionsPage() {
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
        <QuestionsQueue />
      </div>
    </>
  );
}

const FIELD_IDS = { sku: 'questions-sku', q: 'questions-q' } as const;

function QuestionsQueue() {
  const [searchParams] = useSearchParams();
  const filters = questionFilters(searchParams);
  const client = useQuestionsClient();
  const sub = useShopAuth().user?.profile.sub;
  const key = `${sub}:${questionsHref(filters)}`;
  const list = useApiData(client ? key : undefined, (signal) => client!.searchQuestions({ body: questionSearchBody(filters) }, { signal }));

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...QUESTIONS_AUDIENCE} />;
  const searchRefused = list.state === 'error' && list.error instanceof ApiError && list.error.status === 400;
  const errors = searchRefused ? { sku: apiFieldError(list.error, 'sku'), q: apiFieldError(list.error, 'text') } : {};

  return (
    <div className="space-y-8">
      <FiltersForm filters={filters} errors={errors} />
      {list.state === 'error' ? (
        searchRefused ? null : (
          <LoadError title="We couldn’t load the questions" error={list.error} onRetry={list.reload} />
        )
      ) : list.state === 'ready' ? (
        // A new search starts with the questions as the API has them.
        <Results key={key} page={list.data} filters={filters} onReload={list.reload} />
      ) : (
        <QueueSkeleton />
      )}
    </div>
  );
}

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

type Notice = { text: string; tone: 'done' | 'problem' };

function Results({ page, filters, onReload }: { page: QuestionSearchPage; filters: QuestionFilters; onReload: () => void }) {
  const client = useQuestionsClient();
  const [changed, setChanged] = useState<ReadonlyMap<string, StaffQuestion>>(new Map());
  const [notices, setNotices] = useState<ReadonlyMap<string, Notice>>(new Map());
  const questions = page.items.map((item) => changed.get(item.id) ?? item);

  const update = (question: StaffQuestion, notice?: Notice) => {
    setChanged((shown) => new Map(shown).set(question.id, question));
    if (notice) setNotices((shown) => new Map(shown).set(question.id, notice));
  };
  const moderated = (result: ModeratedQuestion, text: string) => update(result, { text, tone: 'done' });
  const invited = (question: StaffQuestion, sent: QuestionInvitationsSent) => update({ ...question, invitationsSent: sent.invitationsSent });
  /** Another moderator changed the question: say so, and show it as it is now (this page of the list, read again). */
  const refresh = async (questionId: string) => {
    setNotices((shown) => new Map(shown).set(questionId, { text: QUESTION_CHANGED_MESSAGE, tone: 'problem' }));
    try {
      const now = (await client?.searchQuestions({ body: questionSearchBody(filters) }))?.items.find((item) => item.id === questionId);
      if (now) update(now);
    } catch {
      // The message already says what happened; "Reload the list" is below.
    }
  };

  if (questions.length === 0) {
    const filtered = hasQuestionFilters(filters);
    return (
      <NoResults icon={<HelpIcon className="size-8" />} noun="questions" filtered={filtered} clearTo={QUESTIONS_PATH}>
        {filtered
          ? 'Try another status, product code or fewer words.'
          : 'Questions appear here when shoppers ask about a product from its page and let us publish the answer.'}
      </NoResults>
    );
  }

  return (
    <div className="space-y-4">
      <ResultsRange
        page={{ pageNumber: page.page, pageSize: page.size, totalCount: page.totalCount, items: page.items }}
        singular="Question"
        plural="Questions"
        order="waiting ones first, oldest first"
      />
      <ul className="space-y-6" aria-label="Questions">
        {questions.map((question) => (
          <li key={question.id}>
            <StaffQuestionCard
              question={question}
              notice={notices.get(question.id)}
              onModerated={moderated}
              onInvited={(sent) => invited(question, sent)}
              onChanged={() => void refresh(question.id)}
            />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Pagination label="Question pages" current={page.page} total={page.totalPages} hrefFor={(target) => questionsHref({ ...filters, page: target })} />
        <button type="button" onClick={onReload} className="text-sm font-semibold text-teal-700 underline underline-offset-3">
          Reload the list
        </button>
      </div>
    </div>
  );
}

function QueueSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p className="sr-only" role="status">
        Loading questions…
      </p>
      <Skeleton className="h-5 w-56" />
      {Array.from({ length: 3 }, (_, row) => (
        <Skeleton key={row} className="h-64 w-full rounded-2xl opacity-70" />
      ))}
    </div>
  );
}
