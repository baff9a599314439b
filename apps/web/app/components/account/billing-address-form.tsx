import type { SavedCardsClient } from '@shop/api-client';
import type { SavedCard } from '@shop/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import {
  BILLING_FIELD_SETUP,
  BILLING_FIELDS,
  billingBody,
  billingProblem,
  billingValues,
  cardGone,
  type BillingProblem,
  type BillingValues,
} from '../../lib/account/saved-cards.ts';
import { Button } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { ChangeProblem } from './card-change.tsx';

/** A field's id: one card's form is open at a time, but each card has its own. */
const fieldId = (cardId: string, field: string) => `billing-${cardId}-${field}`;

/**
 * A saved card's billing name and address. The API checks every field (and the postcode as the
 * checkout does) and its messages show beside the fields and in the summary above them.
 */
export function BillingAddressForm({
  card,
  client,
  onSaved,
  onGone,
  onCancel,
}: {
  card: SavedCard;
  client: Pick<SavedCardsClient, 'updateBillingDetails'>;
  onSaved: (card: SavedCard) => void;
  /** The card was removed meanwhile (another tab): the list is out of date. */
  onGone: (error: unknown) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<BillingValues>(() => billingValues(card));
  const [problem, setProblem] = useState<BillingProblem>({ fields: {}, summary: null });
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onSaved(await client.updateBillingDetails({ body: billingBody(card.id, values) }));
    } catch (error) {
      if (cardGone(error)) return onGone(error);
      setProblem(billingProblem(error));
    } finally {
      setBusy(false);
    }
  };

  // One list per refusal (not per keystroke): the summary takes the keyboard when it changes.
  const summary = useMemo(
    () => BILLING_FIELDS.flatMap((field) => (problem.fields[field] ? [{ fieldId: fieldId(card.id, field), message: problem.fields[field]! }] : [])),
    [problem, card.id],
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Billing address" className="space-y-4">
      <ErrorSummary problems={summary} />
      <div className="grid gap-4 sm:grid-cols-2">
        {BILLING_FIELDS.map((field) => {
          const setup = BILLING_FIELD_SETUP[field];
          return (
            <FormField
              key={field}
              id={fieldId(card.id, field)}
              label={
                <>
                  {setup.label}
                  {setup.optional && <span className="font-normal text-navy-600"> (optional)</span>}
                </>
              }
              error={problem.fields[field]}
              className={field === 'city' || field === 'postcode' ? undefined : 'sm:col-span-2'}
            >
              {(control) => (
                <Input
                  {...control}
                  value={values[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                  autoComplete={setup.autoComplete}
                  maxLength={setup.maxLength}
                  autoCapitalize={field === 'postcode' ? 'characters' : undefined}
                  spellCheck={field === 'postcode' ? false : undefined}
                  className={field === 'postcode' ? 'max-w-40 uppercase' : undefined}
                />
              )}
            </FormField>
          );
        })}
      </div>
      <p className="text-sm text-navy-700">A UK billing address: the one your card’s bank has for you.</p>
      {problem.summary && <ChangeProblem>{problem.summary}</ChangeProblem>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          Save billing address
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
