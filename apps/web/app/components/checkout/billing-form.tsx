import { ORDER_REFERENCE_MAX_LENGTH, type Checkout } from '@shop/contracts';
import { billingFromForm, ORDER_REFERENCE_FIELD, type BillingChoice } from '../../lib/checkout/checkout-forms.ts';
import { contactName } from '../../lib/checkout/checkout-logic.ts';
import { isCollecting } from '../../lib/checkout/click-collect.ts';
import { cn } from '../../lib/cn.ts';
import { addressErrorPaths, AddressInputs, CHECKOUT_ADDRESS_KEYS } from '../addresses/address-inputs.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { StepForm, useStepFailure } from './step-form.tsx';
import type { StepSubmit } from './use-checkout.ts';

export type { BillingChoice };

const SAME_AS_DELIVERY_ID = 'billing-same';
const ORDER_REFERENCE_ID = 'billing-order-reference';
const FIELDS = {
  'body.sameAsDelivery': SAME_AS_DELIVERY_ID,
  // No address at all (the box unticked with the fields left out): the summary leads to the first field.
  'body.address': 'billing-name',
  ...addressErrorPaths('billing', CHECKOUT_ADDRESS_KEYS),
  'body.orderReference': ORDER_REFERENCE_ID,
};

/**
 * Step 4: the card's billing address, usually the delivery address. With no delivery address (the
 * order is collected) "the same as delivery" is not offered: the address is asked for. The address
 * fields hide while the box is ticked by the stylesheet alone, so the box works before the page's
 * scripts run and without them. A trade customer also gives their own order reference here, if
 * they want it on the invoice (`company`: their business, for an address not yet given).
 */
export function BillingForm({ checkout, company, onSubmit }: { checkout: Checkout; company?: string; onSubmit: StepSubmit<BillingChoice> }) {
  const posted = useStepFailure('billing')?.values;
  // The API's pricing says who is trade: only their checkout takes a reference.
  const trade = checkout.basket.pricing.tradePriced;
  const hasDeliveryAddress = Boolean(checkout.delivery) && !isCollecting(checkout.deliveryOption);
  const same = hasDeliveryAddress && (posted ? posted.sameAsDelivery === 'true' : checkout.billing ? checkout.billing.sameAsDelivery : true);
  const address =
    posted ??
    (checkout.billing && !checkout.billing.sameAsDelivery
      ? checkout.billing.address
      : { name: checkout.delivery?.address.name ?? contactName(checkout.contact), company: checkout.delivery?.address.company ?? company });

  return (
    <StepForm step="billing" fields={FIELDS} submitLabel="Continue to payment" onSave={(form) => onSubmit(billingFromForm(form))}>
      {(errorAt) => (
        <div className="group/billing space-y-4">
          {hasDeliveryAddress ? (
            <Checkbox
              id={SAME_AS_DELIVERY_ID}
              name="sameAsDelivery"
              value="true"
              defaultChecked={same}
              label="My billing address is the same as my delivery address"
            />
          ) : (
            <p className="text-sm text-navy-800">The address your card is registered to.</p>
          )}
          <div className={cn(hasDeliveryAddress && 'group-has-[#billing-same:checked]/billing:hidden')}>
            <AddressInputs
              idPrefix="billing"
              keys={CHECKOUT_ADDRESS_KEYS}
              values={address}
              errorFor={(key) => errorAt(`body.address.${key}`)}
              autoCompleteSection="billing"
            />
          </div>
          {trade && (
            <FormField
              id={ORDER_REFERENCE_ID}
              label={
                <>
                  Your order reference (PO or job number) <span className="font-normal text-navy-600">(optional)</span>
                </>
              }
              hint={`Up to ${ORDER_REFERENCE_MAX_LENGTH} characters. We put it on your invoice and e-mails.`}
              error={errorAt('body.orderReference')}
            >
              {(control) => (
                <Input
                  {...control}
                  name={ORDER_REFERENCE_FIELD}
                  defaultValue={posted ? (posted[ORDER_REFERENCE_FIELD] ?? '') : (checkout.orderReference ?? '')}
                  autoComplete="off"
                  spellCheck={false}
                  className="max-w-md"
                />
              )}
            </FormField>
          )}
        </div>
      )}
    </StepForm>
  );
}
