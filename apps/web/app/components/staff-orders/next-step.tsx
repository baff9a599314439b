import type { Order } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { STATUS_NAMES } from '../../lib/checkout/order-tracking.ts';
import { cn } from '../../lib/cn.ts';
import { CARRIERS, nextSteps, STEP_ACTIONS, type ForwardStep } from '../../lib/staff-orders/orders.ts';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { ProblemAlert } from './form-parts.tsx';

/** The id of the panel's heading: the page takes the keyboard to it after a move. */
export const NEXT_STEP_HEADING = 'next-step';

/**
 * The moves the order can make from where it is (forward only, as the API allows), each with an
 * optional note for the history; dispatching also takes the carrier and tracking number. A plain
 * form posted to the page (intent `advance`), so it works before the page's scripts run: the
 * dispatch fields show by CSS while "Mark dispatched" is chosen, not by a script. The API decides:
 * its refusals come back next to the fields they concern.
 */
export function NextStep({ order }: { order: Order }) {
  const steps = nextSteps(order.status);
  const { id, ids, form, problem, values, busy, pathname } = usePostedStep('advance');
  if (steps.length === 0) {
    const why =
      order.status === 'delivered'
        ? 'The order is delivered: there are no more steps.'
        : `The order is ${STATUS_NAMES[order.status].toLowerCase()}, so it cannot move on.`;
    return (
      <Panel>
        <p className="mt-2 text-navy-800">{why}</p>
      </Panel>
    );
  }
  const chosen = steps.find((step) => step === values.status) ?? steps[0];
  return (
    <Panel>
      <Form ref={form} method="post" noValidate aria-labelledby={NEXT_STEP_HEADING} className="group/advance mt-4 space-y-5">
        <input type="hidden" name="intent" value="advance" />
        <fieldset>
          <legend className="text-sm font-semibold text-navy-950">Move the order to</legend>
          <div className="mt-2 space-y-2">
            {steps.map((step) => (
              <label
                key={step}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border border-navy-200 bg-white p-3 hover:border-navy-300',
                  'has-[:checked]:border-teal-700 has-[:checked]:ring-1 has-[:checked]:ring-teal-700',
                )}
              >
                <input
                  type="radio"
                  name="status"
                  value={step}
                  className="mt-0.5 size-5 shrink-0 accent-teal-700"
                  defaultChecked={step === chosen}
                  // Named by the action alone; the hint describes it.
                  aria-labelledby={`${id}-${step}`}
                  aria-describedby={`${id}-${step}-hint`}
                />
                <span>
                  <span id={`${id}-${step}`} className="block font-semibold text-navy-950">
                    {STEP_ACTIONS[step].label}
                  </span>
                  <span id={`${id}-${step}-hint`} className="block text-sm text-navy-700">
                    {STEP_ACTIONS[step].hint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {steps.includes('dispatched') && (
          <div className="hidden gap-4 group-has-[input[value=dispatched]:checked]/advance:grid">
            <FormField id={ids('carrier')} label="Carrier" error={problem?.fields.carrier}>
              {(control) => (
                <Select
                  {...control}
                  name="carrier"
                  defaultValue={values.carrier ?? ''}
                  options={[{ value: '', label: 'Choose a carrier' }, ...CARRIERS.map((carrier) => ({ value: carrier, label: carrier }))]}
                />
              )}
            </FormField>
            <FormField
              id={ids('trackingNumber')}
              label="Tracking number"
              hint="From the carrier’s label: the customer sees it when they track the order."
              error={problem?.fields.trackingNumber}
            >
              {(control) => (
                <Input
                  {...control}
                  name="trackingNumber"
                  defaultValue={values.trackingNumber}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={60}
                  className="font-mono"
                />
              )}
            </FormField>
          </div>
        )}

        <TextAreaField
          name="note"
          id={ids('note')}
          label="Note (optional)"
          hint="Kept in the order’s history, for staff."
          error={problem?.fields.note}
          defaultValue={values.note}
          maxLength={300}
          rows={2}
        />

        {problem?.summary && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={pathname} />}

        {/* One button per move, shown while its move is chosen (by CSS, so before scripts too); the chosen radio is the move sent. */}
        {steps.map((step) => (
          <Button key={step} type="submit" loading={busy} className={`w-full ${SHOWN_WHILE_CHOSEN[step]}`}>
            {STEP_ACTIONS[step].label}
          </Button>
        ))}
      </Form>
    </Panel>
  );
}

// Whole class names, so the stylesheet has them: each button shows only while its move's radio is checked.
const SHOWN_WHILE_CHOSEN: Record<ForwardStep, string> = {
  processing: 'hidden! group-has-[input[value=processing]:checked]/advance:flex!',
  picking: 'hidden! group-has-[input[value=picking]:checked]/advance:flex!',
  dispatched: 'hidden! group-has-[input[value=dispatched]:checked]/advance:flex!',
  delivered: 'hidden! group-has-[input[value=delivered]:checked]/advance:flex!',
};

function Panel({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby={NEXT_STEP_HEADING} className="rounded-2xl border border-teal-200 bg-teal-50 p-5">
      <h2 id={NEXT_STEP_HEADING} tabIndex={-1} className="text-lg font-bold text-navy-950 focus:outline-none">
        Next step
      </h2>
      {children}
    </section>
  );
}
