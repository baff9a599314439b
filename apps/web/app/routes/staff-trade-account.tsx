import { ApiError } from '@shop/api-client';
import type { TradeAccountForStaff } from '@shop/contracts';
import { formatPence, TRADE_BUSINESS_TYPE_NAMES, TRADE_TYPE_NAMES } from '@shop/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { Route } from './+types/staff-trade-account';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { BusinessDetailsForm, ContactDetailsForm, ResetPassword, SetBandForm } from '../components/staff-trade/account-forms.tsx';
import { ApplicationSkeleton, Card } from '../components/trade/application-parts.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, UserIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { bandLabel } from '../lib/trade/bands.ts';
import { staffApplicationPath, STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE, TRADE_REVIEW_ROLES } from '../lib/trade/trade-paths.ts';
import { useTradeBands } from '../lib/trade/use-trade-bands.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(TRADE_REVIEW_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade account | Staff', 'A trade account: its business, band history and orders.'),
  { name: 'robots', content: 'noindex' },
];

const BAND_REASONS = { approval: 'On approval', spend: 'Moved up by spend', staff: 'By staff' } as const;

/** One trade account for staff: the business, band and its history, latest orders, and the changes staff can make. */
export default function StaffTradeAccountPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Trade account"
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade accounts', to: STAFF_TRADE_PATHS.accounts }, { label: id }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to={STAFF_TRADE_PATHS.accounts} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All trade accounts
        </Link>
        <div className="mt-6">
          <Account id={Number(id)} />
        </div>
      </div>
    </>
  );
}

