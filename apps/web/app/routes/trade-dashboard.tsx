import { ApiError } from '@shop/api-client';
import type { TradeBand } from '@shop/contracts';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/trade-dashboard';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { BandProgress, BuyAgain, OpenOrders, OrderListRow, SpendFigures } from '../components/trade/dashboard-parts.tsx';
import { Notice, TradeBandsList } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { signInPath } from '../lib/auth/settings.ts';
import { usePriceDisplay } from '../lib/price-display.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadTradeBands } from '../lib/trade/trade-api.server.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { useTradeCustomer } from '../lib/trade/use-trade-customer.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade accounts', 'Plumbline trade accounts: trade prices on everything, your spend, your band and what you order most.'),
];

export async function loader({ request }: Route.LoaderArgs) {
  return { bands: await loadTradeBands(request) };
}

const ORDERS_PAGE_SIZE = 10;

/**
 * The trade hub. A trade customer's dashboard (loaded in the browser with their token): spend,
 * savings, band and the way to the next, open and latest orders, buy-again and their orders ex VAT.
 * Everyone else: what trade accounts are, and the way to apply.
 */
export default function TradeDashboardPage({ loaderData }: Route.ComponentProps) {
  const auth = useShopAuth();
  // The API's answer, not the token's: a customer approved since signing in has their dashboard at once.
  const { trade, known } = useTradeCustomer();
  const { tradeVisitor } = usePriceDisplay();
  // Until sign-in and the API's answer settle, a browser where a trade customer shops (the price cookie) is drawn as theirs.
  const looksTrade = trade || (!known && tradeVisitor);
  const knownOutsider = auth.status === 'signed-out' || (auth.status === 'loading' && !auth.sessionHint) || (known && !trade);
  return (
    <>
      <PageHeader
        title={looksTrade ? 'Your trade account' : 'Trade accounts'}
        intro={
          looksTrade ? undefined : (
            <p>Trade prices on everything in the shop, ex VAT, for plumbers, heating engineers, fitters, builders and the businesses they work for.</p>
          )
        }
        trail={[{ label: looksTrade ? 'Your trade account' : 'Trade accounts' }]}
      />
      <div className="container-page min-h-[40rem] py-8 lg:py-10">
        {trade ? <Dashboard /> : knownOutsider ? <Landing bands={loaderData.bands} signedIn={auth.status === 'signed-in'} /> : <DashboardSkeleton />}
      </div>
    </>
  );
}

/** For everyone without a trade account: the bands and the way to apply. */
function Landing({ bands, signedIn }: { bands: TradeBand[]; signedIn: boolean }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby="how-it-works" className="space-y-4">
        <h2 id="how-it-works" className="text-2xl font-bold tracking-tight text-navy-950">
          How trade accounts work
        </h2>
        <ul className="list-disc space-y-2 pl-5 text-navy-800">
          <li>Your band’s discount comes off the ex-VAT price of everything you buy, and you see prices ex VAT first.</li>
          <li>Your band moves up by itself as your spend over the last 12 months (ex VAT, less refunds) grows.</li>
          <li>Your trade dashboard shows your spend, your savings, your orders and what you order most, to buy again.</li>
        </ul>
        <div className="grid gap-3 sm:flex sm:flex-wrap">
          <ButtonLink to={TRADE_PATHS.apply} size="lg">
            Open a trade account
          </ButtonLink>
          {signedIn ? (
            <ButtonLink to={TRADE_PATHS.application} variant="secondary" size="lg">
              See your application
            </ButtonLink>
          ) : (
            <ButtonLink to={signInPath(TRADE_PATHS.dashboard)} variant="secondary" size="lg">
              Sign in to your trade account
            </ButtonLink>
          )}
        </div>
        <p className="text-sm text-navy-700">
          More in <Link to={helpPath('trade-accounts')}>trade accounts in our help centre</Link> and in <Link to={TRADE_PATHS.terms}>the trade terms</Link>.
        </p>
      </section>
      {bands.length > 0 && (
        <aside aria-labelledby="bands" className="rounded-2xl bg-sand-100 p-6">
          <h2 id="bands" className="text-lg font-bold text-navy-950">
            Trade bands
          </h2>
          <p className="mt-1 text-sm text-navy-700">Off ex-VAT prices, by your spend over the last 12 months, ex VAT.</p>
          <TradeBandsList bands={bands} className="mt-3" />
        </aside>
      )}
    </div>
  );
}

