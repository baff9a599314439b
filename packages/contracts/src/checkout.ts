import { z } from 'zod';
import { BasketSchema } from './basket.ts';
import { ORDER_REFERENCE_MAX_LENGTH } from './checkout-values.ts';
import { CollectionSchema, DeliveryOptionSchema } from './delivery.ts';
import { DELIVERY_OPTION_CODES, DELIVERY_ZONES } from './enumerations.ts';
import { defineEndpoint, publicAccess, signedIn } from './endpoint.ts';

const Pence = z.number().int().describe('Integer pence');
const IsoDate = z
  .string({ error: 'Choose a delivery day' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a delivery day')
  .describe('A calendar day, YYYY-MM-DD (UK time)');

/**
 * What a shopper types into a field, trimmed, with a message for each way it can be wrong, in the
 * GOV.UK design system's words ("Enter your first name", "First name must be 60 characters or
 * fewer"): these messages reach the checkout's forms as they are, so zod's own never do.
 * `missing` makes the field required.
 */
export function enteredText(label: string, max: number, missing?: string) {
  const text = z.string({ error: missing ?? `${label} must be text` }).trim();
  return (missing ? text.min(1, { error: missing, abort: true }) : text).max(max, `${label} must be ${max} characters or fewer`);
}

/** Checked by the checkout (normalised, zone looked up), so a bad one gets its own code. */
const PostcodeText = enteredText('Postcode', 16, 'Enter a postcode');

/** A body that is not an object at all: only a broken client sends one, but it is still told in words. */
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };

/** A UK phone number: 10 or 11 digits starting 0 (or +44), with any spaces, brackets and dashes. */
export const isUkPhoneNumber = (phone: string): boolean => /^0\d{9,10}$/.test(phone.replace(/[\s()-]/g, '').replace(/^\+44/, '0'));

/**
 * The shape of one e-mail address, for the message beside the field; the checkout then checks the
 * address is one it can send to (no display name or header characters).
 */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A basket id, or `mine` for a signed-in shopper's current basket. */
export const CheckoutParamsSchema = z.object({
  basketId: z.string({ error: 'Choose a basket' }).min(1, 'Choose a basket').max(64, 'That is not one of our basket ids: go back to your basket and try again'),
});

export const CountrySchema = z
  .object({ code: z.string().length(2), name: z.string(), served: z.boolean(), note: z.string().nullable() })
  .meta({ id: 'Country' });

export const DeliveryOptionsDataSchema = z
  .object({ postcode: PostcodeText.optional().describe('Without one, the delivery address’s postcode, else mainland GB') }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'DeliveryOptionsData', description: 'deliveryOptionsData' });

export const BasketDeliveryOptionsSchema = z
  .object({
    postcode: z.string().nullable(),
    zone: z.enum(DELIVERY_ZONES),
    quoteOnly: z.boolean().describe('Some item is delivered to this zone by quotation only'),
    notServed: z.boolean().describe('We do not deliver to this zone: click & collect only'),
    options: z.array(DeliveryOptionSchema),
    selected: z.object({ code: z.enum(DELIVERY_OPTION_CODES), date: IsoDate.nullable() }).nullable(),
    suggested: z
      .enum(DELIVERY_OPTION_CODES)
      .nullable()
      .describe('What checkout starts with until the shopper chooses: the cheapest standard delivery; null when none can be had'),
    orderTotals: z
      .array(
        z.object({
          code: z.enum(DELIVERY_OPTION_CODES),
          deliveryIncVat: Pence,
          discountIncVat: Pence,
          totalIncVat: Pence,
          vatIncluded: Pence,
        }),
      )
      .describe('What the order comes to with each available option, priced as choosing it charges: the summary shows the one picked before it is saved'),
  })
  .meta({ id: 'BasketDeliveryOptions' });
export type BasketDeliveryOptions = z.infer<typeof BasketDeliveryOptionsSchema>;

export const SpecificDayDeliveryOptionsDataSchema = z
  .object({ postcode: PostcodeText.optional() }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'SpecificDayDeliveryOptionsData', description: 'specificDayDeliveryOptionsData' });

