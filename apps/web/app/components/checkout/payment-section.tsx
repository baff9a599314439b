import { ApiError } from '@shop/api-client';
import { useCallback, useRef, useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { newAttemptKey, rememberPaymentAttempt } from '../../lib/checkout/checkout-logic.ts';
import type { StripeSettings } from '../../lib/checkout/stripe-js.ts';
import { formatPence } from '@shop/contracts';
import { useApiData } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { BankCheckDialog, PaymentProblem, usePaymentAttempt, type OrderPlaced, type PaymentOutcome } from './payment-attempt.tsx';
import { OnAccountPayment } from './on-account-payment-lazy.tsx';
import { GatewayCardPayment, stripeSettings } from './gateway-card-payment.tsx';
import { savedCardOutcome } from './saved-card-check.ts';
import type { CheckoutClient } from './use-checkout.ts';

export type { OrderPlaced } from './payment-attempt.tsx';
export { WALLET_SCRIPT_FAILED } from './express-checkout.tsx';

/**
 * Step 5: payment. Opening it starts the payment (the stock is held for 15 minutes) and shows the
 * gateway's wallet buttons and card field: the sandbox's, or Stripe's Express Checkout Element and
 * Payment Element when the shop is set up for Stripe. The "Pay £x" button confirms through the card
 * field, a bank's check (3-D Secure) is shown over the page, and once the gateway says the payment
 * succeeded the order is placed. Declines are said beside the button; the shopper can try again
 * with another card in the same field.
 */
export function PaymentSection({ client, basketId, onPlaced }: { client: CheckoutClient; basketId: string; onPlaced: (placed: OrderPlaced) => void }) {
  const signedIn = useShopAuth().status === 'signed-in';
  // Keeping the card is the shopper's choice, told to the same payment as "Pay" is pressed: ticking
  // the box never starts a new payment, which would empty the card field.
  const [saveCard, setSaveCard] = useState(false);
  const saveCardRef = useRef(saveCard);
  // One key per start of the payment: a retry of the same start replays its answer.
  const [startKey, setStartKey] = useState(newAttemptKey);
  const start = useApiData(`payment:${basketId}:${startKey}`, async (signal) => {
    const headers = { 'Idempotency-Key': startKey };
    const [options, intent] = await Promise.all([
      client.getPaymentOptions({ params: { basketId } }, { signal }),
      client.createPaymentIntent({ params: { basketId }, body: { method: 'card', saveCard: saveCardRef.current } }, { signal, headers }),
    ]);
    rememberPaymentAttempt(sessionStorage, basketId);
    return { options, intent };
  });
  const cardIntentId = start.state === 'ready' ? start.data.intent.intentId : null;

  /**
   * Before the card form's payment is confirmed: tells it whether to keep the card, as the box says
   * now. A problem to show instead when that cannot be done (the payment is then not confirmed).
   */
  const settleSaving = useCallback(async (): Promise<string | null> => {
    try {
      const headers = { 'Idempotency-Key': newAttemptKey() };
      const intent = await client.createPaymentIntent({ params: { basketId }, body: { method: 'card', saveCard: saveCardRef.current } }, { headers });
      if (intent.intentId === cardIntentId) return null;
    } catch (error) {
      return error instanceof ApiError ? apiProblemMessage(error) : 'We couldn’t reach our payment provider. Check your connection and try again.';
    }
    setStartKey(newAttemptKey());
    return 'Your payment had to be started again: enter your card details once more, then press Pay.';
  }, [client, basketId, cardIntentId]);

  // A saved card's attempt is a payment of its own: when it ends without an order, the card
  // form's payment becomes the basket's again (the same one, so the form shown stays right).
  const backToCardForm = useCallback(() => {
    void client
      .createPaymentIntent({ params: { basketId }, body: { method: 'card', saveCard } }, { headers: { 'Idempotency-Key': newAttemptKey() } })
      .then((intent) => intent.intentId === cardIntentId)
      .catch(() => false)
      .then((same) => {
        if (!same) setStartKey(newAttemptKey());
      });
  }, [client, basketId, saveCard, cardIntentId]);

  if (start.state === 'error') {
    return <LoadError title="We couldn’t start the payment" error={start.error} onRetry={() => setStartKey(newAttemptKey())} />;
  }
  if (start.state !== 'ready') return <PaymentSkeleton />;
  const { options, intent } = start.data;
  const { card } = options;
  const after = { client, basketId, onPlaced };
  const stripe = stripeSettings(card);
  return (
    <div className="space-y-6">
      {options.onAccount && (
        <OnAccountPayment client={client} basketId={basketId} option={options.onAccount} amountPence={options.amountPence} onPlaced={onPlaced} />
      )}
      {signedIn && options.savedCards.length > 0 && (
        <SavedCardPayment
          client={client}
          basketId={basketId}
          cards={options.savedCards}
          amountPence={options.amountPence}
          stripe={stripe}
          onPlaced={onPlaced}
          onFail={backToCardForm}
        />
      )}
      {signedIn && (
        <div className="flex items-start gap-3 text-sm text-navy-900">
          <input
            id="save-card"
            type="checkbox"
            checked={saveCard}
            onChange={(event) => {
              saveCardRef.current = event.target.checked;
              setSaveCard(event.target.checked);
            }}
            aria-describedby="save-card-hint"
            className="mt-0.5 size-5 accent-teal-700"
          />
          <div>
            <label htmlFor="save-card" className="font-semibold">
              Save this card for next time
            </label>
            <p id="save-card-hint" className="text-navy-700">
              We keep only the card type, last four digits and expiry date; your card number stays with our payment provider.
            </p>
          </div>
        </div>
      )}
      {intent.frameUrl || stripe ? (
        <GatewayCardPayment after={after} intent={intent} options={options} beforePay={signedIn ? settleSaving : undefined} />
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Card payment is not available just now. Please try again later.
        </p>
      )}
    </div>
  );
}

function PaymentSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <p className="sr-only" role="status">
        Starting your payment…
      </p>
      <Skeleton className="h-16" />
      <Skeleton className="h-80 rounded-xl" />
      <Skeleton className="h-13 w-40" />
    </div>
  );
}

