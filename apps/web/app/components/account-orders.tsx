import type { Order } from '@shop/contracts';
import { useId } from 'react';
import { accountOrderPath } from '../lib/account/orders.ts';
import { formatInstant, refundText, STATUS_NAMES, statusTone } from '../lib/checkout/order-tracking.ts';
import { formatPence } from '@shop/contracts';
import { Badge } from './ui/badge.tsx';
import { Link } from './ui/link.tsx';
import { LoadError } from './ui/load-error.tsx';

/** The latest order (null: none yet), or why it could not be loaded. */
export type LatestOrder = { data: Order | null } | { problem: string };

/** The account page's orders panel: the latest order, and the way to all of them. */
export function AccountOrders({ latest }: { latest: LatestOrder }) {
  const headingId = useId();
  const order = 'data' in latest ? latest.data : null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-navy-100 bg-white p-6 lg:col-span-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="section-heading">
          Your orders
        </h2>
        <Link to="/account/orders">All your orders</Link>
      </div>
      <div className="mt-4 min-h-24">
        {'problem' in latest ? (
          <LoadError title="We couldn’t load your orders" problem={latest.problem} retryTo="/account" />
        ) : order ? (
          <div className="rounded-xl bg-sand-50 p-4 ring-1 ring-navy-100 ring-inset">
            <p className="flex flex-wrap items-center gap-2 text-sm text-navy-700">
              Latest order <span className="font-mono font-semibold text-navy-950">{order.orderNumber}</span>
              <Badge tone={statusTone(order.status)}>{STATUS_NAMES[order.status]}</Badge>
            </p>
            <p className="mt-1 text-navy-950">
              {order.lines
                .filter((line) => line.quantity > 0)
                .map((line) => `${line.quantity} × ${line.productName}`)
                .join(', ')}
            </p>
            <p className="mt-1 text-sm text-navy-700">
              Placed {formatInstant(order.placedAt)} · {formatPence(order.totals.totalIncVat)}
              {order.payment.refundedPence > 0 && ` · ${refundText(order.payment.refundedPence, order.payment.method === 'on_account')}`}
            </p>
            <Link to={accountOrderPath(order.orderNumber)} className="mt-2 inline-block text-sm">
              View this order
            </Link>
          </div>
        ) : (
          <p className="text-navy-700">You haven’t placed an order yet. Orders you place while signed in appear here.</p>
        )}
      </div>
    </section>
  );
}
