import { createHelpCentreInboxClient } from '@shop/api-client';
import type { Route } from './+types/staff-help';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { InboxFiltersForm, InboxResults, OverdueSummary } from '../components/staff-help/inbox-list.tsx';
import { searchRead, staffClient, staffRead, throwToTidyAddress } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { HELP_INBOX_AUDIENCE, HELP_INBOX_ROLES, inboxFilters, inboxHref, inboxQuery } from '../lib/staff-help/inbox.ts';

/** The queue as the filters in the address select it, read on the server for the signed-in member of staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, HELP_INBOX_ROLES, 'help-centre', createHelpCentreInboxClient);
  const filters = inboxFilters(new URL(request.url).searchParams);
  throwToTidyAddress(request, inboxHref(filters));
  return staffRead(async () => ({ filters, ...(await searchRead(() => api.searchHelpRequests({ query: inboxQuery(filters) }))) }));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Help inbox', 'Enquiries and order requests from the help centre, for staff to answer.'),
  { name: 'robots', content: 'noindex' },
];

/** The staff inbox: every help request in one queue, filters in the address, paged, with what is overdue. */
export default function StaffHelpPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Help inbox"
        intro={<p>Every enquiry and order request from the help centre. Open one to see what the customer sent, assign it, reply and close it.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Help inbox' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...HELP_INBOX_AUDIENCE} />
        ) : (
          <>
            <h2 className="mb-4 section-heading">Find requests</h2>
            <InboxFiltersForm filters={loaderData.filters} />
            <div className="mt-8 space-y-6">
              {loaderData.page === null ? (
                <ErrorSummary problems={[{ message: loaderData.problem }]} />
              ) : (
                <>
                  <OverdueSummary overdue={loaderData.page.overdue} filters={loaderData.filters} />
                  <div>
                    <InboxResults page={loaderData.page} filters={loaderData.filters} />
                  </div>
                </>
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}
