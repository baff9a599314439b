import { HELP_REQUEST_STATUS_NAMES, type HelpRequest } from '@shop/contracts';
import { STAFF_STATUSES } from '../../lib/staff-help/inbox.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { formText as text, StepForm, stepProblemOf, type StepFormProps } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

/** Refusals that mean the request moved on since this page read it. */
const STALE = new Set(['HELP_REQUEST_CHANGED', 'HELP_REQUEST_STATUS_UNCHANGED', 'HELP_REQUEST_CLOSED', 'HELP_REQUEST_STATUS_NOT_ALLOWED']);

const problemOf = (error: unknown) => stepProblemOf(error, STALE);

/** One of staff's steps on the request as a form of its own, with the version of the request this page read. */
function ActionForm({ request, ...form }: { request: HelpRequest } & Omit<StepFormProps<HelpRequest>, 'version' | 'problemOf'>) {
  return <StepForm {...form} version={request.version} problemOf={problemOf} />;
}

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
