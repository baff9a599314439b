import { ApiError } from '@shop/api-client';
import type { TradeApplication, TradeBand } from '@shop/contracts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { bandLabel } from '../../lib/trade/bands.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { ProblemAlert, useFocusAfterRender } from '../staff-orders/form-parts.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';

/** Refusals that mean the application moved on since this page read it: another reviewer, or the applicant. */
const STALE = new Set(['TRADE_APPLICATION_ALREADY_DECIDED', 'TRADE_APPLICATION_CHANGED', 'TRADE_APPLICATION_AWAITING_ANSWER']);

interface Problem {
  summary: string;
  stale: boolean;
  fields: Record<string, string>;
}

function problemOf(error: unknown): Problem {
  const fields: Record<string, string> = {};
  const listed = error instanceof ApiError ? ((error.data as { errors?: { path?: unknown; message?: unknown }[] } | undefined)?.errors ?? []) : [];
  for (const entry of listed) {
    if (typeof entry.path === 'string' && typeof entry.message === 'string') fields[entry.path.replace(/^body\./, '')] ??= entry.message;
  }
  const stale = error instanceof ApiError && STALE.has(error.code ?? '');
  return { summary: Object.keys(fields).length > 0 ? 'Check the form: there is a problem with it.' : apiProblemMessage(error), stale, fields };
}

type Decide = (form: FormData, version: number) => Promise<TradeApplication>;

/**
 * One of a reviewer's steps as a form of its own: the API decides, and what it refused is shown in
 * the form (beside a field, or above the button, with a way to see the application as it is now
 * when another reviewer acted first). The version read goes with every step, so a step on what has
 * changed since is refused.
 */
function DecisionForm({
  application,
  title,
  hint,
  submitLabel,
  variant = 'primary',
  decide,
  onDecided,
  onStale,
  children,
}: {
  application: TradeApplication;
  title: string;
  hint: ReactNode;
  submitLabel: string;
  variant?: 'primary' | 'secondary';
  decide: Decide;
  onDecided: (next: TradeApplication) => void;
  onStale: () => void;
  children: (problem: Problem | null, ids: (field: string) => string) => ReactNode;
}) {
  const id = useId();
  const ids = (field: string) => `${id}-${field}`;
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const focusLater = useFocusAfterRender(form);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onDecided(await decide(new FormData(event.currentTarget), application.version));
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
      <div>
        <h3 id={`${id}-title`} className="text-lg font-bold text-navy-950">
          {title}
        </h3>
        <p className="mt-1 text-sm text-navy-700">{hint}</p>
      </div>
      {children(problem, ids)}
      {problem && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={onStale} />}
      <Button type="submit" variant={variant} loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A step that takes one piece of text the applicant reads: a question, or a reason. */
function TextDecision({
  name,
  label,
  fieldHint,
  ...form
}: { name: string; label: string; fieldHint: string } & Omit<Parameters<typeof DecisionForm>[0], 'children' | 'variant'>) {
  return (
    <DecisionForm {...form} variant="secondary">
      {(problem, ids) => <TextAreaField name={name} id={ids(name)} label={label} hint={fieldHint} error={problem?.fields[name]} maxLength={1000} rows={4} />}
    </DecisionForm>
  );
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The steps a reviewer can take from where the application is. */
export function DecisionForms({
  application,
  bands,
  onDecided,
  onStale,
}: {
  application: TradeApplication;
  bands: readonly TradeBand[];
  onDecided: (next: TradeApplication, done: string) => void;
  onStale: () => void;
}) {
  const clients = useApiClients();
  const params = { id: application.id };
  if (!clients) return null;
  const open = application.status === 'submitted';
  const waiting = application.status === 'more_info_required';
  if (!open && !waiting) return null;
  return (
    <div className="space-y-5">
      {waiting && (
        <p className="rounded-xl bg-brass-50 p-4 text-navy-900 ring-1 ring-brass-300 ring-inset">
          Waiting for the applicant to answer your question. You can still turn the application down.
        </p>
      )}
      {open && (
        <DecisionForm
          application={application}
          title="Approve"
          hint="Opens the trade account on the band you choose, and e-mails the applicant. They get trade prices from their next sign-in."
          submitLabel="Approve application"
          decide={(form, version) =>
            clients.trade.approveTradeApplication({ params, body: { bandCode: text(form, 'bandCode'), note: text(form, 'note').trim() || undefined, version } })
          }
          onDecided={(next) =>
            onDecided(next, `Approved on ${next.approvedBand ? bandLabel(next.approvedBand) : 'the band chosen'}. The applicant has been e-mailed.`)
          }
          onStale={onStale}
        >
          {(problem, ids) => (
            <>
              <FormField id={ids('bandCode')} label="Band" error={problem?.fields.bandCode}>
                {(control) => (
                  <Select {...control} name="bandCode" defaultValue="">
                    <option value="">Choose a band</option>
                    {bands.map((band) => (
                      <option key={band.code} value={band.code}>
                        {bandLabel(band)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <TextAreaField
                name="note"
                id={ids('note')}
                label="Note for staff (optional)"
                hint="Kept in the history; the applicant does not see it."
                error={problem?.fields.note}
                maxLength={1000}
                rows={3}
              />
            </>
          )}
        </DecisionForm>
      )}
      {open && (
        <TextDecision
          application={application}
          name="question"
          title="Ask for more information"
          hint="The applicant is e-mailed your question, answers it on their application’s page, and it comes back to this queue."
          label="Question"
          fieldHint="The applicant reads it as you write it."
          submitLabel="Send question"
          decide={(form, version) => clients.trade.requireMoreInfoForTradeApplication({ params, body: { question: text(form, 'question'), version } })}
          onDecided={(next) => onDecided(next, 'Your question has been sent to the applicant.')}
          onStale={onStale}
        />
      )}
      <TextDecision
        application={application}
        name="reason"
        title="Turn down"
        hint="The applicant is e-mailed and reads your reason on their application’s page."
        label="Reason"
        fieldHint="The applicant reads it."
        submitLabel="Turn application down"
        decide={(form, version) => clients.trade.disapproveTradeApplication({ params, body: { reason: text(form, 'reason'), version } })}
        onDecided={(next) => onDecided(next, 'The application has been turned down. The applicant has been e-mailed.')}
        onStale={onStale}
      />
    </div>
  );
}
