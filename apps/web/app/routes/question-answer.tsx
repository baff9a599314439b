import { ApiError } from '@shop/api-client';
import { QUESTION_INVITATION_DAYS, type QuestionInvitation } from '@shop/contracts';
import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/question-answer';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ANSWER_MAX, ANSWERER_NAME_MAX, AskedQuestion, QuestionProduct } from '../components/questions/question-parts.tsx';
import { TextAreaField } from '../components/trade/application-fields.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary, type SummaryProblem } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { reviewQuestionsClient } from '../lib/api.server.ts';
import { pageMeta } from '../lib/meta.ts';

/** The fields' ids: the error summary links to them. */
const FIELD_IDS = { answererName: 'answer-name', answer: 'answer-text' } as const;
type Field = keyof typeof FIELD_IDS;

type Loaded = { invitation: QuestionInvitation } | { invalid: true };

interface Refused {
  values: Record<Field, string>;
  fields: Partial<Record<Field, string>>;
  /** A problem with no field: the question was answered meanwhile, too many tries, the shop unreachable. */
  problem: string | null;
}

/** The invitation through the link in our e-mail: read on the server, so the page works before (and without) its scripts. */
export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    return { invitation: await reviewQuestionsClient(request).getQuestionInvitation({ params: { token: params.token } }) } satisfies Loaded;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return data<Loaded>({ invalid: true }, { status: 404 });
    throw error;
  }
}

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The answer, posted as a plain form: sent, the page shows the thank-you (post, redirect, get); refused, the form again with why. */
export async function action({ params, request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { answererName: textOf(form, 'answererName'), answer: textOf(form, 'answer') };
  try {
    await reviewQuestionsClient(request).answerQuestionInvitation({ params: { token: params.token }, body: values });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const listed = (error.data as { errors?: { path?: unknown; message?: unknown }[] } | undefined)?.errors ?? [];
    const fields: Partial<Record<Field, string>> = {};
    for (const entry of listed) {
      const field = typeof entry.path === 'string' ? (entry.path.replace(/^body\./, '') as Field) : undefined;
      if (field && field in FIELD_IDS && typeof entry.message === 'string') fields[field] ??= entry.message;
    }
    const problem =
      Object.keys(fields).length > 0
        ? null
        : error.status === 429
          ? 'You have sent several answers in a short time. Wait a minute, then send it again.'
          : error.status < 500 && error.status !== 0
            ? error.message
            : 'We couldn’t send your answer just now. Please try again in a minute.';
    return data<Refused>({ values, fields, problem }, { status: error.status >= 400 && error.status < 500 ? error.status : 503 });
  }
  return redirect(`/questions/answer/${encodeURIComponent(params.token)}?sent=1`, 303);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Answer a question', 'Help another customer with a question about something you bought.'),
  { name: 'robots', content: 'noindex' },
];

export default function QuestionAnswerPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const invitation = 'invitation' in loaderData ? loaderData.invitation : null;

  if (!invitation) {
    return (
      <>
        <PageHeader title="This link does not work" trail={[{ label: 'Answer a question' }]} />
        <div className="container-page max-w-3xl space-y-4 py-10 text-navy-900">
          <p>Check you copied the whole link from our e-mail. Links to answer a question are sent only to customers who bought the product.</p>
          <p>
            Still stuck? <Link to="/help/contact">Contact us</Link>.
          </p>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Answer a question"
        intro={<p>Another customer asked about something you bought from us. Your answer helps them choose.</p>}
        trail={[{ label: 'Answer a question' }]}
      />
      <div className="container-page grid gap-8 py-8 lg:grid-cols-12 lg:py-10">
        <section
          aria-labelledby="question-heading"
          className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5 sm:p-6 lg:col-span-5 lg:self-start xl:col-span-4"
        >
          <h2 id="question-heading" className="text-sm font-semibold tracking-wide text-navy-700 uppercase">
            The question
          </h2>
          <QuestionProduct product={invitation.product} />
          <AskedQuestion question={invitation.question} askerName={invitation.askerName} askedAt={invitation.askedAt} />
        </section>
        <div className="lg:col-span-7 xl:col-span-6">
          <AnswerPart invitation={invitation} sent={searchParams.get('sent') === '1'} refused={actionData ?? null} />
        </div>
      </div>
    </>
  );
}

function AnswerPart({ invitation, sent, refused }: { invitation: QuestionInvitation; sent: boolean; refused: Refused | null }) {
  const navigation = useNavigation();
  if (invitation.state === 'answered') {
    return (
      <div className="space-y-4">
        <Notice title={sent ? 'Thank you: we have your answer' : 'You have answered this question'}>
          A moderator checks every answer before it appears on the product page, usually within two working days.
        </Notice>
        <section aria-labelledby="your-answer-heading" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <h2 id="your-answer-heading" className="text-lg font-bold tracking-tight text-navy-950">
            Your answer
          </h2>
          <p className="mt-3 max-w-prose leading-relaxed break-words whitespace-pre-line text-navy-800">{invitation.answer}</p>
          <p className="mt-2 text-sm text-navy-700">Shown as {invitation.answererName}</p>
        </section>
        {invitation.product && (
          <p>
            <Link to={`/p/${invitation.product.slug}`}>Back to {invitation.product.name}</Link>
          </p>
        )}
      </div>
    );
  }
  if (invitation.state === 'expired') {
    return (
      <Notice title="This link has expired">
        We ask for answers within {QUESTION_INVITATION_DAYS} days of our e-mail, while the question is fresh. Thank you for being willing to help.
      </Notice>
    );
  }
  if (invitation.state === 'closed') {
    return (
      <Notice title="This question needs no answer now">It has been answered or withdrawn since we e-mailed you. Thank you for being willing to help.</Notice>
    );
  }

  const problems: SummaryProblem[] = refused
    ? [
        ...(refused.problem ? [{ message: refused.problem }] : []),
        ...(Object.entries(refused.fields) as [Field, string][]).map(([field, message]) => ({ message, fieldId: FIELD_IDS[field] })),
      ]
    : [];
  return (
    <section aria-labelledby="answer-heading" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
      <h2 id="answer-heading" className="text-lg font-bold tracking-tight text-navy-950">
        Share what you know
      </h2>
      <p className="mt-1 text-sm text-navy-700">
        Answer from your own experience. A moderator checks every answer before it appears on the product page, with the name you give.
      </p>
      <Form method="post" noValidate className="mt-5 space-y-5" aria-labelledby="answer-heading">
        {problems.length > 0 && <ErrorSummary problems={problems} />}
        <FormField
          id={FIELD_IDS.answererName}
          label="Your name as it will be shown"
          hint="For example, Dee from York. Leave out your surname if you prefer."
          error={refused?.fields.answererName}
        >
          {(control) => (
            <Input {...control} name="answererName" defaultValue={refused?.values.answererName} maxLength={ANSWERER_NAME_MAX} autoComplete="given-name" />
          )}
        </FormField>
        <TextAreaField
          name="answer"
          id={FIELD_IDS.answer}
          label="Your answer"
          hint="Please leave out links, phone numbers and e-mail addresses."
          error={refused?.fields.answer}
          defaultValue={refused?.values.answer}
          maxLength={ANSWER_MAX}
          rows={6}
        />
        <Button type="submit" size="lg" loading={navigation.state === 'submitting'}>
          Send answer
        </Button>
      </Form>
    </section>
  );
}