function Dashboard() {
  const clients = useApiClients();
  const auth = useShopAuth();
  const sub = auth.user?.profile.sub;
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const ready = clients && sub;
  const summary = useApiData(ready ? `trade-summary:${sub}` : undefined, (signal) => clients!.trade.getTradeSummary(undefined, { signal }));
  const buyAgain = useApiData(ready ? `buy-again:${sub}` : undefined, (signal) => clients!.trade.getBuyAgainProducts({ query: { limit: 12 } }, { signal }));
  const terms = useApiData(ready ? `trade-terms:${sub}` : undefined, (signal) => clients!.tradeTerms.checkTermsAndConditions(undefined, { signal }));
  const orders = useApiData(ready ? `orders:${sub}:${page}` : undefined, (signal) =>
    clients!.accounts.listMyOrders({ query: { pageNumber: page, pageSize: ORDERS_PAGE_SIZE } }, { signal }),
  );

  if (summary.state === 'error') {
    // The API finds no trade account for this sign-in (closed since this page asked).
    if (summary.error instanceof ApiError && summary.error.status === 404) {
      return (
        <EmptyState
          icon={<BasketIcon className="size-8" />}
          title="There is no trade account on your sign-in"
          actions={<ButtonLink to={TRADE_PATHS.application}>See your application</ButtonLink>}
        >
          <p>
            If your trade account was closed, or you think this is wrong, <Link to={helpPath('contact')}>contact us</Link>.
          </p>
        </EmptyState>
      );
    }
    return <LoadError title="We couldn’t load your trade account" error={summary.error} onRetry={summary.reload} />;
  }
  if (summary.state !== 'ready') return <DashboardSkeleton />;
  const data = summary.data;
  const firstTime = data.latestOrder === null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight text-navy-950">{data.businessName}</h2>
        <p className="text-sm text-navy-700">Trade account {data.tradeExternalId}</p>
      </div>
      {terms.state === 'ready' && !terms.data.accepted && (
        <Notice tone="warning" title="Accept the trade terms before your first trade order">
          <Link to={TRADE_PATHS.terms}>Read and accept the trade terms</Link>, or accept them at checkout.
        </Notice>
      )}
      {firstTime && (
        <Notice title="Welcome to your trade account">
          Your trade prices show across the shop while you are signed in, ex VAT first. Your spend, savings and orders will show here once you order.{' '}
          <Link to="/">Start shopping</Link>
        </Notice>
      )}
      <SpendFigures summary={data} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <BandProgress summary={data} />
        <OpenOrders summary={data} />
      </div>
      {buyAgain.state === 'error' ? (
        <LoadError title="We couldn’t load what you order most" error={buyAgain.error} onRetry={buyAgain.reload} />
      ) : buyAgain.state === 'ready' ? (
        <BuyAgain items={buyAgain.data.items} />
      ) : (
        <Skeleton className="h-72 w-full rounded-2xl" />
      )}
      <section aria-labelledby="your-orders" className="rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
        <h2 id="your-orders" className="text-lg font-bold tracking-tight text-navy-950">
          Your orders
        </h2>
        {orders.state === 'error' ? (
          <LoadError className="mt-3" title="We couldn’t load your orders" error={orders.error} onRetry={orders.reload} />
        ) : orders.state !== 'ready' ? (
          <Skeleton className="mt-3 h-64 w-full" />
        ) : orders.data.items.length === 0 ? (
          <p className="mt-2 text-navy-700">No orders yet.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-navy-700" role="status">
              {orders.data.totalCount === 1 ? '1 order' : `${orders.data.totalCount} orders`}, newest first; totals ex VAT, inc VAT beside
            </p>
            <ul className="mt-1 divide-y divide-navy-100">
              {orders.data.items.map((order) => (
                <OrderListRow key={order.orderGuid} order={order} />
              ))}
            </ul>
            <Pagination
              className="mt-6"
              label="Order pages"
              current={orders.data.pageNumber}
              total={orders.data.totalPages}
              hrefFor={(target) => (target === 1 ? TRADE_PATHS.dashboard : `${TRADE_PATHS.dashboard}?page=${target}`)}
            />
          </>
        )}
      </section>
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <p className="sr-only" role="status">
        Loading your trade account…
      </p>
      <Skeleton className="h-8 w-64" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-28 w-full rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}
