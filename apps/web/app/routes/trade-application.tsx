import { ApiError } from '@shop/api-client';
import type { TradeApplication } from '@shop/contracts';
import { useEffect } from 'react';
import { data, Form, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/trade-application';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { DocumentSlots, TextAreaField, TradeFormErrors, type TradeFormFailure } from '../components/trade/application-fields.tsx';
import { ApplicationDetails, ApplicationHistory, ApplicationStatusBadge, Card, DocumentList } from '../components/trade/application-parts.tsx';
import { Notice, SignInFirst } from '../components/trade/trade-panels.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { fieldMessage, stepErrors } from '../lib/checkout/checkout-forms.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { bandLabel } from '../lib/trade/bands.ts';
import { documentErrors, documentField, documentsFromForm, fieldId, signedOutProblem, typedValues } from '../lib/trade/application-form.ts';
import { MAX_TRADE_FORM_BYTES, tradeClientFor, uploadAll, uploadDocument } from '../lib/trade/trade-api.server.ts';
import { tooLargeToRead, typedFieldsOf } from '../lib/uploads/posted-form.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { recheckTradeAccount } from '../lib/trade/use-trade-customer.ts';
import { readShopSession } from '../lib/auth/session.server.ts';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your trade account application', 'Where your trade account application is, and what happens next.'),
  { name: 'robots', content: 'noindex' },
];

/** The two forms of this page: answering the reviewer's question, and adding a document. */
type Intent = 'answer' | 'document';
type Failure = TradeFormFailure & { intent: Intent };

const ANSWER_PATH = 'body.answer';

/** The applicant's application, none, or why it could not be had; null when nobody is signed in. */
type Mine = { application: TradeApplication } | { none: true } | { problem: string };

/** The signed-in customer's application (the storefront's session, decision 0063), loaded again after each post. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = readShopSession(request);
  if (!session) return { mine: null };
  try {
    return { mine: { application: await tradeClientFor(request, session).getMyTradeApplication() } as Mine };
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status === 404) return { mine: { none: true } as Mine };
    return { mine: { problem: apiProblemMessage(error) } as Mine };
  }
}

/**
 * An answer (with an optional document) or a document, posted as a plain multipart form. The
 * document is checked first, so a refused one leaves nothing stored; an answer is sent before its
 * document, so a refused answer sends nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const intent: Intent = new URL(request.url).searchParams.get('intent') === 'document' ? 'document' : 'answer';
  if (tooLargeToRead(request, MAX_TRADE_FORM_BYTES))
    return data<Failure>(
      { intent, values: typedValues(await typedFieldsOf(request)), errors: { fields: [], problem: 'That file is too large: choose one smaller than 5MB.' } },
      { status: 413 },
    );
  const form = await request.formData();
  const values = typedValues(form);
  const documents = documentsFromForm(form);
  const refuse = (errors: Failure['errors']) =>
    data<Failure>({ intent, values, errors, documentNames: documents.map((document) => document.file.name) }, { status: 400 });

  const session = readShopSession(request);
  if (!session) return refuse({ fields: [], problem: signedOutProblem(intent) });
  if (intent === 'document' && documents.length === 0) return refuse({ fields: [{ path: documentField(1), message: 'Select a file' }], problem: null });
  const refused = await documentErrors(documents);
  if (refused.length > 0) return refuse({ fields: refused, problem: null });

  const client = tradeClientFor(request, session);
  if (intent === 'answer') {
    try {
      await client.resubmitMyTradeApplication({ body: { answer: typeof values.answer === 'string' ? values.answer : '' } });
    } catch (error) {
      return refuse(stepErrors(error));
    }
  }
  if (intent === 'document') {
    // Only a document was sent: its refusal is the form's.
    try {
      await uploadDocument(client, documents[0]!);
    } catch (error) {
      return refuse({ fields: [{ path: documentField(1), message: stepErrors(error).problem ?? 'The selected file could not be added' }], problem: null });
    }
  }
  const notAdded = intent === 'answer' ? await uploadAll(client, documents) : 0;
  const done = intent === 'answer' ? 'answered=1' : 'added=1';
  return redirectWithNotice(request, `${TRADE_PATHS.application}?${done}${notAdded > 0 ? `&notAdded=${notAdded}` : ''}`);
}

/** The applicant's own application: where it is, what happens next, and their part in it. Drawn by the server. */
export default function TradeApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine } = loaderData;
  return (
    <>
      <PageHeader title="Your trade account application" trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade account application' }]} />
      <div className="container-page min-h-[36rem] py-8 lg:py-10">
        {mine ? (
          <MyApplication mine={mine} failure={actionData} />
        ) : (
          <SignInFirst returnTo={TRADE_PATHS.application} what="see your trade account application" />
        )}
      </div>
    </>
  );
}

