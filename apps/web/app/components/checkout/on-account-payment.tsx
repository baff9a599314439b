import { ApiError } from '@shop/api-client';
import { formatPence, type OnAccountOption } from '@shop/contracts';
import { useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { newAttemptKey } from '../../lib/checkout/checkout-logic.ts';
import { Button } from '../ui/button.tsx';
import { PaymentProblem, type OrderPlaced } from './payment-attempt.tsx';
import type { CheckoutClient } from './use-checkout.ts';

/**
 * Paying on account (30 days) through the trade credit provider, beside the card: the credit
 * available and, when the provider would approve this order, a button that places it on account;
 * when it would not, why and what to do (decision 0088). Each press is a new attempt (an order the
 * provider is still checking is asked about again); a repeat of one placed gets the same order.
 */
export function OnAccountPayment({
  client,
  basketId,
  option,
  amountPence,
  onPlaced,
}: {
  client: CheckoutClient;
  basketId: string;
  option: OnAccountOption;
  amountPence: number;
  onPlaced: (placed: OrderPlaced) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      onPlaced(await client.payOnAccount({ params: { basketId } }, { headers: { 'Idempotency-Key': newAttemptKey() } }));
    } catch (error) {
      setProblem(error instanceof ApiError ? apiProblemMessage(error) : 'We couldn’t reach the shop. Check your connection and try again.');
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="on-account-heading" className="space-y-3 rounded-xl border border-navy-200 p-4">
      <h3 id="on-account-heading" className="text-base font-bold text-navy-950">
        Pay on account ({option.termDays} days)
      </h3>
      {/* A business the provider lends to: its credit (one declined or in review has none to show). */}
      {option.maxSingleOrderPence > 0 && (
        <p className="text-sm text-navy-900">
          Available credit with Two: <strong>{formatPence(option.availablePence)}</strong>
          <span className="text-navy-700"> · up to {formatPence(option.maxSingleOrderPence)} an order</span>
        </p>
      )}
      {option.offered ? (
        <>
          <p className="text-sm text-navy-700">{option.message}</p>
          <PaymentProblem problem={problem} />
          <Button variant="accent" onClick={() => void pay()} loading={busy}>
            Place order on account: {formatPence(amountPence)}
          </Button>
        </>
      ) : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-navy-900">{option.message}</p>
      )}
      <p className="text-sm text-navy-700">Or pay by card below.</p>
    </section>
  );
}
