import type { Order } from '@shop/contracts';
import type { ReactNode } from 'react';
import { formatInstant, STATUS_NAMES } from '../../lib/checkout/order-tracking.ts';
import { cn } from '../../lib/cn.ts';
import { formatPence } from '@shop/contracts';
import { addressLines, deliveryWhen, paymentStatusText, paymentText } from '../../lib/staff-orders/orders.ts';
import { CancelledPart } from '../cancelled-part.tsx';
import { AddressLines } from '../ui/address-lines.tsx';
import { Link } from '../ui/link.tsx';

/** A titled card of the order page. */
export function Card({
  id,
  title,
  children,
  className,
  focusable,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
  focusable?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={cn('rounded-2xl border border-navy-100 bg-white p-5', className)}>
      {/* Focusable cards can take the keyboard after a change they show. */}
      <h2 id={id} tabIndex={focusable ? -1 : undefined} className="text-lg font-bold text-navy-950 focus:outline-none">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const Label = ({ children }: { children: ReactNode }) => <h3 className="text-sm font-semibold text-navy-700">{children}</h3>;

/** Who ordered and how to reach them; a trade customer's own reference, for their accounts team's questions. */
export function CustomerCard({ order }: { order: Order }) {
  return (
    <Card id="order-customer" title="Customer">
      <p className="font-semibold text-navy-950">{order.customerName}</p>
      <a
        href={`mailto:${order.emailAddress}`}
        className="font-medium [overflow-wrap:anywhere] text-teal-700 underline decoration-teal-700/40 underline-offset-3"
      >
        {order.emailAddress}
      </a>
      {order.orderReference && (
        <div className="mt-3">
          <Label>Customer’s order reference</Label>
          <p className="font-semibold [overflow-wrap:anywhere] text-navy-950">{order.orderReference}</p>
        </div>
      )}
    </Card>
  );
}

/** Where it goes, by which option and when; and where the bill goes. */
export function DeliveryCard({ order }: { order: Order }) {
  const when = deliveryWhen(order.delivery);
  return (
    <Card id="order-delivery" title="Delivery">
      <div className="space-y-4">
        <div>
          <Label>Option</Label>
          <p className="font-semibold text-navy-950">{order.delivery.name}</p>
          {when && <p className="text-navy-800">{when}</p>}
        </div>
        <div>
          <Label>{order.deliveryAddress ? 'Delivery address' : 'Collection'}</Label>
          {order.deliveryAddress ? (
            <AddressLines lines={addressLines(order.deliveryAddress)} />
          ) : (
            <p className="text-navy-800">Click &amp; collect from the trade counter</p>
          )}
        </div>
        <div>
          <Label>Billing address</Label>
          <AddressLines lines={addressLines(order.billingAddress)} />
        </div>
      </div>
    </Card>
  );
}

/** How it was paid, and the parcel's tracking once dispatched. */
export function PaymentCard({ order }: { order: Order }) {
  return (
    <Card id="order-payment" title="Payment and tracking">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-sm font-semibold text-navy-700">Paid by</dt>
        <dd className="text-navy-950">
          {paymentText(order.payment)}
          <span className="block text-sm text-navy-700">{paymentStatusText(order.payment)}</span>
        </dd>
        <dt className="text-sm font-semibold text-navy-700">Tracking</dt>
        <dd className="text-navy-950">
          {order.tracking ? (
            <>
              {order.tracking.carrier}{' '}
              {order.tracking.url ? (
                <a
                  href={order.tracking.url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-mono font-medium [overflow-wrap:anywhere] text-teal-700 underline underline-offset-3"
                >
                  {order.tracking.trackingNumber}
                  <span className="sr-only"> (opens the carrier’s site in a new tab)</span>
                </a>
              ) : (
                <span className="font-mono">{order.tracking.trackingNumber}</span>
              )}
            </>
          ) : (
            <span className="text-navy-700">Not dispatched yet</span>
          )}
        </dd>
      </dl>
    </Card>
  );
}

/** The lines as bought, and the totals with the VAT they include. */
export function LinesCard({ order }: { order: Order }) {
  // Once part of the order is cancelled, the totals of what is sent and now paid for (the API works them out).
  const totals = order.totalsAfterCancellations ?? order.totals;
  return (
    <Card id="order-lines" title="Items">
      <div className="-mx-5 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Items in order {order.orderNumber}</caption>
          <thead className="bg-sand-100 text-navy-800">
            <tr>
              <th scope="col" className="py-3 pr-3 pl-5 font-semibold">
                Item
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Qty
              </th>
              {/* On phones the unit price sits under the item, to leave the name room. */}
              <th scope="col" className="hidden px-3 py-3 font-semibold sm:table-cell">
                Price
              </th>
              <th scope="col" className="py-3 pr-5 pl-3 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-navy-100">
            {order.lines.map((line) => (
              <tr key={line.sku} className="align-top">
                <td className="py-3 pr-3 pl-5">
                  <div className="flex gap-3">
                    {line.imageUrl ? (
                      <img
                        src={line.imageUrl}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        className="hidden size-12 shrink-0 sm:block rounded-md border border-navy-100 bg-sand-50 object-contain"
                      />
                    ) : (
                      <span aria-hidden="true" className="hidden size-12 shrink-0 rounded-md bg-sand-100 sm:block" />
                    )}
                    <div>
                      <Link to={`/p/${line.productSlug}`}>{line.productName}</Link>
                      {line.label && <p className="text-navy-700">{line.label}</p>}
                      <p className="font-mono text-xs text-navy-600">{line.sku}</p>
                      <p className="text-navy-700 sm:hidden">{formatPence(line.unitPriceIncVat)} each</p>
                    </div>
                  </div>
                </td>
                <td className="px-3 py-3 tabular-nums">
                  {line.quantity} <CancelledPart line={line} className="whitespace-nowrap" />
                </td>
                <td className="hidden px-3 py-3 whitespace-nowrap tabular-nums sm:table-cell">{formatPence(line.unitPriceIncVat)}</td>
                <td className="py-3 pr-5 pl-3 text-right font-semibold whitespace-nowrap tabular-nums">{formatPence(line.lineTotalIncVat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-2 ml-auto max-w-xs space-y-1.5 border-t border-navy-100 pt-4 text-sm tabular-nums">
        <Total label="Goods">{formatPence(totals.goodsIncVat)}</Total>
        {(totals.discountIncVat > 0 || order.discountCode) && (
          <Total label={order.discountCode ? `Discount (${order.discountCode})` : 'Discount'}>−{formatPence(totals.discountIncVat)}</Total>
        )}
        <Total label="Delivery">{totals.deliveryIncVat === 0 ? 'Free' : formatPence(totals.deliveryIncVat)}</Total>
        <div className="flex justify-between gap-4 border-t border-navy-100 pt-2 text-base font-bold text-navy-950">
          <dt>Total</dt>
          <dd>{formatPence(totals.totalIncVat)}</dd>
        </div>
        <Total label="Includes VAT">{formatPence(totals.vatIncVat)}</Total>
      </dl>
    </Card>
  );
}

const Total = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex justify-between gap-4 text-navy-800">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/** Every status change, oldest first, with staff notes. */
export function HistoryCard({ order }: { order: Order }) {
  return (
    <Card id="order-history" title="History">
      <ol className="relative space-y-4 border-l-2 border-navy-100 pl-5" aria-label="Status history and refunds, oldest first">
        {order.history.map((entry, index) => (
          <li key={`${entry.status}-${entry.at}-${index}`} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.7rem] size-3 rounded-full bg-teal-700 ring-4 ring-white" />
            <p className="font-semibold text-navy-950">
              {entry.kind === 'refund'
                ? 'Refund'
                : entry.kind === 'change'
                  ? `Order changed ${entry.by === 'staff' ? `by ${entry.byName ?? 'staff'} (staff)` : 'by the customer'}`
                  : STATUS_NAMES[entry.status]}
            </p>
            <p className="text-sm text-navy-700">
              <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
            </p>
            {entry.note && <p className="mt-1 rounded-lg bg-sand-50 px-3 py-2 text-sm text-navy-900">{entry.note}</p>}
          </li>
        ))}
      </ol>
    </Card>
  );
}
