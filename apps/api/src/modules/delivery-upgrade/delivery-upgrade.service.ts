import {
  storedAddress,
  type Address,
  type DeliveryUpgrade,
  type DeliveryUpgradeCompletion,
  type PaymentOptions,
  type SpecificDayCalendar,
} from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import type { OrderProof } from '../orders/index.ts';
import type { JobContext } from '../../platform/jobs.ts';
import type { PaymentEventHandler, PaymentIntent } from '../payments/index.ts';
import { completeUpgrade } from './delivery-upgrade-completion.ts';
import { noteUpgradePayments, recoverUpgradePayments } from './delivery-upgrade-recovery.ts';
import { choiceStillHolds, dayIsOpen, present, quoteFor, specificDayOption, type Quote } from './delivery-upgrade-quote.ts';
import type { DeliveryOptionCode } from '../delivery/index.ts';
import type { DeliveryUpgradeDeps } from './delivery-upgrade.deps.ts';
import { DeliveryUpgradeErrors } from './delivery-upgrade.errors.ts';
import * as repository from './delivery-upgrade.repository.ts';
import type { DeliveryUpgradeRow } from './delivery-upgrade.repository.ts';

/** The caller, with the e-mailed link's token when a guest upgrades (decision 0049). */
type Ctx = ServiceContext & OrderProof;

export interface UpgradePaymentIntent {
  intentId: string;
  clientSecret: string;
  amountPence: number;
  status: string;
  frameUrl: string | null;
  nextActionUrl: string | null;
}

/** The customer's agreement to pay (reg. 40), and how: the card field, or one of their saved cards. */
export interface UpgradePaymentInput {
  acceptCharge: boolean;
  method?: 'card' | 'saved_card';
  savedCardId?: string;
}

/**
 * Paid delivery upgrades (docs/domain.md §2.3, decision 0087): the customer who placed an order
 * chooses a faster or specific-day delivery still possible for it until it is dispatched, agrees to
 * pay the difference and pays it by card (3-D Secure when the bank asks), or completes without
 * paying when the difference is £0. The order's number stays; the payment is a charge of its own.
 * An order paid on account is never paid by card: the credit provider agrees its higher total.
 */
export interface DeliveryUpgradeService {
  startDeliveryUpgrade(ctx: Ctx, orderNumber: string): Promise<DeliveryUpgrade>;
  specificDayOptions(ctx: Ctx, orderNumber: string): Promise<SpecificDayCalendar>;
  setDeliveryOption(ctx: Ctx, orderNumber: string, input: { code: DeliveryOptionCode; date?: string }): Promise<DeliveryUpgrade>;
  setBillingAddress(ctx: Ctx, orderNumber: string, input: { sameAsOrder: boolean; address?: Address }): Promise<DeliveryUpgrade>;
  paymentOptions(ctx: Ctx, orderNumber: string): Promise<PaymentOptions>;
  createPaymentIntent(ctx: Ctx, orderNumber: string, input: UpgradePaymentInput): Promise<UpgradePaymentIntent>;
  completePayment(ctx: Ctx, orderNumber: string, input: { paymentIntentId?: string }): Promise<DeliveryUpgradeCompletion>;
  completeWithoutPayment(ctx: Ctx, orderNumber: string): Promise<DeliveryUpgradeCompletion>;
  /** An order paid on account: the customer agrees to the difference, the credit provider agrees the new total, and the upgrade is made; no card. */
  completeOnAccount(ctx: Ctx, orderNumber: string, input: { acceptCharge: boolean }): Promise<DeliveryUpgradeCompletion>;
  refreshPaymentData(ctx: Ctx, orderNumber: string): Promise<DeliveryUpgrade>;
  /** The payment webhook's part: a taken payment for an upgrade is noted for `recoverPayments` (subscribed by `composeApi`). */
  notePaidUpgrades: PaymentEventHandler;
  /** Settles due notes: the upgrade made with its payment (or the payment refunded) once its window has had its chance (a job); how many. */
  recoverPayments(ctx: JobContext): Promise<number>;
}

const NO_CHOICE = {
  optionCode: null,
  optionName: null,
  deliveryDate: null,
  earliestDate: null,
  latestDate: null,
  pricePence: null,
  differencePence: null,
} satisfies repository.DeliveryUpgradePatch;