function Account({ id }: { id: number }) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const bands = useTradeBands();
  const valid = Number.isInteger(id) && id > 0;
  const loaded = useApiData(clients && valid ? `${sub}:trade-account:${id}` : undefined, (signal) =>
    clients!.trade.getTradeAccountInternal({ params: { id } }, { signal }),
  );
  // What the last change answered, in place of what was loaded.
  const [latest, setLatest] = useState<TradeAccountForStaff | null>(null);

  const missing = !valid || (loaded.state === 'error' && loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400));
  if (missing) {
    return (
      <EmptyState
        icon={<UserIcon className="size-8" />}
        title="No such trade account"
        actions={<ButtonLink to={STAFF_TRADE_PATHS.accounts}>Find a trade account</ButtonLink>}
      >
        <p>There is no trade account {String(id)}. Search by the business’s name, the e-mail address or the postcode.</p>
      </EmptyState>
    );
  }
  if (loaded.state === 'error') {
    if (isForbidden(loaded.error)) return <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />;
    return <LoadError title="We couldn’t load this trade account" error={loaded.error} onRetry={loaded.reload} />;
  }
  const account = latest ?? (loaded.state === 'ready' ? loaded.data : null);
  if (!account) return <ApplicationSkeleton label="Loading the trade account…" />;
  const { business, bandAccount } = account;
  const bandName = (code: string) => bands.find((band) => band.code === code)?.name ?? code;

  return (
    <div className="space-y-6">
      <section aria-labelledby="account-summary" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="account-summary" className="text-xl font-bold tracking-tight text-navy-950">
            {business.legalName}
          </h2>
          <Badge tone="accent">{bandLabel(business.band)}</Badge>
        </div>
        <p className="mt-1 text-sm text-navy-700">
          {account.tradeExternalId} · opened <time dateTime={account.createdAt}>{formatInstant(account.createdAt)}</time> · held by {account.user.name} (
          <span className="break-all">{account.user.email}</span>)
          {account.applicationId !== null && (
            <>
              {' '}
              ·{' '}
              <RouterLink to={staffApplicationPath(account.tradeExternalId)} className="font-medium text-teal-700 underline underline-offset-3">
                its application
              </RouterLink>
            </>
          )}
        </p>
        <p className="mt-1 text-sm text-navy-700">
          {TRADE_BUSINESS_TYPE_NAMES[business.businessType]} · {business.trade === 'other' ? business.tradeOther : TRADE_TYPE_NAMES[business.trade]} ·{' '}
          {business.address.postcode} · trade terms{' '}
          {account.termsAcceptedVersion === null ? 'not accepted yet' : `version ${account.termsAcceptedVersion} accepted`}
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Card id="band" title="Band and spend">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="font-semibold text-navy-700">Spend, last 12 months</dt>
              <dd className="text-lg font-bold text-navy-950 tabular-nums">{formatPence(bandAccount.spendLast12MonthsExVat)} ex VAT</dd>
            </div>
            <div>
              <dt className="font-semibold text-navy-700">Next band</dt>
              <dd className="text-navy-950">
                {bandAccount.nextBand ? `${bandLabel(bandAccount.nextBand)}, ${formatPence(bandAccount.spendToNextBandExVat ?? 0)} more` : 'On the top band'}
              </dd>
            </div>
          </dl>
          <h3 className="mt-5 font-bold text-navy-950">Band history</h3>
          <ol className="mt-2 divide-y divide-navy-100 text-sm">
            {bandAccount.history.map((change, index) => (
              <li key={`${change.at}:${index}`} className="py-2.5">
                <p className="font-semibold text-navy-950">
                  {change.from ? `${bandName(change.from)} to ${bandName(change.to)}` : `Started on ${bandName(change.to)}`} · {BAND_REASONS[change.reason]}
                  {change.by && ` (${change.by})`}
                </p>
                <p className="text-navy-700">
                  <time dateTime={change.at}>{formatInstant(change.at)}</time>
                  {change.spendLast12MonthsExVat !== null && ` · 12-month spend ${formatPence(change.spendLast12MonthsExVat)} ex VAT`}
                </p>
                {change.note && <p className="text-navy-800">{change.note}</p>}
              </li>
            ))}
          </ol>
          <div className="mt-4">
            <SetBandForm
              account={account}
              bands={bands}
              onSaved={(next) => {
                setLatest({ ...account, business: next });
                // The band history and spend are the API's: read the account again for the new entry.
                void clients?.trade.getTradeAccountInternal({ params: { id } }).then(setLatest, () => {});
              }}
            />
          </div>
        </Card>
        <Card id="orders" title="Latest orders">
          {account.recentOrders.length === 0 ? (
            <p className="text-navy-700">No trade orders yet.</p>
          ) : (
            <ul className="divide-y divide-navy-100 text-sm">
              {account.recentOrders.map((order) => (
                <li key={order.orderNumber} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
                  <span>
                    <RouterLink to={`/staff/orders/${order.orderNumber}`} className="font-mono font-semibold text-teal-700 underline underline-offset-3">
                      {order.orderNumber}
                    </RouterLink>
                    <span className="block text-navy-700">
                      <time dateTime={order.placedAt}>{formatInstant(order.placedAt)}</time> · {order.status}
                    </span>
                  </span>
                  <span className="text-right tabular-nums">
                    <span className="block font-semibold text-navy-950">{formatPence(order.totalExVat)} ex VAT</span>
                    <span className="block text-xs text-navy-700">
                      {formatPence(order.totalIncVat)} inc VAT{order.refundedPence > 0 && ` · ${formatPence(order.refundedPence)} refunded`}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-6 font-bold text-navy-950">Password</h3>
          <div className="mt-2">
            <ResetPassword account={account} />
          </div>
        </Card>
      </div>

      <section aria-labelledby="change-details" className="space-y-6">
        <h2 id="change-details" className="text-xl font-bold tracking-tight text-navy-950">
          Change the details
        </h2>
        <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
          <ContactDetailsForm account={account} onSaved={(saved) => setLatest({ ...account, ...saved })} />
          <BusinessDetailsForm account={account} onSaved={(saved) => setLatest({ ...account, ...saved })} />
        </div>
      </section>
    </div>
  );
}
