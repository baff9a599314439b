import type { TradeApplication, TradeBand } from '@shop/contracts';
import type { ReactNode } from 'react';
import { bandLabel } from '../../lib/trade/bands.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { formText as text, StepForm, stepProblemOf, type StepFormProps } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Select } from '../ui/select.tsx';

/** Refusals that mean the application moved on since this page read it: another reviewer, or the applicant. */
const STALE = new Set(['TRADE_APPLICATION_ALREADY_DECIDED', 'TRADE_APPLICATION_CHANGED', 'TRADE_APPLICATION_AWAITING_ANSWER']);

const problemOf = (error: unknown) => stepProblemOf(error, STALE, 'Check the form: there is a problem with it.');

/** One of a reviewer's steps as a form of its own, with the version of the application this page read. */
function DecisionForm({
  application,
  decide,
  onDecided,
  ...form
}: {
  application: TradeApplication;
  hint: ReactNode;
  decide: StepFormProps<TradeApplication>['act'];
  onDecided: StepFormProps<TradeApplication>['onDone'];
  children: NonNullable<StepFormProps<TradeApplication>['children']>;
} & Omit<StepFormProps<TradeApplication>, 'version' | 'problemOf' | 'act' | 'onDone'>) {
  return <StepForm {...form} version={application.version} act={decide} onDone={onDecided} problemOf={problemOf} />;
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
