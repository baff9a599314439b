import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import {
  loadStripe,
  stripeOutcome,
  type StripeClient,
  type StripeElement,
  type StripeElements,
  type StripeExpressCheckoutOptions,
  type StripeExpressClickEvent,
  type StripeExpressConfirmEvent,
  type StripeSettings,
} from '../../lib/checkout/stripe-js.ts';
import { Button } from '../ui/button.tsx';
import { ExpressCheckout, WalletBox } from './express-checkout.tsx';
import { CARD_FIELD_LOADING, CARD_FIELD_NOT_LOADED, CardFieldSkeleton, CardPaymentForm, usePaymentAttempt, type AfterPayment } from './payment-attempt.tsx';

/** The shop's colours for Stripe's Payment Element (the frame keeps to system fonts). */
const APPEARANCE = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#135c59',
    colorText: '#0f2339',
    colorDanger: '#b91c1c',
    borderRadius: '8px',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};

/** The wallet buttons at the sandbox's button height (the box kept for them while loading). */
const EXPRESS_CHECKOUT: StripeExpressCheckoutOptions = { buttonHeight: 48, buttonType: { applePay: 'buy', googlePay: 'buy' } };

const NOT_TAKEN = 'We couldn’t take the payment just now. You have not been charged: please try again.';

type FieldState = 'loading' | 'ready' | 'failed';
/** The Express Checkout Element's: as the card field's, or `none` when this device has no wallet to show. */
type WalletState = FieldState | 'none';

type Session = { stripe: StripeClient; elements: StripeElements };

/**
 * Paying through Stripe: Stripe.js (loaded by script tag) makes one Elements group for the payment,
 * in which the Express Checkout Element draws the wallet buttons (Apple Pay, Google Pay, Link) and the
 * Payment Element the card form, each in its own frame inside its box. "Pay £x" confirms with the
 * card form; a wallet confirms when the shopper approves in its sheet. Stripe.js shows the bank's
 * check itself; its answer goes through the same outcome handling as the sandbox's frame. If
 * Stripe.js cannot be loaded the shopper is told, and can try again.
 */
export function StripePayment({
  after,
  intent,
  stripe,
  expressCheckout,
  beforePay,
}: {
  after: AfterPayment;
  intent: { intentId: string; clientSecret: string; amountPence: number };
  stripe: StripeSettings;
  /** Whether the shop offers Stripe's wallets (the payment options list them). */
  expressCheckout: boolean;
  /** Settles the payment's details (keeping the card) before it is confirmed: a problem to show, or null. */
  beforePay?: () => Promise<string | null>;
}) {
  const attempt = usePaymentAttempt({ after, amountPence: intent.amountPence });
  const { session, failed, reload } = useStripeSession(stripe, intent.clientSecret);
  const [fieldShown, setField] = useState<FieldState>('loading');
  const [walletShown, setWallet] = useState<WalletState>('loading');
  // Without Stripe.js neither element can be drawn.
  const field = failed ? 'failed' : fieldShown;
  const wallet = failed ? 'failed' : walletShown;

  const confirm = ({ stripe: stripeJs, elements }: Session) =>
    stripeJs.confirmPayment({
      elements,
      redirect: 'if_required',
      // Only for ways of paying that leave the page: back at the checkout, the payment is picked up and the order placed.
      // The gateway's intents take cards only (wallets pay by card), so a difference on a placed order never leaves its page.
      confirmParams: { return_url: new URL('/checkout', window.location.href).toString() },
    });

  const pay = async () => {
    if (attempt.busy) return;
    // Pay always answers: pays, or says why not.
    if (!session || field !== 'ready') return attempt.fail(field === 'failed' ? CARD_FIELD_NOT_LOADED : CARD_FIELD_LOADING);
    attempt.begin();
    const problem = await beforePay?.();
    if (problem) return attempt.fail(problem);
    try {
      attempt.outcome(stripeOutcome(await confirm(session)));
    } catch {
      attempt.fail(NOT_TAKEN);
    }
  };

  // Inside the wallet's confirm event Stripe.js confirms with the wallet's payment method; the rest is the card's attempt.
  const payByWallet = async (event: StripeExpressConfirmEvent) => {
    if (!session) return event.paymentFailed();
    attempt.begin();
    try {
      const result = await confirm(session);
      if (result.error) event.paymentFailed({ reason: 'fail', message: result.error.message });
      attempt.outcome(stripeOutcome(result));
    } catch {
      event.paymentFailed();
      attempt.fail(NOT_TAKEN);
    }
  };

  // "Try again" loads Stripe.js (if it failed) and mounts the elements afresh.
  const retry = () => {
    setField('loading');
    setWallet('loading');
    reload();
  };

  const box = (
    // The Payment Element's height on a phone and wider, so the page does not move when it appears.
    <div className="relative min-h-[17.625rem] rounded-xl border border-navy-200 bg-white p-3 sm:min-h-[14.25rem]">
      {field === 'loading' && <CardFieldSkeleton />}
      {field === 'failed' && (
        <div className="space-y-3">
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">Card payment is unavailable just now.</p>
            <p>We couldn’t load our payment provider’s card form. Check your connection, then try again.</p>
          </div>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      )}
      <PaymentElement session={session} hidden={field === 'failed'} onState={setField} />
    </div>
  );

  return (
    <div className="space-y-4">
      {expressCheckout && <ExpressCheckoutElement session={session} state={wallet} onState={setWallet} busy={attempt.busy} onConfirm={payByWallet} />}
      <CardPaymentForm attempt={attempt} field={box} fieldReady={field === 'ready'} onPay={() => void pay()} />
    </div>
  );
}

