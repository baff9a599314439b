import { HELP_REQUEST_STATUS_NAMES, type HelpRequest } from '@shop/contracts';
import { STAFF_STATUSES } from '../../lib/staff-help/inbox.ts';
import { PostedStepForm } from '../staff/posted-step-form.tsx';
import { stepProblemOf } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';

/** Refusals that mean the request moved on since this page read it. */
const STALE = new Set(['HELP_REQUEST_CHANGED', 'HELP_REQUEST_STATUS_UNCHANGED', 'HELP_REQUEST_CLOSED', 'HELP_REQUEST_STATUS_NOT_ALLOWED']);

export const requestProblemOf = (error: unknown) => stepProblemOf(error, STALE);

/** The steps staff take on a request, as the page's forms name them to its action. */
export const REQUEST_STEPS = ['reply', 'assign-to-me', 'assign', 'status', 'close'] as const;
export type RequestStep = (typeof REQUEST_STEPS)[number];

/** What the page says once a step is done, from the request as it now is. */
export function stepDone(step: RequestStep, request: HelpRequest): string {
  switch (step) {
    case 'reply':
      return 'Your reply has been e-mailed to the customer.';
    case 'assign-to-me':
      return 'The request is assigned to you.';
    case 'assign':
      return `The request is assigned to ${request.assignedToName ?? 'them'}.`;
    case 'status':
      return `The request is now ${HELP_REQUEST_STATUS_NAMES[request.status].toLowerCase()}.`;
    case 'close':
      return 'The request is closed.';
  }
}

/** Staff's steps from where the request is: reply, assign, move on, close (or reopen), each a plain form posted to the page. */
export function RequestActions({ request }: { request: HelpRequest }) {
  const closed = request.status === 'closed';
  const otherStatuses = STAFF_STATUSES.filter((status) => status !== request.status && status !== 'closed' && (!closed || status === 'in_progress'));
  const version = request.version;
  return (
    <div className="space-y-5">
      {!closed && (
        <PostedStepForm
          intent="reply"
          version={version}
          title="Reply to the customer"
          hint="E-mailed to the customer with a new link to answer (older links stop working). The request then waits for the customer."
          submitLabel="Send reply"
        >
          {(problem, ids, values) => (
            <TextAreaField
              name="message"
              id={ids('message')}
              label="Your reply"
              error={problem?.fields.message}
              defaultValue={values.message}
              maxLength={5000}
              rows={6}
            />
          )}
        </PostedStepForm>
      )}
      <PostedStepForm
        intent="assign-to-me"
        version={version}
        title="Assign"
        hint={request.assignedToName ? `Assigned to ${request.assignedToName}.` : 'Nobody has this request yet.'}
        submitLabel="Assign to me"
        variant="secondary"
      />
      <PostedStepForm intent="assign" version={version} title="Assign to someone else" submitLabel="Assign" variant="secondary">
        {(problem, ids, values) => (
          <FormField id={ids('assignedToName')} label="Staff member’s name" error={problem?.fields.assignedToName}>
            {(control) => <Input {...control} name="assignedToName" defaultValue={values.assignedToName} autoComplete="off" maxLength={120} />}
          </FormField>
        )}
      </PostedStepForm>
      {otherStatuses.length > 0 && (
        <PostedStepForm
          intent="status"
          version={version}
          title={closed ? 'Reopen' : 'Change status'}
          submitLabel={closed ? 'Reopen request' : 'Change status'}
          variant="secondary"
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
        </PostedStepForm>
      )}
      {!closed && (
        <PostedStepForm
          intent="close"
          version={version}
          title="Close"
          hint="When the customer has what they asked for. If they answer through their link, it opens again."
          submitLabel="Close request"
          variant="secondary"
        />
      )}
    </div>
  );
}
