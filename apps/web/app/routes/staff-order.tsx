import { createOrdersClient } from '@shop/api-client';
import { AMENDABLE_STATUSES, formatPence, type Order } from '@shop/contracts';
import { useEffect } from 'react';
import { data, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/staff-order';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { OrderTimeline } from '../components/checkout/order-timeline.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { MoneyBackPanel, REFUNDS_HEADING, RefundsCard, VatDocumentsCard } from '../components/staff-orders/money-back.tsx';
import { NEXT_STEP_HEADING, NextStep } from '../components/staff-orders/next-step.tsx';
import { CustomerCard, DeliveryCard, HistoryCard, LinesCard, PaymentCard } from '../components/staff-orders/order-details.tsx';
import { OrderStatusBadge } from '../components/staff-orders/order-list.tsx';
import { formText, type StepProblem } from '../components/staff/step-form.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon, ChevronLeftIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { checkMoneyBack, isProviderAnswer, moneyBackDone, moneyBackProblem, type MoneyBackProblem } from '../lib/staff-orders/money-back.ts';
import {
  advanceBody,
  advanceProblem,
  FORWARD_STEPS,
  ORDER_ROLES,
  ORDERS_AUDIENCE,
  orderHref,
  STEP_ACTIONS,
  type ForwardStep,
} from '../lib/staff-orders/orders.ts';

const ordersApi = (request: Request) => staffClient(request, ORDER_ROLES, 'orders', createOrdersClient);
const numberOf = (params: { orderNumber: string }) => params.orderNumber.trim().toUpperCase();

/** The steps the page's forms post, and what `?done=` names after one: a move (by the status it went to), a cancellation or a refund. */
const DONE = [...FORWARD_STEPS, 'cancel', 'refund', 'change', 'change-sent'] as const;
type Done = (typeof DONE)[number];

/** The order, read on the server for the signed-in member of staff, so it shows at first paint. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const api = ordersApi(request);
  const orderNumber = numberOf(params);
  // A new key for each reading of the page: pressing its cancel or refund button twice is answered once.
  return staffRead(async () => ({ order: await api.getOrderForStaff({ params: { orderNumber } }), idempotencyKey: crypto.randomUUID() }), {
    missing: true,
  } as const);
}

/** A problem in a step form's terms, its fields in the form's order (the keyboard goes to the first). */
function inFormOrder(problem: { summary: string | null; stale: boolean; fields: Partial<Record<string, string>> }, order: readonly string[]): StepProblem {
  const fields = Object.fromEntries(order.flatMap((field) => (problem.fields[field] ? [[field, problem.fields[field]]] : [])));
  return { summary: problem.summary ?? '', stale: problem.stale, fields };
}
const moneyBackStep = (problem: MoneyBackProblem) => inFormOrder(problem, ['amount', 'reason']);

/** A step on the order, posted as a plain form: done, the page comes back with a notice (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const api = ordersApi(request);
  const orderNumber = numberOf(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const call = { params: { orderNumber } };
  if (intent === 'advance') {
    const status = FORWARD_STEPS.find((step) => step === formText(form, 'status'));
    if (!status) throw data(null, { status: 400 });
    const values = { status, carrier: formText(form, 'carrier'), trackingNumber: formText(form, 'trackingNumber'), note: formText(form, 'note') };
    try {
      await api.advanceOrder({ ...call, body: advanceBody(values) });
    } catch (error) {
      return refusedStep(error, { intent, values }, (refusal) => inFormOrder(advanceProblem(refusal, values), ['carrier', 'trackingNumber', 'note']));
    }
    return redirectWithNotice(request, `${orderHref(orderNumber)}?done=${status}`);
  }
  if (intent !== 'cancel' && intent !== 'refund') throw data(null, { status: 400 });
  const values = { amount: formText(form, 'amount'), reason: formText(form, 'reason') };
  const checked = checkMoneyBack(values, intent === 'refund' ? Number(formText(form, 'refundablePence')) : null);
  // A refusal gets a new key: what is sent after it is another request.
  const refused = { intent, values: { ...values, idempotencyKey: crypto.randomUUID() } };
  if ('problem' in checked) return data<RefusedStep>({ ...refused, problem: moneyBackStep(checked.problem) }, { status: 400 });
  const headers = { 'idempotency-key': formText(form, 'idempotencyKey') };
  try {
    if ('amountPence' in checked.body) {
      await api.refundOrder({ ...call, body: { ...checked.body, alreadyRefundedPence: Number(formText(form, 'refundedPence')) } }, { headers });
    } else await api.cancelOrder({ ...call, body: checked.body }, { headers });
  } catch (error) {
    return refusedStep(error, refused, (refusal) => moneyBackStep(moneyBackProblem(refusal)), isProviderAnswer);
  }
  return redirectWithNotice(request, `${orderHref(orderNumber)}?done=${intent}`);
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`${params.orderNumber.toUpperCase()} | Orders`, 'An order: customer, delivery, items, payment and history, and its next step.'),
  { name: 'robots', content: 'noindex' },
];

/** One order for staff: everything about it, and the next step in its fulfilment. */
export default function StaffOrderPage({ loaderData, params }: Route.ComponentProps) {
  const number = numberOf(params);
  return (
    <>
      <PageHeader title={`Order ${number}`} trail={[{ label: 'Your account', to: '/account' }, { label: 'Orders', to: '/staff/orders' }, { label: number }]} />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to="/staff/orders" className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All orders
        </Link>
        <div className="mt-6">
          {'forbidden' in loaderData ? (
            <NeedStaffAccount {...ORDERS_AUDIENCE} />
          ) : 'missing' in loaderData ? (
            <EmptyState icon={<BasketIcon className="size-8" />} title="No such order" actions={<ButtonLink to="/staff/orders">Find an order</ButtonLink>}>
              <p>There is no order {number}. Order numbers are BP and 8 digits, like BP10000001: check it, or search by the customer’s e-mail address.</p>
            </EmptyState>
          ) : (
            <StaffOrder order={loaderData.order} idempotencyKey={loaderData.idempotencyKey} />
          )}
        </div>
      </div>
    </>
  );
}

function doneNotice(done: Done, order: Order): string {
  if (done === 'cancel' || done === 'refund') return moneyBackDone(done, order);
  if (done === 'change') return `${order.orderNumber} is changed. The customer has been e-mailed what changed, and any refund is on its way to their card.`;
  if (done === 'change-sent')
    return (
      `The changes to ${order.orderNumber} have been e-mailed to the customer, with a link to review them and pay the difference. ` +
      'Nothing changes until they pay.'
    );
  return `${order.orderNumber} ${STEP_ACTIONS[done satisfies ForwardStep].done}.`;
}

function StaffOrder({ order, idempotencyKey }: { order: Order; idempotencyKey: string }) {
  const [searchParams] = useSearchParams();
  // What the last step did, unless a step has been refused since (the address still says what was done before).
  const refused = useActionData<typeof action>();
  const done = refused ? undefined : DONE.find((step) => step === searchParams.get('done'));
  // After each step (the same step twice included), the keyboard goes to what shows its outcome: the next step, or the refunds list.
  const doneAt = done ? `${done}:${order.history.length}:${order.refunds.length}` : null;
  useEffect(() => {
    if (!doneAt) return;
    const money = doneAt.startsWith('cancel:') || doneAt.startsWith('refund:');
    document.getElementById(money ? REFUNDS_HEADING : NEXT_STEP_HEADING)?.focus({ preventScroll: !money });
  }, [doneAt]);

  return (
    <div className="space-y-6">
      {done && <Notice title={doneNotice(done, order)} />}
      <section aria-labelledby="order-status" className="rounded-2xl border border-navy-100 bg-white p-5">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="order-status" className="section-heading">
            Progress
          </h2>
          <OrderStatusBadge status={order.status} />
          <p className="text-sm text-navy-700 sm:ml-auto">
            Placed <time dateTime={order.placedAt}>{formatInstant(order.placedAt)}</time> ·{' '}
            <span className="font-semibold text-navy-950">{formatPence(order.totals.totalIncVat)}</span>
          </p>
        </div>
        <div className="mt-5">
          <OrderTimeline status={order.status} history={order.history} />
        </div>
        {AMENDABLE_STATUSES.includes(order.status) && (
          <p className="mt-5 flex flex-wrap items-center gap-3">
            <ButtonLink to={`${orderHref(order.orderNumber)}/change`} variant="secondary">
              Change this order for the customer
            </ButtonLink>
            <span className="text-sm text-navy-700">Add or remove items, or change the address, until picking starts. No card is taken by phone.</span>
          </p>
        )}
      </section>

      {/* Phones: the next step first, then the order, then its history. Wider: the order on the left; the next step and history beside it. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 lg:col-start-3 lg:row-start-1">
          {/* Keyed on the status: after a move the form starts afresh with the new choices. */}
          <NextStep key={order.status} order={order} />
          <div className="mt-6 empty:hidden">
            {/* Keyed on the refunds: after one the forms start empty. */}
            <MoneyBackPanel key={order.refunds.length} order={order} idempotencyKey={idempotencyKey} />
          </div>
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <LinesCard order={order} />
          <div className="grid gap-6 md:grid-cols-2 md:items-start">
            <div className="min-w-0 space-y-6">
              <CustomerCard order={order} />
              <PaymentCard order={order} />
            </div>
            <DeliveryCard order={order} />
          </div>
          <RefundsCard order={order} />
          <VatDocumentsCard order={order} />
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-start-2">
          <HistoryCard order={order} />
        </div>
      </div>
    </div>
  );
}
