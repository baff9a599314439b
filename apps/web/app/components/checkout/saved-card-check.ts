import { loadStripe, stripeOutcome, type StripeSettings } from '../../lib/checkout/stripe-js.ts';
import type { PaymentOutcome } from './payment-attempt.tsx';

/**
 * A saved card charged on the server, as its page takes it on. When its bank asks for its check,
 * Stripe's is Stripe.js's to show over the page (it answers how the check ended); the sandbox's is a
 * page of its own (`nextActionUrl`), shown in the bank-check dialog. Used at checkout and for a
 * placed order's difference (an order change, a delivery upgrade).
 */
export async function savedCardOutcome(
  intent: { status: string; clientSecret: string; nextActionUrl?: string | null },
  stripe: StripeSettings | null,
): Promise<PaymentOutcome> {
  if (intent.status === 'requires_action' && stripe)
    return stripeOutcome(await (await loadStripe(stripe)).handleNextAction({ clientSecret: intent.clientSecret }));
  if (intent.status === 'requires_payment_method') return { status: intent.status, error: { message: 'The card was declined.' } };
  return { status: intent.status, nextActionUrl: intent.nextActionUrl ?? null };
}
