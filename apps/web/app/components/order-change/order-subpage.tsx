import type { ReactNode } from 'react';
import { PageHeader } from '../layout/page-header.tsx';
import { ChevronLeftIcon } from '../ui/icons.tsx';
import { Link } from '../ui/link.tsx';
import { trackOrderPath } from '../../lib/checkout/order-tracking.ts';

/**
 * A page that changes one of the customer's orders (its changes, its delivery): the heading, the
 * way back to the order, what the last form's answer refused, and either the page's own content or
 * why it could not be loaded.
 */
export function OrderSubpage({
  orderNumber,
  orderPath = `/account/orders/${orderNumber}`,
  guest = false,
  title,
  step,
  error,
  problem,
  children,
}: {
  orderNumber: string;
  /** The order's own page: the account's, or the guest's help page under the e-mailed link. */
  orderPath?: string;
  /** A guest with the e-mailed link: the trail starts at tracking, not the account. */
  guest?: boolean;
  title: string;
  /** The page's name in the breadcrumb trail, after the order's number. */
  step?: string;
  error: string | null;
  problem: string | null;
  children: ReactNode;
}) {
  // A guest's order page is loaded whole: its link cookie does not go with a script's data request (breadcrumbs.tsx).
  const order = step ? { label: orderNumber, to: orderPath, reloadDocument: guest } : { label: orderNumber };
  const start = guest
    ? [{ label: 'Track your order', to: trackOrderPath(orderNumber) }]
    : [
        { label: 'Your account', to: '/account' },
        { label: 'Your orders', to: '/account/orders' },
      ];
  return (
    <>
      <PageHeader title={title} trail={[...start, order, ...(step ? [{ label: step }] : [])]} />
      <div className="container-page min-h-[36rem] space-y-6 py-8 lg:py-10">
        <Link to={orderPath} reloadDocument={guest} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          Back to the order
        </Link>
        {[error, problem].map(
          (message, index) =>
            message && (
              <p key={index} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-800">
                {message}
              </p>
            ),
        )}
        {!problem && children}
      </div>
    </>
  );
}
