import type { OrderStatus } from '@shop/contracts';
import { formatPence, ORDER_STATUSES } from '@shop/contracts';
import { Form, Link, useNavigate } from 'react-router';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { STATUS_BADGES, hasFilters, itemsText, orderFilters, orderHref, ordersHref, type OrderFilters, type OrderPage } from '../../lib/staff-orders/orders.ts';
import { NoResults, recordLink, RecordCardHeading, ResultsRange, SearchActions, StatusFilter } from '../staff/search-results.tsx';
import { TableHead } from '../staff/table-head.tsx';
import { Badge } from '../ui/badge.tsx';
import { FormField } from '../ui/form-field.tsx';
import { BasketIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { Pagination } from '../ui/pagination.tsx';

export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => <Badge tone={STATUS_BADGES[status].tone}>{STATUS_BADGES[status].label}</Badge>;

/** The search, as a plain GET form: it lives in the address, so a filtered list can be shared. */
export function OrderFiltersForm({ filters }: { filters: OrderFilters }) {
  const navigate = useNavigate();
  return (
    <Form
      // Keyed on the address so Back/Forward reset the fields to what the list shows.
      key={ordersHref({ ...filters, page: 1 })}
      // Empty fields are left out of the address (without JavaScript the plain GET still works).
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string') params.set(name, value);
        void navigate(ordersHref({ ...orderFilters(params), page: 1 }));
      }}
      method="get"
      action="/staff/orders"
      role="search"
      aria-label="Find orders"
      className={
        'grid gap-4 rounded-2xl border border-navy-100 ' +
        'bg-sand-50 p-4 sm:grid-cols-2 ' +
        'lg:grid-cols-[minmax(16rem,2fr)_minmax(12rem,1fr)_auto] ' +
        'lg:items-end'
      }
    >
      <FormField label="Order number, e-mail, name or order reference" className="sm:col-span-2 lg:col-span-1">
        {(control) => (
          <Input
            {...control}
            type="search"
            name="q"
            defaultValue={filters.q}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. BP10000001"
            maxLength={120}
          />
        )}
      </FormField>
      <StatusFilter value={filters.status} statuses={ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_BADGES[status].label }))} />
      <div className="flex items-center gap-3">
        <SearchActions clearTo="/staff/orders" filtered={hasFilters(filters)} />
      </div>
    </Form>
  );
}

/** Orders as a table on wider screens and as cards on phones (only one is shown, so read once). */
export function OrderResults({ page, filters }: { page: OrderPage; filters: OrderFilters }) {
  if (page.items.length === 0) {
    const filtered = hasFilters(filters);
    return (
      <NoResults icon={<BasketIcon className="size-8" />} noun="orders" filtered={filtered} clearTo="/staff/orders">
        {filtered
          ? 'Check the order number, e-mail address or the customer’s order reference, try part of the name, or another status.'
          : 'Orders appear here as soon as a shopper pays at the checkout.'}
      </NoResults>
    );
  }
  return (
    <>
      <ResultsRange page={page} singular="Order" plural="Orders" />
      <div className="mt-3 hidden overflow-hidden rounded-xl border border-navy-100 md:block">
        <table className="w-full text-left text-sm">
          <TableHead caption="Orders, newest first" headings={['Order', 'Placed', 'Customer', 'Items', 'Total', 'Status']} />
          <tbody className="divide-y divide-navy-100 bg-white">
            {page.items.map((order) => (
              <tr key={order.orderGuid} className="align-top hover:bg-navy-50/60">
                <td className="py-3 pr-3 pl-4 whitespace-nowrap">
                  <Link to={orderHref(order.orderNumber)} className={recordLink}>
                    {order.orderNumber}
                  </Link>
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-navy-800">
                  <time dateTime={order.placedAt}>{formatInstant(order.placedAt)}</time>
                </td>
                <td className="px-3 py-3 text-navy-800">
                  <span className="block font-medium text-navy-950">{order.customerName}</span>
                  <span className="block break-all text-navy-700">{order.emailAddress}</span>
                  {order.orderReference && <span className="block break-all text-navy-700">Order reference: {order.orderReference}</span>}
                </td>
                <td className="px-3 py-3 text-navy-800">{itemsText(order.itemCount, order.firstLine)}</td>
                <td className="px-3 py-3 font-semibold whitespace-nowrap text-navy-950 tabular-nums">{formatPence(order.totals.totalIncVat)}</td>
                <td className="py-3 pr-4 pl-3">
                  <OrderStatusBadge status={order.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-3 space-y-3 md:hidden" aria-label="Orders, newest first">
        {page.items.map((order) => (
          <li key={order.orderGuid} className="rounded-xl border border-navy-100 bg-white p-4">
            <RecordCardHeading to={orderHref(order.orderNumber)} label={order.orderNumber}>
              <OrderStatusBadge status={order.status} />
            </RecordCardHeading>
            <p className="mt-1 text-navy-800">
              <span className="font-medium text-navy-950">{order.customerName}</span> · <span className="break-all">{order.emailAddress}</span>
            </p>
            {order.orderReference && <p className="mt-1 break-all text-navy-800">Order reference: {order.orderReference}</p>}
            <p className="mt-1 text-navy-800">{itemsText(order.itemCount, order.firstLine)}</p>
            <div className="mt-2 flex items-baseline justify-between gap-3 text-sm">
              <time dateTime={order.placedAt} className="text-navy-700">
                {formatInstant(order.placedAt)}
              </time>
              <span className="text-base font-semibold text-navy-950 tabular-nums">{formatPence(order.totals.totalIncVat)}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-8"
        label="Order pages"
        current={page.pageNumber}
        total={page.totalPages}
        hrefFor={(target) => ordersHref({ ...filters, page: target })}
      />
    </>
  );
}
