import { ApiError, createDeliveryUpgradeClient } from '@shop/api-client';
import { formatPence, type Address, type DeliveryUpgrade, type SpecificDayCalendar } from '@shop/contracts';
import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/account-order-upgrade-delivery';
import { DayPicker } from '../components/checkout/day-picker.tsx';
import { OnAccountDifferenceNote, PayDifference, type DifferenceIntent } from '../components/order-change/pay-difference.tsx';
import { OrderSubpage } from '../components/order-change/order-subpage.tsx';
import { Card } from '../components/staff-orders/order-details.tsx';
import { AddressLines } from '../components/ui/address-lines.tsx';
import { Button } from '../components/ui/button.tsx';
import { throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { cutOffText, formatDay, whenText } from '../lib/checkout/checkout-logic.ts';
import { pageMeta } from '../lib/meta.ts';
import { backToOrderDone, orderPageCaller } from '../lib/order-change/order-page-caller.server.ts';
import { addressLines } from '../lib/staff-orders/orders.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Upgrade delivery of order ${params.orderNumber.toUpperCase()}`, 'Choose a faster or specific-day delivery for an order not yet dispatched.'),
  { name: 'robots', content: 'noindex' },
];

/** The customer's own client in their account, or a guest's with the e-mailed link (`/order-help/<number>/upgrade-delivery`). */
function upgradeClient(request: Request, orderNumber: string) {
  const caller = orderPageCaller(request, orderNumber);
  return { caller, client: createDeliveryUpgradeClient(caller.clientOptions('delivery-upgrade')) };
}

