import type { Order } from '@shop/contracts';
import { useId, useRef, useState } from 'react';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { formatPence } from '@shop/contracts';
import {
  checkMoneyBack,
  moneyBackActions,
  moneyBackProblem,
  REFUND_KIND_NAMES,
  refundStateName,
  type MoneyBackField,
  type MoneyBackProblem,
  type MoneyBackValues,
} from '../../lib/staff-orders/money-back.ts';
import { paymentStatusText, paymentText } from '../../lib/staff-orders/orders.ts';
import { penceToText } from '../../lib/staff-discounts/amounts.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { useToast } from '../ui/toast.tsx';
import { Card } from './order-details.tsx';
import { ProblemAlert, TextAreaField, useFocusAfterRender } from './form-parts.tsx';

type Mode = 'cancel' | 'refund';

/**
 * Money going back, offered only when the API would allow it: cancelling before dispatch (all of the
 * payment), refunding after it (any part of what remains). Each opens a dialog asking the reason
 * (and, for a refund, the amount in pounds); the API's refusals are shown next to their fields.
 */
export function MoneyBackPanel({ order, onChanged, onStale }: { order: Order; onChanged: (order: Order) => void; onStale: () => void }) {
  const actions = moneyBackActions(order);
  const [mode, setMode] = useState<Mode | null>(null);
  if (!actions.cancel && !actions.refund && !actions.pending) return null;
  const { pending } = actions;
  return (
    <section aria-labelledby="money-back" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="money-back" className="text-lg font-bold text-navy-950">
        Cancel or refund
      </h2>
      <div className="mt-2 space-y-3 text-navy-800">
        {pending && (
          <p className="rounded-lg border border-brass-300 bg-brass-50 p-3 text-sm text-navy-950">
            {pending.kind === 'cancellation' ? 'The cancellation’s' : 'A'} refund of <strong>{formatPence(pending.amountPence)}</strong>{' '}
            {pending.withProvider
              ? 'is on its way at the payment provider. The order updates by itself once the provider confirms it.'
              : 'is not confirmed by the payment provider yet. Try it again to finish it: the customer will not be refunded twice.'}
          </p>
        )}
        {actions.cancel && !pending && (
          <p>Not dispatched yet: cancelling refunds all {formatPence(order.payment.refundablePence)} and puts the items back in stock.</p>
        )}
        {actions.refund && (
          <p>
            {order.payment.refundedPence > 0 ? `${paymentStatusText(order.payment)}.` : 'Nothing refunded yet.'} Up to{' '}
            {formatPence(order.payment.refundablePence)} can still go back to the customer.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {actions.cancel && (
            <Button variant="secondary" onClick={() => setMode('cancel')}>
              {pending ? 'Finish the cancellation' : 'Cancel order'}
            </Button>
          )}
          {actions.refund && (
            <Button variant="secondary" onClick={() => setMode('refund')}>
              Refund
            </Button>
          )}
          {pending && pending.kind !== 'cancellation' && !pending.withProvider && (
            <Button variant="secondary" onClick={() => setMode('refund')}>
              Retry the refund of {formatPence(pending.amountPence)}
            </Button>
          )}
        </div>
      </div>
      {mode && (
        <MoneyBackDialog
          // A fresh form (and idempotency key) every time the dialog opens.
          key={mode}
          mode={mode}
          order={order}
          onClose={() => setMode(null)}
          onDone={(next) => {
            setMode(null);
            onChanged(next);
          }}
          onStale={() => {
            setMode(null);
            onStale();
          }}
        />
      )}
    </section>
  );
}

function MoneyBackDialog({
  mode,
  order,
  onClose,
  onDone,
  onStale,
}: {
  mode: Mode;
  order: Order;
  onClose: () => void;
  onDone: (order: Order) => void;
  onStale: () => void;
}) {
  const clients = useApiClients();
  const toast = useToast();
  const id = useId();
  const fieldId = (field: MoneyBackField) => `${id}-${field}`;
  const form = useRef<HTMLFormElement>(null);
  const focusLater = useFocusAfterRender(form);
  const pending = moneyBackActions(order).pending;
  // Retrying a pending refund asks for the same amount again: the API finishes that one, with its own key.
  const retrying = mode === 'refund' && pending !== null && pending.kind === 'refund';
  const [values, setValues] = useState<MoneyBackValues>({
    amount: retrying ? penceToText(pending.amountPence) : '',
    reason: retrying ? (pending.reason ?? '') : '',
  });
  const [problem, setProblem] = useState<MoneyBackProblem | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per opening: a retry of this submission replays the API's first answer.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refundable = retrying ? pending.amountPence : order.payment.refundablePence;
  const set = (field: MoneyBackField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const show = (found: MoneyBackProblem) => {
    setProblem(found);
    const first = (['amount', 'reason'] as const).find((field) => found.fields[field]);
    focusLater(first ? fieldId(first) : null);
  };

  const submit = async () => {
    if (!clients) return;
    const checked = checkMoneyBack(values, mode === 'refund' ? refundable : null);
    if ('problem' in checked) return show(checked.problem);
    setBusy(true);
    setProblem(null);
    const params = { orderNumber: order.orderNumber };
    const headers = { 'idempotency-key': idempotencyKey };
    try {
      const next =
        'amountPence' in checked.body
          ? await clients.orders.refundOrder({ params, body: { ...checked.body, alreadyRefundedPence: order.payment.refundedPence } }, { headers })
          : await clients.orders.cancelOrder({ params, body: checked.body }, { headers });
      const amount = formatPence(next.payment.refundedPence - order.payment.refundedPence);
      toast(mode === 'cancel' ? `${order.orderNumber} is cancelled and ${amount} refunded.` : `${amount} refunded on ${order.orderNumber}.`, 'success');
      onDone(next);
    } catch (error) {
      show(moneyBackProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const title = mode === 'cancel' ? `Cancel order ${order.orderNumber}?` : `Refund order ${order.orderNumber}`;
  return (
    <Dialog open onClose={onClose} title={title}>
      <form
        ref={form}
        noValidate
        className="space-y-5 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {mode === 'cancel' ? (
          <p className="text-navy-800">
            {formatPence(order.payment.refundablePence)} goes back to the customer’s {paymentText(order.payment)}, the items go back into stock and any discount
            code can be used again. The customer is e-mailed.
          </p>
        ) : (
          <p className="text-navy-800">
            {retrying
              ? `The refund of ${formatPence(pending.amountPence)} was not confirmed: send it again to finish it.`
              : `Up to ${formatPence(refundable)} of the ${formatPence(order.payment.capturedPence)} paid can be ` +
                `refunded to the customer’s ${paymentText(order.payment)}. Refunding all of it marks the order refunded.`}{' '}
            The customer is e-mailed.
          </p>
        )}

        {mode === 'refund' && (
          <FormField id={fieldId('amount')} label="Amount (£)" hint={`In pounds and pence, up to ${formatPence(refundable)}.`} error={problem?.fields.amount}>
            {(control) => (
              <div className="flex flex-wrap items-center gap-3">
                <span className="relative block w-40">
                  <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-navy-700">
                    £
                  </span>
                  <Input
                    {...control}
                    value={values.amount}
                    onChange={(event) => set('amount', event.target.value)}
                    inputMode="decimal"
                    autoComplete="off"
                    readOnly={retrying}
                    className="pl-8 tabular-nums"
                  />
                </span>
                {!retrying && (
                  <Button variant="ghost" size="sm" onClick={() => set('amount', penceToText(refundable))}>
                    All {formatPence(refundable)}
                  </Button>
                )}
              </div>
            )}
          </FormField>
        )}

        <TextAreaField
          id={fieldId('reason')}
          label="Reason"
          hint="Kept in the order’s history for staff; the customer’s e-mail does not show it."
          error={problem?.fields.reason}
          value={values.reason}
          onChange={(value) => set('reason', value)}
          rows={3}
        />

        {problem?.summary && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={onStale} />}

        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            {mode === 'cancel' ? 'Cancel order' : 'Refund'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {mode === 'cancel' ? 'Keep the order' : 'Don’t refund'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export const REFUNDS_HEADING = 'order-refunds';

const STATE_TONES: Record<Order['refunds'][number]['state'], BadgeTone> = { succeeded: 'success', pending: 'accent', failed: 'sale' };

/** The money that went back (or was refused, or is waiting), oldest first; shown once there is any. */
export function RefundsCard({ order }: { order: Order }) {
  if (order.refunds.length === 0) return null;
  return (
    <Card id={REFUNDS_HEADING} title="Refunds" focusable>
      <ul className="divide-y divide-navy-100">
        {order.refunds.map((refund) => (
          <li key={refund.refundId} className="py-3 first:pt-0 last:pb-0">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-navy-950 tabular-nums">{formatPence(refund.amountPence)}</span>
              <span className="text-navy-800">{REFUND_KIND_NAMES[refund.kind]}</span>
              <Badge tone={STATE_TONES[refund.state]}>{refundStateName(refund)}</Badge>
            </p>
            <p className="text-sm text-navy-700">
              <time dateTime={refund.settledAt ?? refund.requestedAt}>{formatInstant(refund.settledAt ?? refund.requestedAt)}</time>
            </p>
            {refund.reason && <p className="mt-1 text-sm text-navy-900">{refund.reason}</p>}
            {refund.failure && <p className="mt-1 text-sm text-red-800">The payment provider said: {refund.failure}</p>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
