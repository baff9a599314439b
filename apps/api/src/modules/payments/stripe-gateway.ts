import { Stripe } from 'stripe';
import type { PaymentsConfig } from '../../config.ts';
import { AppError, PlatformErrors } from '../../platform/errors.ts';
import type { BillingDetails, GatewayEvent, PaymentGateway, PaymentIntent, Refund, SavedCard } from './gateway.ts';
import { PaymentErrors } from './payments.errors.ts';

export type StripeSettings = NonNullable<PaymentsConfig['stripe']>;

/** The `stripe` SDK's error fields this adapter reads. */
interface StripeFailure {
  type?: string;
  statusCode?: number;
  code?: string;
  message?: string;
  payment_intent?: Stripe.PaymentIntent;
}

/**
 * The Stripe adapter: PaymentIntents, Customers, PaymentMethods and Refunds through the official SDK,
 * webhooks checked with `stripe.webhooks.constructEvent`. `apiUrl` (STRIPE_API_URL) points the SDK at
 * another host, such as the tests' local stand-in. `maxNetworkRetries` 0 in tests, so a 409 is seen.
 */
export function createStripeGateway(settings: StripeSettings, options: { maxNetworkRetries?: number } = {}): PaymentGateway {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  /** Stripe's refusals in the port's terms; a card decline is not an error but the intent's state. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw translate(error);
    }
  }

  async function toIntent(intent: Stripe.PaymentIntent): Promise<PaymentIntent> {
    let method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    if (typeof intent.payment_method === 'string') {
      method = await stripe.paymentMethods.retrieve(intent.payment_method);
    }
    const lastError = intent.last_payment_error;
    return {
      id: intent.id,
      status: intent.status as PaymentIntent['status'],
      amountPence: intent.amount,
      currency: 'gbp',
      clientSecret: intent.client_secret ?? '',
      customerRef: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
      paymentMethodRef: method?.id ?? null,
      card: method?.card ? { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year } : null,
      lastError: lastError
        ? { code: lastError.code ?? lastError.type, declineCode: lastError.decline_code ?? null, message: lastError.message ?? 'The payment failed.' }
        : null,
      nextActionUrl: intent.next_action?.redirect_to_url?.url ?? null,
      amountRefundedPence: typeof intent.latest_charge === 'object' && intent.latest_charge ? intent.latest_charge.amount_refunded : 0,
      metadata: { ...intent.metadata },
      created: intent.created,
    };
  }

  /** A confirm that the card refused still tells us the intent: the port returns it, with `lastError`. */
  async function confirmed(run: () => Promise<Stripe.PaymentIntent>): Promise<PaymentIntent> {
    try {
      return await toIntent(await run());
    } catch (error) {
      const failure = error as StripeFailure;
      if (failure.type === 'StripeCardError' && failure.payment_intent) return toIntent(failure.payment_intent);
      throw translate(error);
    }
  }

  const toSavedCard = (method: Stripe.PaymentMethod): SavedCard => ({
    id: method.id,
    customerRef: typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null),
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    billing: {
      name: method.billing_details.name,
      email: method.billing_details.email,
      postcode: method.billing_details.address?.postal_code ?? null,
      line1: method.billing_details.address?.line1 ?? null,
      line2: method.billing_details.address?.line2 ?? null,
      city: method.billing_details.address?.city ?? null,
      country: method.billing_details.address?.country ?? null,
    },
  });

  return {
    kind: 'stripe',

    createIntent(input) {
      return confirmed(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: 'gbp',
            allowed_payment_method_types: ['card'],
            ...(input.customerRef && { customer: input.customerRef }),
            ...(input.paymentMethodRef && { payment_method: input.paymentMethodRef }),
            ...(input.confirm && { confirm: true }),
            ...(input.confirm && input.offSession && { off_session: true }),
            ...(input.savePaymentMethod && { setup_future_usage: 'off_session' as const }),
            metadata: input.metadata ?? {},
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
    },

    async retrieveIntent(ref) {
      try {
        return await toIntent(await stripe.paymentIntents.retrieve(ref, { expand: ['payment_method', 'latest_charge'] }));
      } catch (error) {
        if ((error as StripeFailure).statusCode === 404) return null;
        throw translate(error);
      }
    },

    updateIntentAmount(ref, amountPence, idempotencyKey) {
      return call(async () => toIntent(await stripe.paymentIntents.update(ref, { amount: amountPence }, { idempotencyKey })));
    },

    updateIntentSaving(ref, input, idempotencyKey) {
      const params = {
        ...(input.customerRef && { customer: input.customerRef }),
        setup_future_usage: input.save ? ('off_session' as const) : ('' as const),
        metadata: { saveCard: input.save ? 'yes' : 'no' },
      };
      return call(async () => toIntent(await stripe.paymentIntents.update(ref, params, { idempotencyKey })));
    },

    confirmIntent(ref, input, idempotencyKey) {
      return confirmed(() =>
        stripe.paymentIntents.confirm(ref, { payment_method: input.paymentMethodRef, ...(input.offSession && { off_session: true }) }, { idempotencyKey }),
      );
    },

    cancelIntent(ref, idempotencyKey) {
      return call(async () => toIntent(await stripe.paymentIntents.cancel(ref, {}, { idempotencyKey })));
    },

    refund(ref, amountPence, idempotencyKey) {
      return call(async () => {
        return toRefund(
          await stripe.refunds.create({ payment_intent: ref, ...(amountPence !== undefined && { amount: amountPence }) }, { idempotencyKey }),
          ref,
        );
      });
    },

    listRefunds(ref) {
      return call(async () => {
        const refunds: Refund[] = [];
        for await (const refund of stripe.refunds.list({ payment_intent: ref, limit: 100 })) refunds.push(toRefund(refund, ref));
        // Stripe lists newest first.
        return refunds.toReversed();
      });
    },

    createCustomer(input, idempotencyKey) {
      return call(async () => {
        const customer = await stripe.customers.create({ email: input.email, ...(input.name && { name: input.name }) }, { idempotencyKey });
        return { id: customer.id };
      });
    },

    async deleteCustomer(customerRef) {
      try {
        await stripe.customers.del(customerRef);
      } catch (error) {
        // Deleted before (a retried erasure): Stripe answers 404, and the customer is gone either way.
        if ((error as StripeFailure).statusCode === 404) return;
        throw translate(error);
      }
    },

    listCards(customerRef) {
      return call(async () => (await stripe.paymentMethods.list({ customer: customerRef, type: 'card', limit: 100 })).data.map(toSavedCard));
    },

    detachCard(paymentMethodRef) {
      return call(async () => {
        await stripe.paymentMethods.detach(paymentMethodRef);
      });
    },

    updateCardBilling(paymentMethodRef, billing: BillingDetails) {
      return call(async () => {
        const address = {
          ...(billing.line1 !== undefined && { line1: billing.line1 ?? '' }),
          ...(billing.line2 !== undefined && { line2: billing.line2 ?? '' }),
          ...(billing.city !== undefined && { city: billing.city ?? '' }),
          ...(billing.postcode !== undefined && { postal_code: billing.postcode ?? '' }),
          ...(billing.country !== undefined && { country: billing.country ?? '' }),
        };
        const method = await stripe.paymentMethods.update(paymentMethodRef, {
          billing_details: {
            ...(billing.name !== undefined && { name: billing.name ?? '' }),
            ...(billing.email !== undefined && { email: billing.email ?? '' }),
            ...(Object.keys(address).length > 0 && { address }),
          },
        });
        return toSavedCard(method);
      });
    },

    async parseWebhook(rawBody, signatureHeader): Promise<GatewayEvent> {
      if (!signatureHeader) throw PaymentErrors.webhookSignatureInvalid('the Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret);
      } catch (error) {
        throw PaymentErrors.webhookSignatureInvalid(error instanceof Error ? error.message : 'it does not verify');
      }
      const object = event.data.object as { object?: string; id?: string; payment_intent?: string | null };
      const intentRef = object.object === 'payment_intent' ? (object.id ?? null) : (object.payment_intent ?? null);
      const intent = object.object === 'payment_intent' ? await toIntent(object as unknown as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, created: event.created, intentRef, intent };
    },

    clientConfig: () => ({ kind: 'stripe', publishableKey: settings.publishableKey, scriptUrl: settings.jsUrl }),
  };
}

