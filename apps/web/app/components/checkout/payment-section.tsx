import { ApiError } from '@shop/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { frameSrc, newAttemptKey, readSandboxMessage, rememberPaymentAttempt, type SandboxMessage } from '../../lib/checkout/checkout-logic.ts';
import { formatPence } from '../../lib/money.ts';
import { useApiData } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import type { CheckoutClient } from './use-checkout.ts';

export type OrderPlaced = Awaited<ReturnType<CheckoutClient['completePayment']>>;

export const WALLET_SCRIPT_FAILED = 'Failed to load the payment-button provider script';

type Phase = 'ready' | 'paying' | 'challenge' | 'placing';

const PROGRESS: Record<Exclude<Phase, 'ready'>, string> = {
  paying: 'Confirming your payment…',
  challenge: 'Waiting for your bank’s security check…',
  placing: 'Placing your order…',
};

/** The card frame's starting height until it reports its own (no jump as it loads). */
const FRAME_HEIGHT = 300;

/**
 * Step 5: payment. Opening it starts the payment (the stock is held for 15 minutes) and shows the
 * gateway's card frame; the "Pay £x" button asks the frame to confirm, the frame reports the
 * outcome by `postMessage`, a bank's check (3-D Secure) opens in a dialog, and once the gateway
 * says the payment succeeded the order is placed. Declines are said beside the button; the shopper
 * can try again with another card in the same frame.
 */
