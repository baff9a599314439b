import type { AddressValues } from '../../lib/addresses/address-form.ts';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

type Key = 'name' | 'company' | 'line1' | 'line2' | 'town' | 'county' | 'postcode' | 'phone';

const FIELDS: Record<Key, { label: string; autoComplete: string; optional?: boolean; wide?: boolean }> = {
  name: { label: 'Full name', autoComplete: 'name', wide: true },
  company: { label: 'Company', autoComplete: 'organization', optional: true, wide: true },
  line1: { label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  line2: { label: 'Address line 2', autoComplete: 'address-line2', optional: true, wide: true },
  town: { label: 'Town or city', autoComplete: 'address-level2' },
  county: { label: 'County', autoComplete: 'address-level1', optional: true },
  postcode: { label: 'Postcode', autoComplete: 'postal-code' },
  phone: { label: 'Phone number', autoComplete: 'tel', optional: true },
};

/** The field ids of an address form, for its error summary's links. */
export const addressInputId = (idPrefix: string, key: string) => `${idPrefix}-${key}`;

/** Each field's error path in a checkout step (`body.address.postcode`) and the id of its control, for the step's error summary. */
export const addressErrorPaths = (idPrefix: string, keys: readonly Key[]): Record<string, string> =>
  Object.fromEntries(keys.map((key) => [`body.address.${key}`, addressInputId(idPrefix, key)]));

/** The fields of an address at checkout (the contact step has the phone number). */
export const CHECKOUT_ADDRESS_KEYS = ['name', 'company', 'line1', 'line2', 'town', 'county', 'postcode'] as const satisfies readonly Key[];

/**
 * A UK address's fields, posted by name (`line1`, `town`…), starting from `values` (what was typed,
 * or what "Find address" filled in); the `udprn` of a found address goes with them, hidden. The
 * address book, checkout's delivery and billing steps and the other address forms all draw these.
 * `autoCompleteSection` keeps the browser's autofill for a delivery and a billing address apart.
 */
export function AddressInputs({
  idPrefix,
  keys,
  values,
  errorFor,
  autoCompleteSection,
}: {
  idPrefix: string;
  keys: readonly Key[];
  values: AddressValues;
  errorFor: (key: string) => string | undefined;
  autoCompleteSection?: 'shipping' | 'billing';
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {keys.map((key) => {
        const field = FIELDS[key];
        return (
          <FormField
            key={`${key}:${values[key] ?? ''}`}
            id={addressInputId(idPrefix, key)}
            label={
              <>
                {field.label}
                {field.optional && <span className="font-normal text-navy-600"> (optional)</span>}
              </>
            }
            error={errorFor(key)}
            className={field.wide ? 'sm:col-span-2' : undefined}
          >
            {(control) => (
              <Input
                {...control}
                name={key}
                defaultValue={values[key] ?? ''}
                autoComplete={autoCompleteSection ? `section-${autoCompleteSection} ${autoCompleteSection} ${field.autoComplete}` : field.autoComplete}
                required={!field.optional}
                type={key === 'phone' ? 'tel' : 'text'}
                autoCapitalize={key === 'postcode' ? 'characters' : undefined}
                className={key === 'postcode' ? 'max-w-40 uppercase' : undefined}
              />
            )}
          </FormField>
        );
      })}
      {values.udprn && <input type="hidden" name="udprn" value={values.udprn} />}
      {autoCompleteSection && <p className="text-sm text-navy-700 sm:col-span-2">We deliver across the UK. Country: United Kingdom.</p>}
    </div>
  );
}
