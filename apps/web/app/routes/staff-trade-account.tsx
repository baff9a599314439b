import { ApiError } from '@shop/api-client';
import type { CreditTimeline, TradeAccountForStaff, TradeBand } from '@shop/contracts';
import { formatPence, TRADE_BUSINESS_TYPE_NAMES, TRADE_TYPE_NAMES } from '@shop/contracts';
import { data, Link as RouterLink } from 'react-router';
import type { Route } from './+types/staff-trade-account';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { useStepDone } from '../components/staff/posted-step-form.tsx';
import { formText } from '../components/staff/step-form.tsx';
import {
  ACCOUNT_STEPS,
  accountProblemOf,
  accountStepDone,
  BusinessDetailsForm,
  ContactDetailsForm,
  ResetPassword,
  SetBandForm,
} from '../components/staff-trade/account-forms.tsx';
import { Card } from '../components/trade/application-parts.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { ChevronLeftIcon, UserIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { refusedStep, staffRead } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { businessFromForm, contactFromForm, typedValues } from '../lib/trade/application-form.ts';
import { bandLabel } from '../lib/trade/bands.ts';
import { accountTimeline } from '../lib/trade/account-timeline.ts';
import { staffTradeBands, staffTradeClient, staffTradeCreditClient } from '../lib/trade/trade-api.server.ts';
import { DecisionTimeline } from '../components/staff-trade/decision-timeline.tsx';
import { staffAccountPath, staffApplicationPath, STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE } from '../lib/trade/trade-paths.ts';

const MISSING = { missing: true } as const;
/** The account's number from the address, or null when it cannot be one (the page says there is no such account). */
const accountIdOf = (params: { id: string }) => (/^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : null);

/** The account and the bands to move it to, read on the server for the signed-in reviewer, so they show at first paint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = staffTradeClient(request);
  const id = accountIdOf(params);
  if (id === null) return data(MISSING, { status: 404 });
  return staffRead(async () => {
    const [account, bands, credit] = await Promise.all([
      api.getTradeAccountInternal({ params: { id } }),
      staffTradeBands(request),
      // Not offered (production without a provider): the timeline has the shop's own decisions only.
      staffTradeCreditClient(request)
        .getCreditTimeline({ params: { tradeAccountId: id } })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
    ]);
    return { account, bands, credit };
  }, MISSING);
}

/** A change to the account, posted as a plain form: made, the page comes back saying so (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = staffTradeClient(request);
  const id = accountIdOf(params);
  const form = await request.formData();
  const step = ACCOUNT_STEPS.find((name) => name === formText(form, 'intent'));
  if (id === null || !step) throw data(null, { status: 400 });
  const values = typedValues(form);
  try {
    // The business's and the holder's own numbers come from the account as the API has it, not from the form.
    const account = await api.getTradeAccountInternal({ params: { id } });
    if (step === 'contact') await api.updateTradeAccountDetails({ params: { tradeExternalId: account.tradeExternalId }, body: contactFromForm(form) });
    else if (step === 'business') await api.updateTradeAccountBusiness({ params: { id }, body: businessFromForm(form) });
    else if (step === 'band') {
      const body = { bandCode: formText(form, 'bandCode'), reason: formText(form, 'reason') };
      await api.setBusinessTradeBand({ params: { id: account.business.id }, body });
    } else await api.resetTradeAccountPassword({ params: { id } });
  } catch (error) {
    return refusedStep(error, { intent: step, values }, accountProblemOf);
  }
  return redirectWithNotice(request, `${staffAccountPath(id)}?done=${step}`);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Trade account | Staff', 'A trade account: its business, band history and orders.'),
  { name: 'robots', content: 'noindex' },
];

const BAND_REASONS = { approval: 'On approval', spend: 'Moved up by spend', staff: 'By staff' } as const;

/** One trade account for staff: the business, band and its history, latest orders, and the changes staff can make. */
export default function StaffTradeAccountPage({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Trade account"
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade accounts', to: STAFF_TRADE_PATHS.accounts }, { label: params.id }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to={STAFF_TRADE_PATHS.accounts} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All trade accounts
        </Link>
        <div className="mt-6">
          {'forbidden' in loaderData ? (
            <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} />
          ) : 'missing' in loaderData ? (
            <EmptyState
              icon={<UserIcon className="size-8" />}
              title="No such trade account"
              actions={<ButtonLink to={STAFF_TRADE_PATHS.accounts}>Find a trade account</ButtonLink>}
            >
              <p>There is no trade account {params.id}. Search by the business’s name, the e-mail address or the postcode.</p>
            </EmptyState>
          ) : (
            <Account account={loaderData.account} bands={loaderData.bands} credit={loaderData.credit} />
          )}
        </div>
      </div>
    </>
  );
}

function Account({ account, bands, credit }: { account: TradeAccountForStaff; bands: readonly TradeBand[]; credit: CreditTimeline | null }) {
  const { done, ref: status } = useStepDone(ACCOUNT_STEPS);
  const { business, bandAccount } = account;
  const bandName = (code: string) => bands.find((band) => band.code === code)?.name ?? code;

  return (
    <div className="space-y-6">
      <div ref={status} tabIndex={-1} className="space-y-4 focus:outline-none">
        {done && <Notice title={accountStepDone(done, account)} />}
        <section aria-labelledby="account-summary" className="rounded-2xl border border-navy-100 bg-sand-50 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2 id="account-summary" className="section-heading">
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
      </div>

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
            <SetBandForm key={bandAccount.bandChangedAt} account={account} bands={bands} />
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
          <div className="mt-6">
            <ResetPassword account={account} />
          </div>
        </Card>
      </div>

      <Card id="decisions" title="Decisions: ours and Two’s">
        <DecisionTimeline entries={accountTimeline(account, credit, bandName)} decisionNow={credit?.decisionNow ?? null} />
      </Card>

      <section aria-labelledby="change-details" className="space-y-6">
        <h2 id="change-details" className="section-heading">
          Change the details
        </h2>
        <div className="grid gap-6 xl:grid-cols-2 xl:items-start">
          <ContactDetailsForm key={`contact-${account.updatedAt}`} account={account} />
          <BusinessDetailsForm key={`business-${account.updatedAt}`} account={account} />
        </div>
      </section>
    </div>
  );
}