export function PaymentSection({ client, basketId, onPlaced }: { client: CheckoutClient; basketId: string; onPlaced: (placed: OrderPlaced) => void }) {
  const signedIn = useShopAuth().status === 'signed-in';
  // Keeping the card is the shopper's choice: ticking the box starts a payment that saves it.
  const [saveCard, setSaveCard] = useState(false);
  // One key per start of the payment: a retry of the same start replays its answer.
  const [startKey, setStartKey] = useState(newAttemptKey);
  const start = useApiData(`payment:${basketId}:${startKey}:${saveCard}`, async (signal) => {
    const headers = { 'Idempotency-Key': `${startKey}:${saveCard}` };
    const [options, intent] = await Promise.all([
      client.getPaymentOptions({ params: { basketId } }, { signal }),
      client.createPaymentIntent({ params: { basketId }, body: { method: 'card', saveCard } }, { signal, headers }),
    ]);
    rememberPaymentAttempt(sessionStorage, basketId);
    return { options, intent };
  });

  if (start.state === 'error') {
    return <LoadError title="We couldn’t start the payment" error={start.error} onRetry={() => setStartKey(newAttemptKey())} />;
  }
  if (start.state !== 'ready') return <PaymentSkeleton />;
  const { options, intent } = start.data;
  return (
    <div className="space-y-6">
      {signedIn && options.savedCards.length > 0 && <SavedCardPayment client={client} basketId={basketId} cards={options.savedCards} amountPence={options.amountPence} onPlaced={onPlaced} />}
      {signedIn && (
        <div className="flex items-start gap-3 text-sm text-navy-900">
          <input id="save-card" type="checkbox" checked={saveCard} onChange={(event) => setSaveCard(event.target.checked)} aria-describedby="save-card-hint" className="mt-0.5 size-5 accent-teal-700" />
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
      {intent.frameUrl ? (
        <CardPayment key={intent.intentId} client={client} basketId={basketId} intent={{ ...intent, frameUrl: intent.frameUrl }} wallets={options.wallets} onPlaced={onPlaced} />
      ) : (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Card payment is not available just now. Please try again later.
        </p>
      )}
    </div>
  );
}

type Wallet = { provider: string; name: string; scriptUrl: string };
type PaymentOutcome = { status: string; error?: { code?: string; message?: string } | null; nextActionUrl?: string | null };

function CardPayment({
  client,
  basketId,
  intent,
  wallets,
  onPlaced,
}: {
  client: CheckoutClient;
  basketId: string;
  intent: { intentId: string; clientSecret: string; amountPence: number; frameUrl: string };
  wallets: Wallet[];
  onPlaced: (placed: OrderPlaced) => void;
}) {
  const { intentId, amountPence, frameUrl } = intent;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const challengeRef = useRef<HTMLIFrameElement>(null);
  const frameOrigin = new URL(frameUrl).origin;
  const [frameReady, setFrameReady] = useState(false);
  const [frameHeight, setFrameHeight] = useState(FRAME_HEIGHT);
  const [phase, setPhase] = useState<Phase>('ready');
  const [problem, setProblem] = useState<string | null>(null);
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
  const [amount, setAmount] = useState(amountPence);
  // The Idempotency-Key of this press of "Pay": placing the order after it reuses it on a retry.
  const attemptKey = useRef(newAttemptKey());

  const fail = useCallback((message: string) => {
    setProblem(message);
    setPhase('ready');
  }, []);

  const complete = useCallback(async () => {
    setPhase('placing');
    const call = () => client.completePayment({ params: { basketId } }, { headers: { 'Idempotency-Key': attemptKey.current } });
    try {
      let placed;
      try {
        placed = await call();
      } catch (error) {
        // A lost answer: ask again with the same key, which replays the first answer.
        if (!(error instanceof ApiError && error.status === 0)) throw error;
        placed = await call();
      }
      onPlaced(placed);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CHECKOUT_PAYMENT_STALE') {
        // The amount changed: re-price the payment, then the shopper checks it and pays again.
        const refreshed = await client.refreshPaymentData({ params: { basketId } }).catch(() => null);
        if (refreshed) setAmount(refreshed.amountPence);
      }
      fail(apiProblemMessage(error));
    }
  }, [client, basketId, onPlaced, fail]);

  /** What the gateway said about a confirmation (card frame, wallet or the bank's check). */
  const outcome = useCallback(
    (result: PaymentOutcome) => {
      if (result.status === 'succeeded' || result.status === 'processing') return void complete();
      if (result.status === 'requires_action' && result.nextActionUrl) {
        setPhase('challenge');
        setChallengeUrl(result.nextActionUrl);
        return;
      }
      if (result.status === 'invalid') return fail('Check your card details: the card form shows what needs changing.');
      if (result.error?.code === 'network') return fail('We couldn’t reach the payment service. Check your connection and try again.');
      fail(`${result.error?.message ?? 'The payment was not taken.'} You have not been charged: try another card.`);
    },
    [complete, fail],
  );

  const onMessage = useCallback(
    (message: SandboxMessage) => {
      if (message.intentId !== intentId) return;
      if (message.type === 'ready') {
        setFrameReady(true);
        if (message.height) setFrameHeight(Math.max(FRAME_HEIGHT, message.height + 48));
        return;
      }
      if (message.type === 'change') return;
      if (message.type === 'challenge-result') setChallengeUrl(null);
      outcome(message);
    },
    [intentId, outcome],
  );

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      // Only the card frame and the bank's check may talk to this page.
      if (event.source !== frameRef.current?.contentWindow && event.source !== challengeRef.current?.contentWindow) return;
      const message = readSandboxMessage(event, frameOrigin);
      if (message) onMessage(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameOrigin, onMessage]);

  const pay = () => {
    if (!frameReady || phase !== 'ready') return;
    setProblem(null);
    setPhase('paying');
    attemptKey.current = newAttemptKey();
    frameRef.current?.contentWindow?.postMessage({ source: 'plumbline-shop', type: 'confirm' }, frameOrigin);
  };

  const closeChallenge = useCallback(() => {
    setChallengeUrl((url) => {
      if (url) fail('You closed your bank’s check before it finished, so you have not been charged. Pay again to try once more.');
      return null;
    });
  }, [fail]);

  const walletPay = {
    intentId,
    clientSecret: intent.clientSecret,
    amountLabel: formatPence(amount),
    onStart: () => {
      setProblem(null);
      setPhase('paying');
      attemptKey.current = newAttemptKey();
    },
    onResult: outcome,
    onError: fail,
  };

  return (
    <div className="space-y-4">
      <WalletButtons wallets={wallets} pay={walletPay} />
      <div>
        <h3 className="text-base font-bold text-navy-950">Pay by card</h3>
        <p className="text-sm text-navy-700">Visa, Mastercard and American Express. Your card details go straight to our payment provider.</p>
      </div>
      <div className="relative rounded-xl border border-navy-200 bg-white p-3">
        {!frameReady && (
          <div className="absolute inset-3 space-y-3" aria-hidden="true">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        )}
        {/* The gateway's own page, on its own origin, running its own scripts (as Stripe's frames do): no sandbox. */}
        {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
        <iframe
          ref={frameRef}
          src={frameSrc(frameUrl)}
          title="Card details"
          style={{ height: frameHeight }}
          className="block w-full border-0"
        />
      </div>
      {problem && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button size="lg" variant="accent" onClick={pay} loading={phase !== 'ready'} disabled={!frameReady} className="w-full sm:w-auto">
          Pay {formatPence(amount)}
        </Button>
        <p role="status" className="flex min-h-6 items-center gap-2 text-sm font-medium text-navy-800">
          {phase !== 'ready' && (
            <>
              <Spinner />
              {PROGRESS[phase]}
            </>
          )}
        </p>
      </div>
      <p className="text-xs text-navy-600">By paying you agree to our terms of sale. We hold your items for 15 minutes while you pay.</p>
      <Dialog open={challengeUrl !== null} onClose={closeChallenge} title="Confirm the payment with your bank" className="w-[min(36rem,calc(100vw-2rem))]">
        {/* The bank's check, like the card frame, is the gateway's own page. */}
        {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
        {challengeUrl && <iframe ref={challengeRef} src={challengeUrl} title="Your bank’s security check" className="block h-[28rem] w-full border-0" />}
      </Dialog>
    </div>
  );
}

/** The global each wallet provider's script defines (the sandbox's is "Sandbox Pay"). */
const WALLET_GLOBALS: Record<string, string> = { 'sandbox-pay': 'SandboxPay' };

interface WalletProvider {
  mount(container: HTMLElement, options: { intentId: string; clientSecret: string; amountLabel: string; onResult(result: PaymentOutcome): void; onError(message: string): void }): { unmount(): void };
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
    <div>
      <h3 className="text-base font-bold text-navy-950">Express checkout</h3>
      <div className="mt-2 grid min-h-12 gap-3 sm:grid-cols-2">
        {wallets.map((wallet) =>
          failed.includes(wallet.provider) ? null : (
            <div key={wallet.provider} className="relative min-h-12">
              {!mounted.includes(wallet.provider) && <Skeleton className="absolute inset-0 rounded-lg" />}
              <div
                ref={(element) => {
                  if (element) boxes.current.set(wallet.provider, element);
                  else boxes.current.delete(wallet.provider);
                }}
                data-wallet={wallet.provider}
              />
            </div>
          ),
        )}
        {failed.length > 0 && (
          <div className="text-sm sm:col-span-2">
            <p role="alert" className="font-medium text-navy-900">
              {WALLET_SCRIPT_FAILED}
            </p>
            <p className="text-navy-700">You can still pay by card below.</p>
          </div>
        )}
      </div>
      <p className="mt-3 flex items-center gap-3 text-sm text-navy-600" aria-hidden="true">
        <span className="h-px flex-1 bg-navy-200" />
        or
        <span className="h-px flex-1 bg-navy-200" />
      </p>
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
 * A signed-in shopper's saved cards: pick one and pay. The gateway charges it at once; a card
 * whose bank wants a check is sent to the card form, where the check can be shown.
 */
function SavedCardPayment({ client, basketId, cards, amountPence, onPlaced }: { client: CheckoutClient; basketId: string; cards: SavedCardOption[]; amountPence: number; onPlaced: (placed: OrderPlaced) => void }) {
  const [chosen, setChosen] = useState(cards.find((card) => card.isDefault)?.id ?? cards[0]!.id);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = cards.find((entry) => entry.id === chosen)!;

  const pay = async () => {
    setBusy(true);
    setProblem(null);
    const key = newAttemptKey();
    try {
      const intent = await client.createPaymentIntent({ params: { basketId }, body: { method: 'saved_card', savedCardId: chosen } }, { headers: { 'Idempotency-Key': key } });
      if (intent.status === 'requires_action') throw new Error('Your bank wants to check this payment: pay with the card form below, where the check can be shown.');
      if (intent.status !== 'succeeded') throw new Error('The card was declined. You have not been charged: choose another card or use the card form below.');
      onPlaced(await client.completePayment({ params: { basketId } }, { headers: { 'Idempotency-Key': key } }));
    } catch (error) {
      setProblem(error instanceof ApiError ? apiProblemMessage(error) : error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-navy-200 p-4">
      <legend className="px-1 text-base font-bold text-navy-950">Pay with a saved card</legend>
      {cards.map((option) => (
        <label key={option.id} className="flex items-center gap-3 text-sm text-navy-900">
          <input type="radio" name="saved-card" value={option.id} checked={chosen === option.id} onChange={() => setChosen(option.id)} className="size-5 accent-teal-700" />
          <span>
            {brandName(option.brand)} ending {option.last4}
            <span className="text-navy-600">
              {' '}
              · expires {String(option.expMonth).padStart(2, '0')}/{String(option.expYear).slice(-2)}
            </span>
          </span>
        </label>
      ))}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
      <Button variant="accent" onClick={pay} loading={busy}>
        Pay {formatPence(amountPence)} with {brandName(card.brand)} ending {card.last4}
      </Button>
      <p className="text-sm text-navy-700">Or pay with another card below.</p>
    </fieldset>
  );
}