/**
 * A payment's key: the upgrade as it stands and the amount, so a second tab or a retry gets the same payment, while a choice
 * made again after its payment was let go (cancelled at the gateway) gets a new one, as does a payment after another let go.
 */
const paymentKey = (row: DeliveryUpgradeRow, amountPence: number) =>
  `delivery-upgrade:${row.id}:${row.updatedAt.getTime()}:${amountPence}${row.paymentIntentRef ? `:after:${row.paymentIntentRef}` : ''}`;

export function createDeliveryUpgradeService(deps: DeliveryUpgradeDeps): DeliveryUpgradeService {
  const gateway = () => deps.payments.gateway();

  /** The order's open upgrade, opened when asked and none is. */
  async function opened(ctx: Ctx, quote: Quote, open: boolean): Promise<DeliveryUpgradeRow> {
    const { order } = quote;
    const row = await repository.findOpen(ctx.db, order.id);
    if (row) return row;
    if (!open) throw DeliveryUpgradeErrors.notStarted(order.orderNumber);
    await repository.insertOpen(ctx.db, {
      id: crypto.randomUUID(),
      orderId: order.id,
      orderVersion: order.version,
      openedBy: ctx.actor?.userId ?? null,
      openedAt: ctx.clock.now(),
    });
    return (await repository.findOpen(ctx.db, order.id))!;
  }

  async function started(ctx: Ctx, orderNumber: string): Promise<{ quote: Quote; row: DeliveryUpgradeRow }> {
    const quote = await quoteFor(deps, ctx, orderNumber);
    return { quote, row: await opened(ctx, quote, false) };
  }

  async function save(ctx: Ctx, quote: Quote, row: DeliveryUpgradeRow, patch: repository.DeliveryUpgradePatch): Promise<DeliveryUpgrade> {
    if (!(await repository.update(ctx.db, row.id, patch, ctx.clock.now()))) throw DeliveryUpgradeErrors.notStarted(quote.order.orderNumber);
    return present(quote, (await repository.findOpen(ctx.db, quote.order.id)) ?? { ...row, ...patch });
  }

  /** A payment started for a choice that is changing: let go of it, unless it has been paid (then the choice stays). */
  async function letGoOfPayment(row: DeliveryUpgradeRow): Promise<repository.DeliveryUpgradePatch> {
    if (!row.paymentIntentRef) return {};
    const intent = await gateway().retrieveIntent(row.paymentIntentRef);
    if (intent?.status === 'succeeded' || intent?.status === 'processing') throw DeliveryUpgradeErrors.alreadyPaid();
    if (intent && intent.status !== 'canceled') await gateway().cancelIntent(intent.id, `cancel:${intent.id}`);
    return { paymentIntentRef: null, paymentPence: null };
  }

  const intentView = (intent: PaymentIntent): UpgradePaymentIntent => {
    const config = gateway().clientConfig();
    return {
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amountPence: intent.amountPence,
      status: intent.status,
      // A saved card is charged by the server: no card field, but perhaps the bank's check.
      frameUrl:
        config.kind === 'sandbox' && intent.metadata.cardForm !== 'no' ? `${config.frameUrl}?client_secret=${encodeURIComponent(intent.clientSecret)}` : null,
      nextActionUrl: intent.status === 'requires_action' ? intent.nextActionUrl : null,
    };
  };

  /** The customer who placed the order, signed in: only they have saved cards to pay with (not a guest, nor staff). */
  const payerOf = (ctx: Ctx, quote: Quote) => (ctx.actor && ctx.actor.userId === quote.order.customerId ? ctx.actor : null);

  return {
    startDeliveryUpgrade: async (ctx, orderNumber) => {
      const quote = await quoteFor(deps, ctx, orderNumber);
      return present(quote, await opened(ctx, quote, true));
    },

    specificDayOptions: async (ctx, orderNumber) => {
      const { quote } = await started(ctx, orderNumber);
      const option = specificDayOption(quote);
      const choice = quote.choices.find((entry) => entry.code === 'specific_day');
      if (!option) {
        const reason = choice?.unavailableReason ?? 'Specific-day delivery is not an upgrade we can offer for this order.';
        return { priceIncVat: null, earliestDate: null, latestDate: null, days: [], unavailableReason: reason };
      }
      const days = deps.delivery.specificDayCalendar(option, quote.region, ctx.clock.now());
      return { priceIncVat: option.priceIncVat, earliestDate: option.earliestDate, latestDate: option.latestDate ?? null, days, unavailableReason: null };
    },

    setDeliveryOption: async (ctx, orderNumber, input) => {
      const { quote, row } = await started(ctx, orderNumber);
      const choice = quote.choices.find((entry) => entry.code === input.code);
      if (!choice) throw DeliveryUpgradeErrors.optionNotOffered(input.code);
      if (!choice.available) throw DeliveryUpgradeErrors.optionUnavailable(choice.unavailableReason ?? 'That delivery is not possible for this order.');
      let date: string | null = null;
      if (input.code === 'specific_day') {
        if (!input.date) throw DeliveryUpgradeErrors.dateRequired();
        if (!dayIsOpen(deps, ctx, quote, input.date)) throw DeliveryUpgradeErrors.dateUnavailable(input.date);
        date = input.date;
      } else if (input.date) throw DeliveryUpgradeErrors.dateNotAllowed();
      const same = row.optionCode === input.code && row.deliveryDate === date && row.pricePence === choice.priceIncVat;
      const payment = same && row.orderVersion === quote.order.version ? {} : await letGoOfPayment(row);
      return save(ctx, quote, row, {
        optionCode: choice.code,
        optionName: choice.name,
        deliveryDate: date,
        earliestDate: date ?? choice.earliestDate,
        latestDate: date ?? choice.latestDate,
        pricePence: choice.priceIncVat,
        differencePence: choice.differencePence,
        orderVersion: quote.order.version,
        ...payment,
      });
    },

    setBillingAddress: async (ctx, orderNumber, input) => {
      const { quote, row } = await started(ctx, orderNumber);
      let address: Address;
      if (input.sameAsOrder) address = quote.order.billingAddress;
      else {
        if (!input.address) throw DeliveryUpgradeErrors.billingRequired();
        const parsed = deps.delivery.parsePostcode(input.address.postcode);
        if (!parsed.ok) throw DeliveryUpgradeErrors.invalidPostcode(parsed.reason);
        address = storedAddress(input.address, parsed.postcode.normalised);
      }
      return save(ctx, quote, row, { billingAddress: address });
    },

    paymentOptions: async (ctx, orderNumber) => {
      const { quote, row } = await started(ctx, orderNumber);
      // Paid by card (typed, saved or in a wallet); an order on account has its provider agree the difference instead (completeOnAccount).
      if (quote.order.onAccount) throw DeliveryUpgradeErrors.paidOnAccount();
      return { amountPence: row.differencePence ?? 0, onAccount: null, ...(await deps.payments.paymentMethods(ctx, payerOf(ctx, quote))) };
    },

    createPaymentIntent: async (ctx, orderNumber, input) => {
      const { quote, row } = await started(ctx, orderNumber);
      if (!row.optionCode || row.differencePence === null) throw DeliveryUpgradeErrors.noOption();
      if (!choiceStillHolds(deps, ctx, quote, row)) throw DeliveryUpgradeErrors.quoteChanged();
      const amountPence = row.differencePence;
      if (amountPence === 0) throw DeliveryUpgradeErrors.nothingToPay();
      if (quote.order.onAccount) throw DeliveryUpgradeErrors.paidOnAccount();
      // Express consent to the extra payment (reg. 40): nothing is taken without the box ticked.
      if (!input.acceptCharge) throw DeliveryUpgradeErrors.consentRequired(amountPence);
      if (!row.billingAddress) throw DeliveryUpgradeErrors.billingRequired();
      const savedCard = input.method === 'saved_card';
      // One difference, one live payment (decision 0103): the one started is asked for again the same way (a second tab, a retry: the
      // same payment), kept when paid whichever way is asked now, or let go at the gateway before another is made.
      const current = row.paymentIntentRef;
      if (current) {
        const existing = await gateway().retrieveIntent(current);
        if (existing && existing.status !== 'canceled') {
          if (deps.payments.isPaid(existing)) return intentView(existing);
          const sameWay =
            row.paymentPence === amountPence &&
            existing.amountPence === amountPence &&
            (existing.metadata.cardForm === 'no') === savedCard &&
            // A saved card's payment whose bank check failed is let go, and the card charged afresh.
            (!savedCard || (existing.paymentMethodRef === input.savedCardId && existing.status !== 'requires_payment_method'));
          if (sameWay) return intentView(existing);
          const after = await deps.payments.cancelUnlessPaid(existing.id);
          if (after && deps.payments.isPaid(after)) return intentView(after);
        }
      }
      // The new payment is the upgrade's only if the upgrade still has the one this call saw; else it is cancelled before anyone can pay it.
      const claim = async (intent: PaymentIntent) => {
        if (!(await repository.claimPayment(ctx.db, row.id, current, { ref: intent.id, pence: amountPence }, ctx.clock.now()))) {
          throw DeliveryUpgradeErrors.paymentUnderWay(quote.order.orderNumber);
        }
      };
      const metadata = { deliveryUpgradeId: row.id, orderNumber: quote.order.orderNumber };
      if (savedCard) {
        const intent = await deps.payments.payWithSavedCard(ctx, payerOf(ctx, quote), {
          savedCardId: input.savedCardId,
          amountPence,
          metadata: { ...metadata, cardForm: 'no' },
          idempotencyKey: paymentKey(row, amountPence),
          claim,
        });
        return intentView(intent);
      }
      const intent = await deps.payments.onceKeyIsFree(() => gateway().createIntent({ amountPence, metadata, idempotencyKey: paymentKey(row, amountPence) }));
      try {
        await claim(intent);
      } catch (error) {
        await deps.payments.cancelUnlessPaid(intent.id);
        throw error;
      }
      return intentView(intent);
    },

    completePayment: (ctx, orderNumber, input) => completeUpgrade(deps, ctx, orderNumber, { paid: true, paymentIntentId: input.paymentIntentId }),

    completeWithoutPayment: (ctx, orderNumber) => completeUpgrade(deps, ctx, orderNumber, { paid: false }),

    completeOnAccount: (ctx, orderNumber, input) => completeUpgrade(deps, ctx, orderNumber, { paid: false, onAccount: input }),

    notePaidUpgrades: noteUpgradePayments(),
    recoverPayments: (ctx) => recoverUpgradePayments(deps, ctx),
    refreshPaymentData: async (ctx, orderNumber) => {
      const { quote, row } = await started(ctx, orderNumber);
      if (!row.optionCode || choiceStillHolds(deps, ctx, quote, row)) return present(quote, row);
      const choice = quote.choices.find((entry) => entry.code === row.optionCode);
      const dayOpen = row.deliveryDate === null || dayIsOpen(deps, ctx, quote, row.deliveryDate);
      if (!choice?.available || !dayOpen) return save(ctx, quote, row, { ...NO_CHOICE, ...(await letGoOfPayment(row)), orderVersion: quote.order.version });
      const amountPence = choice.differencePence!;
      let payment: repository.DeliveryUpgradePatch = {};
      if (row.paymentIntentRef && row.paymentPence !== amountPence) {
        const intent = await gateway().retrieveIntent(row.paymentIntentRef);
        if (intent?.status === 'succeeded' || intent?.status === 'processing') throw DeliveryUpgradeErrors.alreadyPaid();
        if (amountPence > 0 && intent && intent.status !== 'canceled') {
          const moved = await deps.payments.onceKeyIsFree(() =>
            gateway().updateIntentAmount(intent.id, amountPence, `delivery-upgrade:${row.id}:amount:${amountPence}`),
          );
          payment = { paymentIntentRef: moved.id, paymentPence: amountPence };
        } else payment = await letGoOfPayment(row);
      }
      return save(ctx, quote, row, {
        pricePence: choice.priceIncVat,
        differencePence: amountPence,
        earliestDate: row.deliveryDate ?? choice.earliestDate,
        latestDate: row.deliveryDate ?? choice.latestDate,
        orderVersion: quote.order.version,
        ...payment,
      });
    },
  };
}
