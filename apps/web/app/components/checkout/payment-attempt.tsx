import { ApiError } from '@shop/api-client';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { newAttemptKey, readSandboxMessage } from '../../lib/checkout/checkout-logic.ts';
import { formatPence } from '@shop/contracts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Spinner } from '../ui/spinner.tsx';
import type { CheckoutClient } from './use-checkout.ts';

export type OrderPlaced = Awaited<ReturnType<CheckoutClient['completePayment']>>;

/** What a gateway said about a confirmation (card frame, Stripe.js, wallet, saved card or the bank's check). */
export type PaymentOutcome = { status: string; error?: { code?: string; message?: string } | null; nextActionUrl?: string | null };

type Phase = 'ready' | 'paying' | 'challenge' | 'placing';

const PROGRESS: Record<Exclude<Phase, 'ready'>, string> = {
  paying: 'Confirming your payment…',
  challenge: 'Waiting for your bank’s security check…',
  placing: 'Placing your order…',
};

/**
 * What follows a payment the gateway says went through: at checkout, placing the order; for a
 * difference on a placed order (an order change, a delivery upgrade), `onPaid` posts the page's own
 * form, whose server checks the payment before the order is changed.
 */
export type AfterPayment = { client: CheckoutClient; basketId: string; onPlaced: (placed: OrderPlaced) => void } | { onPaid: () => void; progress: string };

export interface PaymentAttempt {
  phase: Phase;
  /** What the page is doing now, beside the button (null while ready). */
  progress: string | null;
  /** Paying places a checkout's order (its items held while the shopper pays). */
  placesOrder: boolean;
  busy: boolean;
  problem: string | null;
  /** The amount to show: the payment's, or the re-priced one after the basket changed. */
  amount: number;
  /** A press of "Pay": clears the last problem; returns the attempt's Idempotency-Key. */
  begin(): string;
  fail(message: string): void;
  outcome(result: PaymentOutcome): void;
  /** The sandbox's bank check, shown in the dialog while `url` is set. */
  challenge: { url: string | null; onResult(result: PaymentOutcome): void; onClose(): void };
  /** A bank check left unfinished (the dialog closed, the page reloaded): it can be taken up again. */
  unfinishedCheck: string | null;
  resumeCheck(): void;
}

/**
 * One way of paying on the payment step: its progress, the problem to show beside its button, the
 * bank's check (3-D Secure) when the gateway asks for one, and placing the order once the gateway
 * says the payment went through. `onFail` hears of every attempt that ended without an order.
 */
export function usePaymentAttempt({
  after,
  amountPence,
  onFail,
  waitingCheck = null,
  resumable = true,
}: {
  after: AfterPayment;
  amountPence: number;
  onFail?: () => void;
  /** The payment's bank check, when it was already waiting as the page opened. */
  waitingCheck?: string | null;
  /** Whether a bank check closed part-way is offered again (not for a saved card, whose payment ends there). */
  resumable?: boolean;
}): PaymentAttempt {
  const [phase, setPhase] = useState<Phase>('ready');
  const [problem, setProblem] = useState<string | null>(null);
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
  const [unfinishedCheck, setUnfinishedCheck] = useState<string | null>(waitingCheck);
  const [amount, setAmount] = useState(amountPence);
  // The Idempotency-Key of this press of "Pay": placing the order after it reuses it on a retry.
  const attemptKey = useRef(newAttemptKey());
  // The latest, read once the payment has gone through (callers pass a fresh object each render).
  const afterRef = useRef(after);
  useEffect(() => {
    afterRef.current = after;
  });

  const fail = useCallback(
    (message: string) => {
      setProblem(message);
      setPhase('ready');
      onFail?.();
    },
    [onFail],
  );

  const begin = useCallback(() => {
    setProblem(null);
    // Paying again replaces a check left unfinished (the gateway voids it).
    setUnfinishedCheck(null);
    setPhase('paying');
    attemptKey.current = newAttemptKey();
    return attemptKey.current;
  }, []);

  const complete = useCallback(async () => {
    setPhase('placing');
    const then = afterRef.current;
    if ('onPaid' in then) return then.onPaid();
    const { client, basketId, onPlaced } = then;
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
  }, [fail]);

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
      if (result.error?.code === 'payment_intent_authentication_failure') {
        return fail('Your bank did not confirm the payment, so you have not been charged. Pay again to try once more, or use another card.');
      }
      fail(`${result.error?.message ?? 'The payment was not taken.'} You have not been charged: try another card.`);
    },
    [complete, fail],
  );

  const onChallengeResult = useCallback(
    (result: PaymentOutcome) => {
      setChallengeUrl(null);
      outcome(result);
    },
    [outcome],
  );

  const onChallengeClose = useCallback(() => {
    setChallengeUrl((url) => {
      if (url && resumable) {
        setUnfinishedCheck(url);
        fail('You closed your bank’s check before it finished, so you have not been charged. Continue the check, or pay again with this or another card.');
      } else if (url) fail('You closed your bank’s check before it finished, so you have not been charged. Pay again to try once more.');
      return null;
    });
  }, [fail, resumable]);

  const resumeCheck = useCallback(() => {
    if (!unfinishedCheck) return;
    setProblem(null);
    setPhase('challenge');
    setChallengeUrl(unfinishedCheck);
    setUnfinishedCheck(null);
  }, [unfinishedCheck]);

  return {
    phase,
    progress: phase === 'ready' ? null : phase === 'placing' && 'onPaid' in after ? after.progress : PROGRESS[phase],
    placesOrder: !('onPaid' in after),
    busy: phase !== 'ready',
    problem,
    amount,
    begin,
    fail,
    outcome,
    challenge: { url: challengeUrl, onResult: onChallengeResult, onClose: onChallengeClose },
    unfinishedCheck: phase === 'ready' ? unfinishedCheck : null,
    resumeCheck,
  };
}

