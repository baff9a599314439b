import { ApiError } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Route } from './+types/staff-order';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { OrderTimeline } from '../components/checkout/order-timeline.tsx';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { MoneyBackPanel, REFUNDS_HEADING, RefundsCard } from '../components/staff-orders/money-back.tsx';
import { NextStep } from '../components/staff-orders/next-step.tsx';
import { CustomerCard, DeliveryCard, HistoryCard, LinesCard, OrderSkeleton, PaymentCard } from '../components/staff-orders/order-details.tsx';
import { OrderStatusBadge } from '../components/staff-orders/order-list.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon, ChevronLeftIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { formatPence } from '@shop/contracts';
import { ORDER_ROLES, ORDERS_AUDIENCE } from '../lib/staff-orders/orders.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(ORDER_ROLES);

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`${params.orderNumber.toUpperCase()} | Orders`, 'An order: customer, delivery, items, payment and history, and its next step.'),
  { name: 'robots', content: 'noindex' },
];

/** One order for staff: everything about it, and the next step in its fulfilment. */
export default function StaffOrderPage() {
  const { orderNumber = '' } = useParams();
  const number = orderNumber.trim().toUpperCase();
  return (
    <>
      <PageHeader title={`Order ${number}`} trail={[{ label: 'Your account', to: '/account' }, { label: 'Orders', to: '/staff/orders' }, { label: number }]} />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Link to="/staff/orders" className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          All orders
        </Link>
        <div className="mt-6">
          <StaffOrder orderNumber={number} />
        </div>
      </div>
    </>
  );
}

function StaffOrder({ orderNumber }: { orderNumber: string }) {
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const loaded = useApiData(clients ? `${sub}:${orderNumber}` : undefined, (signal) =>
    clients!.orders.getOrderForStaff({ params: { orderNumber } }, { signal }),
  );
  // What the last change answered, shown in place of the loaded order (no reload, no flicker).
  const [latest, setLatest] = useState<Order | null>(null);
  // After a change, the keyboard goes to what shows its outcome: the next step, or the refunds list.
  // A new object per change, so the effect runs after each one.
  const [focusAfter, setFocusAfter] = useState<{ target: 'next-step' | 'refunds' } | null>(null);
  useEffect(() => {
    if (focusAfter?.target === 'refunds') document.getElementById(REFUNDS_HEADING)?.focus();
  }, [focusAfter]);

  if (loaded.state === 'error') {
    if (isForbidden(loaded.error)) return <NeedStaffAccount {...ORDERS_AUDIENCE} />;
    // 404: no such order; 400: not an order number at all.
    if (loaded.error instanceof ApiError && (loaded.error.status === 404 || loaded.error.status === 400)) {
      return (
        <EmptyState icon={<BasketIcon className="size-8" />} title="No such order" actions={<ButtonLink to="/staff/orders">Find an order</ButtonLink>}>
          <p>There is no order {orderNumber}. Order numbers are BP and 8 digits, like BP10000001: check it, or search by the customer’s e-mail address.</p>
        </EmptyState>
      );
    }
    return <LoadError title="We couldn’t load this order" error={loaded.error} onRetry={loaded.reload} />;
  }
  const order = latest?.orderNumber === orderNumber ? latest : loaded.state === 'ready' ? loaded.data : null;
  if (!order) return <OrderSkeleton />;
  const reload = () => {
    setLatest(null);
    setFocusAfter(null);
    loaded.reload();
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="order-status" className="rounded-2xl border border-navy-100 bg-white p-5">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="order-status" className="text-xl font-bold tracking-tight text-navy-950">
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
      </section>

      {/* Phones: the next step first, then the order, then its history. Wider: the order on the left; the next step and history beside it. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 lg:col-start-3 lg:row-start-1">
          {/* Keyed on the status: after a move the panel starts afresh with the new choices. */}
          <NextStep
            key={order.status}
            order={order}
            onAdvanced={(next) => {
              setLatest(next);
              setFocusAfter({ target: 'next-step' });
            }}
            focusOnMount={focusAfter?.target === 'next-step'}
            onStale={reload}
          />
          <div className="mt-6 empty:hidden">
            <MoneyBackPanel
              order={order}
              onChanged={(next) => {
                setLatest(next);
                // The refunds list shows what happened (the buttons may be gone).
                setFocusAfter({ target: 'refunds' });
              }}
              onStale={reload}
            />
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
        </div>
        <div className="min-w-0 lg:col-start-3 lg:row-start-2">
          <HistoryCard order={order} />
        </div>
      </div>
    </div>
  );
}