/** Starts the order's delivery upgrade (or answers the one started): the options still possible, with the specific-day calendar. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const { caller, client } = upgradeClient(request, orderNumber);
  const page = { orderNumber, orderPath: caller.orderPath, guest: caller.guest };
  const id = { orderId: orderNumber };
  try {
    const upgrade = await client.startDeliveryUpgrade({ params: id });
    const specificDay = upgrade.options.some((option) => option.code === 'specific_day' && option.available);
    const calendar = specificDay ? await client.getUpgradeSpecificDayOptions({ params: id, body: {} }) : null;
    return { ...page, upgrade, calendar, problem: null };
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data(
      { ...page, upgrade: null, calendar: null, problem: apiProblemMessage(error) },
      { status: error instanceof ApiError && error.status < 500 ? error.status : 503 },
    );
  }
}

type Payment = DifferenceIntent;
type Answer = { error: string; values?: Record<string, string> } | { payment: Payment };

export async function action({ request, params }: Route.ActionArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const id = { orderId: orderNumber };
  const { caller, client } = upgradeClient(request, orderNumber);
  const done = backToOrderDone(request, caller, 'upgraded');
  try {
    switch (text('intent')) {
      case 'option': {
        const code = text('code');
        await client.setUpgradeDeliveryOption({
          params: id,
          body: { code: code as never, ...(code === 'specific_day' && text('date') ? { date: text('date') } : {}) },
        });
        break;
      }
      case 'billing-same':
        await client.setUpgradeBillingAddress({ params: id, body: { sameAsOrder: true } });
        break;
      case 'billing': {
        const address: Address = {
          name: text('name'),
          line1: text('line1'),
          line2: text('line2') || undefined,
          town: text('town'),
          postcode: text('postcode'),
          countryCode: 'GB',
        };
        try {
          await client.setUpgradeBillingAddress({ params: id, body: { sameAsOrder: false, address } });
        } catch (error) {
          throwIfSignedOutOrRateLimited(request, error);
          // What was typed comes back into the fields with the reason.
          return data({ error: apiProblemMessage(error), values: Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v ?? ''])) }, { status: 400 });
        }
        break;
      }
      case 'pay': {
        const savedCardId = text('method') === 'saved_card' ? text('savedCardId') : null;
        const body = { acceptCharge: form.get('acceptCharge') === 'yes', ...(savedCardId !== null ? { method: 'saved_card' as const, savedCardId } : {}) };
        const intent = await client.createUpgradePaymentIntent({ params: id, body });
        // A saved card the bank did not question has paid: the upgrade is made at once.
        if (intent.status === 'succeeded') {
          await client.completeUpgradePayment({ params: id, body: { paymentIntentId: intent.intentId } });
          return done;
        }
        // The card field (a saved card's payment has none), the customer's saved cards, and the bank's check when it asks.
        const options = await client.getUpgradePaymentOptions({ params: id });
        const { intentId, clientSecret, amountPence, frameUrl, status, nextActionUrl } = intent;
        const { card, wallets, savedCards } = options;
        return { payment: { intentId, clientSecret, amountPence, frameUrl, status, nextActionUrl, card, wallets, savedCards } } satisfies Answer;
      }
      case 'complete':
        await client.completeUpgradePayment({ params: id, body: { paymentIntentId: text('paymentIntentId') || undefined } });
        return done;
      case 'free':
        await client.completeUpgradeWithoutPayment({ params: id });
        return done;
      case 'on-account':
        // Paid on account: Two, the credit provider, agrees the higher total; no card (decision 0101).
        await client.completeUpgradeOnAccount({ params: id, body: { acceptCharge: form.get('acceptCharge') === 'yes' } });
        return done;
      case 'refresh':
        await client.refreshUpgradePaymentData({ params: id });
        break;
    }
    return redirect(`${caller.orderPath}/upgrade-delivery`);
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data({ error: apiProblemMessage(error) } satisfies Answer, { status: error instanceof ApiError && error.status < 500 ? 400 : 503 });
  }
}

export default function UpgradeDeliveryPage({ loaderData: { orderNumber, orderPath, guest, upgrade, calendar, problem }, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  return (
    <OrderSubpage
      orderNumber={orderNumber}
      orderPath={orderPath}
      guest={guest}
      title={`Upgrade delivery of order ${orderNumber}`}
      step="Upgrade delivery"
      error={answer && 'error' in answer ? answer.error : null}
      problem={problem ?? (upgrade ? null : 'We couldn’t start upgrading this order’s delivery. Please try again.')}
    >
      {upgrade && <Upgrade upgrade={upgrade} calendar={calendar} answer={answer} postTo={`${orderPath}/upgrade-delivery`} />}
    </OrderSubpage>
  );
}

const field = 'mt-1 block w-full rounded-lg border border-navy-300 px-3 py-2';

function Upgrade({
  upgrade,
  calendar,
  answer,
  postTo,
}: {
  upgrade: DeliveryUpgrade;
  calendar: SpecificDayCalendar | null;
  answer: Answer | undefined;
  /** This page's own address (the account's, or a guest's under the e-mailed link). */
  postTo: string;
}) {
  const { current, selected } = upgrade;
  const now = whenText(current);
  const payment = answer && 'payment' in answer ? answer.payment : null;
  const available = upgrade.options.filter((option) => option.available);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <p className="text-navy-700">
          You can upgrade the delivery of this order {upgrade.upgradeableUntil}. It is coming by <strong className="text-navy-950">{current.name}</strong>
          {now ? ` (${now.charAt(0).toLowerCase()}${now.slice(1)})` : ''}
          {current.priceIncVat > 0 ? `, for which you paid ${formatPence(current.priceIncVat)}.` : ', which was free.'}
        </p>
        <Card id="upgrade-option" title="1. Choose your delivery">
          {available.length === 0 ? (
            <p className="text-navy-700">There is no faster delivery we can offer for this order now.</p>
          ) : (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="option" />
              <fieldset className="space-y-3">
                <legend className="sr-only">Delivery options</legend>
                {available.map((option) => (
                  <label key={option.code} className="grid grid-cols-[auto_1fr] gap-x-3 rounded-lg border border-navy-200 p-3 has-[:checked]:border-navy-900">
                    <input type="radio" name="code" value={option.code} defaultChecked={selected?.code === option.code} required className="mt-1 size-4" />
                    <span className="font-semibold text-navy-950">
                      {option.name}: {formatPence(option.priceIncVat ?? 0)}
                      {option.differencePence ? ` (${formatPence(option.differencePence)} more)` : ' (nothing more to pay)'}
                    </span>
                    <span className="col-start-2 text-sm text-navy-700">
                      {[option.code === 'specific_day' ? 'You choose the day' : whenText(option), cutOffText(option.cutOff)].filter(Boolean).join(' · ')}
                    </span>
                  </label>
                ))}
              </fieldset>
              {calendar && calendar.days.length > 0 && (
                <div>
                  <h3 id="upgrade-day" className="text-sm font-semibold text-navy-950">
                    Choose your delivery day (specific-day delivery)
                  </h3>
                  <DayPicker days={calendar.days} initial={selected?.date ?? null} labelledBy="upgrade-day" />
                </div>
              )}
              <Button type="submit" variant="secondary">
                Choose this delivery
              </Button>
            </Form>
          )}
          {upgrade.options
            .filter((option) => !option.available)
            .map((option) => (
              <p key={option.code} className="mt-3 text-sm text-navy-700">
                {option.name}: {option.unavailableReason}
              </p>
            ))}
        </Card>
        {selected && selected.differencePence > 0 && !upgrade.paidOnAccount && (
          <Card id="upgrade-billing" title="2. Billing address">
            {upgrade.billingAddress ? (
              <>
                <AddressLines lines={addressLines(upgrade.billingAddress)} />
                <p className="mt-2 text-sm text-navy-700">The address your card is registered to. Change it below if it is not.</p>
              </>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="billing-same" />
                <Button type="submit" variant="secondary">
                  Use the order’s billing address
                </Button>
              </Form>
            )}
            <BillingForm values={answer && 'values' in answer ? answer.values : undefined} />
          </Card>
        )}
      </div>
      <Card id="upgrade-summary" title="Your upgrade">
        {selected ? (
          <>
            <dl className="space-y-2 text-sm">
              <Row label="New delivery" value={selected.name} />
              {selected.date && <Row label="Delivery day" value={formatDay(selected.date)} />}
              <Row label="Price" value={formatPence(selected.priceIncVat)} />
              <Row label="Already paid for delivery" value={formatPence(current.priceIncVat)} />
            </dl>
            <p className="mt-4 text-lg font-semibold text-navy-950">
              {selected.differencePence > 0
                ? `${upgrade.paidOnAccount ? 'Difference to add to the invoice on account' : 'Difference to pay'}: ${formatPence(selected.differencePence)}`
                : 'Nothing more to pay'}
            </p>
            <Finish upgrade={upgrade} payment={payment} postTo={postTo} />
          </>
        ) : (
          <p className="text-navy-700">Choose a delivery to see what it costs.</p>
        )}
      </Card>
    </div>
  );
}

