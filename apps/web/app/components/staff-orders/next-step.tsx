import type { Order } from '@shop/contracts';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { STATUS_NAMES } from '../../lib/checkout/order-tracking.ts';
import { cn } from '../../lib/cn.ts';
import {
  advanceBody,
  advanceProblem,
  CARRIERS,
  nextSteps,
  STEP_ACTIONS,
  type AdvanceField,
  type AdvanceProblem,
  type AdvanceValues,
} from '../../lib/staff-orders/orders.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { useToast } from '../ui/toast.tsx';
import { ProblemAlert, TextAreaField, useFocusAfterRender } from './form-parts.tsx';

/**
 * The moves the order can make from where it is (forward only, as the API allows), each with an
 * optional note for the history; dispatching also takes the carrier and tracking number. The API
 * decides: its refusals are shown next to the fields they concern.
 */
export function NextStep({
  order,
  onAdvanced,
  onStale,
  focusOnMount = false,
}: {
  order: Order;
  onAdvanced: (order: Order) => void;
  onStale: () => void;
  /** After a move the panel is new: take the keyboard to it rather than losing it to the page. */
  focusOnMount?: boolean;
}) {
  const steps = nextSteps(order.status);
  const clients = useApiClients();
  const toast = useToast();
  const id = useId();
  const fieldId = (field: AdvanceField) => `${id}-${field}`;
  const form = useRef<HTMLFormElement>(null);
  const focusLater = useFocusAfterRender(form);
  const [values, setValues] = useState<AdvanceValues | null>(steps[0] ? { status: steps[0], carrier: '', trackingNumber: '', note: '' } : null);
  const [problem, setProblem] = useState<AdvanceProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  if (!values) {
    const why =
      order.status === 'delivered'
        ? 'The order is delivered: there are no more steps.'
        : `The order is ${STATUS_NAMES[order.status].toLowerCase()}, so it cannot move on.`;
    return (
      <Panel heading={heading}>
        <p className="mt-2 text-navy-800">{why}</p>
      </Panel>
    );
  }

  const set = (field: keyof AdvanceValues, value: string) => setValues((current) => (current ? { ...current, [field]: value } : current));
  const submit = async () => {
    if (!clients) return;
    setBusy(true);
    setProblem(null);
    try {
      const next = await clients.orders.advanceOrder({ params: { orderNumber: order.orderNumber }, body: advanceBody(values) });
      toast(`${order.orderNumber} ${STEP_ACTIONS[values.status].done}.`, 'success');
      onAdvanced(next);
    } catch (error) {
      const found = advanceProblem(error, values);
      setProblem(found);
      // Take the keyboard to the first field to fix, else to the message.
      const first = (['carrier', 'trackingNumber', 'note'] as const).find((field) => found.fields[field]);
      focusLater(first ? fieldId(first) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel heading={heading}>
      <form
        ref={form}
        noValidate
        className="mt-4 space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset>
          <legend className="text-sm font-semibold text-navy-950">Move the order to</legend>
          <div className="mt-2 space-y-2">
            {steps.map((step) => (
              <label
                key={step}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3',
                  values.status === step ? 'border-teal-700 ring-1 ring-teal-700' : 'border-navy-200 hover:border-navy-300',
                )}
              >
                <input
                  type="radio"
                  name="status"
                  value={step}
                  className="mt-0.5 size-5 shrink-0 accent-teal-700"
                  checked={values.status === step}
                  // Named by the action alone; the hint describes it.
                  aria-labelledby={`${id}-${step}`}
                  aria-describedby={`${id}-${step}-hint`}
                  onChange={() => {
                    set('status', step);
                    setProblem(null);
                  }}
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

        {values.status === 'dispatched' && (
          <div className="grid gap-4">
            <FormField id={fieldId('carrier')} label="Carrier" error={problem?.fields.carrier}>
              {(control) => (
                <Select
                  {...control}
                  value={values.carrier}
                  onChange={(event) => set('carrier', event.target.value)}
                  options={[{ value: '', label: 'Choose a carrier' }, ...CARRIERS.map((carrier) => ({ value: carrier, label: carrier }))]}
                />
              )}
            </FormField>
            <FormField
              id={fieldId('trackingNumber')}
              label="Tracking number"
              hint="From the carrier’s label: the customer sees it when they track the order."
              error={problem?.fields.trackingNumber}
            >
              {(control) => (
                <Input
                  {...control}
                  value={values.trackingNumber}
                  onChange={(event) => set('trackingNumber', event.target.value)}
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
          id={fieldId('note')}
          label="Note (optional)"
          hint="Kept in the order’s history, for staff."
          error={problem?.fields.note}
          value={values.note}
          onChange={(value) => set('note', value)}
          rows={2}
        />

        {problem && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={onStale} />}

        <Button type="submit" loading={busy} className="w-full">
          {STEP_ACTIONS[values.status].label}
        </Button>
      </form>
    </Panel>
  );
}

function Panel({ heading, children }: { heading: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  return (
    <section aria-labelledby="next-step" className="rounded-2xl border border-teal-200 bg-teal-50 p-5">
      <h2 id="next-step" ref={heading} tabIndex={-1} className="text-lg font-bold text-navy-950 focus:outline-none">
        Next step
      </h2>
      {children}
    </section>
  );
}
