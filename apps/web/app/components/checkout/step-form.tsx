import { createContext, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { enterFindsAddress, FORM_DEFAULT_ATTRIBUTE } from '../../lib/addresses/enter-finds-address.ts';
import { fieldMessage, STEP_FIELD, stepErrors, type StepErrors, type StepFailure, type StepName } from '../../lib/checkout/checkout-forms.ts';
import { Button } from '../ui/button.tsx';
import { ErrorSummary, type SummaryProblem } from '../ui/error-summary.tsx';
import type { StepResult } from './use-checkout.ts';

/** A step refused after a plain form post (the page's action), for that step's form to show again. */
export const StepFailureContext = createContext<StepFailure | null>(null);

/** The refused post of this step (or of one of these), if the page was drawn for one: what was typed and why it was refused. */
export function useStepFailure(step: StepName | readonly StepName[]): StepFailure | null {
  const failure = useContext(StepFailureContext);
  return failure && (typeof step === 'string' ? [step] : step).includes(failure.step) ? failure : null;
}

export interface StepFormProps {
  /** The step the form saves; or the steps it chooses between, by radios named `step` among its fields (step 2: deliver or collect). */
  step: StepName | readonly StepName[];
  /** Sends the form's fields (read from the form itself, so whatever was typed before the page's scripts ran counts). */
  onSave: (form: FormData) => Promise<StepResult>;
  /** Each field's error path (`body.phone`) and the id of the control it links to, in the form's order. */
  fields: Readonly<Record<string, string>>;
  /** The button's words; they may follow a choice in the form through the stylesheet (`group-has-[…]/step:`), so they are right before the scripts run. */
  submitLabel: ReactNode;
  disabled?: boolean;
  /**
   * A button of the form's own named `intent` ("Find address"): the form with that button's value,
   * for the page to answer without saving the step. Without scripts the form posts it to the page.
   */
  onIntent?: (form: FormData) => void;
  children: (errorAt: (path: string) => string | undefined) => ReactNode;
}

/**
 * One checkout step's form: a real form posting to the checkout page, so it works before the page's
 * scripts have run and without them; once they run the page sends it itself and stays put. Its
 * fields keep what was typed (they are the browser's own, given only a starting value). A refusal
 * shows as an error summary at the very top, linking to each field, and beside the fields. What the
 * form shows for a choice in it (a radio's details, the button's words) follows the checked control
 * through the stylesheet, so it is right before the scripts run and without them.
 */
export function StepForm({ step, onSave, fields, submitLabel, disabled, onIntent, children }: StepFormProps) {
  const failure = useStepFailure(step);
  const [errors, setErrors] = useState<StepErrors | null>(failure?.errors ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    enterFindsAddress(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (onIntent && submitter instanceof HTMLButtonElement && submitter.name === 'intent') {
      onIntent(new FormData(event.currentTarget, submitter));
      return;
    }
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
    <form method="post" action="/checkout" noValidate onSubmit={submit} className="group/step space-y-4">
      {typeof step === 'string' && <input type="hidden" name={STEP_FIELD} value={step} />}
      <ErrorSummary problems={problems} />
      {children((path) => fieldMessage(errors, path))}
      <Button type="submit" loading={busy} disabled={disabled} {...{ [FORM_DEFAULT_ATTRIBUTE]: '' }}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * The value of the radios named `name` inside `ref`, for what the page says about the choice beyond
 * the stylesheet (the day chosen, in words). The radios are the browser's own: once the scripts
 * run, the one checked is read from the page, so a choice made before then counts; after that each
 * change (`onChange`, which bubbles) is followed.
 */
export function useCheckedValue(name: string, initial: string | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const checked = ref.current?.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"]:checked`);
    if (checked) setValue(checked.value);
  }, [name]);
  const onChange = (event: FormEvent<HTMLElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.type === 'radio' && target.name === name && target.checked) setValue(target.value);
  };
  return { ref, value, onChange };
}
