import { formatPence } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Form } from 'react-router';
import { frameSrc, readSandboxMessage } from '../../lib/checkout/checkout-logic.ts';
import { BankCheckDialog, type PaymentOutcome } from '../checkout/payment-attempt.tsx';
import { Button } from '../ui/button.tsx';

/**
 * Pays a difference on a placed order (an order change, a delivery upgrade) with the gateway's card
 * field (the sandbox's frame, as checkout shows it), with the bank's check in a dialog when the card
 * asks for 3-D Secure, then posts `fields` and the paid intent to `action`: the server checks it
 * succeeded for exactly the difference before the order is changed.
 */
export function PayDifference({
  action,
  fields,
  payment,
}: {
  action: string;
  fields: Record<string, string | number>;
  payment: { intentId: string; amountPence: number; frameUrl: string | null };
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
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
      if (message.type === 'ready') setReady(true);
      if (message.type === 'result') settle(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameOrigin, payment.intentId, settle]);

  if (!payment.frameUrl) return <p className="mt-4 text-sm">Card payments are not available here yet: call us to pay the difference.</p>;
  return (
    <div className="mt-4 space-y-3">
      <div className="rounded-xl border border-navy-200 bg-white p-3">
        {/* The gateway's own page, on its own origin, running its own scripts (as at checkout). */}
        {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
        <iframe ref={frameRef} src={frameSrc(payment.frameUrl)} title="Card details" className="block h-64 w-full border-0" />
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
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="paymentIntentId" value={payment.intentId} />
      </Form>
    </div>
  );
}
