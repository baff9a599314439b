import { TRADE_APPLICATION_MAX_DOCUMENTS, TRADE_BUSINESS_TYPE_NAMES, TRADE_BUSINESS_TYPES, TRADE_TYPE_NAMES, TRADE_TYPES } from '@shop/contracts';
import type { SavedAddress } from '@shop/contracts';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { FinderState } from '../../lib/addresses/address-form.ts';
import { AddressFinder } from '../addresses/address-finder.tsx';
import { SavedAddressPicker } from '../addresses/saved-address-picker.tsx';
import { fieldMessage, type StepErrors } from '../../lib/checkout/checkout-forms.ts';
import { DOCUMENT_KIND_OPTIONS, DOCUMENT_SLOTS, documentField, documentKindField, fieldId, problemPath } from '../../lib/trade/application-form.ts';
import { cn } from '../../lib/cn.ts';
import { ErrorSummary, type SummaryProblem } from '../ui/error-summary.tsx';
import { FieldError, FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { controlClasses } from '../ui/input.tsx';
import { useFileCheck } from '../../lib/uploads/use-file-check.ts';

/** What a refused trade form is drawn again with: what was typed and why it was refused. */
export interface TradeFormFailure {
  values: Record<string, string>;
  errors: StepErrors;
  /** The documents that were chosen: a browser cannot put files back into a form. */
  documentNames?: string[];
  /** "Find address" posted with the form: the addresses found, or why none. */
  finder?: FinderState;
}

/** The error summary for a refused trade form, each problem linked to its field. */
export function TradeFormErrors({ errors, ids = fieldId }: { errors: StepErrors | undefined; ids?: (path: string) => string }) {
  if (!errors) return null;
  const problems: SummaryProblem[] = [
    ...(errors.problem ? [{ message: errors.problem }] : []),
    ...errors.fields.map((field) => ({ message: field.message, fieldId: ids(field.path.replace(/^body\./, '')) })),
  ];
  return <ErrorSummary problems={problems} />;
}

export function Fieldset({ legend, hint, children, className }: { legend: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('rounded-2xl border border-navy-100 bg-white p-5 sm:p-6', className)}>
      <legend className="px-1 text-lg font-bold tracking-tight text-navy-950">{legend}</legend>
      {hint && <div className="mt-1 text-sm text-navy-700">{hint}</div>}
      <div className="mt-4 space-y-5">{children}</div>
    </fieldset>
  );
}

type TextFieldProps = {
  name: string;
  label: string;
  hint?: ReactNode;
  values: Record<string, string>;
  errors: StepErrors | undefined;
  optional?: boolean;
  className?: string;
  prefix?: string;
} & Omit<ComponentProps<'input'>, 'name' | 'id' | 'defaultValue' | 'prefix'>;

/** A text field named by its path in the body, drawn with what was typed and the API's message for it. */
export function TextField({ name, label, hint, values, errors, optional, className, prefix, ...rest }: TextFieldProps) {
  const control = (props: ComponentProps<'input'>) => <Input {...props} {...rest} name={name} defaultValue={values[name] ?? ''} />;
  return (
    <FormField
      id={fieldId(name)}
      label={optional ? `${label} (optional)` : label}
      hint={hint}
      error={fieldMessage(errors, problemPath(name))}
      className={className}
    >
      {(props) =>
        prefix ? (
          <div className="flex items-stretch">
            <span
              className="inline-flex items-center rounded-l-lg border border-r-0 border-navy-300 bg-sand-100 px-3 font-semibold text-navy-800"
              aria-hidden="true"
            >
              {prefix}
            </span>
            {control({ ...props, className: 'rounded-l-none' })}
          </div>
        ) : (
          control(props)
        )
      }
    </FormField>
  );
}

/** A few lines of text (an answer, a reason), with its message. */
export function TextAreaField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue,
  maxLength,
  rows = 5,
}: {
  name: string;
  id: string;
  label: string;
  hint?: ReactNode;
  error: string | undefined;
  defaultValue?: string;
  maxLength: number;
  rows?: number;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <textarea {...control} name={name} defaultValue={defaultValue} rows={rows} maxLength={maxLength} className={cn(controlClasses, 'py-2.5')} />
      )}
    </FormField>
  );
}

type FieldsProps = { values: Record<string, string>; errors: StepErrors | undefined };

/**
 * Every field of a trade application, in sections: the business, where it is, who to contact,
 * registrations and documents. Plain controls named by their path in the body, so the form posts as
 * it is and works before the page's scripts run; a trade of "Other" shows its description field
 * through the stylesheet.
 */
