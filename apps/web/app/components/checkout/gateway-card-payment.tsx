import type { PaymentMethods } from '@shop/contracts';
import type { StripeSettings } from '../../lib/checkout/stripe-js.ts';
import type { AfterPayment } from './payment-attempt.tsx';
import { SandboxCardPayment } from './sandbox-card-payment.tsx';
import { StripePayment } from './stripe-card-payment.tsx';

/** Stripe.js's settings when the gateway is Stripe's (null for the sandbox's, or Stripe set up without its keys). */
export function stripeSettings(card: PaymentMethods['card']): StripeSettings | null {
  return card.provider === 'stripe' && card.publishableKey && card.scriptUrl ? { publishableKey: card.publishableKey, scriptUrl: card.scriptUrl } : null;
}

/**
 * The gateway's card field and the wallet buttons it offers, for one payment: the sandbox's frame and
 * Sandbox Pay, or Stripe's Payment Element and Express Checkout Element. `after` says what follows a
 * payment that went through (placing the checkout's order, or posting a difference's page). Null when
 * the gateway gives neither field (the caller says so).
 */
export function GatewayCardPayment({
  after,
  intent,
  options,
  beforePay,
}: {
  after: AfterPayment;
  intent: { intentId: string; clientSecret: string; amountPence: number; frameUrl: string | null; status: string; nextActionUrl: string | null };
  options: Pick<PaymentMethods, 'card' | 'wallets'>;
  /** Settles the payment's details (keeping the card) before it is confirmed: a problem to show, or null. */
  beforePay?: () => Promise<string | null>;
}) {
  const stripe = stripeSettings(options.card);
  if (intent.frameUrl)
    return (
      <SandboxCardPayment
        key={intent.intentId}
        after={after}
        intent={{ ...intent, frameUrl: intent.frameUrl }}
        wallets={options.wallets}
        beforePay={beforePay}
      />
    );
  if (!stripe) return null;
  return (
    <StripePayment
      key={intent.intentId}
      after={after}
      intent={intent}
      stripe={stripe}
      expressCheckout={options.wallets.some((wallet) => wallet.provider === 'stripe')}
      beforePay={beforePay}
    />
  );
}