/** Stripe.js and the payment's Elements group (one for all its elements, as with Stripe), or that Stripe.js failed to load; `reload` makes a fresh group. */
function useStripeSession({ publishableKey, scriptUrl }: StripeSettings, clientSecret: string) {
  const [state, setState] = useState<Session | 'loading' | 'failed'>('loading');
  useEffect(() => {
    if (state !== 'loading') return;
    let cancelled = false;
    loadStripe({ publishableKey, scriptUrl }).then(
      (stripeJs) => {
        if (!cancelled) setState({ stripe: stripeJs, elements: stripeJs.elements({ clientSecret, appearance: APPEARANCE }) });
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [state, publishableKey, scriptUrl, clientSecret]);
  return { session: typeof state === 'object' ? state : null, failed: state === 'failed', reload: () => setState('loading') };
}

/** The element `create` makes in the session's group, mounted into `box` and destroyed with the session. */
function useStripeElement(session: Session | null, box: RefObject<HTMLDivElement | null>, create: (elements: StripeElements) => StripeElement) {
  const make = useEffectEvent(create);
  useEffect(() => {
    if (!session || !box.current) return;
    const element = make(session.elements);
    element.mount(box.current);
    return () => element.destroy();
  }, [session, box]);
}

/** Stripe's Payment Element: it says when it is ready or failed. */
function PaymentElement({ session, hidden, onState }: { session: Session | null; hidden: boolean; onState: (state: FieldState) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const report = useEffectEvent(onState);
  useStripeElement(session, box, (elements) =>
    elements
      .create('payment', { layout: 'tabs' })
      .on('ready', () => report('ready'))
      .on('loaderror', () => report('failed')),
  );
  return <div ref={box} className={hidden ? 'hidden' : undefined} />;
}

/**
 * Stripe's Express Checkout Element: the wallet buttons this device has, under the same heading as
 * the sandbox's. With none to show the section goes (as Stripe advises); if it fails to load the
 * shopper is told, and the card form still works.
 */
function ExpressCheckoutElement({
  session,
  state,
  onState,
  busy,
  onConfirm,
}: {
  session: Session | null;
  state: WalletState;
  onState: (state: WalletState) => void;
  busy: boolean;
  onConfirm: (event: StripeExpressConfirmEvent) => Promise<void>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const report = useEffectEvent(onState);
  const confirm = useEffectEvent(onConfirm);
  // No wallet sheet over a payment already under way.
  const click = useEffectEvent((event: StripeExpressClickEvent) => (busy ? event.reject() : event.resolve()));
  useStripeElement(session, box, (elements) =>
    elements
      .create('expressCheckout', EXPRESS_CHECKOUT)
      .on('ready', ({ availablePaymentMethods }) => report(availablePaymentMethods && Object.values(availablePaymentMethods).some(Boolean) ? 'ready' : 'none'))
      .on('loaderror', () => report('failed'))
      .on('click', (event) => click(event))
      .on('confirm', (event) => void confirm(event)),
  );
  return (
    <ExpressCheckout failed={state === 'failed'} hidden={state === 'none'}>
      {state !== 'failed' && (
        <WalletBox drawn={state !== 'loading'} wide>
          <div ref={box} data-wallet="stripe" />
        </WalletBox>
      )}
    </ExpressCheckout>
  );
}
