import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

type AddressKey = 'name' | 'company' | 'line1' | 'line2' | 'town' | 'county' | 'postcode';
type Section = 'shipping' | 'billing';

const FIELDS: { key: AddressKey; label: string; autoComplete: string; optional?: boolean; className?: string }[] = [
  { key: 'name', label: 'Full name', autoComplete: 'name', className: 'sm:col-span-2' },
  { key: 'company', label: 'Company', autoComplete: 'organization', optional: true, className: 'sm:col-span-2' },
  { key: 'line1', label: 'Address line 1', autoComplete: 'address-line1', className: 'sm:col-span-2' },
  { key: 'line2', label: 'Address line 2', autoComplete: 'address-line2', optional: true, className: 'sm:col-span-2' },
  { key: 'town', label: 'Town or city', autoComplete: 'address-level2' },
  { key: 'county', label: 'County', autoComplete: 'address-level1', optional: true },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

/** Each address field's error path (`body.address.postcode`) and the id of its control, for a step's error summary. */
export const addressFieldIds = (section: Section): Record<string, string> =>
  Object.fromEntries(FIELDS.map(({ key }) => [`body.address.${key}`, `${section}-${key}`]));

/**
 * A UK address's fields (GB only; the API checks and normalises the postcode), posted as `name`,
 * `line1`… with the step's form. They start from `initial` and keep whatever is typed. `section`
 * keeps the browser's autofill for delivery and billing apart; `errorAt` is the API's message for a
 * `body.address.<field>` path.
 */
export function AddressFields({
  initial,
  errorAt,
  section,
}: {
  initial: Partial<Record<AddressKey, string | undefined>>;
  errorAt: (path: string) => string | undefined;
  section: Section;
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
          error={errorAt(`body.address.${field.key}`)}
          className={field.className}
        >
          {(control) => (
            <Input
              {...control}
              name={field.key}
              defaultValue={initial[field.key] ?? ''}
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