function Finish({ upgrade, payment, postTo }: { upgrade: DeliveryUpgrade; payment: Payment | null; postTo: string }) {
  const { selected } = upgrade;
  if (!selected) return null;
  if (selected.differencePence === 0)
    return (
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="free" />
        <Button type="submit">Upgrade without paying</Button>
      </Form>
    );
  const day = selected.date ? ` on ${formatDay(selected.date)}` : '';
  if (upgrade.paidOnAccount)
    return (
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="on-account" />
        <OnAccountDifferenceNote asking="Upgrading" />
        {/* Never ticked for the customer: the extra amount needs their express consent, as a card payment does. */}
        <label className="flex gap-3 text-sm">
          <input type="checkbox" name="acceptCharge" value="yes" required className="mt-0.5 size-4" />
          <span>
            I agree to pay {formatPence(selected.differencePence)} more for {selected.name}
            {day}, added to this order’s invoice on account with Two.
          </span>
        </label>
        <Button type="submit">Upgrade on account</Button>
      </Form>
    );
  if (payment)
    return (
      <PayDifference
        action={postTo}
        fields={{ intent: 'complete' }}
        savedCardFields={{ intent: 'pay', acceptCharge: 'yes', method: 'saved_card' }}
        payment={payment}
      />
    );
  if (!upgrade.billingAddress) return <p className="mt-4 text-sm text-navy-700">Give the billing address of your card to pay.</p>;
  return (
    <Form method="post" className="mt-4 space-y-3">
      <input type="hidden" name="intent" value="pay" />
      {/* Never ticked for the customer: the extra payment needs their express consent (Consumer Contracts Regulations reg. 40). */}
      <label className="flex gap-3 text-sm">
        <input type="checkbox" name="acceptCharge" value="yes" required className="mt-0.5 size-4" />
        <span>
          I agree to pay {formatPence(selected.differencePence)} more for {selected.name}
          {day}, taken from my card as a payment of its own.
        </span>
      </label>
      <Button type="submit">Continue to payment</Button>
    </Form>
  );
}

function BillingForm({ values }: { values: Record<string, string> | undefined }) {
  return (
    <Form method="post" className="mt-4 grid gap-3 border-t border-navy-100 pt-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="billing" />
      {(
        [
          ['name', 'Full name'],
          ['line1', 'Address line 1'],
          ['line2', 'Address line 2 (optional)'],
          ['town', 'Town or city'],
          ['postcode', 'Postcode'],
        ] as const
      ).map(([name, label]) => (
        <label key={name} className="text-sm font-medium">
          {label}
          <input name={name} defaultValue={values?.[name] ?? ''} required={name !== 'line2'} className={field} />
        </label>
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" variant="secondary">
          Use this billing address
        </Button>
      </div>
    </Form>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
