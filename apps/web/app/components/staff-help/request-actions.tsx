import { ApiError } from '@shop/api-client';
import { HELP_REQUEST_STATUS_NAMES, type HelpRequest } from '@shop/contracts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { STAFF_STATUSES } from '../../lib/staff-help/inbox.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { ProblemAlert, useFocusAfterRender } from '../staff-orders/form-parts.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

/** Refusals that mean the request moved on since this page read it. */
const STALE = new Set(['HELP_REQUEST_CHANGED', 'HELP_REQUEST_STATUS_UNCHANGED', 'HELP_REQUEST_CLOSED', 'HELP_REQUEST_STATUS_NOT_ALLOWED']);

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
  return { summary: Object.values(fields)[0] ?? apiProblemMessage(error), stale, fields };
}

type Act = (form: FormData, version: number) => Promise<HelpRequest>;

/**
 * One of staff's steps as a form of its own: the API decides, and what it refused is shown in the
 * form (beside a field, or above the button, with a way to see the request as it is now when
 * someone else acted first). The version read goes with every step.
 */
function ActionForm({
  request,
  title,
  hint,
  submitLabel,
  variant = 'primary',
  act,
  onDone,
  onStale,
  children,
}: {
  request: HelpRequest;
  title: string;
  hint?: ReactNode;
  submitLabel: string;
  variant?: 'primary' | 'secondary';
  act: Act;
  onDone: (next: HelpRequest) => void;
  onStale: () => void;
  children?: (problem: Problem | null, ids: (field: string) => string) => ReactNode;
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
      onDone(await act(new FormData(event.currentTarget), request.version));
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
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
        {hint && <p className="mt-1 text-sm text-navy-700">{hint}</p>}
      </div>
      {children?.(problem, ids)}
      {problem && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={onStale} />}
      <Button type="submit" variant={variant} loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** Staff's steps from where the request is: reply, assign, move on, close (or reopen). */
export function RequestActions({ request, onDone, onStale }: { request: HelpRequest; onDone: (next: HelpRequest, done: string) => void; onStale: () => void }) {
  const clients = useApiClients();
  if (!clients) return null;
  const api = clients.helpInbox;
  const params = { reference: request.reference };
  const closed = request.status === 'closed';
  const otherStatuses = STAFF_STATUSES.filter((status) => status !== request.status && status !== 'closed' && (!closed || status === 'in_progress'));
  return (
    <div className="space-y-5">
      {!closed && (
        <ActionForm
          request={request}
          title="Reply to the customer"
          hint="E-mailed to the customer with a new link to answer (older links stop working). The request then waits for the customer."
          submitLabel="Send reply"
          act={(form, version) => api.replyToHelpRequest({ params, body: { message: text(form, 'message'), version } })}
          onDone={(next) => onDone(next, 'Your reply has been e-mailed to the customer.')}
          onStale={onStale}
        >
          {(problem, ids) => <TextAreaField name="message" id={ids('message')} label="Your reply" error={problem?.fields.message} maxLength={5000} rows={6} />}
        </ActionForm>
      )}
      <ActionForm
        request={request}
        title="Assign"
        hint={request.assignedToName ? `Assigned to ${request.assignedToName}.` : 'Nobody has this request yet.'}
        submitLabel="Assign to me"
        variant="secondary"
        act={(_form, version) => api.assignHelpRequest({ params, body: { version } })}
        onDone={(next) => onDone(next, 'The request is assigned to you.')}
        onStale={onStale}
      />
      <ActionForm
        request={request}
        title="Assign to someone else"
        submitLabel="Assign"
        variant="secondary"
        act={(form, version) => api.assignHelpRequest({ params, body: { version, assignedToName: text(form, 'assignedToName') } })}
        onDone={(next) => onDone(next, `The request is assigned to ${next.assignedToName ?? 'them'}.`)}
        onStale={onStale}
      >
        {(problem, ids) => (
          <FormField id={ids('assignedToName')} label="Staff member’s name" error={problem?.fields.assignedToName}>
            {(control) => <Input {...control} name="assignedToName" autoComplete="off" maxLength={120} />}
          </FormField>
        )}
      </ActionForm>
      {otherStatuses.length > 0 && (
        <ActionForm
          request={request}
          title={closed ? 'Reopen' : 'Change status'}
          submitLabel={closed ? 'Reopen request' : 'Change status'}
          variant="secondary"
          act={(form, version) => api.changeHelpRequestStatus({ params, body: { status: text(form, 'status') as (typeof STAFF_STATUSES)[number], version } })}
          onDone={(next) => onDone(next, `The request is now ${HELP_REQUEST_STATUS_NAMES[next.status].toLowerCase()}.`)}
          onStale={onStale}
        >
          {(problem, ids) => (
            <FormField id={ids('status')} label="New status" error={problem?.fields.status}>
              {(control) => (
                <Select
                  {...control}
                  name="status"
                  defaultValue={otherStatuses[0]}
                  options={otherStatuses.map((status) => ({ value: status, label: HELP_REQUEST_STATUS_NAMES[status] }))}
                />
              )}
            </FormField>
          )}
        </ActionForm>
      )}
      {!closed && (
        <ActionForm
          request={request}
          title="Close"
          hint="When the customer has what they asked for. If they answer through their link, it opens again."
          submitLabel="Close request"
          variant="secondary"
          act={(_form, version) => api.closeHelpRequest({ params, body: { version } })}
          onDone={(next) => onDone(next, 'The request is closed.')}
          onStale={onStale}
        />
      )}
    </div>
  );
}
