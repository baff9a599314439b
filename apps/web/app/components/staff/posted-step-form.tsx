import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form, useActionData, useLocation, useNavigation, useSearchParams } from 'react-router';
import type { RefusedStep } from '../../lib/auth/staff-page.server.ts';
import { ProblemAlert } from '../staff-orders/form-parts.tsx';
import { Button } from '../ui/button.tsx';
import { StepHeading, type StepProblem } from './step-form.tsx';

export interface PostedStepFormProps {
  /** Which of the page's steps this is: the action reads it from the form. */
  intent: string;
  /** The version of the record as the page read it: it goes with the step (none for a step the API does not version). */
  version?: number;
  title: string;
  hint?: ReactNode;
  submitLabel: string;
  variant?: 'primary' | 'secondary';
  /** The form's fields, with the API's messages for them and what was typed before a refusal. */
  children?: (problem: StepProblem | null, ids: (field: string) => string, values: Record<string, string>) => ReactNode;
}

/**
 * One of staff's steps on a record as a plain form posted to the page's action, so it works before
 * the page's scripts run: done, the action sends the page back with a notice (post, redirect, get);
 * refused, the page comes back with the API's words in this form and a link to the record as it is
 * now when someone else acted first. The version read goes with the step, so a step on what has
 * changed since is refused.
 */
export function PostedStepForm({ intent, version, title, hint, submitLabel, variant = 'primary', children }: PostedStepFormProps) {
  const { id, ids, form, problem, values, busy, pathname } = usePostedStep(intent);
  return (
    <Form ref={form} method="post" noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5">
      <input type="hidden" name="intent" value={intent} />
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      <StepHeading id={`${id}-title`} title={title} hint={hint} />
      {children?.(problem, ids, values)}
      {problem && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={pathname} />}
      <Button type="submit" variant={variant} loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/**
 * What a step form posted to the page's action needs to show its outcome: the API's refusal of this
 * form (by its `intent`) and what was typed, field ids to put messages beside, whether it is being
 * sent, and the page's address (to see the record as it is now). The keyboard goes to the first
 * field to fix, else to the form's message (`data-problem`), once it is shown.
 */
export function usePostedStep(intent: string) {
  const id = useId();
  const ids = (field: string) => `${id}-${field}`;
  const form = useRef<HTMLFormElement>(null);
  const refused = useActionData<RefusedStep | undefined>();
  const mine = refused?.intent === intent ? refused : undefined;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  useEffect(() => {
    if (!mine) return;
    const first = Object.keys(mine.problem.fields)[0];
    (first ? document.getElementById(`${id}-${first}`) : form.current?.querySelector<HTMLElement>('[data-problem]'))?.focus();
  }, [mine, id]);
  return { id, ids, form, problem: mine?.problem ?? null, values: mine?.values ?? {}, busy, pathname };
}

/**
 * Which of the page's `steps` the address says was just done (`?done=<step>`, where its action sent
 * the page back), unless a step has been refused since (the address still says what was done
 * before); after each step the keyboard goes to `ref`, where the page says what was done.
 */
export function useStepDone<S extends string>(steps: readonly S[]) {
  const [searchParams] = useSearchParams();
  const refused = useActionData<RefusedStep | undefined>();
  const { key } = useLocation();
  const done = refused ? undefined : steps.find((step) => step === searchParams.get('done'));
  const ref = useRef<HTMLDivElement>(null);
  // Each redirect is a new location, so the same step twice moves the keyboard twice.
  const doneAt = done ? key : null;
  useEffect(() => {
    if (doneAt) ref.current?.focus();
  }, [doneAt]);
  return { done, ref };
}
