import type { Order } from '@shop/contracts';

/** A dispatched order's carrier and tracking number, and the carrier's own tracking page when we know its address. */
export function ParcelTracking({ tracking }: { tracking: NonNullable<Order['tracking']> }) {
  return (
    <>
      {tracking.carrier}: <span className="font-mono [overflow-wrap:anywhere]">{tracking.trackingNumber}</span>
      {tracking.url && (
        <a
          href={tracking.url}
          target="_blank"
          rel="noreferrer"
          className="mt-1 block font-semibold text-teal-700 underline underline-offset-3 hover:no-underline"
        >
          Track with {tracking.carrier}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </>
  );
}
