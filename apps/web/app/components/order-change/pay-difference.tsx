import { formatPence, type PaymentMethods } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { cardName } from '../../lib/account/saved-cards.ts';
import { BankCheckDialog, PaymentProblem, type PaymentOutcome } from '../checkout/payment-attempt.tsx';
import { GatewayCardPayment, stripeSettings } from '../checkout/gateway-card-payment.tsx';
import { savedCardOutcome } from '../checkout/saved-card-check.ts';
import { Button } from '../ui/button.tsx';

/** What paying a higher total on account means, said above the button that asks the credit provider (decision 0101). */
export function OnAccountDifferenceNote({ asking }: { asking: 'Completing' | 'Upgrading' }) {
  return (
    <p className="text-sm text-navy-700">
      This order is paid on account. {asking} asks Two, our trade credit provider, to agree the higher total: if they do, the difference is added to the order’s
      invoice, due 30 days after we dispatch it. Nothing is taken from a card.
    </p>
  );
}

export interface DifferenceIntent {
  intentId: string;
  /** For the card field (the sandbox's frame or Stripe's Payment Element) and the wallets: confirms this intent only. */
  clientSecret: string;
  amountPence: number;
  frameUrl: string | null;
  /** `requires_action`: a saved card charged on the server whose bank asks for its check (3-D Secure), shown at once. */
  status: string;
  /** The sandbox's page for that check, shown in the dialog (Stripe's is Stripe.js's to show). */
  nextActionUrl?: string | null;
  /** Which card field the gateway gives, and its wallets (Sandbox Pay; Stripe's Apple Pay, Google Pay and Link). */
  card: PaymentMethods['card'];
  wallets: PaymentMethods['wallets'];
  /** The signed-in customer's own saved cards (none for a guest). */
  savedCards?: PaymentMethods['savedCards'];
}

/**
 * Pays a difference on a placed order (an order change, a delivery upgrade): with one of the signed-in
 * customer's saved cards (a plain form posting `savedCardFields` and the card's id to `action`, which
 * charges it on the server), or as checkout pays, with the gateway's card field and its wallet
 * buttons (the sandbox's frame and Sandbox Pay, or Stripe's Payment Element and Express Checkout
 * Element), the bank's check (3-D Secure) shown over the page when the card asks for it. Once the
 * payment has gone through, `fields` and the paid intent are posted to `action`: the server checks it
 * succeeded for exactly the difference before the order is changed.
 */
export function PayDifference({
  action,
  fields,
  savedCardFields,
  payment,
}: {
  action: string;
  fields: Record<string, string | number>;
  savedCardFields: Record<string, string | number>;
  payment: DifferenceIntent;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
  // Each answer of the page's action (a saved card pressed again) is a new payment object: its problem is the new one's.
  const [answered, setAnswered] = useState(payment);
  if (answered !== payment) {
    setAnswered(payment);
    setProblem(null);
    setChallengeUrl(null);
  }
  const savedCards = payment.savedCards ?? [];
  // An answer of the page's action shows while the page's data is still loading after it: a card pressed (or a bank check
  // passed) then would interrupt that load, so both wait until the page has settled.
  const settling = useNavigation().state !== 'idle';
  // The saved card's bank check (its payment was made on the server): passed, the page's form takes the payment on.
  const settleSavedCard = useCallback((outcome: PaymentOutcome) => {
    setChallengeUrl(null);
    if (outcome.status === 'succeeded') return formRef.current?.requestSubmit();
    setProblem(outcome.error?.message ?? 'The card payment did not go through. Check the card details and try again.');
  }, []);
  // Its bank asks for the check: shown once per answer, as checkout shows it (Stripe.js's own, or the sandbox's in the dialog).
  const checked = useRef<DifferenceIntent | null>(null);
  useEffect(() => {
    if (settling || payment.status !== 'requires_action' || checked.current === payment) return;
    checked.current = payment;
    savedCardOutcome(payment, stripeSettings(payment.card)).then(
      (outcome) => (outcome.status === 'requires_action' && outcome.nextActionUrl ? setChallengeUrl(outcome.nextActionUrl) : settleSavedCard(outcome)),
      () => setProblem('We couldn’t reach our payment provider. Check your connection and press Pay to try again.'),
    );
  }, [payment, settling, settleSavedCard]);

  const after = { onPaid: () => formRef.current?.requestSubmit(), progress: 'Saving your changes…' };
  const hidden = (values: Record<string, string | number>) =>
    Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  const field =
    payment.frameUrl || stripeSettings(payment.card) ? (
      <GatewayCardPayment
        after={after}
        intent={{ ...payment, frameUrl: payment.frameUrl, status: 'requires_payment_method', nextActionUrl: null }}
        options={payment}
      />
    ) : null;
  if (!field && savedCards.length === 0) return <p className="mt-4 text-sm">Card payments are not available here yet: call us to pay the difference.</p>;
  return (
    <div className="mt-4 space-y-4">
      {savedCards.length > 0 && (
        <Form method="post" action={action}>
          <fieldset className="space-y-2 rounded-xl border border-navy-200 p-4">
            <legend className="px-1 text-base font-bold text-navy-950">Pay with a saved card</legend>
            {hidden(savedCardFields)}
            {savedCards.map((saved) => (
              <Button key={saved.id} type="submit" name="savedCardId" value={saved.id} variant="accent" className="w-full" loading={settling}>
                Pay {formatPence(payment.amountPence)} with {cardName(saved)}
              </Button>
            ))}
            <PaymentProblem problem={problem} />
            {field && <p className="text-sm text-navy-700">Or pay with another card below.</p>}
          </fieldset>
        </Form>
      )}
      {field}
      <BankCheckDialog
        url={challengeUrl}
        onResult={settleSavedCard}
        onClose={() => {
          setChallengeUrl(null);
          setProblem('You closed your bank’s check before it finished, so you have not been charged. Press Pay to try again.');
        }}
      />
      <Form method="post" ref={formRef} action={action}>
        {hidden(fields)}
        <input type="hidden" name="paymentIntentId" value={payment.intentId} />
      </Form>
    </div>
  );
}
