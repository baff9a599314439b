import type { Address, Checkout } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { contactName, EMPTY_ADDRESS, fieldErrorAt, hasFieldErrors } from '../../lib/checkout/checkout-logic.ts';
import { isCollecting } from '../../lib/checkout/click-collect.ts';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { AddressFields, addressForApi } from './address-fields.tsx';
import { StepProblem } from './checkout-section.tsx';
import type { StepSubmit } from './use-checkout.ts';

export type BillingChoice = { sameAsDelivery: true } | { sameAsDelivery: false; address: Address };

/**
 * Step 4: the card's billing address, usually the delivery address. With no delivery address (the
 * order is collected) "the same as delivery" is not offered: the address is asked for.
 */
export function BillingForm({ checkout, onSubmit }: { checkout: Checkout; onSubmit: StepSubmit<BillingChoice> }) {
  const hasDeliveryAddress = Boolean(checkout.delivery) && !isCollecting(checkout.deliveryOption);
  const [chosenSame, setSame] = useState(checkout.billing ? checkout.billing.sameAsDelivery : hasDeliveryAddress);
  const same = chosenSame && hasDeliveryAddress;
  const [address, setAddress] = useState<Address>(
    checkout.billing && !checkout.billing.sameAsDelivery ? checkout.billing.address : { ...EMPTY_ADDRESS, name: checkout.delivery?.address.name ?? contactName(checkout.contact) },
  );
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await onSubmit(same ? { sameAsDelivery: true } : { sameAsDelivery: false, address: addressForApi(address) });
    setBusy(false);
    setError(result.ok ? null : result.error);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {hasDeliveryAddress ? (
        <Checkbox label="My billing address is the same as my delivery address" checked={same} onChange={(event) => setSame(event.target.checked)} />
      ) : (
        <p className="text-sm text-navy-800">The address your card is registered to.</p>
      )}
      {!same && <AddressFields value={address} onChange={setAddress} error={error} section="billing" />}
      <StepProblem message={error && (!hasFieldErrors(error) || fieldErrorAt(error, 'body.address')) ? (fieldErrorAt(error, 'body.address') ?? apiProblemMessage(error)) : null} />
      <Button type="submit" loading={busy}>
        Continue to payment
      </Button>
    </form>
  );
}
