import type { Business, TradeAccount, TradeAccountForStaff, TradeBand } from '@shop/contracts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { stepErrors, type StepErrors } from '../../lib/checkout/checkout-forms.ts';
import { businessFromForm, contactFromForm, formText, formValues } from '../../lib/trade/application-form.ts';
import { bandLabel } from '../../lib/trade/bands.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { ProblemAlert } from '../staff-orders/form-parts.tsx';
import { AddressFieldset, BusinessFieldset, ContactFieldsets, TextAreaField, TradeFormErrors } from '../trade/application-fields.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * A staff form that sends what it holds to the API and shows the refusal: an error summary linked to
 * the fields and each field's message (the same fields as the application form).
 */
function StaffDetailsForm({
  label,
  submitLabel,
  send,
  children,
}: {
  label: string;
  submitLabel: string;
  send: (form: FormData) => Promise<void>;
  children: (errors: StepErrors | undefined) => ReactNode;
}) {
  const [errors, setErrors] = useState<StepErrors | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setErrors(undefined);
    try {
      await send(new FormData(event.currentTarget));
    } catch (error) {
      setErrors(stepErrors(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-5">
      <TradeFormErrors errors={errors} />
      {children(errors)}
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The contact and registrations (`updateDetails`). */
export function ContactDetailsForm({ account, onSaved }: { account: TradeAccount; onSaved: (account: TradeAccount) => void }) {
  const clients = useApiClients();
  const toast = useToast();
  return (
    <StaffDetailsForm
      label="Contact details"
      submitLabel="Save contact details"
      send={async (form) => {
        const saved = await clients!.trade.updateTradeAccountDetails({ params: { tradeExternalId: account.tradeExternalId }, body: contactFromForm(form) });
        onSaved(saved);
        toast('Contact details saved.', 'success');
      }}
    >
      {(errors) => <ContactFieldsets values={formValues(account.details)} errors={errors} />}
    </StaffDetailsForm>
  );
}

/** The business's details, not its band (`updateBusiness`). */
export function BusinessDetailsForm({ account, onSaved }: { account: TradeAccount; onSaved: (account: TradeAccount) => void }) {
  const clients = useApiClients();
  const toast = useToast();
  return (
    <StaffDetailsForm
      label="Business details"
      submitLabel="Save business details"
      send={async (form) => {
        const saved = await clients!.trade.updateTradeAccountBusiness({ params: { id: account.id }, body: businessFromForm(form) });
        onSaved(saved);
        toast('Business details saved.', 'success');
      }}
    >
      {(errors) => (
        <>
          <BusinessFieldset values={formValues(account.business)} errors={errors} />
          <AddressFieldset values={formValues(account.business)} errors={errors} />
        </>
      )}
    </StaffDetailsForm>
  );
}

/** Moves the business to a band, up or down, with a reason kept in its band history. */
export function SetBandForm({
  account,
  bands,
  onSaved,
}: {
  account: TradeAccountForStaff;
  bands: readonly TradeBand[];
  onSaved: (business: Business) => void;
}) {
  const clients = useApiClients();
  const toast = useToast();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<{ summary: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    try {
      const business = await clients!.trade.setBusinessTradeBand({
        params: { id: account.business.id },
        body: { bandCode: formText(data, 'bandCode'), reason: formText(data, 'reason') },
      });
      onSaved(business);
      form.current?.reset();
      toast(`${business.legalName} is now on ${bandLabel(business.band)}.`, 'success');
    } catch (error) {
      const found = stepErrors(error);
      const fields = Object.fromEntries(found.fields.map((field) => [field.path.replace(/^body\./, ''), field.message]));
      setProblem({ summary: found.problem ?? 'Check the form: there is a problem with it.', fields });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4 border-t border-navy-100 pt-5">
      <h3 id={`${id}-title`} className="font-bold text-navy-950">
        Set the band
      </h3>
      <FormField id={`${id}-band`} label="Band" error={problem?.fields.bandCode}>
        {(control) => (
          <Select {...control} name="bandCode" defaultValue="">
            <option value="">Choose a band</option>
            {bands.map((band) => (
              <option key={band.code} value={band.code}>
                {bandLabel(band)}
                {band.code === account.business.band.code ? ' (current)' : ''}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <TextAreaField
        name="reason"
        id={`${id}-reason`}
        label="Reason"
        hint="Kept in the band history."
        error={problem?.fields.reason}
        maxLength={500}
        rows={3}
      />
      {problem && <ProblemAlert summary={problem.summary} stale={false} onStale={() => {}} />}
      <Button type="submit" variant="secondary" loading={busy}>
        Set band
      </Button>
    </form>
  );
}

/** Sends the account holder the sign-in provider's reset e-mail: staff never see or set a password. */
export function ResetPassword({ account }: { account: TradeAccount }) {
  const clients = useApiClients();
  const [outcome, setOutcome] = useState<{ sent: string } | { problem: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    try {
      const { sentTo } = await clients!.trade.resetTradeAccountPassword({ params: { id: account.id } });
      setOutcome({ sent: sentTo });
    } catch (error) {
      setOutcome({ problem: apiProblemMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={reset} aria-label="Reset password" className="space-y-3">
      <p className="text-sm text-navy-700">Sends {account.user.name} an e-mail with a link to choose a new password. You never see or set it.</p>
      <Button type="submit" variant="secondary" loading={busy}>
        Send a password reset e-mail
      </Button>
      {outcome &&
        ('sent' in outcome ? (
          <p role="status" className="text-sm font-medium text-green-800">
            We’ve sent a reset e-mail to <span className="break-all">{outcome.sent}</span>.
          </p>
        ) : (
          <p role="alert" className="text-sm font-medium text-red-700">
            {outcome.problem}
          </p>
        ))}
    </form>
  );
}
