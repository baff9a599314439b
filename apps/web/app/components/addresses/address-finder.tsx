import { ADDRESS_BY_HAND_HINT } from '@shop/contracts';
import { FINDER_POSTCODE, type AddressValues, type FinderState } from '../../lib/addresses/address-form.ts';
import { FINDER_ATTRIBUTE } from '../../lib/addresses/enter-finds-address.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { SearchIcon } from '../ui/icons.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

/**
 * "Find address": a postcode and a button posting the form with `intent=find`; the addresses found
 * come back as a list to choose from, posted with `intent=choose`, which fills the fields below.
 * Part of the address form it sits in, so what was typed is kept; the fields can always be typed by hand.
 */
export function AddressFinder({ idPrefix, values, finder }: { idPrefix: string; values: AddressValues; finder: FinderState | null }) {
  const found = finder && 'addresses' in finder && finder.addresses.length > 0 ? finder.addresses : null;
  const problem = finder && 'problem' in finder ? finder.problem : undefined;
  return (
    <fieldset className="rounded-xl border border-navy-100 bg-navy-50/60 p-4 sm:p-5">
      <legend className="px-1 text-base font-bold text-navy-950">Search by postcode</legend>
      {/* Enter in a field outside this presses the form's own button rather than "Find address" (enterFindsAddress, on the form). */}
      <div className="flex flex-wrap items-end gap-3" {...{ [FINDER_ATTRIBUTE]: '' }}>
        <FormField
          label="Find your address"
          id={`${idPrefix}-find-postcode`}
          error={problem}
          hint={`Type a UK postcode, like LS1 4AP. ${ADDRESS_BY_HAND_HINT}`}
          className="w-full max-w-xs"
        >
          {(control) => (
            <Input
              {...control}
              name={FINDER_POSTCODE}
              defaultValue={finder?.postcode ?? values[FINDER_POSTCODE] ?? ''}
              autoComplete="postal-code"
              autoCapitalize="characters"
              className="uppercase"
            />
          )}
        </FormField>
        <Button type="submit" name="intent" value="find" variant="secondary" formNoValidate>
          <SearchIcon className="size-4" />
          Find address
        </Button>
      </div>
      {found && (
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <FormField label={`Choose your address (${found.length} found at ${finder!.postcode})`} id={`${idPrefix}-chosen`} className="w-full sm:max-w-md">
            {(control) => (
              <Select {...control} name="chosen" defaultValue="0" options={found.map((address, index) => ({ value: String(index), label: address.summary }))} />
            )}
          </FormField>
          <Button type="submit" name="intent" value="choose" variant="secondary" formNoValidate>
            Use this address
          </Button>
        </div>
      )}
    </fieldset>
  );
}
