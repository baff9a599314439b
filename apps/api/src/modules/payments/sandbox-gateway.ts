import { createHmac, randomBytes } from 'node:crypto';
import type { PaymentsConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { BillingDetails, CreateIntentInput, GatewayEvent, PaymentError, PaymentGateway, PaymentIntent, SavedCard } from './gateway.ts';
import { hashRequest, withIdempotency } from '../../platform/idempotency.ts';
import { PaymentErrors } from './payments.errors.ts';
import * as repository from './sandbox.repository.ts';
import type { IntentRow, PaymentMethodRow } from './sandbox.repository.ts';
import { enqueueEvent, type SandboxEventPayload } from './sandbox-webhooks.ts';
import { cardBehaviour, cardBrand, digitsOnly } from './test-cards.ts';
import { checkWebhookSignature } from './webhook-signature.ts';

export const SANDBOX_PATH = '/api/payments/sandbox';
const MIN_AMOUNT = 30; // Stripe's minimum charge in GBP
const MAX_AMOUNT = 99_999_999;
const WEBHOOK_SECRET_SETTING = 'webhook-secret';

const DECLINES = {
  insufficient_funds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  generic_decline: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  live_card: {
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message: 'Your card was declined. This is the sandbox: pay with one of Stripe’s test cards, such as the Visa ending 4242.',
  },
  authentication_required: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card needs you to confirm this payment with your bank, which cannot be done while you are away.',
  },
  authentication_failed: {
    code: 'payment_intent_authentication_failure',
    declineCode: null,
    message: 'We could not confirm this payment with your bank. Try again, or use a different card.',
  },
} satisfies Record<string, PaymentError>;

export interface SandboxOptions {
  db: Database;
  clock: Clock;
  publicUrl: string;
  settings: PaymentsConfig['sandbox'];
}

/** The card as the frame sends it: only the sandbox ever sees the number, and keeps none of it. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  postcode: string;
  name?: string;
}

export interface SandboxGateway extends PaymentGateway {
  readonly kind: 'sandbox';
  webhookSecret(): Promise<string>;
  /** The intent for the browser, which proves itself with the client secret. */
  retrieveForClient(id: string, clientSecret: string): Promise<PaymentIntent>;
  /** The card frame's confirm: a new payment method from the card, then the test card's outcome. */
  confirmWithCard(id: string, input: { clientSecret: string; card: CardInput; returnUrl?: string }, idempotencyKey: string): Promise<PaymentIntent>;
  /** The 3-D Secure page's buttons. */
  completeChallenge(id: string, clientSecret: string, outcome: 'complete' | 'fail'): Promise<{ intent: PaymentIntent; returnUrl: string | null }>;
}

