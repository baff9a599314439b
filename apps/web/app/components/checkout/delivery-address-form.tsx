import type { Address } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { fieldErrorAt, hasFieldErrors } from '../../lib/checkout/checkout-logic.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { AddressFields, addressForApi } from './address-fields.tsx';
import { StepProblem } from './checkout-section.tsx';
import type { StepSubmit } from './use-checkout.ts';

export interface DeliveryDetails {
  address: Address;
  instructions?: string;
}

/** Step 2: where it goes, with a note for the driver. */
export function DeliveryAddressForm({ initial, onSubmit }: { initial: DeliveryDetails; onSubmit: StepSubmit<DeliveryDetails> }) {
  const [address, setAddress] = useState(initial.address);
  const [instructions, setInstructions] = useState(initial.instructions ?? '');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await onSubmit({ address: addressForApi(address), instructions: instructions.trim() || undefined });
    setBusy(false);
    setError(result.ok ? null : result.error);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <AddressFields value={address} onChange={setAddress} error={error} section="shipping" />
      <FormField
        id="delivery-instructions"
        label={
          <>
            Delivery instructions <span className="font-normal text-navy-600">(optional)</span>
          </>
        }
        hint="A safe place, access or parking: up to 300 characters."
        error={fieldErrorAt(error, 'body.instructions')}
      >
        {(control) => (
          <textarea
            {...control}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
            maxLength={300}
            rows={3}
            className="block w-full rounded-lg border border-navy-300 bg-white px-3.5 py-2.5 text-base text-navy-950 shadow-xs hover:border-navy-400 aria-invalid:border-red-700"
          />
        )}
      </FormField>
      <StepProblem message={error && !hasFieldErrors(error) ? apiProblemMessage(error) : null} />
      <Button type="submit" loading={busy}>
        Continue to delivery options
      </Button>
    </form>
  );
}
