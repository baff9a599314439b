import { useSearchParams } from 'react-router';
import type { Route } from './+types/staff-trade';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ApplicationSearchForm } from '../components/staff-trade/search-forms.tsx';
import { ApplicationResults, ResultsSkeleton, StatusCounts } from '../components/staff-trade/results.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { APPLICATION_SORTS, applicationFilters, applicationSearchBody, applicationsHref } from '../lib/trade/staff-search.ts';
import { STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE, TRADE_REVIEW_ROLES } from '../lib/trade/trade-paths.ts';
import { useTradeBands } from '../lib/trade/use-trade-bands.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(TRADE_REVIEW_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade applications', 'Trade account applications, for reviewers to approve, turn down or ask about.'),
  { name: 'robots', content: 'noindex' },
];

/** The reviewers' queue: counts per status, and a search of applications kept in the address. Loaded in the browser. */
export default function StaffTradePage() {
  return (
    <>
      <PageHeader
        title="Trade applications"
        intro={<p>Review applications for trade accounts: approve them on a band, ask the applicant a question, or turn them down with a reason they read.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Queue />
      </div>
    </>
  );
}

function Queue() {
  const [params] = useSearchParams();
  const filters = applicationFilters(params);
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const bands = useTradeBands();
  const list = useApiData(clients ? `${sub}:${applicationsHref(filters)}` : undefined, (signal) =>
    clients!.trade.searchTradeApplications({ body: applicationSearchBody(filters) }, { signal }),
  );
  const sortLabel = APPLICATION_SORTS.find((sort) => sort.value === filters.sort)?.label ?? APPLICATION_SORTS[0].label;

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />;
  return (
    <div className="space-y-6">
      <p>
        <Link to={STAFF_TRADE_PATHS.accounts}>Find a trade account</Link>
      </p>
      {list.state === 'ready' ? <StatusCounts counts={list.data.statusCounts} filters={filters} /> : <Skeleton className="h-11 w-full max-w-3xl" />}
      <ApplicationSearchForm filters={filters} bands={bands} />
      {list.state === 'error' ? (
        <LoadError title="We couldn’t load the applications" error={list.error} onRetry={list.reload} />
      ) : list.state === 'ready' ? (
        <ApplicationResults page={list.data} filters={filters} sortLabel={sortLabel} />
      ) : (
        <ResultsSkeleton label="Loading applications…" />
      )}
    </div>
  );
}
