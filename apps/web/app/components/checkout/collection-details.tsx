import type { Checkout, DeliveryOption } from '@shop/contracts';
import { cutOffText, whenText } from '../../lib/checkout/checkout-logic.ts';
import { branchAddress, CLICK_COLLECT, openingHoursLines } from '../../lib/checkout/click-collect.ts';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useDeliveryOptions, type CheckoutClient, type DrawnDelivery } from './use-checkout.ts';

/**
 * Step 2 when the order is collected: where and when it waits (the branch, its address and opening
 * hours, and when the order is ready there), and the contact details it goes by. No delivery
 * address is asked for; continuing chooses click & collect.
 */
export function CollectionDetails({
  client,
  basketId,
  checkout,
  drawn,
}: {
  client: CheckoutClient;
  basketId: string;
  checkout: Checkout;
  drawn: DrawnDelivery | undefined;
}) {
  const options = useDeliveryOptions(client, basketId, checkout, drawn);
  if (options.state === 'error') return <LoadError title="We couldn’t load click & collect" error={options.error} onRetry={options.reload} />;
  if (options.state !== 'ready') {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading click &amp; collect…
        </p>
        <Skeleton className="h-44 rounded-xl" />
      </div>
    );
  }
  return <Collection option={options.data.options.find((entry) => entry.code === CLICK_COLLECT)} contact={checkout.contact} />;
}

function Collection({ option, contact }: { option: DeliveryOption | undefined; contact: Checkout['contact'] }) {
  const collection = option?.available ? option.collection : undefined;
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-4 gap-y-2 rounded-xl border border-navy-200 bg-sand-50 p-4 text-sm text-navy-800 sm:grid-cols-[auto_1fr]">
        {collection && (
          <>
            <dt className="font-semibold text-navy-950">Where</dt>
            <dd>
              <span className="block font-medium text-navy-950">{collection.branch.name}</span>
              <span className="block">{branchAddress(collection.branch)}</span>
            </dd>
            <dt className="font-semibold text-navy-950">Opening hours</dt>
            <dd>
              {openingHoursLines(collection.branch).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </>
        )}
        <dt className="font-semibold text-navy-950">When</dt>
        {option?.available ? (
          <dd>
            <span className="block font-medium text-navy-950">{whenText(option)}</span>
            {cutOffText(option.cutOff) && <span className="block">{cutOffText(option.cutOff)} to collect today</span>}
          </dd>
        ) : (
          // Continuing anyway is refused by the API, which says the same at the top of the step.
          <dd className="font-medium text-red-800">{option?.unavailableReason ?? 'Click & collect is not available for this basket.'}</dd>
        )}
      </dl>
      {contact && (
        <p className="text-sm text-navy-800">
          No delivery address needed. We’ll e-mail {contact.emailAddress} when your order is ready for {contact.firstName} {contact.lastName} to collect, and
          call {contact.phone} if we need to. Bring your order number.
        </p>
      )}
    </div>
  );
}