export function ApplicationFields({ values, errors, documentNames, lookup }: FieldsProps & { documentNames?: string[]; lookup?: AddressLookup }) {
  return (
    <>
      <BusinessFieldset values={values} errors={errors} withSpend />
      <AddressFieldset values={values} errors={errors} lookup={lookup} />
      <ContactFieldsets values={values} errors={errors} />
      <Fieldset
        legend="Documents"
        hint={
          `Optional, but an application with proof of trade is decided sooner. PDF, JPG or PNG, each smaller than 5MB: up ` +
          `to ${DOCUMENT_SLOTS.length} here, and more on your application’s page, ${TRADE_APPLICATION_MAX_DOCUMENTS} in all.`
        }
      >
        <DocumentSlots slots={DOCUMENT_SLOTS} errors={errors} documentNames={documentNames} />
      </Fieldset>
    </>
  );
}

/** The business: names, type, numbers, trade, size and (for an application) the expected spend. */
export function BusinessFieldset({ values, errors, withSpend = false }: FieldsProps & { withSpend?: boolean }) {
  const field = { values, errors };
  const businessTypeError = fieldMessage(errors, problemPath('businessType'));
  const tradeError = fieldMessage(errors, problemPath('trade'));
  return (
    <Fieldset legend="The business">
      <TextField
        {...field}
        name="legalName"
        label="Legal name"
        hint="As registered at Companies House, or your own name if you are a sole trader."
        autoComplete="organization"
        maxLength={160}
      />
      <TextField {...field} name="tradingName" label="Trading name" optional hint="Only if the business trades under another name." maxLength={160} />
      <fieldset aria-describedby={businessTypeError ? `${fieldId('businessType')}-error` : undefined}>
        <legend className="text-sm font-semibold text-navy-950">Type of business</legend>
        {businessTypeError && (
          <div className="mt-1.5">
            <FieldError id={`${fieldId('businessType')}-error`} message={businessTypeError} />
          </div>
        )}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {TRADE_BUSINESS_TYPES.map((type, index) => (
            <label
              key={type}
              className={
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-navy-200 px-3 ' +
                'py-2 text-sm font-medium text-navy-950 has-checked:border-teal-600 has-checked:bg-teal-50'
              }
            >
              <input
                id={index === 0 ? fieldId('businessType') : `${fieldId('businessType')}-${type}`}
                type="radio"
                name="businessType"
                value={type}
                defaultChecked={values.businessType === type}
                className="size-5 shrink-0 accent-teal-700"
              />
              {TRADE_BUSINESS_TYPE_NAMES[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field}
          name="companyNumber"
          label="Companies House number"
          hint="Needed for a limited company or LLP: 8 characters, like 01234567 or SC123456."
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
        />
        <TextField
          {...field}
          name="vatNumber"
          label="VAT number"
          optional
          hint="Leave blank if the business is not VAT registered. Like GB123456789."
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
        />
      </div>
      <div className="group/trade space-y-5">
        <FormField id={fieldId('trade')} label="Trade" error={tradeError}>
          {(control) => (
            <Select {...control} name="trade" defaultValue={values.trade ?? ''} className="sm:max-w-sm">
              <option value="">Choose a trade</option>
              {TRADE_TYPES.map((trade) => (
                <option key={trade} value={trade} id={trade === 'other' ? `${fieldId('trade')}-other` : undefined}>
                  {TRADE_TYPE_NAMES[trade]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="hidden group-has-[#apply-trade-other:checked]/trade:block">
          <TextField
            {...field}
            name="tradeOther"
            label="What the business does"
            hint="For example: tiler, kitchen fitter, facilities management."
            maxLength={80}
          />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField {...field} name="yearsTrading" label="Years trading" inputMode="numeric" className="sm:max-w-40" maxLength={4} />
        <TextField {...field} name="employees" label="Employees" hint="Including the owners." inputMode="numeric" className="sm:max-w-40" maxLength={8} />
        {withSpend && (
          <TextField
            {...field}
            name="expectedMonthlySpendPence"
            label="Expected monthly spend"
            hint="With us, in pounds, ex VAT."
            prefix="£"
            inputMode="decimal"
            maxLength={12}
          />
        )}
      </div>
    </Fieldset>
  );
}

/** "Find address" and the customer's saved addresses, for a form that offers them (the trade application). */
export interface AddressLookup {
  finder: FinderState | null;
  saved: readonly SavedAddress[] | null;
}

/**
 * The business's address. With `lookup`, "Find address" and "Use a saved address" first: each posts
 * the form and fills the fields (drawn again with their new values, hence the keys).
 */
export function AddressFieldset({ values, errors, lookup }: FieldsProps & { lookup?: AddressLookup }) {
  const field = { values, errors };
  const keyOf = (name: string) => `${name}:${values[name] ?? ''}`;
  return (
    <Fieldset legend="Where the business is">
      {lookup && (
        <>
          {/* "Find address" first: before the page's scripts run, Enter presses the form's first button. */}
          <AddressFinder idPrefix="trade-address" values={values} finder={lookup.finder} />
          <SavedAddressPicker idPrefix="trade-address" saved={lookup.saved} />
        </>
      )}
      <TextField {...field} key={keyOf('address.line1')} name="address.line1" label="Address line 1" autoComplete="address-line1" maxLength={120} />
      <TextField {...field} key={keyOf('address.line2')} name="address.line2" label="Address line 2" optional autoComplete="address-line2" maxLength={120} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field} key={keyOf('address.town')} name="address.town" label="Town or city" autoComplete="address-level2" maxLength={80} />
        <TextField {...field} key={keyOf('address.county')} name="address.county" label="County" optional maxLength={80} />
      </div>
      <TextField
        {...field}
        key={keyOf('address.postcode')}
        name="address.postcode"
        label="Postcode"
        autoComplete="postal-code"
        autoCapitalize="characters"
        className="sm:max-w-48"
        maxLength={16}
      />
    </Fieldset>
  );
}

/** Who to contact, and the business's trade registrations. */
export function ContactFieldsets({ values, errors }: FieldsProps) {
  const field = { values, errors };
  return (
    <>
      <Fieldset legend="Who to contact">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field} name="contactName" label="Contact name" autoComplete="name" maxLength={120} />
          <TextField
            {...field}
            name="contactRole"
            label="Role"
            optional
            hint="For example: Director, Office manager."
            autoComplete="organization-title"
            maxLength={80}
          />
          <TextField {...field} name="contactPhone" label="Phone number" type="tel" autoComplete="tel" maxLength={30} />
          <TextField
            {...field}
            name="contactEmail"
            label="Contact e-mail address"
            optional
            hint="Where trade e-mails go, if not the address used to sign in."
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={320}
          />
        </div>
      </Fieldset>
      <Fieldset legend="Registrations" hint="Optional: they help us check the trade.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField {...field} name="gasSafeNumber" label="Gas Safe registration number" optional hint="6 or 7 digits." inputMode="numeric" maxLength={20} />
          <TextField {...field} name="niceicNumber" label="NICEIC number" optional spellCheck={false} maxLength={20} />
        </div>
        <TextField
          {...field}
          name="otherRegistration"
          label="Other registration"
          optional
          hint="Any other scheme and number, like “WRAS approved contractor 12345”."
          maxLength={120}
        />
      </Fieldset>
    </>
  );
}

/** The id of a document slot's file input. */
export const documentInputId = (slot: number) => fieldId(documentField(slot));

const DOCUMENT_RULES = { accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png', maxFiles: 1 };

/** One document's file, checked as it is chosen: one the API would refuse is never sent. */
function DocumentFile({ slot, label, error }: { slot: number; label: string; error: string | undefined }) {
  const [chosenProblem, checkChosen] = useFileCheck(DOCUMENT_RULES);
  return (
    <FormField id={documentInputId(slot)} label={label} error={chosenProblem ?? error}>
      {(control) => (
        <input
          {...control}
          type="file"
          name={documentField(slot)}
          accept={DOCUMENT_RULES.accept}
          onChange={checkChosen}
          className={
            'block w-full rounded-lg border border-dashed border-navy-300 bg-sand-50 p-2 text-sm text-navy-900 file:mr-3 file:rounded-md ' +
            'file:border-0 file:bg-navy-900 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white aria-invalid:border-red-700'
          }
        />
      )}
    </FormField>
  );
}

/**
 * Document slots: what each document is, and the file. After a refusal drawn by the server the file
 * inputs are empty (a browser cannot put files back): the slots say which files to choose again.
 */
export function DocumentSlots({
  slots,
  errors,
  documentNames,
  numbered = true,
}: {
  slots: readonly number[];
  errors: StepErrors | undefined;
  documentNames?: string[];
  numbered?: boolean;
}) {
  const list = useRef<HTMLDivElement>(null);
  // Files still in the inputs (the page's scripts sent the form): nothing to choose again.
  const [filesKept, setFilesKept] = useState(false);
  useEffect(() => {
    if (!documentNames?.length) return;
    setFilesKept([...(list.current?.querySelectorAll<HTMLInputElement>('input[type=file]') ?? [])].some((input) => (input.files?.length ?? 0) > 0));
  }, [documentNames]);
  return (
    <div ref={list} className="space-y-5">
      {documentNames && documentNames.length > 0 && !filesKept && (
        <p className="rounded-lg bg-brass-50 p-3 text-sm text-navy-900 ring-1 ring-brass-300 ring-inset">
          Choose {documentNames.length === 1 ? 'your document' : 'your documents'} again: {documentNames.join(', ')}.
        </p>
      )}
      {slots.map((slot) => {
        const name = numbered ? `Document ${slot}` : 'Document';
        const error = fieldMessage(errors, documentField(slot));
        return (
          <div key={slot} className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <FormField id={fieldId(documentKindField(slot))} label={`${name}: what it is`}>
              {(control) => <Select {...control} name={documentKindField(slot)} defaultValue="proof_of_trade" options={DOCUMENT_KIND_OPTIONS} />}
            </FormField>
            <DocumentFile slot={slot} label={`${name}: file`} error={error} />
          </div>
        );
      })}
    </div>
  );
}
