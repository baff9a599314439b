import { createOrdersClient } from '@shop/api-client';
import type { Route } from './+types/staff-orders';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { OrderFiltersForm, OrderResults } from '../components/staff-orders/order-list.tsx';
import { searchRead, staffClient, staffRead, throwToTidyAddress } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { ORDER_ROLES, ORDERS_AUDIENCE, orderFilters, ordersHref, searchQuery } from '../lib/staff-orders/orders.ts';

/** The orders the search in the address finds, read on the server for the signed-in member of staff. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, ORDER_ROLES, 'orders', createOrdersClient);
  const filters = orderFilters(new URL(request.url).searchParams);
  throwToTidyAddress(request, ordersHref(filters));
  return staffRead(async () => ({ filters, ...(await searchRead(() => api.searchOrders({ query: searchQuery(filters) }))) }));
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Orders', 'Shoppers’ orders, for staff to pick, dispatch and deliver.'),
  { name: 'robots', content: 'noindex' },
];

/** Staff search of orders: search and status in the address, newest first, paged. */
export default function StaffOrdersPage({ loaderData }: Route.ComponentProps) {
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
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...ORDERS_AUDIENCE} />
        ) : (
          <>
            <h2 className="mb-4 section-heading">Find an order</h2>
            <OrderFiltersForm filters={loaderData.filters} />
            <div className="mt-8">
              {loaderData.page === null ? (
                <ErrorSummary problems={[{ message: loaderData.problem }]} />
              ) : (
                <OrderResults page={loaderData.page} filters={loaderData.filters} />
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}
