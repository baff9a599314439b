import { formatPence } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CARD_FRAME_HEIGHT, cardFrameHeight, frameSrc, readSandboxMessage, type SandboxMessage } from '../../lib/checkout/checkout-logic.ts';
import { ExpressCheckout, WalletBox } from './express-checkout.tsx';
import { CARD_FIELD_LOADING, CardFieldSkeleton, CardPaymentForm, usePaymentAttempt, type AfterPayment, type PaymentOutcome } from './payment-attempt.tsx';

export type Wallet = { provider: string; name: string; scriptUrl: string };

/**
 * The sandbox gateway's card frame, and any wallet buttons; the frame reports by `postMessage`. At
 * checkout and for a difference paid on a placed order (an order change, a delivery upgrade) alike.
 */
export function SandboxCardPayment({
  after,
  intent,
  wallets,
  beforePay,
}: {
  after: AfterPayment;
  intent: { intentId: string; clientSecret: string; amountPence: number; frameUrl: string; status: string; nextActionUrl: string | null };
  wallets: Wallet[];
  /** Settles the payment's details (keeping the card) before it is confirmed: a problem to show, or null. */
  beforePay?: () => Promise<string | null>;
}) {
  const { intentId, amountPence, frameUrl } = intent;
  // Back after a reload with the bank's check still waiting: it is offered again.
  const waitingCheck = intent.status === 'requires_action' ? intent.nextActionUrl : null;
  const attempt = usePaymentAttempt({ after, amountPence, waitingCheck });
  const { outcome } = attempt;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const frameOrigin = new URL(frameUrl).origin;
  const [frameReady, setFrameReady] = useState(false);
  const [frameHeight, setFrameHeight] = useState(CARD_FRAME_HEIGHT);

  const onMessage = useCallback(
    (message: SandboxMessage) => {
      if (message.intentId !== intentId) return;
      if (message.type === 'ready') {
        setFrameReady(true);
        setFrameHeight(cardFrameHeight(message.height));
        return;
      }
      if (message.type === 'result') outcome(message);
    },
    [intentId, outcome],
  );

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      // Only the card frame may talk to this page here (the bank's check talks to its own dialog).
      if (event.source !== frameRef.current?.contentWindow) return;
      const message = readSandboxMessage(event, frameOrigin);
      if (message) onMessage(message);
    };
    window.addEventListener('message', listener);
    // A frame drawn with the page (an order change's) may have said "ready" before this listened: it is asked again.
    // Not loaded yet, the frame is not at its origin and the message is dropped; it says "ready" once loaded.
    frameRef.current?.contentWindow?.postMessage({ source: 'plumbline-shop', type: 'announce' }, frameOrigin);
    return () => window.removeEventListener('message', listener);
  }, [frameOrigin, onMessage]);

  const pay = async () => {
    if (attempt.busy) return;
    // Pay always answers: pays, or says why not.
    if (!frameReady) return attempt.fail(CARD_FIELD_LOADING);
    attempt.begin();
    const problem = await beforePay?.();
    if (problem) return attempt.fail(problem);
    frameRef.current?.contentWindow?.postMessage({ source: 'plumbline-shop', type: 'confirm' }, frameOrigin);
  };

  const walletPay = {
    intentId,
    clientSecret: intent.clientSecret,
    amountLabel: formatPence(attempt.amount),
    onStart: attempt.begin,
    onResult: outcome,
    onError: attempt.fail,
  };

  const field = (
    <div className="relative rounded-xl border border-navy-200 bg-white p-3">
      {!frameReady && <CardFieldSkeleton />}
      {/* The gateway's own page, on its own origin, running its own scripts (as Stripe's frames do): no sandbox. */}
      {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
      <iframe ref={frameRef} src={frameSrc(frameUrl)} title="Card details" style={{ height: frameHeight }} className="block w-full border-0" />
    </div>
  );

  return (
    <div className="space-y-4">
      <WalletButtons wallets={wallets} pay={walletPay} />
      <CardPaymentForm attempt={attempt} field={field} fieldReady={frameReady} onPay={() => void pay()} />
    </div>
  );
}

/** The global each wallet provider's script defines (the sandbox's is "Sandbox Pay"). */
const WALLET_GLOBALS: Record<string, string> = { 'sandbox-pay': 'SandboxPay' };

interface WalletProvider {
  mount(
    container: HTMLElement,
    options: { intentId: string; clientSecret: string; amountLabel: string; onResult(result: PaymentOutcome): void; onError(message: string): void },
  ): { unmount(): void };
}

interface WalletPay {
  intentId: string;
  clientSecret: string;
  amountLabel: string;
  onStart(): void;
  onResult(result: PaymentOutcome): void;
  onError(message: string): void;
}

/**
 * Wallet buttons (Apple Pay and the like), each drawn by its provider's script into its own box.
 * When a script cannot be loaded the shopper is told, and paying by card carries on.
 */
function WalletButtons({ wallets, pay }: { wallets: Wallet[]; pay: WalletPay }) {
  const [failed, setFailed] = useState<string[]>([]);
  const [mounted, setMounted] = useState<string[]>([]);
  const boxes = useRef(new Map<string, HTMLDivElement>());
  // The latest handlers, read when a wallet reports (the button is mounted once).
  const payRef = useRef(pay);
  useEffect(() => {
    payRef.current = pay;
  });
  const { intentId, clientSecret, amountLabel } = pay;

  useEffect(() => {
    const mountedWallets: { unmount(): void }[] = [];
    const scripts = wallets.map((wallet) => {
      const script = document.createElement('script');
      script.src = wallet.scriptUrl;
      script.async = true;
      script.addEventListener('error', () => setFailed((names) => [...names, wallet.provider]));
      script.addEventListener('load', () => {
        const provider = (window as unknown as Record<string, WalletProvider | undefined>)[WALLET_GLOBALS[wallet.provider] ?? ''];
        const box = boxes.current.get(wallet.provider);
        if (!provider?.mount || !box) return setFailed((names) => [...names, wallet.provider]);
        // The wallet's button starts the payment on its own; this page learns of it from the first result.
        box.addEventListener('click', () => payRef.current.onStart(), { capture: true });
        mountedWallets.push(
          provider.mount(box, {
            intentId,
            clientSecret,
            amountLabel,
            onResult: (result) => payRef.current.onResult(result),
            onError: (message) => payRef.current.onError(message),
          }),
        );
        setMounted((names) => [...names, wallet.provider]);
      });
      document.head.append(script);
      return script;
    });
    return () => {
      scripts.forEach((script) => script.remove());
      mountedWallets.forEach((wallet) => wallet.unmount());
    };
  }, [wallets, intentId, clientSecret, amountLabel]);

  if (wallets.length === 0) return null;
  return (
    <ExpressCheckout failed={failed.length > 0}>
      {wallets.map((wallet) =>
        failed.includes(wallet.provider) ? null : (
          <WalletBox key={wallet.provider} drawn={mounted.includes(wallet.provider)}>
            <div
              ref={(element) => {
                if (element) boxes.current.set(wallet.provider, element);
                else boxes.current.delete(wallet.provider);
              }}
              data-wallet={wallet.provider}
            />
          </WalletBox>
        ),
      )}
    </ExpressCheckout>
  );
}
