import { ApiError } from '@shop/api-client';
import type { TradeApplication } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { Route } from './+types/staff-trade-application';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { DecisionForms } from '../components/staff-trade/decision-forms.tsx';
import {
  ApplicationDetails,
  ApplicationHistory,
  ApplicationSkeleton,
  ApplicationStatusBadge,
  Card,
  DocumentList,
} from '../components/trade/application-parts.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, UserIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { bandLabel } from '../lib/trade/bands.ts';
import { staffAccountPath, STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE, TRADE_REVIEW_ROLES } from '../lib/trade/trade-paths.ts';
import { useTradeBands } from '../lib/trade/use-trade-bands.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(TRADE_REVIEW_ROLES);

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(
    `Application ${params.tradeExternalId} | Trade applications`,
    'A trade account application: the business, its documents and history, and the reviewer’s steps.',
  ),
  { name: 'robots', content: 'noindex' },
];

/** One application for reviewers: what was sent, the documents, who did what when, and the steps to take. */
export default function StaffTradeApplicationPage() {
  const { tradeExternalId = '' } = useParams();
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
          <Application tradeExternalId={tradeExternalId} />
        </div>
      </div>
    </>
  );
}

function Application({ tradeExternalId }: { tradeExternalId: string }) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const bands = useTradeBands();
  const loaded = useApiData(clients ? `${sub}:${tradeExternalId}` : undefined, (signal) =>
    clients!.trade.getTradeApplication({ params: { tradeExternalId } }, { signal }),
  );
  // What the last step answered, shown in place of the loaded application, with what was done.
  const [latest, setLatest] = useState<{ application: TradeApplication; done: string } | null>(null);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (latest) status.current?.focus();
  }, [latest]);

  if (loaded.state === 'error') {
    if (isForbidden(loaded.error)) return <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />;
    if (loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400)) {
      return (
        <EmptyState
          icon={<UserIcon className="size-8" />}
          title="No such application"
          actions={<ButtonLink to={STAFF_TRADE_PATHS.queue}>Find an application</ButtonLink>}
        >
          <p>There is no application {tradeExternalId}. Search the queue by the business’s name, the e-mail address or the postcode.</p>
        </EmptyState>
      );
    }
    return <LoadError title="We couldn’t load this application" error={loaded.error} onRetry={loaded.reload} />;
  }
  const application = latest?.application ?? (loaded.state === 'ready' ? loaded.data : null);
  if (!application) return <ApplicationSkeleton label="Loading the application…" />;
  const reload = () => {
    setLatest(null);
    loaded.reload();
  };

  return (
    <div className="space-y-6">
      <div ref={status} tabIndex={-1} className="space-y-4 focus:outline-none">
        {latest && <Notice title={latest.done} />}
        <section aria-labelledby="application-summary" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="application-summary" className="text-xl font-bold tracking-tight text-navy-950">
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
              <DecisionForms
                key={application.version}
                application={application}
                bands={bands}
                onDecided={(next, done) => setLatest({ application: next, done })}
                onStale={reload}
              />
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
