import type { Address } from '@shop/contracts';
import { fieldErrorAt } from '../../lib/checkout/checkout-logic.ts';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

type AddressKey = 'name' | 'company' | 'line1' | 'line2' | 'town' | 'county' | 'postcode';

const FIELDS: { key: AddressKey; label: string; autoComplete: string; optional?: boolean; className?: string }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name', className: 'sm:col-span-2' },
  { key: 'company', label: 'Company', autoComplete: 'organization', optional: true, className: 'sm:col-span-2' },
  { key: 'line1', label: 'Address line 1', autoComplete: 'address-line1', className: 'sm:col-span-2' },
  { key: 'line2', label: 'Address line 2', autoComplete: 'address-line2', optional: true, className: 'sm:col-span-2' },
  { key: 'town', label: 'Town or city', autoComplete: 'address-level2' },
  { key: 'county', label: 'County', autoComplete: 'address-level1', optional: true },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

/**
 * A UK address form (GB only; the API checks and normalises the postcode). `section` keeps the
 * browser's autofill for delivery and billing apart; `error` is the API's refusal, whose
 * `body.address.<field>` messages show under their fields.
 */
export function AddressFields({
  value,
  onChange,
  error,
  section,
}: {
  value: Address;
  onChange: (next: Address) => void;
  error: unknown;
  section: 'shipping' | 'billing';
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <FormField
          key={field.key}
          id={`${section}-${field.key}`}
          label={
            <>
              {field.label}
              {field.optional && <span className="font-normal text-navy-600"> (optional)</span>}
            </>
          }
          error={fieldErrorAt(error, `body.address.${field.key}`)}
          className={field.className}
        >
          {(control) => (
            <Input
              {...control}
              value={value[field.key] ?? ''}
              onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
              autoComplete={`section-${section} ${section} ${field.autoComplete}`}
              required={!field.optional}
              autoCapitalize={field.key === 'postcode' ? 'characters' : undefined}
              className={field.key === 'postcode' ? 'max-w-40 uppercase' : undefined}
            />
          )}
        </FormField>
      ))}
      <p className="text-sm text-navy-700 sm:col-span-2">We deliver across the UK. Country: United Kingdom.</p>
    </div>
  );
}

/** The address as the API takes it: empty optional parts left out. */
export function addressForApi(address: Address): Address {
  const optional = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);
  return {
    name: address.name,
    company: optional(address.company),
    line1: address.line1,
    line2: optional(address.line2),
    town: address.town,
    county: optional(address.county),
    postcode: address.postcode,
    countryCode: 'GB',
  };
}
