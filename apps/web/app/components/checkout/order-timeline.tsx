import type { OrderStatus } from '@shop/contracts';
import { formatInstant, refundText, STATUS_NAMES, timelineSteps } from '../../lib/checkout/order-tracking.ts';
import { cn } from '../../lib/cn.ts';
import { CheckIcon } from '../ui/icons.tsx';

/** An order's progress: placed → processing → picking → dispatched → delivered, with when each happened; and money back, if any. */
export function OrderTimeline({
  status,
  history,
  refundedPence = 0,
  paidOnAccount = false,
}: {
  status: OrderStatus;
  history: readonly { status: OrderStatus; at: string; kind?: 'status' | 'refund' | 'change' }[];
  refundedPence?: number;
  /** Money back is credited to the business's account with the credit provider, not a card. */
  paidOnAccount?: boolean;
}) {
  const steps = timelineSteps(status, history);
  const stopped = status === 'cancelled' || status === 'refunded';
  const refunded = refundText(refundedPence, paidOnAccount);
  return (
    <div>
      {stopped && (
        <p className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          This order was {STATUS_NAMES[status].toLowerCase()}
          {refunded ? `: ${refunded}` : ''}.
        </p>
      )}
      {!stopped && refunded && <p className="mb-4 rounded-lg border border-teal-200 bg-teal-50 p-3 text-sm font-medium text-teal-900">{refunded}.</p>}
      <ol className="grid gap-4 sm:grid-cols-5 sm:gap-2">
        {steps.map((step, index) => (
          <li key={step.status} aria-current={step.state === 'current' ? 'step' : undefined} className="flex gap-3 sm:flex-col sm:items-center sm:text-center">
            <span className="relative flex sm:w-full sm:justify-center">
              {index > 0 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-1/2 right-1/2 hidden h-0.5 w-full -translate-y-1/2 sm:block',
                    step.state === 'upcoming' ? 'bg-navy-200' : 'bg-teal-700',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-bold',
                  step.state === 'done'
                    ? 'bg-teal-700 text-white'
                    : step.state === 'current'
                      ? 'bg-navy-900 text-white ring-4 ring-teal-100'
                      : 'bg-navy-100 text-navy-700',
                )}
              >
                {step.state === 'done' ? <CheckIcon className="size-4" /> : index + 1}
              </span>
            </span>
            <span>
              <span className={cn('block text-sm font-semibold', step.state === 'upcoming' ? 'text-navy-700' : 'text-navy-950')}>
                {STATUS_NAMES[step.status]}
                <span className="sr-only">{step.state === 'done' ? ' (done)' : step.state === 'current' ? ' (current step)' : ' (to come)'}</span>
              </span>
              {step.at && <span className="block text-xs text-navy-700">{formatInstant(step.at)}</span>}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