/** A bank check left unfinished: say so, and offer it again. Paying with a card instead also works. */
export function UnfinishedBankCheck({ attempt }: { attempt: PaymentAttempt }) {
  if (!attempt.unfinishedCheck) return null;
  return (
    <div
      className={
        'flex flex-col gap-3 rounded-lg border ' +
        'border-brass-300 bg-brass-50 p-3 ' +
        'text-sm text-navy-900 sm:flex-row ' +
        'sm:items-center sm:justify-between'
      }
    >
      <p>
        <strong className="font-semibold">Your bank’s security check is not finished.</strong> You have not been charged. Continue it, or pay with another card
        instead.
      </p>
      <Button variant="secondary" onClick={attempt.resumeCheck} className="shrink-0">
        Continue the bank check
      </Button>
    </div>
  );
}

/**
 * The bank's check (the sandbox's 3-D Secure page) in a dialog. Only that page, from its own
 * origin, may report the answer; closing the dialog before it does is reported by `onClose`.
 */
export function BankCheckDialog({ url, onResult, onClose }: PaymentAttempt['challenge']) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (!url) return;
    const origin = new URL(url).origin;
    const listener = (event: MessageEvent) => {
      if (event.source !== frameRef.current?.contentWindow) return;
      const message = readSandboxMessage(event, origin);
      if (message?.type === 'challenge-result') onResult(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [url, onResult]);

  return (
    <Dialog open={url !== null} onClose={onClose} title="Confirm the payment with your bank" className="w-[min(36rem,calc(100vw-2rem))]">
      {/* The bank's check, like the card frame, is the gateway's own page. */}
      {/* oxlint-disable-next-line react/iframe-missing-sandbox */}
      {url && <iframe ref={frameRef} src={url} title="Your bank’s security check" className="block h-[28rem] w-full border-0" />}
    </Dialog>
  );
}

/** The card field's shape while the gateway's form loads: a label and two fields, over the box it will fill. */
export function CardFieldSkeleton() {
  return (
    <div className="absolute inset-3 space-y-3" aria-hidden="true">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-11" />
      <Skeleton className="h-11" />
    </div>
  );
}

export function PaymentProblem({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      {problem}
    </p>
  );
}

/** What "Pay" says while the card field is not there to pay with yet. */
export const CARD_FIELD_LOADING = 'The card form is still loading. Wait a moment for it to appear, then press Pay again.';
/** What "Pay" says when the card field could not be loaded (Stripe.js unreachable). */
export const CARD_FIELD_NOT_LOADED = 'The card form couldn’t be loaded: press Try again above it, then pay.';
const FIELD_NOT_THERE = new Set([CARD_FIELD_LOADING, CARD_FIELD_NOT_LOADED]);

/**
 * A card form (the sandbox's frame or Stripe's Payment Element, passed as `field`) with the page's
 * own "Pay £x" button, the progress beside it, the problem above it and the bank's check.
 */
export function CardPaymentForm({ attempt, field, fieldReady, onPay }: { attempt: PaymentAttempt; field: ReactNode; fieldReady: boolean; onPay: () => void }) {
  // "Still loading" or "not loaded" is true only until the field appears: not left beside a card form that is there.
  const problem = fieldReady && attempt.problem && FIELD_NOT_THERE.has(attempt.problem) ? null : attempt.problem;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-base font-bold text-navy-950">Pay by card</h3>
        <p className="text-sm text-navy-700">Visa, Mastercard and American Express. Your card details go straight to our payment provider.</p>
      </div>
      {field}
      <PaymentProblem problem={problem} />
      <UnfinishedBankCheck attempt={attempt} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* Never disabled: a press it cannot act on yet is answered beside it, rather than seeming to do nothing. */}
        <Button size="lg" variant="accent" onClick={onPay} loading={attempt.busy} className="w-full sm:w-auto">
          Pay {formatPence(attempt.amount)}
        </Button>
        <p role="status" className="flex min-h-6 items-center gap-2 text-sm font-medium text-navy-800">
          {attempt.progress && (
            <>
              <Spinner />
              {attempt.progress}
            </>
          )}
        </p>
      </div>
      <p className="text-xs text-navy-600">
        By paying you agree to our{' '}
        <a href="/terms" target="_blank" rel="noopener" className="font-semibold text-teal-700 underline hover:no-underline">
          terms of sale (opens in a new tab)
        </a>
        .{attempt.placesOrder && ' We hold your items for 15 minutes while you pay.'}
      </p>
      <BankCheckDialog {...attempt.challenge} />
    </div>
  );
}
