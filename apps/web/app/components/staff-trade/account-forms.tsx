import type { TradeAccount, TradeAccountForStaff, TradeBand } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import type { StepErrors } from '../../lib/checkout/checkout-forms.ts';
import { formValues } from '../../lib/trade/application-form.ts';
import { bandLabel } from '../../lib/trade/bands.ts';
import { PostedStepForm, usePostedStep } from '../staff/posted-step-form.tsx';
import { stepProblemOf, type StepProblem } from '../staff/step-form.tsx';
import { BandField } from './decision-forms.tsx';
import { AddressFieldset, BusinessFieldset, ContactFieldsets, TextAreaField, TradeFormErrors } from '../trade/application-fields.tsx';
import { Button } from '../ui/button.tsx';

/** The changes staff make on a trade account, as the page's forms name them to its action. */
export const ACCOUNT_STEPS = ['contact', 'business', 'band', 'reset'] as const;
export type AccountStep = (typeof ACCOUNT_STEPS)[number];

export const accountProblemOf = (error: unknown) => stepProblemOf(error, new Set(), 'Check the form: there is a problem with it.');

/** What the page says once a change is made, from the account as it now is. */
export function accountStepDone(step: AccountStep, account: TradeAccount): string {
  switch (step) {
    case 'contact':
      return 'Contact details saved.';
    case 'business':
      return 'Business details saved.';
    case 'band':
      return `${account.business.legalName} is now on ${bandLabel(account.business.band)}.`;
    case 'reset':
      return `We’ve sent a reset e-mail to ${account.user.email}.`;
  }
}

/** A refusal as the application form's fields show it: each field's message by its path, or the whole. */
const asStepErrors = (problem: StepProblem): StepErrors => {
  const fields = Object.entries(problem.fields).map(([path, message]) => ({ path: `body.${path}`, message }));
  return { fields, problem: fields.length > 0 ? null : problem.summary };
};

/**
 * A staff form of the application form's fields, posted as a plain form to the page's action; a
 * refusal comes back with an error summary linked to the fields, each field's message, and what was typed.
 */
function StaffDetailsForm({
  intent,
  label,
  submitLabel,
  values,
  children,
}: {
  intent: AccountStep;
  label: string;
  submitLabel: string;
  values: Record<string, string>;
  children: (values: Record<string, string>, errors: StepErrors | undefined) => ReactNode;
}) {
  const { problem, values: typed, busy } = usePostedStep(intent);
  const errors = problem ? asStepErrors(problem) : undefined;
  return (
    <Form method="post" noValidate aria-label={label} className="space-y-5">
      <input type="hidden" name="intent" value={intent} />
      <TradeFormErrors errors={errors} />
      {children(problem ? typed : values, errors)}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The contact and registrations (`updateDetails`). */
export function ContactDetailsForm({ account }: { account: TradeAccount }) {
  return (
    <StaffDetailsForm intent="contact" label="Contact details" submitLabel="Save contact details" values={formValues(account.details)}>
      {(values, errors) => <ContactFieldsets values={values} errors={errors} />}
    </StaffDetailsForm>
  );
}

/** The business's details, not its band (`updateBusiness`). */
export function BusinessDetailsForm({ account }: { account: TradeAccount }) {
  return (
    <StaffDetailsForm intent="business" label="Business details" submitLabel="Save business details" values={formValues(account.business)}>
      {(values, errors) => (
        <>
          <BusinessFieldset values={values} errors={errors} />
          <AddressFieldset values={values} errors={errors} />
        </>
      )}
    </StaffDetailsForm>
  );
}

/** Moves the business to a band, up or down, with a reason kept in its band history. */
export function SetBandForm({ account, bands }: { account: TradeAccountForStaff; bands: readonly TradeBand[] }) {
  return (
    <PostedStepForm intent="band" title="Set the band" submitLabel="Set band" variant="secondary">
      {(problem, ids, values) => (
        <>
          <BandField bands={bands} current={account.business.band.code} id={ids('bandCode')} problem={problem} values={values} />
          <TextAreaField
            name="reason"
            id={ids('reason')}
            label="Reason"
            hint="Kept in the band history."
            error={problem?.fields.reason}
            defaultValue={values.reason}
            maxLength={500}
            rows={3}
          />
        </>
      )}
    </PostedStepForm>
  );
}

/** Sends the account holder the sign-in provider's reset e-mail: staff never see or set a password. */
export function ResetPassword({ account }: { account: TradeAccount }) {
  return (
    <PostedStepForm
      intent="reset"
      title="Reset password"
      hint={`Sends ${account.user.name} an e-mail with a link to choose a new password. You never see or set it.`}
      submitLabel="Send a password reset e-mail"
      variant="secondary"
    />
  );
}
