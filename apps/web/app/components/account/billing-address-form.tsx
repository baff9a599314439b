import type { SavedCard } from '@shop/contracts';
import { useMemo } from 'react';
import { Form } from 'react-router';
import { BILLING_FIELD_SETUP, BILLING_FIELDS, billingValues, CARDS_PATH, type BillingProblem, type BillingValues } from '../../lib/account/saved-cards.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { CardChangeFields, ChangeProblem, useCardChangeBusy } from './card-change.tsx';

/** A field's id: one card's form is open at a time, but each card has its own. */
const fieldId = (cardId: string, field: string) => `billing-${cardId}-${field}`;

const NO_PROBLEM: BillingProblem = { fields: {}, summary: null };

/**
 * A saved card's billing name and address, a plain form the page's action sends on. The API checks
 * every field (and the postcode as the checkout does) and its messages show beside the fields and in
 * the summary above them, with what was typed kept.
 */
export function BillingAddressForm({ card, refused }: { card: SavedCard; refused?: { values: BillingValues; problem: BillingProblem } }) {
  const values = refused?.values ?? billingValues(card);
  const problem = refused?.problem ?? NO_PROBLEM;
  const busy = useCardChangeBusy(card.id, 'billing');

  // One list per refusal (not per keystroke): the summary takes the keyboard when it changes.
  const summary = useMemo(
    () => BILLING_FIELDS.flatMap((field) => (problem.fields[field] ? [{ fieldId: fieldId(card.id, field), message: problem.fields[field]! }] : [])),
    [problem, card.id],
  );
  return (
    <Form method="post" action={CARDS_PATH} preventScrollReset noValidate aria-label="Billing address" className="space-y-4">
      <CardChangeFields cardId={card.id} intent="billing" />
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
                  name={field}
                  defaultValue={values[field]}
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
        <ButtonLink to={CARDS_PATH} variant="secondary" preventScrollReset>
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}
