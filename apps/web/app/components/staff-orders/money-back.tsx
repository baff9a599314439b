import { formatPence, type Order, type OrderRefund } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatInstant } from '../../lib/checkout/order-tracking.ts';
import { moneyBackActions, REFUND_KIND_NAMES, refundStateName } from '../../lib/staff-orders/money-back.ts';
import { paymentStatusText, paymentText } from '../../lib/staff-orders/orders.ts';
import { penceToText } from '../../lib/staff-discounts/amounts.ts';
import { usePostedStep } from '../staff/posted-step-form.tsx';
import { StepHeading } from '../staff/step-form.tsx';
import { TextAreaField } from '../trade/application-fields.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Card } from './order-details.tsx';
import { ProblemAlert } from './form-parts.tsx';

/**
 * Money going back, offered only when the API would allow it: cancelling before dispatch (all of the
 * payment), refunding after it (any part of what remains). Each is a plain form posted to the page
 * (intents `cancel` and `refund`), so it works before the page's scripts run: it asks the reason
 * (and, for a refund, the amount in pounds), and the refusals come back next to their fields.
 */
export function MoneyBackPanel({ order, idempotencyKey }: { order: Order; idempotencyKey: string }) {
  const actions = moneyBackActions(order);
  const { pending } = actions;
  // Retrying a pending refund asks for the same amount again: the API finishes that one.
  const retrying = pending !== null && pending.kind === 'refund' && !pending.withProvider ? pending : null;
  if (!actions.cancel && !actions.refund && !pending) return null;
  return (
    <section aria-labelledby="money-back" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="money-back" className="text-lg font-bold text-navy-950">
        Cancel or refund
      </h2>
      <div className="mt-2 space-y-4 text-navy-800">
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
        {actions.cancel && (
          <MoneyBackForm mode="cancel" order={order} idempotencyKey={idempotencyKey} title={pending ? 'Finish the cancellation' : 'Cancel order'}>
            {formatPence(order.payment.refundablePence)} goes back to the customer’s {paymentText(order.payment)}, the items go back into stock and any discount
            code can be used again. The customer is e-mailed.
          </MoneyBackForm>
        )}
        {(actions.refund || retrying) && (
          <MoneyBackForm
            mode="refund"
            order={order}
            idempotencyKey={idempotencyKey}
            title={retrying ? `Retry the refund of ${formatPence(retrying.amountPence)}` : 'Refund'}
            retrying={retrying}
          >
            {retrying
              ? `The refund of ${formatPence(retrying.amountPence)} was not confirmed: send it again to finish it.`
              : `Up to ${formatPence(order.payment.refundablePence)} of the ${formatPence(order.payment.capturedPence)} paid can be ` +
                `refunded to the customer’s ${paymentText(order.payment)}. Refunding all of it marks the order refunded.`}{' '}
            The customer is e-mailed.
          </MoneyBackForm>
        )}
      </div>
    </section>
  );
}

function MoneyBackForm({
  mode,
  order,
  idempotencyKey,
  title,
  retrying = null,
  children,
}: {
  mode: 'cancel' | 'refund';
  order: Order;
  idempotencyKey: string;
  title: string;
  retrying?: OrderRefund | null;
  children: ReactNode;
}) {
  const { id, ids, form, problem, values, busy, pathname } = usePostedStep(mode);
  const refundable = retrying ? retrying.amountPence : order.payment.refundablePence;
  return (
    <Form ref={form} method="post" noValidate aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-navy-100 p-4">
      <input type="hidden" name="intent" value={mode} />
      {/* What the page read: a refund checks nothing else went back meanwhile, and a repeat of this form is answered once. */}
      <input type="hidden" name="refundedPence" value={order.payment.refundedPence} />
      <input type="hidden" name="refundablePence" value={refundable} />
      <input type="hidden" name="idempotencyKey" value={values.idempotencyKey ?? idempotencyKey} />
      <StepHeading id={`${id}-title`} title={title} hint={children} />
      {mode === 'refund' && (
        <FormField id={ids('amount')} label="Amount (£)" hint={`In pounds and pence, up to ${formatPence(refundable)}.`} error={problem?.fields.amount}>
          {(control) => (
            <span className="relative block w-40">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-navy-700">
                £
              </span>
              <Input
                {...control}
                name="amount"
                defaultValue={retrying ? penceToText(retrying.amountPence) : values.amount}
                inputMode="decimal"
                autoComplete="off"
                readOnly={retrying !== null}
                className="pl-8 tabular-nums"
              />
            </span>
          )}
        </FormField>
      )}
      <TextAreaField
        name="reason"
        id={ids('reason')}
        label="Reason"
        hint="Kept in the order’s history for staff; the customer’s e-mail does not show it."
        error={problem?.fields.reason}
        defaultValue={values.reason ?? retrying?.reason ?? ''}
        maxLength={300}
        rows={3}
      />
      {problem?.summary && <ProblemAlert summary={problem.summary} stale={problem.stale} onStale={pathname} />}
      <Button type="submit" variant="secondary" loading={busy}>
        {mode === 'cancel' ? 'Cancel order' : 'Refund'}
      </Button>
    </Form>
  );
}

export const REFUNDS_HEADING = 'order-refunds';

const STATE_TONES: Record<Order['refunds'][number]['state'], BadgeTone> = { succeeded: 'success', pending: 'accent', failed: 'sale' };

/** The order's VAT invoices and credit notes (a change cancels the issued invoice with a credit note and issues a new one). */
export function VatDocumentsCard({ order }: { order: Order }) {
  if (order.vatDocuments.length === 0) return null;
  return (
    <Card id="vat-documents" title="VAT invoices and credit notes">
      <ul className="divide-y divide-navy-100">
        {order.vatDocuments.map((document) => (
          <li key={document.number} className="py-3 first:pt-0 last:pb-0">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-navy-950 tabular-nums">{document.number}</span>
              <span className="text-navy-800">{document.kind === 'credit_note' ? `Credit note for ${document.cancels}` : 'VAT invoice'}</span>
              {document.kind === 'invoice' && (
                <Badge tone={document.replacedBy ? 'neutral' : 'success'}>{document.replacedBy ? `Replaced by ${document.replacedBy}` : 'Current'}</Badge>
              )}
            </p>
            <p className="text-sm text-navy-700">
              Issued <time dateTime={document.issuedAt}>{formatInstant(document.issuedAt)}</time> ·{' '}
              {document.kind === 'credit_note' ? `credits ${formatPence(document.amountPence)}` : formatPence(document.amountPence)}
            </p>
            {/* A file of its own, made by the server for the member of staff (decision 0068): saved with or without scripts. */}
            <a
              href={`/staff/orders/${order.orderNumber}/vat-documents/${document.number}`}
              download={`${document.number}.pdf`}
              className="text-sm font-semibold text-navy-900 underline underline-offset-2 hover:text-navy-700"
            >
              Download {document.kind === 'credit_note' ? 'credit note' : 'VAT invoice'} {document.number} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

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
