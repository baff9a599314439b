import type { Checkout } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { fieldErrorAt, hasFieldErrors } from '../../lib/checkout/checkout-logic.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { StepProblem } from './checkout-section.tsx';
import type { StepSubmit } from './use-checkout.ts';

type Contact = NonNullable<Checkout['contact']>;

/** Step 1: who is ordering. A signed-in shopper's e-mail and name come prefilled. */
export function ContactForm({ initial, onSubmit }: { initial: Contact; onSubmit: StepSubmit<Contact> }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Contact) => (event: { target: { value: string } }) => setValue({ ...value, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await onSubmit(value);
    setBusy(false);
    setError(result.ok ? null : result.error);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField id="contact-email" label="E-mail address" hint="For your order confirmation and delivery updates." error={fieldErrorAt(error, 'body.emailAddress')}>
        {(control) => <Input {...control} type="email" autoComplete="email" value={value.emailAddress} onChange={set('emailAddress')} required />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="contact-first-name" label="First name" error={fieldErrorAt(error, 'body.firstName')}>
          {(control) => <Input {...control} autoComplete="given-name" value={value.firstName} onChange={set('firstName')} required />}
        </FormField>
        <FormField id="contact-last-name" label="Last name" error={fieldErrorAt(error, 'body.lastName')}>
          {(control) => <Input {...control} autoComplete="family-name" value={value.lastName} onChange={set('lastName')} required />}
        </FormField>
      </div>
      <FormField id="contact-phone" label="Phone number" hint="So the driver can reach you on the day." error={fieldErrorAt(error, 'body.phone')}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" value={value.phone} onChange={set('phone')} required className="sm:max-w-xs" />}
      </FormField>
      <StepProblem message={error && !hasFieldErrors(error) ? apiProblemMessage(error) : null} />
      <Button type="submit" loading={busy}>
        Continue to delivery address
      </Button>
    </form>
  );
}
