import { useSearchParams } from 'react-router';
import type { Route } from './+types/account-orders';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon, UserIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { accountOrderPath } from '../lib/account/orders.ts';
import { formatInstant, refundText, STATUS_NAMES, statusTone, trackOrderPath } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { formatPence } from '@shop/contracts';
import { useApiClients, useApiData } from '../lib/use-api.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your orders', 'The orders you have placed with Plumbline.'),
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 10;
const TRAIL = [{ label: 'Your account', to: '/account' }, { label: 'Your orders' }];

/** The signed-in customer's orders, newest first, ten to a page; rendered in the browser after sign-in. */
export default function AccountOrdersPage() {
  const auth = useShopAuth();
  return (
    <>
      <PageHeader title="Your orders" trail={TRAIL} />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        {auth.status === 'loading' && <OrdersSkeleton />}
        {auth.status === 'signed-out' && (
          <EmptyState
            icon={<UserIcon className="size-8" />}
            title="Sign in to see your orders"
            actions={
              <>
                <Button onClick={() => auth.signInWithRedirect('/account/orders')} loading={auth.busy}>
                  Sign in
                </Button>
                <ButtonLink to={trackOrderPath()} variant="secondary">
                  Track an order without signing in
                </ButtonLink>
              </>
            }
          />
        )}
        {auth.status === 'signed-in' && <Orders />}
      </div>
    </>
  );
}

function Orders() {
  const clients = useApiClients();
  const auth = useShopAuth();
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const sub = auth.user?.profile.sub;
  const orders = useApiData(clients && sub ? `orders:${sub}:${page}` : undefined, (signal) =>
    clients!.accounts.listMyOrders({ query: { pageNumber: page, pageSize: PAGE_SIZE } }, { signal }),
  );

  if (orders.state === 'error') return <LoadError title="We couldn’t load your orders" error={orders.error} onRetry={orders.reload} />;
  if (orders.state !== 'ready') return <OrdersSkeleton />;
  const { items, totalPages, totalCount } = orders.data;
  if (totalCount === 0) {
    return (
      <EmptyState
        icon={<BasketIcon className="size-8" />}
        title="No orders yet"
        actions={
          <ButtonLink to="/#shop-by-category" variant="primary">
            Start shopping
          </ButtonLink>
        }
      >
        <p>Orders you place while signed in appear here.</p>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-navy-700">
        {totalCount} order{totalCount === 1 ? '' : 's'}
        {totalPages > 1 && `, page ${page} of ${totalPages}`}
      </p>
      <ul className="divide-y divide-navy-100 rounded-2xl border border-navy-100 bg-white">
        {items.map((order) => (
          <li key={order.orderGuid} className="grid gap-2 p-5 sm:grid-cols-[1fr_auto] sm:items-center">
            <div>
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold text-navy-950">{order.orderNumber}</span>
                <Badge tone={statusTone(order.status)}>{STATUS_NAMES[order.status]}</Badge>
              </p>
              <p className="mt-1 text-navy-950">
                {order.firstLine ?? 'Your order'}
                {order.itemCount > 1 && <span className="text-navy-700"> and more ({order.itemCount} items)</span>}
              </p>
              <p className="text-sm text-navy-700">Placed {formatInstant(order.placedAt)}</p>
              {order.refundedPence > 0 && <p className="text-sm font-medium text-teal-800">{refundText(order.refundedPence)}</p>}
            </div>
            <div className="flex items-center gap-4 sm:flex-col sm:items-end">
              <span className="font-bold tabular-nums text-navy-950">{formatPence(order.totals.totalIncVat)}</span>
              <Link to={accountOrderPath(order.orderNumber)}>
                View order<span className="sr-only"> {order.orderNumber}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        current={page}
        total={totalPages}
        hrefFor={(target) => (target === 1 ? '/account/orders' : `/account/orders?page=${target}`)}
        label="Order pages"
      />
    </div>
  );
}

function OrdersSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading your orders…
      </p>
      <Skeleton className="h-5 w-32" />
      <div className="space-y-px">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-28 rounded-none first:rounded-t-2xl last:rounded-b-2xl" />
        ))}
      </div>
    </div>
  );
}