export const SpecificDayCalendarSchema = z
  .object({
    priceIncVat: Pence.nullable().describe('null when specific-day delivery cannot be had'),
    earliestDate: IsoDate.nullable(),
    latestDate: IsoDate.nullable(),
    days: z.array(z.object({ date: IsoDate, available: z.boolean(), priceIncVat: Pence, cutOff: z.string().nullable() })),
    unavailableReason: z.string().nullable(),
  })
  .meta({ id: 'SpecificDayCalendar' });
export type SpecificDayCalendar = z.infer<typeof SpecificDayCalendarSchema>;

export const DeliveryOptionDataSchema = z
  .object(
    {
      code: z.enum(DELIVERY_OPTION_CODES, { error: 'Choose a delivery option' }),
      date: IsoDate.optional().describe('specific_day only: the chosen day'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'DeliveryOptionData', description: 'deliveryOptionData: the option chosen; its price comes from the server' });

export const ContactDetailsDataSchema = z
  .object(
    {
      emailAddress: enteredText('E-mail address', 320, 'Enter your e-mail address').regex(
        EMAIL_SHAPE,
        'Enter an e-mail address in the correct format, like name@example.com',
      ),
      firstName: enteredText('First name', 60, 'Enter your first name'),
      lastName: enteredText('Last name', 60, 'Enter your last name'),
      phone: enteredText('Phone number', 30, 'Enter your phone number').refine(isUkPhoneNumber, 'Enter a UK phone number, like 07700 900123 or 020 7946 0000'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ContactDetailsData' });

export const AddressSchema = z
  .object(
    {
      name: enteredText('Full name', 120, 'Enter the full name of the person at this address'),
      company: enteredText('Company', 120).optional(),
      line1: enteredText('Address line 1', 120, 'Enter address line 1, typically the building and street'),
      line2: enteredText('Address line 2', 120).optional(),
      town: enteredText('Town or city', 80, 'Enter a town or city'),
      county: enteredText('County', 80).optional(),
      postcode: PostcodeText,
      countryCode: z.literal('GB', { error: 'Enter a UK address: we deliver within the United Kingdom only' }).default('GB'),
    },
    { error: 'Enter the address' },
  )
  .meta({ id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;

/** An address as stored: trimmed, empty optional parts dropped, with its postcode as normalised by the caller. */
export function storedAddress(address: Address, normalisedPostcode: string): Address {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    name: address.name.trim(),
    ...(optional(address.company) ? { company: optional(address.company) } : {}),
    line1: address.line1.trim(),
    ...(optional(address.line2) ? { line2: optional(address.line2) } : {}),
    town: address.town.trim(),
    ...(optional(address.county) ? { county: optional(address.county) } : {}),
    postcode: normalisedPostcode,
    countryCode: 'GB',
  };
}

export const DeliveryDetailsDataSchema = z
  .object(
    {
      address: AddressSchema,
      instructions: enteredText('Delivery instructions', 300).optional().describe('For the driver: a safe place, access, parking'),
      saveToAddressBook: z
        .boolean({ error: 'Tick the box to save the address, or leave it' })
        .optional()
        .describe('A signed-in customer’s "Save this address to my address book": kept as a delivery address unless it is already there'),
      udprn: z.number().int().positive().optional().describe('The Royal Mail id of the address when it came from "Find address", kept with a saved address'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'DeliveryDetailsData' });

export { ORDER_REFERENCE_MAX_LENGTH } from './checkout-values.ts';

/**
 * A trade customer's own reference for the order (their purchase order or job number): printed on
 * the invoice and e-mails, so only characters any system can print.
 */
export const OrderReferenceText = enteredText('Your order reference', ORDER_REFERENCE_MAX_LENGTH).regex(
  /^[A-Za-z0-9 ./#&()_:,'+-]*$/,
  "Your order reference can only include letters, numbers, spaces and . / # & ( ) _ : , ' + -",
);

export const BillingDetailsDataSchema = z
  .object(
    {
      sameAsDelivery: z.boolean({ error: 'Choose whether your billing address is the same as your delivery address' }).default(false),
      address: AddressSchema.optional().describe('Required unless sameAsDelivery'),
      orderReference: OrderReferenceText.optional().describe(
        'Trade accounts only: their purchase-order or job reference, shown on the order, the invoice and the e-mails; empty to clear it',
      ),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'BillingDetailsData' });

/** How a payer pays (checkout, and a difference on a placed order): the card field, or one of the signed-in payer’s saved cards. */
export const PaymentChoiceFields = {
  method: z.enum(['card', 'saved_card'], { error: 'Choose how to pay' }).default('card'),
  savedCardId: z
    .string({ error: 'Choose a saved card' })
    .min(1, 'Choose a saved card')
    .max(100, 'That is not one of your saved cards: choose another')
    .optional()
    .describe('saved_card only: one of the shopper’s saved cards'),
};

export const PaymentIntentDataSchema = z
  .object(
    {
      ...PaymentChoiceFields,
      saveCard: z.boolean({ error: 'Choose whether to save your card' }).default(false).describe('card only, signed in: keep the card for next time (consent)'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'PaymentIntentData', description: 'paymentIntentData: how the shopper pays. The amount is always the basket’s, computed by the server.' });

export const CHECKOUT_STEPS = ['contact', 'delivery_address', 'delivery_option', 'billing', 'payment'] as const;

export const CheckoutSchema = z
  .object({
    basketId: z.string(),
    basket: BasketSchema,
    contact: ContactDetailsDataSchema.nullable(),
    delivery: z.object({ address: AddressSchema, instructions: z.string().nullable(), zone: z.enum(DELIVERY_ZONES) }).nullable(),
    billing: z.object({ sameAsDelivery: z.boolean(), address: AddressSchema }).nullable(),
    orderReference: z.string().nullable().describe('A trade customer’s purchase-order or job reference for the order, when they gave one'),
    deliveryOption: z
      .object({
        code: z.enum(DELIVERY_OPTION_CODES),
        name: z.string(),
        date: IsoDate.nullable(),
        priceIncVat: Pence,
        earliestDate: IsoDate.nullable(),
        latestDate: IsoDate.nullable(),
        chosen: z
          .boolean()
          .describe(
            'false: not chosen yet, the suggested option (the cheapest standard delivery to the address), priced in the totals until the shopper chooses',
          ),
        collection: CollectionSchema.nullable().describe('click_collect: the branch and when the order is ready there'),
      })
      .nullable()
      .describe('The chosen option, else the suggested one once there is a delivery address; null until then'),
    totals: z.object({
      goodsIncVat: Pence.describe('The basket after its discount'),
      deliveryIncVat: Pence.describe('The delivery option’s price, chosen or suggested; 0 until there is one'),
      totalIncVat: Pence.describe('What the card is charged'),
      vatIncluded: Pence,
    }),
    payment: z
      .object({
        intentId: z.string(),
        status: z.string(),
        amountPence: Pence,
        stale: z.boolean().describe('The basket or delivery changed since the intent was made: refresh the payment data'),
      })
      .nullable(),
    missing: z.array(z.enum(CHECKOUT_STEPS)).describe('Steps still to do before payment'),
    notices: z.array(z.object({ type: z.string(), message: z.string() })),
  })
  .meta({ id: 'Checkout' });
export type Checkout = z.infer<typeof CheckoutSchema>;

/** Why paying on account is not offered for this order, each said in plain words with what to do (decision 0088). */
export const ON_ACCOUNT_REFUSALS = [
  'not_verified',
  'business_declined',
  'manual_review',
  'in_arrears',
  'over_available_credit',
  'over_single_order_limit',
  'delivery_address_refused',
  'provider_unavailable',
] as const;
export type OnAccountRefusal = (typeof ON_ACCOUNT_REFUSALS)[number];

export const OnAccountOptionSchema = z
  .object({
    offered: z.boolean().describe('The credit provider approves this order (amount, basket, delivery address) on account'),
    termDays: z.number().int().describe('Days after dispatch until the invoice is due'),
    availablePence: Pence.describe('The business’s credit available with the provider now'),
    maxSingleOrderPence: Pence,
    refusal: z.enum(ON_ACCOUNT_REFUSALS).nullable(),
    message: z.string().describe('What the provider’s decision means for this order and what to do, in plain words'),
  })
  .meta({ id: 'OnAccountOption' });
export type OnAccountOption = z.infer<typeof OnAccountOptionSchema>;

export const PaymentOptionsSchema = z
  .object({
    amountPence: Pence,
    onAccount: OnAccountOptionSchema.nullable().describe(
      'Paying on account (30 days) through the trade credit provider: null unless the basket is trade-priced for an approved trade account ' +
        'that has started paying on account',
    ),
    card: z.object({
      provider: z.enum(['sandbox', 'stripe']).describe('Which card field the browser shows: the sandbox’s frame or Stripe Elements'),
      publishableKey: z.string().nullable().describe('Stripe: the key for `Stripe(publishableKey)`'),
      scriptUrl: z.string().nullable().describe('Stripe: where to load Stripe.js from'),
      frameUrl: z.string().nullable(),
    }),
    savedCards: z.array(
      z.object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int(), isDefault: z.boolean() }),
    ),
    wallets: z
      .array(z.object({ provider: z.string(), name: z.string(), scriptUrl: z.string() }))
      .describe('Wallet buttons, each loaded from its provider’s script'),
  })
  .meta({ id: 'PaymentOptions' });
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

/** The ways a payer can pay an amount the server worked out: the card field, their own saved cards, the gateway's wallets. */
export const PaymentMethodsSchema = PaymentOptionsSchema.pick({ card: true, savedCards: true, wallets: true }).meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

export const PaymentIntentSchema = z
  .object({
    intentId: z.string(),
    clientSecret: z.string().describe('For the card frame (sandbox) or Stripe Elements: confirms this intent only'),
    amountPence: Pence,
    status: z.string(),
    frameUrl: z.string().nullable().describe('Sandbox: the card field page to show in an iframe'),
    nextActionUrl: z
      .string()
      .nullable()
      .describe(
        'With `requires_action` (a saved card whose bank wants a check): the sandbox’s ' +
          '3-D Secure page. With Stripe, Stripe.js’s handleNextAction shows the check instead',
      ),
    reservationExpiresAt: z.string().describe('Stock is held for the basket until then'),
  })
  .meta({ id: 'PaymentIntent' });

export const OrderPlacedSchema = z
  .object({
    orderNumber: z.string().describe('BP- and nine readable symbols, like BP-K7M-3QX-9P6 (decision 0049): for people'),
    orderGuid: z.string(),
    totalIncVat: Pence,
    emailAddress: z.string(),
    status: z.string(),
  })
  .meta({ id: 'OrderPlaced' });

export const checkoutEndpoints = {
  getCheckout: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'GET',
    path: '/checkout/{basketId}',
    summary: 'What checkout knows about a basket, its totals and the steps still missing (a read; not a call of the spec)',
    params: CheckoutParamsSchema,
    responses: { 200: CheckoutSchema },
  }),
  listCountries: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'GET',
    path: '/checkout/listcountries',
    summary: 'Countries for addresses, and whether we deliver there',
    responses: { 200: z.array(CountrySchema) },
  }),
  setDeliveryOption: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/deliveryoption',
    summary: 'Chooses a delivery option (and day, for specific-day delivery); its price and dates come from the server',
    params: CheckoutParamsSchema,
    body: DeliveryOptionDataSchema,
    responses: { 200: CheckoutSchema },
  }),
  clearDeliveryOption: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/deliveryoption/clear',
    summary: 'Clears the chosen delivery option',
    params: CheckoutParamsSchema,
    responses: { 200: CheckoutSchema },
  }),
  getSpecificDayDeliveryOptions: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'POST',
    path: '/checkout/{basketId}/specificdaydeliveryoptions',
    summary: 'The specific-day delivery calendar for the basket: each day open or closed, with its cut-off',
    params: CheckoutParamsSchema,
    body: SpecificDayDeliveryOptionsDataSchema,
    responses: { 200: SpecificDayCalendarSchema },
  }),
  getDeliveryOptions: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'POST',
    path: '/checkout/{basketId}/deliveryoptions',
    summary: 'The delivery options for the whole basket to a postcode: prices, dates, cut-offs, surcharges, areas not served',
    params: CheckoutParamsSchema,
    body: DeliveryOptionsDataSchema,
    responses: { 200: BasketDeliveryOptionsSchema },
  }),
  setContactDetails: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/contactDetails',
    summary: 'Sets the e-mail address, name and phone number for the order',
    params: CheckoutParamsSchema,
    body: ContactDetailsDataSchema,
    responses: { 200: CheckoutSchema },
  }),
  setDeliveryDetails: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/deliveryDetails',
    summary: 'Sets the delivery address (UK postcode checked and normalised); a chosen option that no longer applies is cleared with a notice',
    params: CheckoutParamsSchema,
    body: DeliveryDetailsDataSchema,
    responses: { 200: CheckoutSchema },
  }),
  clearDeliveryDetails: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/deliveryDetails/clear',
    summary: 'Clears the delivery address',
    params: CheckoutParamsSchema,
    responses: { 200: CheckoutSchema },
  }),
  setBillingDetails: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/billingDetails',
    summary: 'Sets the billing address, or the delivery address as billing address',
    params: CheckoutParamsSchema,
    body: BillingDetailsDataSchema,
    responses: { 200: CheckoutSchema },
  }),
  clearPaymentDetails: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'PUT',
    path: '/checkout/{basketId}/paymentdetails/clear',
    summary: 'Cancels the payment in progress and releases the stock held for it',
    params: CheckoutParamsSchema,
    responses: { 200: CheckoutSchema },
  }),
  getPaymentOptions: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'POST',
    path: '/checkout/{basketId}/paymentoptions',
    summary: 'How the shopper can pay: card, their saved cards, wallet buttons',
    params: CheckoutParamsSchema,
    responses: { 200: PaymentOptionsSchema },
  }),
  createPaymentIntent: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'POST',
    path: '/checkout/{basketId}/createPaymentIntent',
    summary: 'Holds the stock and starts a payment for the basket’s total, computed by the server',
    params: CheckoutParamsSchema,
    body: PaymentIntentDataSchema,
    responses: { 200: PaymentIntentSchema },
    // Without a key, the basket's hold lock and the intent made per basket state still keep a retry from holding or charging twice.
    idempotent: { scope: 'checkout.create-payment-intent' },
  }),
  completePayment: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'POST',
    path: '/checkout/{basketId}/completePayment',
    summary: 'Places the order once the gateway confirms the payment for the right amount',
    params: CheckoutParamsSchema,
    responses: { 200: OrderPlacedSchema },
    // Placing the order is idempotent by its basket without the key, so the key's records need not wait for the disk.
    idempotent: { scope: 'checkout.complete-payment', relaxedCommit: true },
  }),
  payOnAccount: defineEndpoint({
    service: 'checkout',
    access: signedIn,
    method: 'POST',
    path: '/checkout/{basketId}/payOnAccount',
    summary: 'Places the order on account (30 days) once the trade credit provider approves it, holding and committing the stock; a repeat gets the same order',
    description:
      '422 CHECKOUT_ON_ACCOUNT_TRADE_ONLY for a basket not trade-priced; 422 CHECKOUT_ON_ACCOUNT_REFUSED with the provider’s reason (`refusal`) and ' +
      'what to do; 409 CHECKOUT_ON_ACCOUNT_PENDING while the provider is still checking the order (nothing is placed); ' +
      '503 CREDIT_PROVIDER_UNAVAILABLE (nothing is placed; pay by card).',
    params: CheckoutParamsSchema,
    responses: { 200: OrderPlacedSchema },
    idempotent: { scope: 'checkout.pay-on-account' },
  }),
  refreshPaymentData: defineEndpoint({
    service: 'checkout',
    access: publicAccess,
    method: 'POST',
    path: '/checkout/{basketId}/refreshPaymentData',
    summary: 'After the basket or delivery changed: re-prices the payment in progress and holds the stock again',
    params: CheckoutParamsSchema,
    responses: { 200: PaymentIntentSchema },
  }),
} as const;
