import { ApiError, createAccountsClient, createTradeCreditClient, createTradeTermsClient, type AccountsClient, type TradeClient } from '@shop/api-client';
import type { MerchantCustomerUser, OnAccountInvoices, TermsCheck, TradeBand, TradeSummary } from '@shop/contracts';
import { useActionData, useLocation } from 'react-router';
import type { Route } from './+types/trade-dashboard';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { CreditPanel, creditStepOf, type CreditActionResult, type CreditStep } from '../components/trade/credit-panel.tsx';
import { OnAccountInvoicesPanel } from '../components/trade/on-account-invoices.tsx';
import { BandProgress, BuyAgain, OpenOrders, OrderListRow, SpendFigures } from '../components/trade/dashboard-parts.tsx';
import { Notice, TradeBandsList } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { readShopSession, sessionClientOptions } from '../lib/auth/session.server.ts';
import { signInPath } from '../lib/auth/settings.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { loadTradeBands, tradeClientFor } from '../lib/trade/trade-api.server.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { holdsTradeAccount } from '../lib/trade/use-trade-customer.ts';

type BuyAgainProducts = Awaited<ReturnType<TradeClient['getBuyAgainProducts']>>;
type OrderPage = Awaited<ReturnType<AccountsClient['listMyOrders']>>;

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade accounts', 'Plumbline trade accounts: trade prices on everything, your spend, your band and what you order most.'),
];

const ORDERS_PAGE_SIZE = 10;

/** One part of the dashboard: the API's answer, or the sentence said in its place. */
type Part<T> = { data: T } | { problem: string };

async function part<T>(call: Promise<T>): Promise<Part<T>> {
  try {
    return { data: await call };
  } catch (error) {
    return { problem: apiProblemMessage(error) };
  }
}

type Dashboard =
  | {
      summary: TradeSummary;
      buyAgain: Part<BuyAgainProducts>;
      terms: Part<TermsCheck>;
      orders: Part<OrderPage>;
      credit: Part<MerchantCustomerUser>;
      onAccount: Part<OnAccountInvoices>;
    }
  /** The profile named a trade account the API no longer finds (closed since signing in). */
  | { closed: true }
  | { problem: string };

/**
 * The trade hub, drawn by the server. A signed-in trade customer (the storefront's session,
 * decision 0063) gets their dashboard; the API decides who that is, so a customer approved since
 * signing in has it at once. Everyone else gets what trade accounts are and the bands.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = readShopSession(request);
  const bands = loadTradeBands(request);
  if (!session) return { bands: await bands, signedIn: false, dashboard: null };
  const search = new URL(request.url).searchParams;
  const pageOf = (name: string) => Math.min(10_000, Math.max(1, Number.parseInt(search.get(name) ?? '1', 10) || 1));
  const page = pageOf('page');
  const trade = tradeClientFor(request, session);
  const credit = createTradeCreditClient(sessionClientOptions(request, session, 'accounts'));
  const rest = () =>
    Promise.all([
      part(trade.getBuyAgainProducts({ query: { limit: 12 } })),
      part(createTradeTermsClient(sessionClientOptions(request, session, 'projects')).checkTermsAndConditions()),
      part(createAccountsClient(sessionClientOptions(request, session, 'accounts')).listMyOrders({ query: { pageNumber: page, pageSize: ORDERS_PAGE_SIZE } })),
      part(credit.getMerchantCustomerUser()),
      part(credit.listOnAccountInvoices({ query: { pageNumber: pageOf('onAccountPage'), pageSize: ORDERS_PAGE_SIZE } })),
    ]);
  // Named a trade customer: every part at once. Anyone else only once the API says they trade.
  const named = holdsTradeAccount(session.profile);
  const early = named ? rest() : null;
  let dashboard: Dashboard | null;
  try {
    const summary = await trade.getTradeSummary();
    const [buyAgain, terms, orders, creditUser, onAccount] = await (early ?? rest());
    dashboard = { summary, buyAgain, terms, orders, credit: creditUser, onAccount };
  } catch (error) {
    throwIfRateLimited(error);
    const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
    dashboard = refused ? (named ? { closed: true } : null) : { problem: apiProblemMessage(error) };
  }
  return { bands: await bands, signedIn: true, dashboard };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Back to the dashboard after a credit form's step, said once (post, redirect, get: a reload sends nothing again). */
const creditDone = (step: CreditStep) => `${TRADE_PATHS.dashboard}?done=credit-${step}`;

/**
 * Paying on account: applying, a sole trader's proposal (the delegation token is fetched and used
 * by this server, so the browser holds nothing of the provider's) and the link sent again.
 */
