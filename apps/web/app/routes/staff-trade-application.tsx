import type { TradeApplication, TradeBand } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/staff-trade-application';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useStepDone } from '../components/staff/posted-step-form.tsx';
import { formText } from '../components/staff/step-form.tsx';
import { DECISION_STEPS, decisionDone, decisionProblemOf, DecisionForms } from '../components/staff-trade/decision-forms.tsx';
import { ApplicationDetails, ApplicationHistory, ApplicationStatusBadge, Card, DocumentList } from '../components/trade/application-parts.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, UserIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { refusedStep, staffRead } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { bandLabel } from '../lib/trade/bands.ts';
import { staffTradeBands, staffTradeClient } from '../lib/trade/trade-api.server.ts';
import { staffAccountPath, staffApplicationPath, STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE } from '../lib/trade/trade-paths.ts';

/** The application and the bands to approve it on, read on the server for the signed-in reviewer, so they show at first paint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = staffTradeClient(request);
  const { tradeExternalId } = params;
  return staffRead(
    async () => {
      const [application, bands] = await Promise.all([api.getTradeApplication({ params: { tradeExternalId } }), staffTradeBands(request)]);
      return { application, bands };
    },
    { missing: true } as const,
  );
}

/** A reviewer's step, posted as a plain form: done, the page comes back saying so (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = staffTradeClient(request);
  const { tradeExternalId } = params;
  const form = await request.formData();
  const step = DECISION_STEPS.find((name) => name === formText(form, 'intent'));
  if (!step) throw data(null, { status: 400 });
  const version = Number(formText(form, 'version'));
  const values = { bandCode: formText(form, 'bandCode'), note: formText(form, 'note'), question: formText(form, 'question'), reason: formText(form, 'reason') };
  try {
    // The steps name the application by its own number; the version that goes with them is the one the page read.
    const { id } = await api.getTradeApplication({ params: { tradeExternalId } });
    const call = { params: { id } };
    if (step === 'approve') await api.approveTradeApplication({ ...call, body: { bandCode: values.bandCode, note: values.note.trim() || undefined, version } });
    else if (step === 'ask') await api.requireMoreInfoForTradeApplication({ ...call, body: { question: values.question, version } });
    else await api.disapproveTradeApplication({ ...call, body: { reason: values.reason, version } });
  } catch (error) {
    return refusedStep(error, { intent: step, values }, decisionProblemOf);
  }
  return redirectWithNotice(request, `${staffApplicationPath(tradeExternalId)}?done=${step}`);
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(
    `Application ${params.tradeExternalId} | Trade applications`,
    'A trade account application: the business, its documents and history, and the reviewer’s steps.',
  ),
  { name: 'robots', content: 'noindex' },
];

/** One application for reviewers: what was sent, the documents, who did what when, and the steps to take. */
export default function StaffTradeApplicationPage({ loaderData, params }: Route.ComponentProps) {
  const { tradeExternalId } = params;
  return (
    <>
      <PageHeader
        title="Trade account application"
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications', to: STAFF_TRADE_PATHS.queue }, { label: tradeExternalId }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to={STAFF_TRADE_PATHS.queue} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All applications
        </Link>
        <div className="mt-6">
          {'forbidden' in loaderData ? (
            <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />
          ) : 'missing' in loaderData ? (
            <EmptyState
              icon={<UserIcon className="size-8" />}
              title="No such application"
              actions={<ButtonLink to={STAFF_TRADE_PATHS.queue}>Find an application</ButtonLink>}
            >
              <p>There is no application {tradeExternalId}. Search the queue by the business’s name, the e-mail address or the postcode.</p>
            </EmptyState>
          ) : (
            <Application application={loaderData.application} bands={loaderData.bands} />
          )}
        </div>
      </div>
    </>
  );
}

function Application({ application, bands }: { application: TradeApplication; bands: readonly TradeBand[] }) {
  const { done, ref: status } = useStepDone(DECISION_STEPS);
  return (
    <div className="space-y-6">
      <div ref={status} tabIndex={-1} className="space-y-4 focus:outline-none">
        {done && <Notice title={decisionDone(done, application)} />}
        <section aria-labelledby="application-summary" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="application-summary" className="section-heading">
              {application.details.legalName}
            </h2>
            <ApplicationStatusBadge status={application.status} />
          </div>
          <p className="mt-1 text-sm text-navy-700">
            {application.tradeExternalId} · sent <time dateTime={application.submittedAt}>{formatInstant(application.submittedAt)}</time> by{' '}
            {application.applicant.name} (<span className="break-all">{application.applicant.email}</span>)
          </p>
          {application.question && application.status === 'more_info_required' && (
            <p className="mt-3 text-navy-900">
              <span className="font-semibold">Question asked:</span> {application.question}
            </p>
          )}
          {application.answer && (
            <p className="mt-3 text-navy-900">
              <span className="font-semibold">Latest answer:</span> <span className="whitespace-pre-line">{application.answer}</span>
            </p>
          )}
          {application.status === 'approved' && (
            <p className="mt-3 text-navy-900">
              Approved{application.approvedBand ? ` on ${bandLabel(application.approvedBand)}` : ''}.{' '}
              {application.tradeAccountId !== null && <Link to={staffAccountPath(application.tradeAccountId)}>See the trade account</Link>}
            </p>
          )}
          {application.status === 'disapproved' && application.disapprovalReason && (
            <p className="mt-3 text-navy-900">
              <span className="font-semibold">Turned down:</span> {application.disapprovalReason}
            </p>
          )}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card id="details" title="What the applicant sent">
            <ApplicationDetails details={application.details} />
          </Card>
          <Card id="documents" title="Documents">
            <DocumentList application={application} />
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="next-steps" className="space-y-4">
            <h2 id="next-steps" className="text-lg font-bold tracking-tight text-navy-950">
              Decide
            </h2>
            {application.status === 'approved' || application.status === 'disapproved' ? (
              <p className="text-navy-800">This application has been decided: there is nothing more to do.</p>
            ) : (
              <DecisionForms key={application.version} application={application} bands={bands} />
            )}
          </section>
          <Card id="history" title="History">
            <ApplicationHistory history={application.history} />
          </Card>
        </div>
      </div>
    </div>
  );
}
