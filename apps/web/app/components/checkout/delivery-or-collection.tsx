import type { Checkout } from '@shop/contracts';
import { useId, useState } from 'react';
import { addressLine, contactName, EMPTY_ADDRESS, whenText } from '../../lib/checkout/checkout-logic.ts';
import { branchAddress, COLLECT_FROM, isCollecting } from '../../lib/checkout/click-collect.ts';
import { CollectionForm } from './collection-form.tsx';
import { DeliveryAddressForm, type DeliveryDetails } from './delivery-address-form.tsx';
import type { CheckoutClient, StepSubmit } from './use-checkout.ts';

/**
 * Step 2: delivered to an address, or collected from the trade counter, in which case no delivery
 * address is asked for. Switching back to delivery asks for the address again.
 */
export function DeliveryOrCollection({
  client,
  basketId,
  checkout,
  onDeliver,
  onCollect,
}: {
  client: CheckoutClient;
  basketId: string;
  checkout: Checkout;
  onDeliver: StepSubmit<DeliveryDetails>;
  onCollect: StepSubmit<void>;
}) {
  const [collect, setCollect] = useState(isCollecting(checkout.deliveryOption));
  const name = useId();
  const choices = [
    { value: false, label: 'Deliver to an address' },
    { value: true, label: COLLECT_FROM },
  ];

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-navy-950">Delivery or collection?</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {choices.map((choice) => (
            <label key={choice.label} className="flex cursor-pointer items-center gap-2 text-sm font-medium text-navy-950">
              <input type="radio" name={name} checked={collect === choice.value} onChange={() => setCollect(choice.value)} className="size-5 accent-teal-700" />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {collect ? (
        <CollectionForm client={client} basketId={basketId} checkout={checkout} onSubmit={onCollect} />
      ) : (
        <DeliveryAddressForm
          initial={
            checkout.delivery
              ? { address: checkout.delivery.address, instructions: checkout.delivery.instructions ?? undefined }
              : { address: { ...EMPTY_ADDRESS, name: contactName(checkout.contact) } }
          }
          onSubmit={onDeliver}
        />
      )}
    </div>
  );
}

/** What step 2 holds once done: the branch, its address and when the order is ready there, or the delivery address. */
export function DeliveryOrCollectionSummary({ checkout }: { checkout: Checkout }) {
  if (isCollecting(checkout.deliveryOption)) {
    const ready = checkout.deliveryOption && whenText(checkout.deliveryOption);
    const branch = checkout.deliveryOption?.collection?.branch;
    return (
      <>
        <p className="font-semibold text-navy-950">{branch ? `Click & collect from the ${branch.name}` : COLLECT_FROM}</p>
        {branch && <p>{branchAddress(branch)}</p>}
        {ready && <p>{ready}</p>}
      </>
    );
  }
  if (!checkout.delivery) return null;
  return (
    <>
      <p className="font-semibold text-navy-950">{checkout.delivery.address.name}</p>
      <p>{addressLine(checkout.delivery.address)}</p>
      {checkout.delivery.instructions && <p className="text-navy-700">Instructions: {checkout.delivery.instructions}</p>}
    </>
  );
}