export async function action({ request }: Route.ActionArgs): Promise<CreditActionResult | Response> {
  const session = readShopSession(request);
  if (!session) return { problem: 'You have been signed out. Sign in again to carry on.' };
  const form = await request.formData();
  const credit = createTradeCreditClient(sessionClientOptions(request, session, 'accounts'));
  const intent = text(form, 'intent');
  const values = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  try {
    if (intent === 'credit-start') {
      await credit.postMerchantCustomerUser({ body: {} });
      return redirectWithNotice(request, creditDone('started'));
    }
    if (intent === 'credit-resend') {
      await credit.resendApplicationNotificationEmail();
      return redirectWithNotice(request, creditDone('resent'));
    }
    if (intent === 'credit-proposal') {
      const { proposal } = await credit.getMerchantCustomerUser();
      if (!proposal) return { problem: 'Start your application to pay on account first.' };
      const { token } = await credit.getDelegationToken();
      const address = (prefix: string) => ({
        line1: text(form, `${prefix}.line1`),
        town: text(form, `${prefix}.town`),
        postcode: text(form, `${prefix}.postcode`),
      });
      await credit.submitSoleTraderProposal({
        params: { id: proposal.id },
        body: {
          delegationToken: token,
          tradingName: text(form, 'tradingName'),
          tradingAddress: address('tradingAddress'),
          proprietorName: text(form, 'proprietorName'),
          dateOfBirth: text(form, 'dateOfBirth'),
          homeAddress: address('homeAddress'),
        },
      });
      return redirectWithNotice(request, creditDone('proposal'));
    }
    return { problem: 'Choose what to do from your trade dashboard.' };
  } catch (error) {
    // The per-account "not again so soon" is the form's answer; a visitor over their budget gets the 429 page.
    if (!(error instanceof ApiError && error.code === 'CREDIT_RESEND_TOO_SOON')) throwIfRateLimited(error);
    const errors = error instanceof ApiError ? ((error.data as { errors?: { path: string; message: string }[] } | null)?.errors ?? []) : [];
    const fields = Object.fromEntries(errors.map((problem) => [problem.path.replace(/^body\./, ''), problem.message]));
    // The credit calls' refusals say what to do in their own words (a 429 among them).
    const detail = error instanceof ApiError && error.code?.startsWith('CREDIT_') ? (error.data as { detail?: unknown }).detail : undefined;
    return { problem: typeof detail === 'string' ? detail : apiProblemMessage(error), fields: errors.length > 0 ? fields : undefined, values };
  }
}

/**
 * The trade hub. A trade customer's dashboard: spend, savings, band and the way to the next, open
 * and latest orders, buy-again and their orders ex VAT. Everyone else: what trade accounts are, and
 * the way to apply.
 */
export default function TradeDashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const title = dashboard ? 'Your trade account' : 'Trade accounts';
  return (
    <>
      <PageHeader
        title={title}
        intro={
          dashboard ? undefined : (
            <p>Trade prices on everything in the shop, ex VAT, for plumbers, heating engineers, fitters, builders and the businesses they work for.</p>
          )
        }
        trail={[{ label: title }]}
      />
      <div className="container-page min-h-[40rem] py-8 lg:py-10">
        {dashboard ? <DashboardContent dashboard={dashboard} /> : <Landing bands={loaderData.bands} signedIn={loaderData.signedIn} />}
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

function DashboardContent({ dashboard }: { dashboard: Dashboard }) {
  const location = useLocation();
  const answered = useActionData<typeof action>();
  const creditResult = answered ?? creditStepOf(new URLSearchParams(location.search).get('done'));
  const again = `${location.pathname}${location.search}`;
  if ('closed' in dashboard) {
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
  if ('problem' in dashboard) return <LoadError title="We couldn’t load your trade account" problem={dashboard.problem} retryTo={TRADE_PATHS.dashboard} />;
  const { summary: data, buyAgain, terms, orders, credit, onAccount } = dashboard;
  const here = (page: number) => (page === 1 ? TRADE_PATHS.dashboard : `${TRADE_PATHS.dashboard}?page=${page}`);
  const firstTime = data.latestOrder === null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight text-navy-950">{data.businessName}</h2>
        <p className="text-sm text-navy-700">Trade account {data.tradeExternalId}</p>
      </div>
      {'data' in terms && !terms.data.accepted && (
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
      {'data' in credit && <CreditPanel credit={credit.data} result={creditResult} />}
      {'data' in onAccount && onAccount.data.totalCount > 0 && (
        <OnAccountInvoicesPanel
          invoices={onAccount.data}
          hrefFor={(page) => (page === 1 ? TRADE_PATHS.dashboard : `${TRADE_PATHS.dashboard}?onAccountPage=${page}`)}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <BandProgress summary={data} />
        <OpenOrders summary={data} />
      </div>
      {'data' in buyAgain ? (
        <BuyAgain items={buyAgain.data.items} />
      ) : (
        <LoadError title="We couldn’t load what you order most" problem={buyAgain.problem} retryTo={again} />
      )}
      <section aria-labelledby="your-orders" className="rounded-2xl border border-navy-100 bg-white p-5 sm:p-6">
        <h2 id="your-orders" className="text-lg font-bold tracking-tight text-navy-950">
          Your orders
        </h2>
        {!('data' in orders) ? (
          <LoadError className="mt-3" title="We couldn’t load your orders" problem={orders.problem} retryTo={again} />
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
            <Pagination className="mt-6" label="Order pages" current={orders.data.pageNumber} total={orders.data.totalPages} hrefFor={here} />
          </>
        )}
      </section>
    </div>
  );
}
