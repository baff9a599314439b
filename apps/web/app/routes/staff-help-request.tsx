import { ApiError } from '@shop/api-client';
import type { HelpRequest } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { Route } from './+types/staff-help-request';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { HelpStatusBadge, OverdueBadge } from '../components/staff-help/inbox-list.tsx';
import { RequestActions } from '../components/staff-help/request-actions.tsx';
import { Card, FileList, RequestDetails, RequestSkeleton, Thread } from '../components/staff-help/request-parts.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, HelpIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { HELP_INBOX_AUDIENCE, HELP_INBOX_PATH, HELP_INBOX_ROLES, specialPage, typeName } from '../lib/staff-help/inbox.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(HELP_INBOX_ROLES);

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(
    `${params.reference.toUpperCase()} | Help inbox`,
    'A help request: what the customer sent, the thread, files and order, and the steps to answer it.',
  ),
  { name: 'robots', content: 'noindex' },
];

/** One help request for staff: its fields, thread, files and order, and the steps to answer it. */
export default function StaffHelpRequestPage() {
  const { reference = '' } = useParams();
  const number = reference.trim().toUpperCase();
  return (
    <>
      <PageHeader
        title={`Help request ${number}`}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Help inbox', to: HELP_INBOX_PATH }, { label: number }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to={HELP_INBOX_PATH} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All requests
        </Link>
        <div className="mt-6">
          <Request reference={number} />
        </div>
      </div>
    </>
  );
}

function Request({ reference }: { reference: string }) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const loaded = useApiData(clients ? `${sub}:${reference}` : undefined, (signal) => clients!.helpInbox.getHelpRequest({ params: { reference } }, { signal }));
  // What the last step answered, shown in place of the loaded request, with what was done.
  const [latest, setLatest] = useState<{ request: HelpRequest; done: string } | null>(null);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (latest) status.current?.focus();
  }, [latest]);

  if (loaded.state === 'error') {
    if (isForbidden(loaded.error)) return <NeedStaffAccount {...HELP_INBOX_AUDIENCE} />;
    if (loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400)) {
      return (
        <EmptyState icon={<HelpIcon className="size-8" />} title="No such request" actions={<ButtonLink to={HELP_INBOX_PATH}>Back to the inbox</ButtonLink>}>
          <p>There is no help request {reference}. References are HC- and six letters or digits, like HC-7K3P9Q: check it, or search the inbox.</p>
        </EmptyState>
      );
    }
    return <LoadError title="We couldn’t load this request" error={loaded.error} onRetry={loaded.reload} />;
  }
  const request = latest?.request.reference === reference ? latest.request : loaded.state === 'ready' ? loaded.data : null;
  if (!request) return <RequestSkeleton />;
  const reload = () => {
    setLatest(null);
    loaded.reload();
  };
  const special = specialPage(request.type, request.reference);

  return (
    <div className="space-y-6">
      <div ref={status} tabIndex={-1} className="space-y-4 focus:outline-none">
        {latest && <Notice title={latest.done} />}
        <section aria-labelledby="request-summary" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="request-summary" className="text-xl font-bold tracking-tight text-navy-950">
              {typeName(request.type)}
            </h2>
            <HelpStatusBadge status={request.status} />
            {request.overdue && <OverdueBadge />}
          </div>
          <p className="mt-2 text-navy-900">{request.summary}</p>
          <p className="mt-1 text-sm text-navy-700">
            Sent <time dateTime={request.createdAt}>{formatInstant(request.createdAt)}</time> by {request.name} · answered by {request.team}
            {request.status !== 'closed' && (
              <>
                {' '}
                by <time dateTime={request.dueAt}>{formatInstant(request.dueAt)}</time>
              </>
            )}
            {request.assignedToName && <> · assigned to {request.assignedToName}</>}
          </p>
          {special && (
            <p className="mt-3">
              <ButtonLink to={special.to} variant="secondary">
                {special.label}
              </ButtonLink>
            </p>
          )}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card id="thread" title="Conversation">
            <Thread messages={request.messages} />
          </Card>
          <Card id="details" title="What the customer sent">
            <RequestDetails request={request} />
          </Card>
          <Card id="files" title="Files">
            <FileList request={request} />
          </Card>
        </div>
        <section aria-labelledby="steps" className="min-w-0 space-y-4">
          <h2 id="steps" className="text-lg font-bold tracking-tight text-navy-950">
            Answer
          </h2>
          <RequestActions key={request.version} request={request} onDone={(next, done) => setLatest({ request: next, done })} onStale={reload} />
        </section>
      </div>
    </div>
  );
}
