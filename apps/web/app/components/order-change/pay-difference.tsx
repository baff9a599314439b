import { formatPence, type PaymentMethods } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { cardName } from '../../lib/account/saved-cards.ts';
import { CARD_FRAME_HEIGHT, cardFrameHeight, frameSrc, readSandboxMessage } from '../../lib/checkout/checkout-logic.ts';
import { BankCheckDialog, type PaymentOutcome } from '../checkout/payment-attempt.tsx';
import { Button } from '../ui/button.tsx';

/** A payment of a difference as its page's action answered it: the intent, its card field, and the bank's check when a saved card's bank asks. */
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
  amountPence: number;
  frameUrl: string | null;
  /** A saved card's bank asks for its check (3-D Secure): the dialog opens with it. */
  nextActionUrl?: string | null;
  /** The signed-in customer's own saved cards (none for a guest). */
  savedCards?: PaymentMethods['savedCards'];
}

/**
 * Pays a difference on a placed order (an order change, a delivery upgrade): with one of the signed-in
 * customer's saved cards (a plain form posting `savedCardFields` and the card's id to `action`, which
 * charges it on the server), or with the gateway's card field (the sandbox's frame, as checkout shows
 * it). The bank's check opens in a dialog when the card asks for 3-D Secure; once the payment has gone
 * through, `fields` and the paid intent are posted to `action`: the server checks it succeeded for
 * exactly the difference before the order is changed.
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
  const frameRef = useRef<HTMLIFrameElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(false);
  const [frameHeight, setFrameHeight] = useState(CARD_FRAME_HEIGHT);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [challengeUrl, setChallengeUrl] = useState<string | null>(payment.nextActionUrl ?? null);
  // Each answer of the page's action (a saved card pressed again) is a new payment object: its bank check opens again.
  const [answered, setAnswered] = useState(payment);
  if (answered !== payment) {
    setAnswered(payment);
    setProblem(null);
    setChallengeUrl(payment.nextActionUrl ?? null);
  }
  const savedCards = payment.savedCards ?? [];
  const frameOrigin = payment.frameUrl ? new URL(payment.frameUrl).origin : '';

  const settle = useCallback((outcome: PaymentOutcome) => {
    if (outcome.status === 'succeeded') return formRef.current?.requestSubmit();
    if (outcome.status === 'requires_action' && outcome.nextActionUrl) return setChallengeUrl(outcome.nextActionUrl);
    setChallengeUrl(null);
    setBusy(false);
    setProblem(outcome.error?.message ?? 'The card payment did not go through. Check the card details and try again.');
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.source !== frameRef.current?.contentWindow) return;
      const message = readSandboxMessage(event, frameOrigin);
      if (!message || message.intentId !== payment.intentId) return;
      if (message.type === 'ready') {
        setReady(true);
        setFrameHeight(cardFrameHeight(message.height));
      }
      if (message.type === 'result') settle(message);
    };
    window.addEventListener('message', listener);
    // The frame is drawn with the page, so it may have said "ready" before this listened: asked again.
    // Not loaded yet, the frame is not at its origin and the message is dropped; it says "ready" once loaded.
    if (frameOrigin) frameRef.current?.contentWindow?.postMessage({ source: 'plumbline-shop', type: 'announce' }, frameOrigin);
    return () => window.removeEventListener('message', listener);
  }, [frameOrigin, payment.intentId, settle]);

  const hidden = (values: Record<string, string | number>) =>
    Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  if (!payment.frameUrl && savedCards.length === 0)
    return <p className="mt-4 text-sm">Card payments are not available here yet: call us to pay the difference.</p>;
  return (
    <div className="mt-4 space-y-3">
      {savedCards.length > 0 && (
        <Form method="post" action={action}>
          <fieldset className="space-y-2 rounded-xl border border-navy-200 p-4">
            <legend className="px-1 text-base font-bold text-navy-950">Pay with a saved card</legend>
            {hidden(savedCardFields)}
            {savedCards.map((card) => (
              <Button key={card.id} type="submit" name="savedCardId" value={card.id} variant="accent" className="w-full">
                Pay {formatPence(payment.amountPence)} with {cardName(card)}
              </Button>
            ))}
            {payment.frameUrl && <p className="text-sm text-navy-700">Or pay with another card below.</p>}
          </fieldset>
        </Form>
      )}
      {payment.frameUrl && (
        <>
          <div className="rounded-xl border border-navy-200 bg-white p-3">
            {/* The gateway's own page, on its own origin, running its own scripts (as at checkout). */}
            {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
            <iframe ref={frameRef} src={frameSrc(payment.frameUrl)} title="Card details" style={{ height: frameHeight }} className="block w-full border-0" />
          </div>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {problem}
            </p>
          )}
          <Button
            type="button"
            disabled={busy}
            onClick={() => {
              if (!ready) return setProblem('The card field is still loading: wait a moment and try again.');
              setBusy(true);
              setProblem(null);
              frameRef.current?.contentWindow?.postMessage({ source: 'plumbline-shop', type: 'confirm' }, frameOrigin);
            }}
          >
            Pay {formatPence(payment.amountPence)}
          </Button>
        </>
      )}
      <BankCheckDialog
        url={challengeUrl}
        onResult={settle}
        onClose={() => {
          setChallengeUrl(null);
          setBusy(false);
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