type SavedCardOption = { id: string; brand: string; last4: string; expMonth: number; expYear: number; isDefault: boolean };

const brandName = (brand: string) => ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' })[brand] ?? brand;

/**
 * A signed-in shopper's saved cards: pick one and pay. The gateway charges it at once; when the
 * card's bank wants a check, it is shown over the page (the sandbox's page in the bank-check
 * dialog, or Stripe.js's own), and the order is placed once the check is passed.
 */
function SavedCardPayment({
  client,
  basketId,
  cards,
  amountPence,
  stripe,
  onPlaced,
  onFail,
}: {
  client: CheckoutClient;
  basketId: string;
  cards: SavedCardOption[];
  amountPence: number;
  stripe: StripeSettings | null;
  onPlaced: (placed: OrderPlaced) => void;
  onFail: () => void;
}) {
  const [chosen, setChosen] = useState(cards.find((card) => card.isDefault)?.id ?? cards[0]!.id);
  const attempt = usePaymentAttempt({ after: { client, basketId, onPlaced }, amountPence, onFail, resumable: false });
  const card = cards.find((entry) => entry.id === chosen)!;

  const pay = async () => {
    if (attempt.busy) return;
    const key = attempt.begin();
    let result: PaymentOutcome;
    try {
      const intent = await client.createPaymentIntent(
        { params: { basketId }, body: { method: 'saved_card', savedCardId: chosen } },
        { headers: { 'Idempotency-Key': key } },
      );
      result = await savedCardOutcome(intent, stripe);
    } catch (error) {
      return attempt.fail(
        error instanceof ApiError ? apiProblemMessage(error) : 'We couldn’t reach our payment provider. Check your connection and try again.',
      );
    }
    attempt.outcome(result);
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-navy-200 p-4">
      <legend className="px-1 text-base font-bold text-navy-950">Pay with a saved card</legend>
      {cards.map((option) => (
        <label key={option.id} className="flex items-center gap-3 text-sm text-navy-900">
          <input
            type="radio"
            name="saved-card"
            value={option.id}
            checked={chosen === option.id}
            onChange={() => setChosen(option.id)}
            className="size-5 accent-teal-700"
          />
          <span>
            {brandName(option.brand)} ending {option.last4}
            <span className="text-navy-600">
              {' '}
              · expires {String(option.expMonth).padStart(2, '0')}/{String(option.expYear).slice(-2)}
            </span>
          </span>
        </label>
      ))}
      <PaymentProblem problem={attempt.problem} />
      <Button variant="accent" onClick={pay} loading={attempt.busy}>
        Pay {formatPence(attempt.amount)} with {brandName(card.brand)} ending {card.last4}
      </Button>
      <p className="text-sm text-navy-700">Or pay with another card below.</p>
      <BankCheckDialog {...attempt.challenge} />
    </fieldset>
  );
}
