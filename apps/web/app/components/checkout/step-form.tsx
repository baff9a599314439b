import { createContext, useContext, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { fieldMessage, STEP_FIELD, stepErrors, type StepErrors, type StepFailure, type StepName } from '../../lib/checkout/checkout-forms.ts';
import { Button } from '../ui/button.tsx';
import { ErrorSummary, type SummaryProblem } from '../ui/error-summary.tsx';
import type { StepResult } from './use-checkout.ts';

/** A step refused after a plain form post (the page's action), for that step's form to show again. */
export const StepFailureContext = createContext<StepFailure | null>(null);

/** The refused post of this step, if the page was drawn for one: what was typed and why it was refused. */
export function useStepFailure(step: StepName): StepFailure | null {
  const failure = useContext(StepFailureContext);
  return failure?.step === step ? failure : null;
}

export interface StepFormProps {
  step: StepName;
  /** Sends the form's fields (read from the form itself, so whatever was typed before the page's scripts ran counts). */
  onSave: (form: FormData) => Promise<StepResult>;
  /** Each field's error path (`body.phone`) and the id of the control it links to, in the form's order. */
  fields: Readonly<Record<string, string>>;
  submitLabel: string;
  disabled?: boolean;
  children: (errorAt: (path: string) => string | undefined) => ReactNode;
}

/**
 * One checkout step's form: a real form posting to the checkout page, so it works before the page's
 * scripts have run and without them; once they run the page sends it itself and stays put. Its
 * fields keep what was typed (they are the browser's own, given only a starting value). A refusal
 * shows as an error summary at the top, linking to each field, and beside the fields.
 */
export function StepForm({ step, onSave, fields, submitLabel, disabled, children }: StepFormProps) {
  const failure = useStepFailure(step);
  const [errors, setErrors] = useState<StepErrors | null>(failure?.errors ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await onSave(new FormData(event.currentTarget));
    setBusy(false);
    setErrors(result.ok ? null : stepErrors(result.error));
  };

  const problems = useMemo((): SummaryProblem[] => {
    if (!errors) return [];
    const listed = errors.fields.map(({ path, message }) => ({ message, fieldId: fields[path] }));
    return errors.problem ? [...listed, { message: errors.problem }] : listed;
  }, [errors, fields]);

  return (
    <form method="post" action="/checkout" noValidate onSubmit={submit} className="space-y-4">
      <input type="hidden" name={STEP_FIELD} value={step} />
      <ErrorSummary problems={problems} />
      {children((path) => fieldMessage(errors, path))}
      <Button type="submit" loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </form>
  );
}
