import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { loadStripe, stripeOutcome, type StripeClient, type StripeElements, type StripePaymentElement, type StripeSettings } from '../../lib/checkout/stripe-js.ts';
import { Button } from '../ui/button.tsx';
import { CardFieldSkeleton, CardPaymentForm, usePaymentAttempt, type OrderPlaced } from './payment-attempt.tsx';
import type { CheckoutClient } from './use-checkout.ts';

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

type FieldState = 'loading' | 'ready' | 'failed';

/**
 * Paying by card through Stripe: Stripe.js (loaded by script tag) draws the Payment Element in its
 * own frame inside the box, and "Pay £x" confirms with it. Stripe.js shows the bank's check itself;
 * its answer goes through the same outcome handling as the sandbox's frame. If Stripe.js cannot be
 * loaded the shopper is told, and can try again.
 */
export function StripeCardPayment({
  client,
  basketId,
  intent,
  stripe,
  onPlaced,
}: {
  client: CheckoutClient;
  basketId: string;
  intent: { intentId: string; clientSecret: string; amountPence: number };
  stripe: StripeSettings;
  onPlaced: (placed: OrderPlaced) => void;
}) {
  const attempt = usePaymentAttempt({ client, basketId, amountPence: intent.amountPence, onPlaced });
  const session = useRef<Session | null>(null);
  const [field, setField] = useState<FieldState>('loading');
  // "Try again" after Stripe.js failed to load mounts the element afresh.
  const [loads, setLoads] = useState(0);

  const pay = async () => {
    const current = session.current;
    if (!current || field !== 'ready' || attempt.busy) return;
    attempt.begin();
    try {
      const result = await current.stripe.confirmPayment({
        elements: current.elements,
        redirect: 'if_required',
        // Only for ways of paying that leave the page: back at the checkout, the payment is picked up and the order placed.
        confirmParams: { return_url: new URL('/checkout', window.location.href).toString() },
      });
      attempt.outcome(stripeOutcome(result));
    } catch {
      attempt.fail('We couldn’t take the payment just now. You have not been charged: please try again.');
    }
  };

  const retry = () => {
    session.current = null;
    setField('loading');
    setLoads((count) => count + 1);
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
      <PaymentElement
        key={loads}
        stripe={stripe}
        clientSecret={intent.clientSecret}
        hidden={field === 'failed'}
        onLoaded={(loaded) => {
          session.current = loaded;
        }}
        onState={setField}
      />
    </div>
  );

  return <CardPaymentForm attempt={attempt} field={box} canPay={field === 'ready'} onPay={pay} />;
}

type Session = { stripe: StripeClient; elements: StripeElements };

/** Stripe's Payment Element, mounted into this box once Stripe.js is loaded; it says when it is ready or failed. */
function PaymentElement({
  stripe,
  clientSecret,
  hidden,
  onLoaded,
  onState,
}: {
  stripe: StripeSettings;
  clientSecret: string;
  hidden: boolean;
  onLoaded: (session: Session) => void;
  onState: (state: FieldState) => void;
}) {
  const { publishableKey, scriptUrl } = stripe;
  const boxRef = useRef<HTMLDivElement>(null);
  const loaded = useEffectEvent(onLoaded);
  const report = useEffectEvent(onState);

  useEffect(() => {
    let cancelled = false;
    let element: StripePaymentElement | undefined;
    loadStripe({ publishableKey, scriptUrl }).then(
      (stripeJs) => {
        if (cancelled || !boxRef.current) return;
        const elements = stripeJs.elements({ clientSecret, appearance: APPEARANCE });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => !cancelled && report('ready'));
        element.on('loaderror', () => !cancelled && report('failed'));
        element.mount(boxRef.current);
        loaded({ stripe: stripeJs, elements });
      },
      () => !cancelled && report('failed'),
    );
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey, scriptUrl, clientSecret]);

  return <div ref={boxRef} className={hidden ? 'hidden' : undefined} />;
}
