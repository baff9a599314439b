import { ApiError } from '@shop/api-client';
import { useId } from 'react';
import { accountOrderPath } from '../lib/account/orders.ts';
import { formatInstant, refundText, STATUS_NAMES, statusTone } from '../lib/checkout/order-tracking.ts';
import { formatPence } from '@shop/contracts';
import { useApiClients, useApiData } from '../lib/use-api.ts';
import { useShopAuth } from './auth/use-shop-auth.ts';
import { Badge } from './ui/badge.tsx';
import { Link } from './ui/link.tsx';
import { LoadError } from './ui/load-error.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** The account page's orders panel: the latest order, and the way to all of them. */
export function AccountOrders() {
  const auth = useShopAuth();
  const clients = useApiClients();
  const headingId = useId();
  const sub = auth.user?.profile.sub;
  // No orders yet is a 404: an answer, not a failure.
  const latest = useApiData(clients && sub ? `latest-order:${sub}` : undefined, (signal) =>
    clients!.accounts.getMyLatestOrder(undefined, { signal }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  );

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-navy-100 bg-white p-6 lg:col-span-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-navy-950">
          Your orders
        </h2>
        <Link to="/account/orders">All your orders</Link>
      </div>
      <div className="mt-4 min-h-24">
        {latest.state === 'error' && <LoadError title="We couldn’t load your orders" error={latest.error} onRetry={latest.reload} />}
        {(latest.state === 'loading' || latest.state === 'idle') && <Skeleton className="h-24 rounded-xl" />}
        {latest.state === 'ready' &&
          (latest.data ? (
            <div className="rounded-xl bg-sand-50 p-4 ring-1 ring-navy-100 ring-inset">
              <p className="flex flex-wrap items-center gap-2 text-sm text-navy-700">
                Latest order <span className="font-mono font-semibold text-navy-950">{latest.data.orderNumber}</span>
                <Badge tone={statusTone(latest.data.status)}>{STATUS_NAMES[latest.data.status]}</Badge>
              </p>
              <p className="mt-1 text-navy-950">
                {latest.data.lines
                  .filter((line) => line.quantity > 0)
                  .map((line) => `${line.quantity} × ${line.productName}`)
                  .join(', ')}
              </p>
              <p className="mt-1 text-sm text-navy-700">
                Placed {formatInstant(latest.data.placedAt)} · {formatPence(latest.data.totals.totalIncVat)}
                {latest.data.payment.refundedPence > 0 && ` · ${refundText(latest.data.payment.refundedPence)}`}
              </p>
              <Link to={accountOrderPath(latest.data.orderNumber)} className="mt-2 inline-block text-sm">
                View this order
              </Link>
            </div>
          ) : (
            <p className="text-navy-700">You haven’t placed an order yet. Orders you place while signed in appear here.</p>
          ))}
      </div>
    </section>
  );
}
