import type { SavedAddress } from '@shop/contracts';
import { addressLine } from '../../lib/addresses/address-book.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';

/**
 * "Use a saved address": a signed-in customer's addresses to choose from, and a button posting the
 * form with `intent=saved`, which fills the fields below from the one chosen (read again from the
 * address book by the server). Nothing is drawn for a visitor without saved addresses.
 */
export function SavedAddressPicker({ idPrefix, saved }: { idPrefix: string; saved: readonly SavedAddress[] | null }) {
  if (!saved || saved.length === 0) return null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FormField label="Use a saved address" id={`${idPrefix}-saved`} hint="From your address book." className="w-full sm:max-w-md">
        {(control) => (
          <Select
            {...control}
            name="savedAddressId"
            options={saved.map((address) => ({ value: address.addressId, label: `${address.nickname ?? address.name}: ${addressLine(address)}` }))}
          />
        )}
      </FormField>
      <Button type="submit" name="intent" value="saved" variant="secondary" formNoValidate>
        Fill in this address
      </Button>
    </div>
  );
}
