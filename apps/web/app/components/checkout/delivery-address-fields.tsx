import type { DeliveryDetails } from '../../lib/checkout/checkout-forms.ts';
import { FormField } from '../ui/form-field.tsx';
import { AddressFields, addressFieldIds } from './address-fields.tsx';

/** Each field's error path and the control the error summary links to. */
export const DELIVERY_ADDRESS_FIELDS = { ...addressFieldIds('shipping'), 'body.instructions': 'delivery-instructions' };

/** Where it goes, with a note for the driver: step 2's fields when the order is delivered. `initial` may be what was posted. */
export function DeliveryAddressFields({
  initial,
  errorAt,
}: {
  initial: Partial<DeliveryDetails['address']> & { instructions?: string };
  errorAt: (path: string) => string | undefined;
}) {
  return (
    <>
      <AddressFields initial={initial} errorAt={errorAt} section="shipping" />
      <FormField
        id={DELIVERY_ADDRESS_FIELDS['body.instructions']}
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
            defaultValue={initial.instructions ?? ''}
            maxLength={300}
            rows={3}
            className={
              'block w-full rounded-lg border border-navy-300 bg-white px-3.5 py-2.5 text-base ' +
              'text-navy-950 shadow-xs hover:border-navy-400 aria-invalid:border-red-700'
            }
          />
        )}
      </FormField>
    </>
  );
}
