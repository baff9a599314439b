import { ApiError } from '@shop/api-client';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { ProblemAlert, useFocusAfterRender } from '../staff-orders/form-parts.tsx';
import { Button } from '../ui/button.tsx';

/** What the API refused a step for: a summary above the button, messages beside fields, and whether the record moved on. */
export interface StepProblem {
  summary: string;
  stale: boolean;
  fields: Record<string, string>;
}

/**
 * The problem in a refusal: each field's first message (by its path, without `body.`), stale when
 * its code is one of `staleCodes`. The summary is `fieldsSummary` when fields are named (else the
 * first field's message), or the API's message.
 */
export function stepProblemOf(error: unknown, staleCodes: ReadonlySet<string>, fieldsSummary?: string): StepProblem {
  const fields: Record<string, string> = {};
  const listed = error instanceof ApiError ? ((error.data as { errors?: { path?: unknown; message?: unknown }[] } | undefined)?.errors ?? []) : [];
  for (const entry of listed) {
    if (typeof entry.path === 'string' && typeof entry.message === 'string') fields[entry.path.replace(/^body\./, '')] ??= entry.message;
  }
  const stale = error instanceof ApiError && staleCodes.has(error.code ?? '');
  const first = Object.values(fields)[0];
  return { summary: first === undefined ? apiProblemMessage(error) : (fieldsSummary ?? first), stale, fields };
}

/** A form's text field, or '' when it is missing or a file. */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export interface StepFormProps<T> {
  /** The version of the record as this page read it: it goes with the step. */
  version: number;
  title: string;
  hint?: ReactNode;
  submitLabel: string;
  variant?: 'primary' | 'secondary';
  /** Sends the step; what it throws is shown through `problemOf`. */
  act: (form: FormData, version: number) => Promise<T>;
  problemOf: (error: unknown) => StepProblem;
  onDone: (next: T) => void;
  onStale: () => void;
  children?: (problem: StepProblem | null, ids: (field: string) => string) => ReactNode;
}

/**
 * One of staff's steps on a record as a form of its own: the API decides, and what it refused is
 * shown in the form (beside a field, or above the button, with a way to see the record as it is now
 * when someone else acted first). The version read goes with every step, so a step on what has
 * changed since is refused.
 */
export function StepForm<T>({ version, title, hint, submitLabel, variant = 'primary', act, problemOf, onDone, onStale, children }: StepFormProps<T>) {
  const id = useId();
  const ids = (field: string) => `${id}-${field}`;
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const focusLater = useFocusAfterRender(form);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onDone(await act(new FormData(event.currentTarget), version));
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      // The keyboard goes to the first field to fix, else to the message.
      const first = Object.keys(found.fields)[0];
      focusLater(first ? ids(first) : null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5">
      <StepHeading id={`${id}-title`} title={title} hint={hint} />
      {children?.(problem, ids)}
      {problem && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={onStale} />}
      <Button type="submit" variant={variant} loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A step form's title (which names the form) and its hint. */
export function StepHeading({ id, title, hint }: { id: string; title: string; hint?: ReactNode }) {
  return (
    <div>
      <h3 id={id} className="text-lg font-bold text-navy-950">
        {title}
      </h3>
      {hint && <p className="mt-1 text-sm text-navy-700">{hint}</p>}
    </div>
  );
}
