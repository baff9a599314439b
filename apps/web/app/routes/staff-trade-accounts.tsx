import { useSearchParams } from 'react-router';
import type { Route } from './+types/staff-trade-accounts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { AccountSearchForm } from '../components/staff-trade/search-forms.tsx';
import { AccountResults, ResultsSkeleton } from '../components/staff-trade/results.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { ACCOUNT_SORTS, accountFilters, accountSearchBody, accountsHref } from '../lib/trade/staff-search.ts';
import { STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE, TRADE_REVIEW_ROLES } from '../lib/trade/trade-paths.ts';
import { useTradeBands } from '../lib/trade/use-trade-bands.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(TRADE_REVIEW_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade accounts | Staff', 'Find a trade account by name, e-mail, postcode or number.'),
  { name: 'robots', content: 'noindex' },
];

/** Staff search of trade accounts: words, band and opening dates, kept in the address. Loaded in the browser. */
export default function StaffTradeAccountsPage() {
  return (
    <>
      <PageHeader
        title="Trade accounts"
        intro={<p>Find a trade account to see its business, band and orders, change its details or band, or send its holder a password reset.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications', to: STAFF_TRADE_PATHS.queue }, { label: 'Trade accounts' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Accounts />
      </div>
    </>
  );
}

function Accounts() {
  const [params] = useSearchParams();
  const filters = accountFilters(params);
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const bands = useTradeBands();
  const list = useApiData(clients ? `${sub}:${accountsHref(filters)}` : undefined, (signal) =>
    clients!.trade.searchTradeAccounts({ body: accountSearchBody(filters) }, { signal }),
  );
  const sortLabel = ACCOUNT_SORTS.find((sort) => sort.value === filters.sort)?.label ?? ACCOUNT_SORTS[0].label;

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />;
  return (
    <div className="space-y-6">
      <p>
        <Link to={STAFF_TRADE_PATHS.queue}>Back to the applications</Link>
      </p>
      <AccountSearchForm filters={filters} bands={bands} />
      {list.state === 'error' ? (
        <LoadError title="We couldn’t load the trade accounts" error={list.error} onRetry={list.reload} />
      ) : list.state === 'ready' ? (
        <AccountResults page={list.data} filters={filters} sortLabel={sortLabel} />
      ) : (
        <ResultsSkeleton label="Loading trade accounts…" />
      )}
    </div>
  );
}
