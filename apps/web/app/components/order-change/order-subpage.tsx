import type { ReactNode } from 'react';
import { PageHeader } from '../layout/page-header.tsx';
import { ChevronLeftIcon } from '../ui/icons.tsx';
import { Link } from '../ui/link.tsx';

/**
 * A page that changes one of the customer's orders (its changes, its delivery): the heading, the
 * way back to the order, what the last form's answer refused, and either the page's own content or
 * why it could not be loaded.
 */
export function OrderSubpage({
  orderNumber,
  title,
  step,
  error,
  problem,
  children,
}: {
  orderNumber: string;
  title: string;
  /** The page's name in the breadcrumb trail, after the order's number. */
  step?: string;
  error: string | null;
  problem: string | null;
  children: ReactNode;
}) {
  const order = step ? { label: orderNumber, to: `/account/orders/${orderNumber}` } : { label: orderNumber };
  return (
    <>
      <PageHeader
        title={title}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Your orders', to: '/account/orders' }, order, ...(step ? [{ label: step }] : [])]}
      />
      <div className="container-page min-h-[36rem] space-y-6 py-8 lg:py-10">
        <Link to={`/account/orders/${orderNumber}`} className="inline-flex items-center gap-1">
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
