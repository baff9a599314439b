import { useSearchParams } from 'react-router';
import type { Route } from './+types/staff-help';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { InboxFiltersForm, InboxResults, InboxSkeleton, OverdueSummary } from '../components/staff-help/inbox-list.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { HELP_INBOX_AUDIENCE, HELP_INBOX_ROLES, inboxFilters, inboxHref, inboxQuery } from '../lib/staff-help/inbox.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(HELP_INBOX_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Help inbox', 'Enquiries and order requests from the help centre, for staff to answer.'),
  { name: 'robots', content: 'noindex' },
];

/** The staff inbox: every help request in one queue, filters in the address, paged, with what is overdue. Loaded in the browser. */
export default function StaffHelpPage() {
  return (
    <>
      <PageHeader
        title="Help inbox"
        intro={<p>Every enquiry and order request from the help centre. Open one to see what the customer sent, assign it, reply and close it.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Help inbox' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Inbox />
      </div>
    </>
  );
}

function Inbox() {
  const [searchParams] = useSearchParams();
  const filters = inboxFilters(searchParams);
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const list = useApiData(clients ? `${sub}:${inboxHref(filters)}` : undefined, (signal) =>
    clients!.helpInbox.searchHelpRequests({ query: inboxQuery(filters) }, { signal }),
  );

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...HELP_INBOX_AUDIENCE} />;

  return (
    <>
      <h2 className="mb-4 text-xl font-bold tracking-tight text-navy-950">Find requests</h2>
      <InboxFiltersForm filters={filters} />
      <div className="mt-8 space-y-6">
        {list.state === 'error' ? (
          <LoadError title="We couldn’t load the help inbox" error={list.error} onRetry={list.reload} />
        ) : list.state === 'ready' ? (
          <>
            <OverdueSummary overdue={list.data.overdue} filters={filters} />
            <div>
              <InboxResults page={list.data} filters={filters} />
            </div>
          </>
        ) : (
          <InboxSkeleton />
        )}
      </div>
    </>
  );
}