/** `requires_action` (a refund waiting on the customer's details, never for cards) is still on its way. */
function toRefund(refund: Stripe.Refund, intentRef: string): Refund {
  const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
  return { id: refund.id, intentRef, amountPence: refund.amount, status };
}

function translate(error: unknown): Error {
  if (error instanceof AppError) return error;
  const failure = error as StripeFailure;
  if (failure.type === 'StripeIdempotencyError') {
    return failure.statusCode === 409 ? PlatformErrors.idempotencyInProgress() : PlatformErrors.idempotencyKeyReused();
  }
  if (failure.statusCode === 409) return PlatformErrors.idempotencyInProgress();
  if (failure.type === 'StripeConnectionError' || failure.type === 'StripeAPIError' || failure.type === 'StripeRateLimitError') {
    return PaymentErrors.gatewayUnavailable(failure.message ?? 'no answer');
  }
  if (failure.type === 'StripeInvalidRequestError' && failure.statusCode === 404) {
    return failure.code === 'resource_missing' && /payment_method/i.test(failure.message ?? '') ? PaymentErrors.cardNotFound() : PaymentErrors.intentNotFound();
  }
  if (failure.type === 'StripeInvalidRequestError' && failure.code === 'payment_intent_unexpected_state') {
    return PaymentErrors.providerIntentState(failure.message);
  }
  if (failure.type === 'StripeInvalidRequestError' || failure.type === 'StripeCardError') return PaymentErrors.providerRefused(failure.message);
  return error instanceof Error ? error : new Error(String(error));
}
