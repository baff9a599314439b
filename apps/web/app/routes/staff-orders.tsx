import { useSearchParams } from 'react-router';
import type { Route } from './+types/staff-orders';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderFiltersForm, OrderListSkeleton, OrderResults } from '../components/staff-orders/order-list.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { isForbidden } from '../lib/api-problem.ts';
import { pageMeta } from '../lib/meta.ts';
import { ORDER_ROLES, ORDERS_AUDIENCE, orderFilters, ordersHref, searchQuery } from '../lib/staff-orders/orders.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { staffPageLoader } from '../lib/auth/staff-page.server.ts';

// Staff without the page's role get the shop's 404 from the server, as from the API.
export const loader = staffPageLoader(ORDER_ROLES);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Orders', 'Shoppers’ orders, for staff to pick, dispatch and deliver.'),
  { name: 'robots', content: 'noindex' },
];

/** Staff search of orders: search and status in the address, newest first, paged. Loaded in the browser. */
export default function StaffOrdersPage() {
  return (
    <>
      <PageHeader
        title="Orders"
        intro={
          <p>
            Find an order by its number, the customer’s e-mail address or name, or a trade customer’s own order reference (PO or job number), then move it on as
            it is picked, dispatched and delivered.
          </p>
        }
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Orders' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        <Orders />
      </div>
    </>
  );
}

function Orders() {
  const [searchParams] = useSearchParams();
  const filters = orderFilters(searchParams);
  const clients = useApiClients();
  const sub = useShopAuth().user?.profile.sub;
  const list = useApiData(clients ? `${sub}:${ordersHref(filters)}` : undefined, (signal) =>
    clients!.orders.searchOrders({ query: searchQuery(filters) }, { signal }),
  );

  if (list.state === 'error' && isForbidden(list.error)) return <NeedStaffAccount {...ORDERS_AUDIENCE} />;

  return (
    <>
      <h2 className="mb-4 text-xl font-bold tracking-tight text-navy-950">Find an order</h2>
      <OrderFiltersForm filters={filters} />
      <div className="mt-8">
        {list.state === 'error' ? (
          <LoadError title="We couldn’t load the orders" error={list.error} onRetry={list.reload} />
        ) : list.state === 'ready' ? (
          <OrderResults page={list.data} filters={filters} />
        ) : (
          <OrderListSkeleton />
        )}
      </div>
    </>
  );
}
