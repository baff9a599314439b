import type { Route } from './+types/staff-trade-accounts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { AccountSearchForm } from '../components/staff-trade/search-forms.tsx';
import { AccountResults } from '../components/staff-trade/results.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { Link } from '../components/ui/link.tsx';
import { searchRead, staffRead } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { ACCOUNT_SORTS, sortOf, accountFilters, accountSearchBody } from '../lib/trade/staff-search.ts';
import { staffTradeBands, staffTradeClient } from '../lib/trade/trade-api.server.ts';
import { STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE } from '../lib/trade/trade-paths.ts';

/** The trade accounts the search in the address finds, and the bands to filter by, read on the server for the signed-in reviewer. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffTradeClient(request);
  const filters = accountFilters(new URL(request.url).searchParams);
  return staffRead(async () => {
    const [bands, found] = await Promise.all([staffTradeBands(request), searchRead(() => api.searchTradeAccounts({ body: accountSearchBody(filters) }))]);
    return { filters, bands, ...found };
  });
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade accounts | Staff', 'Find a trade account by name, e-mail, postcode or number.'),
  { name: 'robots', content: 'noindex' },
];

/** Staff search of trade accounts: words, band and opening dates, kept in the address. */
export default function StaffTradeAccountsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Trade accounts"
        intro={<p>Find a trade account to see its business, band and orders, change its details or band, or send its holder a password reset.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications', to: STAFF_TRADE_PATHS.queue }, { label: 'Trade accounts' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />
        ) : (
          <div className="space-y-6">
            <p>
              <Link to={STAFF_TRADE_PATHS.queue}>Back to the applications</Link>
            </p>
            <AccountSearchForm filters={loaderData.filters} bands={loaderData.bands} />
            {loaderData.page === null ? (
              <ErrorSummary problems={[{ message: loaderData.problem }]} />
            ) : (
              <AccountResults page={loaderData.page} filters={loaderData.filters} sortLabel={sortOf(ACCOUNT_SORTS, loaderData.filters.sort).label} />
            )}
          </div>
        )}
      </div>
    </>
  );
}
