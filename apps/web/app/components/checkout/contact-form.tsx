import { contactFromForm, type ContactDetails } from '../../lib/checkout/checkout-forms.ts';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { StepForm, useStepFailure } from './step-form.tsx';
import type { StepSubmit } from './use-checkout.ts';

/** Each field's error path and the control the error summary links to. */
const FIELDS = {
  'body.emailAddress': 'contact-email',
  'body.firstName': 'contact-first-name',
  'body.lastName': 'contact-last-name',
  'body.phone': 'contact-phone',
} as const;

/** Step 1: who is ordering. A signed-in shopper's e-mail and name come prefilled. */
export function ContactForm({ initial, onSubmit }: { initial: ContactDetails; onSubmit: StepSubmit<ContactDetails> }) {
  const values = useStepFailure('contact')?.values ?? initial;
  return (
    <StepForm step="contact" fields={FIELDS} submitLabel="Continue to delivery address" onSave={(form) => onSubmit(contactFromForm(form))}>
      {(errorAt) => (
        <>
          <FormField
            id={FIELDS['body.emailAddress']}
            label="E-mail address"
            hint="For your order confirmation and delivery updates."
            error={errorAt('body.emailAddress')}
          >
            {(control) => <Input {...control} name="emailAddress" type="email" autoComplete="email" spellCheck={false} defaultValue={values.emailAddress} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={FIELDS['body.firstName']} label="First name" error={errorAt('body.firstName')}>
              {(control) => <Input {...control} name="firstName" autoComplete="given-name" defaultValue={values.firstName} />}
            </FormField>
            <FormField id={FIELDS['body.lastName']} label="Last name" error={errorAt('body.lastName')}>
              {(control) => <Input {...control} name="lastName" autoComplete="family-name" defaultValue={values.lastName} />}
            </FormField>
          </div>
          <FormField id={FIELDS['body.phone']} label="Phone number" hint="So the driver can reach you on the day." error={errorAt('body.phone')}>
            {(control) => <Input {...control} name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} className="sm:max-w-xs" />}
          </FormField>
        </>
      )}
    </StepForm>
  );
}
