import { z } from 'zod';
import { AddressSchema, DeliveryOptionDataSchema, PaymentChoiceFields, PaymentOptionsSchema, SpecificDayCalendarSchema } from './checkout.ts';
import { DELIVERY_OPTION_CODES } from './enumerations.ts';
import { defineEndpoint, publicAccess } from './endpoint.ts';
import { ORDER_LINK_HEADER } from './help-centre-orders-values.ts';
import { OrderNumberSchema } from './orders.ts';

const Pence = z.number().int().describe('Integer pence');
const IsoDate = z.string().describe('A calendar day, YYYY-MM-DD (UK time)');

/** A body that is not an object at all: only a broken client sends one, but it is still told in words. */
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };

const DeliveryChoiceSchema = z.object({
  code: z.enum(DELIVERY_OPTION_CODES),
  name: z.string(),
  date: IsoDate.nullable().describe('Specific-day delivery: the agreed day'),
  earliestDate: IsoDate.nullable(),
  latestDate: IsoDate.nullable(),
  priceIncVat: Pence,
});

export const DeliveryUpgradeOptionSchema = z
  .object({
    code: z.enum(DELIVERY_OPTION_CODES),
    name: z.string(),
    description: z.string(),
    available: z.boolean().describe('Still possible for the order’s address, contents and the courier’s cut-offs, and an upgrade on its delivery'),
    priceIncVat: Pence.nullable(),
    differencePence: Pence.nullable().describe('What choosing it costs on top of the delivery already paid for (never less than 0)'),
    earliestDate: IsoDate.nullable(),
    latestDate: IsoDate.nullable(),
    cutOff: z.string().nullable().describe('Choose and pay by then for these dates'),
    unavailableReason: z.string().nullable(),
  })
  .meta({ id: 'DeliveryUpgradeOption' });

export const DELIVERY_UPGRADE_STATES = ['open', 'completed', 'refunded'] as const;

export const DeliveryUpgradeSchema = z
  .object({
    orderNumber: z.string(),
    orderVersion: z.number().int().describe('The order’s version the choice was priced on: an order changed since is refused, and nothing charged'),
    state: z.enum(DELIVERY_UPGRADE_STATES).describe('refunded: paid, but the order was dispatched or changed first, so the payment went back'),
    upgradeableUntil: z.string().describe('Until when the delivery can be upgraded, in words'),
    current: DeliveryChoiceSchema.describe('The delivery the order has now, and what was paid for it'),
    options: z.array(DeliveryUpgradeOptionSchema),
    selected: DeliveryChoiceSchema.extend({ differencePence: Pence }).nullable(),
    paidOnAccount: z
      .boolean()
      .describe(
        'The order is paid on account with the credit provider: the difference is agreed by the provider and added to the order’s invoice; never a card',
      ),
    billingAddress: AddressSchema.nullable(),
    payment: z.object({ intentId: z.string(), amountPence: Pence }).nullable().describe('The payment started for the difference, if any'),
  })
  .meta({ id: 'DeliveryUpgrade' });
export type DeliveryUpgrade = z.infer<typeof DeliveryUpgradeSchema>;
export type DeliveryUpgradeOption = z.infer<typeof DeliveryUpgradeOptionSchema>;

export const DeliveryUpgradePaymentIntentSchema = z
  .object({
    intentId: z.string(),
    clientSecret: z.string().describe('For the card frame (sandbox) or Stripe Elements: confirms this intent only'),
    amountPence: Pence,
    status: z.string(),
    frameUrl: z.string().nullable().describe('Sandbox: the card field page to show in an iframe'),
    nextActionUrl: z.string().nullable().describe('A saved card whose bank asks for its check (3-D Secure): where the customer answers it'),
  })
  .meta({ id: 'DeliveryUpgradePaymentIntent' });

export const DeliveryUpgradeCompletionSchema = z
  .object({
    orderNumber: z.string(),
    orderVersion: z.number().int(),
    delivery: DeliveryChoiceSchema.omit({ priceIncVat: true }),
    chargedPence: Pence.describe(
      'Taken by card for the upgrade, kept as its own charge on the order; for an order paid on account, added to its invoice with the provider',
    ),
  })
  .meta({ id: 'DeliveryUpgradeCompletion' });
export type DeliveryUpgradeCompletion = z.infer<typeof DeliveryUpgradeCompletionSchema>;

const Params = z.object({ orderId: OrderNumberSchema.describe('The order number') });
/** Public: a guest proves the order with the e-mailed link's header; the service checks who may change it. */
const access = publicAccess;
const who =
  'The signed-in customer who placed the order, staff (`order-admin`), or a guest holding the link we e-mailed to the order’s address, its token ' +
  `in the \`${ORDER_LINK_HEADER}\` header (decision 0049). Signed in, anyone else’s order is 404 like an unknown one; a link opens its own order ` +
  'only (403 ORDER_LINK_INVALID for another’s or an altered one, 403 ORDER_LINK_EXPIRED for an old one); with neither, 403 ORDER_LINK_REQUIRED.';

