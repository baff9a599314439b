import type { Route } from './+types/staff-trade';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ApplicationSearchForm } from '../components/staff-trade/search-forms.tsx';
import { ApplicationResults, StatusCounts } from '../components/staff-trade/results.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { Link } from '../components/ui/link.tsx';
import { searchRead, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { STAFF_CREDIT_WEBHOOKS_PATH, STAFF_EXPOSURE_PATH } from '../lib/trade/staff-exposure.ts';
import { APPLICATION_SORTS, sortOf, applicationFilters, applicationSearchBody } from '../lib/trade/staff-search.ts';
import { staffTradeBands, staffTradeClient } from '../lib/trade/trade-api.server.ts';
import { STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE } from '../lib/trade/trade-paths.ts';

/** The applications the search in the address finds, and the bands to filter by, read on the server for the signed-in reviewer. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffTradeClient(request);
  const filters = applicationFilters(new URL(request.url).searchParams);
  return staffRead(async () => {
    const [bands, found] = await Promise.all([
      staffTradeBands(request),
      searchRead(() => api.searchTradeApplications({ body: applicationSearchBody(filters) })),
    ]);
    return { filters, bands, ...found };
  });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade applications', 'Trade account applications, for reviewers to approve, turn down or ask about.'),
  { name: 'robots', content: 'noindex' },
];

/** The reviewers' queue: counts per status, and a search of applications kept in the address. */
export default function StaffTradePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Trade applications"
        intro={<p>Review applications for trade accounts: approve them on a band, ask the applicant a question, or turn them down with a reason they read.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />
        ) : (
          <div className="space-y-6">
            <p className="flex flex-wrap gap-x-6 gap-y-2">
              <Link to={STAFF_TRADE_PATHS.accounts}>Find a trade account</Link>
              <Link to={STAFF_EXPOSURE_PATH}>Exposure on account</Link>
              <Link to={STAFF_CREDIT_WEBHOOKS_PATH}>Webhooks from Two</Link>
            </p>
            {loaderData.page && <StatusCounts counts={loaderData.page.statusCounts} filters={loaderData.filters} />}
            <ApplicationSearchForm filters={loaderData.filters} bands={loaderData.bands} />
            {loaderData.page === null ? (
              <ErrorSummary problems={[{ message: loaderData.problem }]} />
            ) : (
              <ApplicationResults page={loaderData.page} filters={loaderData.filters} sortLabel={sortOf(APPLICATION_SORTS, loaderData.filters.sort).label} />
            )}
          </div>
        )}
      </div>
    </>
  );
}
