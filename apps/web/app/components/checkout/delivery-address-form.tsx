import { deliveryFromForm, type DeliveryDetails } from '../../lib/checkout/checkout-forms.ts';
import { FormField } from '../ui/form-field.tsx';
import { AddressFields, addressFieldIds } from './address-fields.tsx';
import { StepForm, useStepFailure } from './step-form.tsx';
import type { StepSubmit } from './use-checkout.ts';

export type { DeliveryDetails };

const FIELDS = { ...addressFieldIds('shipping'), 'body.instructions': 'delivery-instructions' };

/** Step 2: where it goes, with a note for the driver. */
export function DeliveryAddressForm({ initial, onSubmit }: { initial: DeliveryDetails; onSubmit: StepSubmit<DeliveryDetails> }) {
  const posted = useStepFailure('delivery_address')?.values;
  return (
    <StepForm step="delivery_address" fields={FIELDS} submitLabel="Continue to delivery options" onSave={(form) => onSubmit(deliveryFromForm(form))}>
      {(errorAt) => (
        <>
          <AddressFields initial={posted ?? initial.address} errorAt={errorAt} section="shipping" />
          <FormField
            id={FIELDS['body.instructions']}
            label={
              <>
                Delivery instructions <span className="font-normal text-navy-600">(optional)</span>
              </>
            }
            hint="A safe place, access or parking: up to 300 characters."
            error={errorAt('body.instructions')}
          >
            {(control) => (
              <textarea
                {...control}
                name="instructions"
                defaultValue={posted?.instructions ?? initial.instructions ?? ''}
                maxLength={300}
                rows={3}
                className="block w-full rounded-lg border border-navy-300 bg-white px-3.5 py-2.5 text-base text-navy-950 shadow-xs hover:border-navy-400 aria-invalid:border-red-700"
              />
            )}
          </FormField>
        </>
      )}
    </StepForm>
  );
}
