import type { TradeApplication, TradeBand } from '@shop/contracts';
import { bandLabel } from '../../lib/trade/bands.ts';
import { PostedStepForm } from '../staff/posted-step-form.tsx';
import { stepProblemOf, type StepProblem } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';

/** Refusals that mean the application moved on since this page read it: another reviewer, or the applicant. */
const STALE = new Set(['TRADE_APPLICATION_ALREADY_DECIDED', 'TRADE_APPLICATION_CHANGED', 'TRADE_APPLICATION_AWAITING_ANSWER']);

export const decisionProblemOf = (error: unknown) => stepProblemOf(error, STALE, 'Check the form: there is a problem with it.');

/** A reviewer's steps, as the page's forms name them to its action. */
export const DECISION_STEPS = ['approve', 'ask', 'turn-down'] as const;
export type DecisionStep = (typeof DECISION_STEPS)[number];

/** What the page says once a step is done, from the application as it now is. */
export function decisionDone(step: DecisionStep, application: TradeApplication): string {
  switch (step) {
    case 'approve':
      return `Approved on ${application.approvedBand ? bandLabel(application.approvedBand) : 'the band chosen'}. The applicant has been e-mailed.`;
    case 'ask':
      return 'Your question has been sent to the applicant.';
    case 'turn-down':
      return 'The application has been turned down. The applicant has been e-mailed.';
  }
}

/** The band a step puts the business on (`bandCode`), the one it is on now marked as current. */
export function BandField({
  bands,
  current,
  id,
  problem,
  values,
}: {
  bands: readonly TradeBand[];
  current?: string;
  id: string;
  problem: StepProblem | null;
  values: Record<string, string>;
}) {
  return (
    <FormField id={id} label="Band" error={problem?.fields.bandCode}>
      {(control) => (
        <Select {...control} name="bandCode" defaultValue={values.bandCode ?? ''}>
          <option value="">Choose a band</option>
          {bands.map((band) => (
            <option key={band.code} value={band.code}>
              {bandLabel(band)}
              {band.code === current ? ' (current)' : ''}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}

/** A step that takes one piece of text the applicant reads: a question, or a reason. */
function TextDecision({
  intent,
  version,
  name,
  title,
  hint,
  label,
  fieldHint,
  submitLabel,
}: {
  intent: DecisionStep;
  version: number;
  name: string;
  title: string;
  hint: string;
  label: string;
  fieldHint: string;
  submitLabel: string;
}) {
  return (
    <PostedStepForm intent={intent} version={version} title={title} hint={hint} submitLabel={submitLabel} variant="secondary">
      {(problem, ids, values) => (
        <TextAreaField
          name={name}
          id={ids(name)}
          label={label}
          hint={fieldHint}
          error={problem?.fields[name]}
          defaultValue={values[name]}
          maxLength={1000}
          rows={4}
        />
      )}
    </PostedStepForm>
  );
}

/** The steps a reviewer can take from where the application is, each a plain form posted to the page. */
export function DecisionForms({ application, bands }: { application: TradeApplication; bands: readonly TradeBand[] }) {
  const open = application.status === 'submitted';
  const waiting = application.status === 'more_info_required';
  if (!open && !waiting) return null;
  const version = application.version;
  return (
    <div className="space-y-5">
      {waiting && (
        <p className="rounded-xl bg-brass-50 p-4 text-navy-900 ring-1 ring-brass-300 ring-inset">
          Waiting for the applicant to answer your question. You can still turn the application down.
        </p>
      )}
      {open && (
        <PostedStepForm
          intent="approve"
          version={version}
          title="Approve"
          hint="Opens the trade account on the band you choose, and e-mails the applicant. They get trade prices from their next sign-in."
          submitLabel="Approve application"
        >
          {(problem, ids, values) => (
            <>
              <BandField bands={bands} id={ids('bandCode')} problem={problem} values={values} />
              <TextAreaField
                name="note"
                id={ids('note')}
                label="Note for staff (optional)"
                hint="Kept in the history; the applicant does not see it."
                error={problem?.fields.note}
                defaultValue={values.note}
                maxLength={1000}
                rows={3}
              />
            </>
          )}
        </PostedStepForm>
      )}
      {open && (
        <TextDecision
          intent="ask"
          version={version}
          name="question"
          title="Ask for more information"
          hint="The applicant is e-mailed your question, answers it on their application’s page, and it comes back to this queue."
          label="Question"
          fieldHint="The applicant reads it as you write it."
          submitLabel="Send question"
        />
      )}
      <TextDecision
        intent="turn-down"
        version={version}
        name="reason"
        title="Turn down"
        hint="The applicant is e-mailed and reads your reason on their application’s page."
        label="Reason"
        fieldHint="The applicant reads it."
        submitLabel="Turn application down"
      />
    </div>
  );
}