function MyApplication({ mine, failure }: { mine: Mine; failure: Failure | undefined }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();

  if (!('application' in mine)) {
    if ('none' in mine) {
      return (
        <EmptyState
          icon={<span className="text-2xl font-extrabold">T</span>}
          title="You have not applied for a trade account"
          actions={<ButtonLink to={TRADE_PATHS.apply}>Open a trade account</ButtonLink>}
        >
          <p>Trade prices on everything in the shop, for plumbers, heating engineers, fitters, builders and the businesses they work for.</p>
        </EmptyState>
      );
    }
    return <LoadError title="We couldn’t load your application" problem={mine.problem} retryTo={TRADE_PATHS.application} />;
  }
  const application = mine.application;
  const notAdded = Number(params.get('notAdded') ?? '0');
  const sending = navigation.state === 'submitting';

  return (
    <div className="space-y-6">
      {params.get('sent') === '1' && (
        <Notice title="Your application has been sent">
          We’ve e-mailed you a copy. We’ll e-mail you again when it is decided, or if we need to know more.
        </Notice>
      )}
      {params.get('answered') === '1' && <Notice title="Your answer has been sent">Your application is back with our trade team.</Notice>}
      {params.get('added') === '1' && <Notice title="Your document has been added" />}
      {notAdded > 0 && (
        <Notice tone="warning" title={notAdded === 1 ? 'One document could not be added' : `${notAdded} documents could not be added`}>
          Add {notAdded === 1 ? 'it' : 'them'} again below: a PDF, JPG or PNG smaller than 5MB.
        </Notice>
      )}
      <StatusCard application={application} />

      {application.status === 'more_info_required' && (
        <Card id="our-question" title="Our question">
          <p className="rounded-lg bg-brass-50 p-4 whitespace-pre-line text-navy-950 ring-1 ring-brass-300 ring-inset">{application.question}</p>
          <Form
            method="post"
            action={`${TRADE_PATHS.application}?intent=answer`}
            encType="multipart/form-data"
            noValidate
            className="mt-5 space-y-5"
            aria-label="Answer our question"
          >
            <TradeFormErrors errors={failure?.intent === 'answer' ? failure.errors : undefined} ids={answerFieldId} />
            <TextAreaField
              name="answer"
              id={answerFieldId('answer')}
              label="Your answer"
              hint="Up to 2,000 characters."
              error={failure?.intent === 'answer' ? fieldMessage(failure.errors, ANSWER_PATH) : undefined}
              defaultValue={failure?.intent === 'answer' ? failure.values.answer : undefined}
              maxLength={2000}
            />
            <DocumentSlots
              slots={[1]}
              numbered={false}
              errors={failure?.intent === 'answer' ? failure.errors : undefined}
              documentNames={failure?.intent === 'answer' ? failure.documentNames : undefined}
            />
            <Button type="submit" loading={sending}>
              Send answer
            </Button>
          </Form>
        </Card>
      )}

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className="space-y-6">
          <Card id="documents" title="Documents">
            <DocumentList application={application} />
            {application.status === 'submitted' && (
              <Form
                method="post"
                action={`${TRADE_PATHS.application}?intent=document`}
                encType="multipart/form-data"
                noValidate
                className="mt-5 space-y-4 border-t border-navy-100 pt-5"
                aria-label="Add a document"
              >
                <h3 className="font-bold text-navy-950">Add a document</h3>
                <TradeFormErrors errors={failure?.intent === 'document' ? failure.errors : undefined} />
                <DocumentSlots slots={[1]} numbered={false} errors={failure?.intent === 'document' ? failure.errors : undefined} />
                <Button type="submit" variant="secondary" loading={sending}>
                  Add document
                </Button>
              </Form>
            )}
          </Card>
          <Card id="history" title="What has happened">
            <ApplicationHistory history={application.history} />
          </Card>
        </div>
        <Card id="what-you-sent" title="What you sent">
          <ApplicationDetails details={application.details} />
        </Card>
      </div>
    </div>
  );
}

const answerFieldId = (field: string) => (field === 'answer' ? 'answer-text' : fieldId(field));

/** Where the application is and what happens next. */
function StatusCard({ application }: { application: TradeApplication }) {
  const approved = application.status === 'approved';
  // Approved since the page last asked: the API says so at once, so the shop's trade prices and pages follow without a new sign-in.
  useEffect(() => {
    if (approved) recheckTradeAccount();
  }, [approved]);
  return (
    <section aria-labelledby="application-status" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id="application-status" className="section-heading">
          {application.details.tradingName ?? application.details.legalName}
        </h2>
        <ApplicationStatusBadge status={application.status} />
      </div>
      <p className="mt-1 text-sm text-navy-700">
        Sent <time dateTime={application.submittedAt}>{formatInstant(application.submittedAt)}</time>
        {application.decidedAt && (
          <>
            {' '}
            · decided <time dateTime={application.decidedAt}>{formatInstant(application.decidedAt)}</time>
          </>
        )}
      </p>
      <h3 className="mt-4 font-bold text-navy-950">What happens next</h3>
      {application.status === 'submitted' && (
        <p className="mt-1 text-navy-800">
          Our trade team is reviewing your application. We’ll e-mail you when it is decided, or if we need to know more. You can add documents below meanwhile.
        </p>
      )}
      {application.status === 'more_info_required' && (
        <p className="mt-1 text-navy-800">We need to know a little more before we decide: answer our question below, and your application comes back to us.</p>
      )}
      {application.status === 'approved' && (
        <>
          <p className="mt-1 text-navy-800">
            Your trade account is open{application.approvedBand ? ` on ${bandLabel(application.approvedBand)}` : ''}. Your trade prices show across the shop
            while you are signed in.
          </p>
          <ButtonLink className="mt-4" to={TRADE_PATHS.dashboard}>
            Go to your trade account
          </ButtonLink>
        </>
      )}
      {application.status === 'disapproved' && (
        <>
          <p className="mt-1 text-navy-800">We could not open a trade account for you this time.</p>
          {application.disapprovalReason && (
            <p className="mt-2 rounded-lg bg-white p-4 whitespace-pre-line text-navy-950 ring-1 ring-navy-200">{application.disapprovalReason}</p>
          )}
          <ButtonLink to={TRADE_PATHS.apply} variant="secondary" className="mt-4">
            Apply again
          </ButtonLink>
        </>
      )}
    </section>
  );
}
