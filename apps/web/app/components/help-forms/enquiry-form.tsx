import { Form, useNavigation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import {
  fieldId,
  fieldsOf,
  readableDue,
  type EnquiryFormSpec,
  type EnquiryRefused,
  type EnquirySent,
  type FormFieldSpec,
} from '../../lib/help-centre/enquiry-forms.ts';
import { Button } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FieldError, FormField } from '../ui/form-field.tsx';
import { controlClasses, Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { useFileCheck } from '../../lib/uploads/use-file-check.ts';

const FILE_INPUT_CLASSES =
  'block w-full text-sm text-navy-900 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-700 file:px-4 file:py-2.5 file:font-semibold file:text-white';

/**
 * One help-centre form, drawn from its description: a plain form posting to the page's action, so
 * it works before the page's scripts run and keeps what was typed when it is refused. Refusals are
 * listed at the top (each linked to its field) and beside each field, in the API's words.
 */
export function EnquiryForm({
  form,
  action,
  failure,
  initial = {},
}: {
  form: EnquiryFormSpec;
  action: string;
  failure?: EnquiryRefused | undefined;
  /** Values to start with, such as the product code from a product page's link. */
  initial?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formAction === action;
  // The page's loader fills in a signed-in customer's name and address (what was refused is drawn as typed).
  const values = failure?.values ?? initial ?? {};
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form
      method="post"
      action={action}
      encType={form.multipart ? 'multipart/form-data' : undefined}
      noValidate
      className="space-y-5"
      aria-label={form.title}
      // A refusal draws the form afresh with what was typed.
      key={failure ? JSON.stringify(failure.values) : 'new'}
    >
      {failure && <ErrorSummary problems={failure.problems} />}
      <p className="text-navy-700">All fields are needed unless they say “optional”.</p>
      {fieldsOf(form).map((field) => (
        <Field key={field.name} field={field} value={values[field.name]} error={errors[field.name]} />
      ))}
      <Button type="submit" size="lg" loading={sending}>
        {form.submitLabel}
      </Button>
    </Form>
  );
}

function labelOf(field: FormFieldSpec): string {
  return field.optional && field.kind !== 'consent' ? `${field.label} (optional)` : field.label;
}

function Field({ field, value, error }: { field: FormFieldSpec; value: string | undefined; error: string | undefined }) {
  const id = fieldId(field.name);
  // A file field's choice is checked as it is made (the other kinds leave this unused).
  const [chosenProblem, checkChosen] = useFileCheck({ accept: field.accept ?? '', maxFiles: field.maxFiles ?? 1 });
  if (field.kind === 'radios' || field.kind === 'yes-no' || field.kind === 'rating') {
    const options = field.kind === 'yes-no' ? YES_NO : (field.options ?? []);
    const errorId = error ? `${id}-error` : undefined;
    return (
      <fieldset className="space-y-2" aria-describedby={errorId} id={`${id}-group`}>
        <legend className="text-sm font-semibold text-navy-950">{labelOf(field)}</legend>
        {field.hint && <p className="text-sm text-navy-600">{field.hint}</p>}
        {error && <FieldError id={errorId!} message={error} />}
        <div className={cn('space-y-2', field.kind === 'yes-no' && 'flex gap-6 space-y-0')}>
          {options.map((option, index) => (
            <label key={option.value} className="flex cursor-pointer items-center gap-3 text-navy-950">
              <input
                type="radio"
                name={field.name}
                value={option.value}
                defaultChecked={value === option.value}
                // The error summary links to the first choice.
                id={index === 0 ? id : undefined}
                className="size-5 accent-teal-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (field.kind === 'consent') {
    return (
      <div className="flex items-start gap-3">
        <input id={id} type="checkbox" name={field.name} value="yes" defaultChecked={value === 'yes'} className="mt-0.5 size-5 shrink-0 accent-teal-700" />
        <label htmlFor={id} className="text-sm font-medium text-navy-950">
          {field.label}
        </label>
      </div>
    );
  }
  return (
    <FormField id={id} label={labelOf(field)} hint={field.hint} error={chosenProblem ?? error}>
      {(control) => {
        if (field.kind === 'textarea') {
          return <textarea {...control} name={field.name} rows={5} defaultValue={value ?? ''} className={cn(controlClasses, 'min-h-32 py-2')} />;
        }
        if (field.kind === 'select') {
          return (
            <Select {...control} name={field.name} defaultValue={value ?? ''}>
              <option value="">Choose…</option>
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          );
        }
        if (field.kind === 'files') {
          return (
            <input
              {...control}
              type="file"
              name={field.name}
              accept={field.accept}
              multiple={(field.maxFiles ?? 1) > 1}
              onChange={checkChosen}
              className={FILE_INPUT_CLASSES}
            />
          );
        }
        const type = { email: 'email', tel: 'tel', url: 'url', date: 'date' }[field.kind as string] ?? 'text';
        return (
          <Input
            {...control}
            type={type}
            name={field.name}
            defaultValue={value ?? ''}
            autoComplete={field.autoComplete}
            inputMode={field.kind === 'pounds' ? 'decimal' : undefined}
            spellCheck={field.kind === 'email' || field.kind === 'url' ? false : undefined}
            className={field.kind === 'pounds' || field.kind === 'date' ? 'max-w-xs' : undefined}
          />
        );
      }}
    </FormField>
  );
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** What the customer is told once the form is sent: the reference and when to expect an answer. */
export function EnquirySentPanel({ sent }: { sent: EnquirySent }) {
  return (
    <section aria-labelledby="enquiry-sent" className="rounded-2xl border border-teal-200 bg-teal-50 p-6" role="status">
      <h2 id="enquiry-sent" className="text-2xl font-bold text-navy-950">
        {sent.title}
      </h2>
      {sent.reference && (
        <p className="mt-3 text-lg text-navy-900">
          Your reference is <strong className="font-mono">{sent.reference}</strong>
        </p>
      )}
      {sent.alreadyWaiting && <p className="mt-2 text-navy-800">You had already asked: we will still e-mail you once.</p>}
      {sent.sentTo && (
        <p className="mt-2 text-navy-800">
          We have e-mailed {sent.productName} to {sent.sentTo}.
        </p>
      )}
      {sent.productName && !sent.sentTo && <p className="mt-2 text-navy-800">We will e-mail you once when {sent.productName} is back in stock.</p>}
      {sent.nextSteps.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-navy-800">
          {sent.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      )}
      {sent.dueAt && <p className="mt-3 text-navy-800">We aim to answer by {readableDue(sent.dueAt)}. We have sent you an e-mail with these details.</p>}
    </section>
  );
}
