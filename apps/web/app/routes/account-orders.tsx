import type { Route } from './+types/account-orders';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { BasketIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { accountClients, loadOrProblem } from '../lib/account/account-api.server.ts';
import { accountOrderPath } from '../lib/account/orders.ts';
import { formatInstant, refundText, STATUS_NAMES, statusTone } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { formatPence } from '@shop/contracts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your orders', 'The orders you have placed with Plumbline.'),
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 10;
const TRAIL = [{ label: 'Your account', to: '/account' }, { label: 'Your orders' }];

/** The page asked for in the query string (`?page=2`); anything else is the first. */
const pageOf = (url: URL) => Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);

/** The signed-in customer's orders, newest first, ten to a page; loaded for them on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageOf(url);
  const { accounts } = accountClients(request);
  const orders = await loadOrProblem(request, 'orders', accounts.listMyOrders({ query: { pageNumber: page, pageSize: PAGE_SIZE } }));
  return { page, orders, here: url.pathname + url.search };
}

export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Your orders" trail={TRAIL} />
      <div className="container-page min-h-[36rem] py-8 lg:py-12">
        <Orders {...loaderData} />
      </div>
    </>
  );
}

function Orders({ page, orders, here }: Route.ComponentProps['loaderData']) {
  if ('problem' in orders) return <LoadError title="We couldn’t load your orders" problem={orders.problem} retryTo={here} />;
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
              {order.refundedPence > 0 && <p className="text-sm font-medium text-teal-800">{refundText(order.refundedPence, order.paidOnAccount)}</p>}
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
