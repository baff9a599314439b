import type { SavedAddress } from '@shop/contracts';
import type { AddressValues, FinderState } from '../../lib/addresses/address-form.ts';
import { addressLine } from '../../lib/addresses/address-book.ts';
import { NEW_ADDRESS, SAVE_ADDRESS_FIELD, SAVED_ADDRESS_FIELD } from '../../lib/checkout/checkout-forms.ts';
import { AddressFinder } from '../addresses/address-finder.tsx';
import { addressErrorPaths, AddressInputs, CHECKOUT_ADDRESS_KEYS } from '../addresses/address-inputs.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { FormField } from '../ui/form-field.tsx';
import { TextArea } from '../ui/textarea.tsx';

const ID = 'shipping';

/** Each field's error path and the control the error summary links to. */
export const DELIVERY_ADDRESS_FIELDS = {
  ...addressErrorPaths(ID, CHECKOUT_ADDRESS_KEYS),
  'body.saveToAddressBook': `${ID}-save`,
  'body.instructions': 'delivery-instructions',
};

/** A saved address's first line in the list: its nickname (or name), and whether it is the default. */
const savedAddressTitle = (address: SavedAddress) => `${address.nickname ?? address.name}${address.isDefault ? ' (default)' : ''}`;

/**
 * Where it goes, with a note for the driver: step 2's fields when the order is delivered. A
 * signed-in customer's saved delivery addresses come first (`saved`; null for a guest), `chosen`
 * checked; "Use a different address" shows "Find address" and the fields (the stylesheet hides
 * them while a saved address is checked, so the choice works before the page's scripts run), with
 * the box that saves the new address to the address book. `values` may be what was posted.
 */
export function DeliveryAddressFields({
  values,
  saved,
  chosen,
  finder,
  errorAt,
}: {
  values: AddressValues;
  saved: readonly SavedAddress[] | null;
  chosen: string;
  finder: FinderState | null;
  errorAt: (path: string) => string | undefined;
}) {
  return (
    <>
      {saved && saved.length > 0 && (
        <fieldset>
          <legend className="text-sm font-semibold text-navy-950">Your saved addresses</legend>
          <div className="mt-2 space-y-2">
            {saved.map((address) => (
              <label
                key={address.addressId}
                htmlFor={`${ID}-saved-${address.addressId}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-navy-100 p-3 has-checked:border-teal-700 has-checked:bg-teal-50"
              >
                <input
                  id={`${ID}-saved-${address.addressId}`}
                  type="radio"
                  name={SAVED_ADDRESS_FIELD}
                  value={address.addressId}
                  defaultChecked={chosen === address.addressId}
                  data-saved-address=""
                  className="mt-0.5 size-5 shrink-0 accent-teal-700"
                />
                <span className="min-w-0 text-sm break-words text-navy-800 first-line:font-semibold first-line:text-navy-950">
                  {savedAddressTitle(address)}
                  <br />
                  {address.nickname && `${address.name}, `}
                  {addressLine(address)}
                </span>
              </label>
            ))}
            <label
              htmlFor={`${ID}-saved-${NEW_ADDRESS}`}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-navy-100 p-3 has-checked:border-teal-700 has-checked:bg-teal-50"
            >
              <input
                id={`${ID}-saved-${NEW_ADDRESS}`}
                type="radio"
                name={SAVED_ADDRESS_FIELD}
                value={NEW_ADDRESS}
                defaultChecked={chosen === NEW_ADDRESS}
                className="size-5 shrink-0 accent-teal-700"
              />
              <span className="text-sm font-semibold text-navy-950">Use a different address</span>
            </label>
          </div>
        </fieldset>
      )}
      <div className="space-y-4 group-has-[[data-saved-address]:checked]/step:hidden">
        <AddressFinder idPrefix={ID} values={values} finder={finder} />
        <AddressInputs
          idPrefix={ID}
          keys={CHECKOUT_ADDRESS_KEYS}
          values={values}
          errorFor={(key) => errorAt(`body.address.${key}`)}
          autoCompleteSection="shipping"
        />
        {saved && (
          <Checkbox
            id={DELIVERY_ADDRESS_FIELDS['body.saveToAddressBook']}
            name={SAVE_ADDRESS_FIELD}
            value="yes"
            defaultChecked={values[SAVE_ADDRESS_FIELD] === 'yes'}
            label="Save this address to my address book"
            hint="Checkout offers it first next time."
          />
        )}
      </div>
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
        {(control) => <TextArea {...control} name="instructions" defaultValue={values.instructions ?? ''} maxLength={300} />}
      </FormField>
    </>
  );
}