export const deliveryUpgradeEndpoints = {
  startDeliveryUpgrade: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}',
    summary: 'Starts upgrading the order’s delivery (or answers the one started) until it is dispatched: the options still possible and their prices',
    description: `${who} A collected order, or one dispatched already, is refused.`,
    params: Params,
    bodyType: 'none',
    responses: { 200: DeliveryUpgradeSchema },
  }),
  getUpgradeSpecificDayOptions: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}/SpecificDayDeliveryOptions',
    summary: 'The specific-day calendar for the order as it is: each day open or closed, with its cut-off',
    description: who,
    params: Params,
    body: z.object({}, BODY_NOT_AN_OBJECT).meta({ id: 'SpecificDayOptionsData', description: 'specificDayOptionsData: nothing is needed beyond the order' }),
    responses: { 200: SpecificDayCalendarSchema },
  }),
  setUpgradeDeliveryOption: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'PUT',
    path: '/UpgradeDelivery/{orderId}/DeliveryOption',
    summary: 'Chooses the faster or specific-day option (and day); its price and the difference come from the server',
    description: `${who} An option not offered, or a day not open, is 422.`,
    params: Params,
    body: DeliveryOptionDataSchema,
    responses: { 200: DeliveryUpgradeSchema },
  }),
  setUpgradeBillingAddress: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'PUT',
    path: '/UpgradeDelivery/{orderId}/BillingAddress',
    summary: 'Sets the billing address for the card paying the difference, or the order’s billing address',
    description: who,
    params: Params,
    body: z
      .object(
        {
          sameAsOrder: z.boolean({ error: 'Choose whether to use the order’s billing address' }).default(false),
          address: AddressSchema.optional().describe('Required unless sameAsOrder'),
        },
        BODY_NOT_AN_OBJECT,
      )
      .meta({ id: 'UpgradeAddressData', description: 'addressData: the billing address' }),
    responses: { 200: DeliveryUpgradeSchema },
  }),
  getUpgradePaymentOptions: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'GET',
    path: '/UpgradeDelivery/{orderId}/PaymentOptions',
    summary: 'How the difference can be paid: the card field, the customer’s saved cards and wallets, for the amount the server worked out',
    description: who,
    params: Params,
    responses: { 200: PaymentOptionsSchema },
  }),
  createUpgradePaymentIntent: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}/CreatePaymentIntent',
    summary: 'Starts the card payment for the difference, once the customer has agreed to pay it',
    description:
      `${who} The customer must agree actively to the extra payment (\`acceptCharge: true\`; Consumer Contracts Regulations reg. 40): ` +
      'without it, 422. The amount is the server’s; asking again answers the same payment. With `method: saved_card` one of the signed-in ' +
      'customer’s own saved cards (listed by PaymentOptions) is charged at once, `nextActionUrl` saying where to answer the bank’s check when it asks; ' +
      'another customer’s card is 404. One payment per upgrade (decision 0103): a payment started another way is cancelled at the gateway first ' +
      '(or, already paid, answered instead), and a second way started at the same moment is 409 DELIVERY_UPGRADE_PAYMENT_UNDER_WAY, nothing taken.',
    params: Params,
    body: z
      .object(
        { acceptCharge: z.boolean({ error: 'Tick the box to agree to pay for the faster delivery' }).default(false), ...PaymentChoiceFields },
        BODY_NOT_AN_OBJECT,
      )
      .meta({ id: 'UpgradePaymentIntentData', description: 'paymentIntentData: the customer’s agreement to pay the difference' }),
    responses: { 200: DeliveryUpgradePaymentIntentSchema },
  }),
  completeUpgradePayment: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}/CompletePayment',
    summary: 'Upgrades the order’s delivery once the gateway confirms the payment for the difference',
    description:
      `${who} Asking again answers the same upgrade (one charge). When the order was dispatched or changed first, the payment ` +
      'is refunded at once and the answer is 409 saying so. A payment for the upgrade that is not its own (paid another way alongside) is ' +
      'refunded at once: 409 DELIVERY_UPGRADE_SECOND_PAYMENT_REFUNDED.',
    params: Params,
    body: z
      .object(
        { paymentIntentId: z.string().trim().min(1).max(200).optional().describe('The payment started; the upgrade’s own when left out') },
        BODY_NOT_AN_OBJECT,
      )
      .meta({ id: 'UpgradePaymentData', description: 'paymentData' }),
    responses: { 200: DeliveryUpgradeCompletionSchema },
  }),
  completeUpgradeWithoutPayment: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}/CompleteWithoutPayment',
    summary: 'Upgrades the order’s delivery when there is nothing to pay (the difference is £0)',
    description: `${who} With a difference to pay, 422.`,
    params: Params,
    bodyType: 'none',
    responses: { 200: DeliveryUpgradeCompletionSchema },
  }),
  completeUpgradeOnAccount: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}/CompleteOnAccount',
    summary: 'Upgrades the delivery of an order paid on account once the credit provider agrees the higher total (no card)',
    description:
      `${who} The customer must agree actively to the extra amount (\`acceptCharge: true\`): without it, 422. The provider is asked to agree the ` +
      'order’s new total; refused, 422 CREDIT_ORDER_CHANGE_REFUSED with its reason in words and nothing changed. Asking again answers the same ' +
      'upgrade (agreed once). An order paid by card is 409 DELIVERY_UPGRADE_NOT_ON_ACCOUNT; its card calls refuse an order on account the same way.',
    params: Params,
    body: z
      .object({ acceptCharge: z.boolean({ error: 'Tick the box to agree to pay for the faster delivery' }).default(false) }, BODY_NOT_AN_OBJECT)
      .meta({ id: 'UpgradeOnAccountData', description: 'The customer’s agreement to the difference going on the order’s invoice on account' }),
    responses: { 200: DeliveryUpgradeCompletionSchema },
  }),
  refreshUpgradePaymentData: defineEndpoint({
    service: 'delivery-upgrade',
    access,
    method: 'POST',
    path: '/UpgradeDelivery/{orderId}/RefreshPaymentData',
    summary: 'Prices the chosen option again (a cut-off passed, the order changed) and moves the payment in progress to the new difference',
    description: `${who} An option no longer possible is cleared, with the options as they are now.`,
    params: Params,
    bodyType: 'none',
    responses: { 200: DeliveryUpgradeSchema },
  }),
} as const;