export function createSandboxGateway(options: SandboxOptions): SandboxGateway {
  const { db, clock } = options;
  let secret: Promise<string> | null = null;
  const webhookSecret = () =>
    (secret ??= options.settings.webhookSecret
      ? Promise.resolve(options.settings.webhookSecret)
      : repository
          .ensureSetting(db, WEBHOOK_SECRET_SETTING, () => `sbwhsec_${randomBytes(32).toString('base64url')}`)
          .catch((error: unknown) => {
            secret = null;
            throw error;
          }));

  const toIntent = (row: IntentRow, method: PaymentMethodRow | undefined | null): PaymentIntent => ({
    id: row.id,
    status: row.status as PaymentIntent['status'],
    amountPence: row.amountPence,
    currency: 'gbp',
    clientSecret: row.clientSecret,
    customerRef: row.customerId,
    paymentMethodRef: row.paymentMethodId,
    card: method ? { brand: method.brand, last4: method.last4, expMonth: method.expMonth, expYear: method.expYear } : null,
    lastError: row.lastError ?? null,
    nextActionUrl:
      row.status === 'requires_action' ? `${options.publicUrl}${SANDBOX_PATH}/challenge/${row.id}?client_secret=${encodeURIComponent(row.clientSecret)}` : null,
    amountRefundedPence: row.amountRefundedPence,
    metadata: row.metadata,
    created: Math.floor(row.createdAt.getTime() / 1000),
  });

  const load = async (tx: Database, row: IntentRow) => toIntent(row, row.paymentMethodId ? await repository.findPaymentMethod(tx, row.paymentMethodId) : null);

  /**
   * One change to one intent, under its row lock, with its webhook event in the same transaction.
   * `change` returns the new column values and the event to send, if any.
   */
  async function changeIntent(
    id: string,
    change: (row: IntentRow, tx: Database) => Promise<{ values: Partial<IntentRow>; event?: SandboxEventPayload['type'] } | null>,
  ): Promise<PaymentIntent> {
    return db.transaction(async (tx) => {
      const row = await repository.lockIntent(tx, id);
      if (!row) throw PaymentErrors.intentNotFound();
      const outcome = await change(row, tx);
      if (!outcome) return load(tx, row);
      const now = clock.now();
      const updated = await repository.updateIntent(tx, id, outcome.values, now);
      const intent = await load(tx, updated);
      if (outcome.event) await enqueueEvent(tx, { type: outcome.event, intent }, { now, chaos: options.settings.webhookChaos });
      return intent;
    });
  }

  /** What confirming with this card does to the intent, by the test card's behaviour. */
  function outcomeOf(method: PaymentMethodRow, offSession: boolean) {
    const declined = (error: PaymentError) => ({
      values: { status: 'requires_payment_method', lastError: error, paymentMethodId: method.id },
      event: 'payment_intent.payment_failed' as const,
    });
    switch (method.behaviour) {
      case 'succeeds':
        return { values: { status: 'succeeded', lastError: null, paymentMethodId: method.id }, event: 'payment_intent.succeeded' as const };
      case 'requires_authentication':
        // A card saved after authentication may be charged later without the customer (Stripe's 3155 rule).
        if (offSession && method.customerId) {
          return { values: { status: 'succeeded', lastError: null, paymentMethodId: method.id }, event: 'payment_intent.succeeded' as const };
        }
        if (offSession) return declined(DECLINES.authentication_required);
        return { values: { status: 'requires_action', lastError: null, paymentMethodId: method.id } };
      case 'insufficient_funds':
        return declined(DECLINES.insufficient_funds);
      case 'generic_decline':
        return declined(DECLINES.generic_decline);
      case 'live_card':
        return declined(DECLINES.live_card);
    }
  }

  // As Stripe: a payment waiting for the bank's check may be confirmed again with another card (the
  // shopper closed the check, or reloaded the page); the check they left is then void.
  const confirmable = (row: IntentRow) => {
    if (row.status !== 'requires_payment_method' && row.status !== 'requires_confirmation' && row.status !== 'requires_action') {
      throw PaymentErrors.intentState(row.status, 'confirmed');
    }
  };

  const checkAmount = (amountPence: number) => {
    if (!Number.isInteger(amountPence) || amountPence < MIN_AMOUNT || amountPence > MAX_AMOUNT) throw PaymentErrors.amountInvalid();
  };

  const idempotent = <T>(scope: string, key: string, body: unknown, run: () => Promise<T>) =>
    withIdempotency(db, { scope: `sandbox.${scope}`, caller: 'shop', key, requestHash: hashRequest(body), now: clock.now() }, run);

  const toSavedCard = (method: PaymentMethodRow): SavedCard => ({
    id: method.id,
    customerRef: method.customerId,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    billing: method.billing,
  });

  /** A keyed hash of the number: recognises the same card twice without keeping it. */
  const fingerprint = async (digits: string) =>
    createHmac('sha256', await webhookSecret())
      .update(`card-fingerprint:${digits}`)
      .digest('base64url')
      .slice(0, 16);

  const gateway: SandboxGateway = {
    kind: 'sandbox',
    webhookSecret,

    async createIntent(input: CreateIntentInput) {
      const { idempotencyKey, ...body } = input;
      return idempotent('create-intent', idempotencyKey, body, async () => {
        checkAmount(input.amountPence);
        if (input.customerRef && !(await repository.findCustomer(db, input.customerRef))) throw PaymentErrors.customerNotFound();
        const method = input.paymentMethodRef ? await repository.findPaymentMethod(db, input.paymentMethodRef) : undefined;
        if (input.paymentMethodRef && !method) throw PaymentErrors.cardNotFound();
        const row = await repository.insertIntent(db, {
          status: method ? 'requires_confirmation' : 'requires_payment_method',
          amountPence: input.amountPence,
          customerId: input.customerRef ?? null,
          paymentMethodId: method?.id ?? null,
          savePaymentMethod: input.savePaymentMethod ?? false,
          metadata: input.metadata ?? {},
          createdAt: clock.now(),
          updatedAt: clock.now(),
        });
        if (method && input.confirm) {
          return changeIntent(row.id, async () => outcomeOf(method, input.offSession ?? false));
        }
        return toIntent(row, method);
      });
    },

    async retrieveIntent(ref) {
      const found = await repository.findIntentWithMethod(db, ref);
      return found ? toIntent(found.intent, found.method) : null;
    },

    async retrieveForClient(id, clientSecret) {
      const found = await repository.findIntentWithMethod(db, id);
      if (!found || found.intent.clientSecret !== clientSecret) throw PaymentErrors.intentNotFound();
      return toIntent(found.intent, found.method);
    },

    updateIntentAmount(ref, amountPence, idempotencyKey) {
      return idempotent('update-intent', idempotencyKey, { ref, amountPence }, () =>
        changeIntent(ref, async (row) => {
          checkAmount(amountPence);
          if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(row.status)) {
            throw PaymentErrors.intentState(row.status, 'changed');
          }
          return { values: { amountPence } };
        }),
      );
    },

    updateIntentSaving(ref, input, idempotencyKey) {
      return idempotent('update-intent-saving', idempotencyKey, { ref, ...input }, () =>
        changeIntent(ref, async (row, tx) => {
          if (row.status !== 'requires_payment_method') throw PaymentErrors.intentState(row.status, 'changed');
          if (input.customerRef && !(await repository.findCustomer(tx, input.customerRef))) throw PaymentErrors.customerNotFound();
          const metadata = { ...row.metadata, saveCard: input.save ? 'yes' : 'no' };
          return { values: { customerId: input.customerRef ?? row.customerId, savePaymentMethod: input.save, metadata } };
        }),
      );
    },

    confirmIntent(ref, input, idempotencyKey) {
      return idempotent('confirm-intent', idempotencyKey, { ref, ...input }, () =>
        changeIntent(ref, async (row, tx) => {
          confirmable(row);
          const method = await repository.findPaymentMethod(tx, input.paymentMethodRef);
          // As Stripe: a saved card belongs to one customer, and only that customer's payments use it.
          if (!method || (method.customerId && method.customerId !== row.customerId)) throw PaymentErrors.cardNotFound();
          return outcomeOf(method, input.offSession ?? false);
        }),
      );
    },

    async confirmWithCard(id, input, idempotencyKey) {
      const digits = digitsOnly(input.card.number);
      // The number itself is never stored, not even in the idempotency record: its keyed hash stands in.
      const body = { id, clientSecret: input.clientSecret, card: { ...input.card, number: await fingerprint(digits) }, returnUrl: input.returnUrl };
      return idempotent('confirm-with-card', idempotencyKey, body, () =>
        changeIntent(id, async (row, tx) => {
          if (row.clientSecret !== input.clientSecret) throw PaymentErrors.intentNotFound();
          confirmable(row);
          const method = await repository.insertPaymentMethod(tx, {
            customerId: row.savePaymentMethod ? row.customerId : null,
            brand: cardBrand(digits),
            last4: digits.slice(-4),
            expMonth: input.card.expMonth,
            expYear: input.card.expYear,
            fingerprint: body.card.number,
            behaviour: cardBehaviour(digits),
            billing: { postcode: input.card.postcode.trim().toUpperCase(), name: input.card.name?.trim() || null },
            createdAt: clock.now(),
          });
          const outcome = outcomeOf(method, false);
          return { ...outcome, values: { ...outcome.values, returnUrl: input.returnUrl ?? null } };
        }),
      );
    },

    async completeChallenge(id, clientSecret, outcome) {
      let returnUrl: string | null = null;
      const intent = await changeIntent(id, async (row) => {
        if (row.clientSecret !== clientSecret) throw PaymentErrors.intentNotFound();
        returnUrl = row.returnUrl;
        if (row.status !== 'requires_action') throw PaymentErrors.intentState(row.status, 'confirmed with the bank');
        return outcome === 'complete'
          ? { values: { status: 'succeeded', lastError: null }, event: 'payment_intent.succeeded' as const }
          : {
              values: { status: 'requires_payment_method', lastError: DECLINES.authentication_failed },
              event: 'payment_intent.payment_failed' as const,
            };
      });
      return { intent, returnUrl };
    },

    cancelIntent(ref, idempotencyKey) {
      return idempotent('cancel-intent', idempotencyKey, { ref }, () =>
        changeIntent(ref, async (row) => {
          if (row.status === 'succeeded' || row.status === 'canceled') throw PaymentErrors.intentState(row.status, 'canceled');
          return { values: { status: 'canceled' }, event: 'payment_intent.canceled' };
        }),
      );
    },

    refund(ref, amountPence, idempotencyKey) {
      return idempotent('refund', idempotencyKey, { ref, amountPence }, () =>
        db.transaction(async (tx) => {
          const row = await repository.lockIntent(tx, ref);
          if (!row) throw PaymentErrors.intentNotFound();
          if (row.status !== 'succeeded') throw PaymentErrors.intentState(row.status, 'refunded');
          const remaining = row.amountPence - row.amountRefundedPence;
          const amount = amountPence ?? remaining;
          if (!Number.isInteger(amount) || amount < 1) throw PaymentErrors.amountInvalid();
          if (amount > remaining) throw PaymentErrors.refundTooLarge(remaining);
          const now = clock.now();
          const refundRow = await repository.insertRefund(tx, { intentId: ref, amountPence: amount, createdAt: now });
          const updated = await repository.updateIntent(tx, ref, { amountRefundedPence: row.amountRefundedPence + amount }, now);
          const refund = { id: refundRow.id, intentRef: ref, amountPence: amount, status: 'succeeded' as const };
          await enqueueEvent(tx, { type: 'charge.refunded', intent: await load(tx, updated), refund }, { now, chaos: options.settings.webhookChaos });
          return refund;
        }),
      );
    },

    async listRefunds(ref) {
      return (await repository.listRefunds(db, ref)).map((row) => ({ id: row.id, intentRef: ref, amountPence: row.amountPence, status: 'succeeded' as const }));
    },

    createCustomer(input, idempotencyKey) {
      return idempotent('create-customer', idempotencyKey, input, async () => {
        const row = await repository.insertCustomer(db, { email: input.email, name: input.name ?? null });
        return { id: row.id };
      });
    },

    async deleteCustomer(customerRef) {
      await repository.deleteCustomer(db, customerRef);
    },

    async listCards(customerRef) {
      return (await repository.listPaymentMethods(db, customerRef)).map(toSavedCard);
    },

    async detachCard(paymentMethodRef) {
      const row = await repository.updatePaymentMethod(db, paymentMethodRef, { customerId: null });
      if (!row) throw PaymentErrors.cardNotFound();
    },

    async updateCardBilling(paymentMethodRef, billing: BillingDetails) {
      const existing = await repository.findPaymentMethod(db, paymentMethodRef);
      if (!existing) throw PaymentErrors.cardNotFound();
      const merged = { ...existing.billing, ...Object.fromEntries(Object.entries(billing).filter(([, value]) => value !== undefined)) };
      return toSavedCard((await repository.updatePaymentMethod(db, paymentMethodRef, { billing: merged }))!);
    },

    async parseWebhook(rawBody, signatureHeader): Promise<GatewayEvent> {
      const why = checkWebhookSignature(await webhookSecret(), rawBody, signatureHeader, Math.floor(clock.now().getTime() / 1000));
      if (why) throw PaymentErrors.webhookSignatureInvalid(why);
      const payload = JSON.parse(rawBody) as SandboxEventPayload;
      const intent = payload.data.object;
      return { id: payload.id, type: payload.type, created: payload.created, intentRef: intent.id, intent };
    },

    clientConfig: () => ({ kind: 'sandbox', frameUrl: `${options.publicUrl}${SANDBOX_PATH}/elements` }),
  };
  return gateway;
}
