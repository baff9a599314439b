import { z } from 'zod';
import { enteredText } from './checkout.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { ORDER_STATUSES } from './enumerations.ts';
import { RETURN_STATUSES } from './help-centre.ts';
import {
  AMEND_CHANGES,
  DAMAGE_ISSUE_TYPES,
  DELIVERY_TERMS_TYPES,
  ORDER_HELP_MAX_PHOTOS,
  ORDER_LINK_HEADER,
  ORDER_LINK_HOURS,
  ORDER_LINK_PURPOSES,
  UNWANTED_REASONS,
  VEHICLE_SIZES,
} from './help-centre-orders-values.ts';
import { orderNumberInput } from './orders.ts';

export * from './help-centre-orders-values.ts';

/**
 * Order self-service in the help centre (issue 20, docs/domain.md §7, §8.1–8.3, §10.4): the lines of
 * an order for the forms, cancelling, returning unwanted goods, reporting damaged or missing items,
 * questions, changes, delivery terms and the VAT invoice; and the staff calls that authorise, refuse
 * and receive returns.
 *
 * Who may act (decision 0049, in place of 0031's number and e-mail address): the order's owner
 * signed in, or whoever holds a link we e-mailed to the order's address (`requestOrderLink`, asked
 * for with the number and e-mail address as tracking is), its token in the `X-Order-Link` header.
 * `{id}` and `{orderGuid}` are the order number. Without either, 403 ORDER_LINK_REQUIRED, whether or
 * not the order exists.
 */

const Pence = z.number().int().describe('Integer pence');
const Instant = z.iso.datetime({ offset: true });
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };

const OrderNumberParam = orderNumberInput();

const EmailAddress = z
  .string({ error: 'Enter the e-mail address the order was placed with' })
  .trim()
  .max(320, 'E-mail address must be 320 characters or fewer')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an e-mail address in the correct format, like name@example.com');
/** A guest's proof before decision 0049: older callers may still send it, and it proves nothing now, so it is read and ignored. */
const IgnoredEmailAddress = z.string().optional().describe('Ignored: a guest sends the e-mailed link’s token in the X-Order-Link header instead');

const OrderParams = z.object({ id: OrderNumberParam });
const GuestQuery = z.object({ emailAddress: IgnoredEmailAddress });

export const OrderHelpLineInputSchema = z
  .object(
    {
      position: z.number({ error: 'Choose an item' }).int('Choose an item').min(0, 'Choose an item').max(999, 'Choose an item'),
      quantity: z
        .number({ error: 'Enter a quantity' })
        .int('Enter the quantity as a whole number')
        .min(1, 'Enter a quantity of 1 or more')
        .max(9999, 'Enter a quantity of 9,999 or fewer'),
      opened: z.boolean({ error: 'Say whether the packaging has been opened' }).optional().describe('Whether a sealed item’s packaging has been opened'),
    },
    { error: 'Choose an item' },
  )
  .describe('One line of the order and how many of it');
export type OrderHelpLineInput = z.infer<typeof OrderHelpLineInputSchema>;

const Lines = z.array(OrderHelpLineInputSchema, { error: 'Choose at least one item' }).min(1, 'Choose at least one item').max(100, 'Choose 100 items or fewer');

export const OrderHelpLineSchema = z
  .object({
    position: z.number().int(),
    sku: z.string(),
    productName: z.string(),
    label: z.string(),
    imageUrl: z.string().nullable(),
    quantity: z.number().int(),
    cancelledQuantity: z.number().int(),
    returnedQuantity: z.number().int().describe('Returned or on its way back (returns not refused)'),
    cancellableQuantity: z.number().int(),
    returnableQuantity: z.number().int(),
    notReturnableReason: z.string().nullable().describe('Why the line cannot be returned as unwanted, in words for the customer'),
    sealedHygieneGood: z.boolean().describe('Sealed for hygiene: returnable only unopened'),
    unitPriceIncVat: Pence,
  })
  .meta({ id: 'OrderHelpLine' });
export type OrderHelpLine = z.infer<typeof OrderHelpLineSchema>;

export const OrderProductsSchema = z
  .object({
    orderGuid: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    placedAt: Instant,
    dispatchedAt: Instant.nullable(),
    deliveredAt: Instant.nullable(),
    tradePriced: z.boolean(),
    canCancel: z.boolean().describe('Not dispatched yet: lines can be cancelled at once'),
    collected: z.boolean().describe('Collected from a branch: no delivery address to change and no delivery to upgrade'),
    returnWindowEndsAt: Instant.nullable().describe('Unwanted goods can be returned until then (from delivery)'),
    damageReportEndsAt: Instant.nullable(),
    missingReportEndsAt: Instant.nullable(),
    lines: z.array(OrderHelpLineSchema),
  })
  .meta({ id: 'OrderProducts' });
export type OrderProducts = z.infer<typeof OrderProductsSchema>;

export const HelpRequestAcceptedSchema = z
  .object({
    reference: z.string().describe('HC- and six symbols'),
    dueAt: Instant.describe('When the team aims to answer'),
    team: z.string(),
    nextSteps: z.array(z.string()),
  })
  .meta({ id: 'HelpRequestAccepted' });
export type HelpRequestAccepted = z.infer<typeof HelpRequestAcceptedSchema>;

export const CancelOrderRequestSchema = z
  .object(
    {
      emailAddress: IgnoredEmailAddress,
      lines: Lines.optional().describe('The lines and quantities to cancel; leave out to cancel the whole order'),
      // Optional: cancelling within the CCRs' period needs no reason (docs/domain.md §8.1); one given is kept for staff.
      reason: enteredText('Reason', 500).optional().describe('Why, if the customer wants to say'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'CancelOrderRequest' });

export const CancelOrderResultSchema = z
  .object({
    outcome: z.enum(['cancelled', 'return']).describe('cancelled: done at once and refunded; return: the order had been dispatched, so it became a return'),
    reference: z.string(),
    returnReference: z.string().nullable(),
    refundedPence: Pence.describe('Refunded by this cancellation (0 for a return: refunded once the goods are back)'),
    creditedToAccount: z.boolean().describe("Paid on account: the money back is a credit to the business's account with Two, not a refund to a card"),
    orderStatus: z.enum(ORDER_STATUSES),
    nextSteps: z.array(z.string()),
  })
  .meta({ id: 'CancelOrderResult' });
export type CancelOrderResult = z.infer<typeof CancelOrderResultSchema>;

export const UnwantedItemsRequestSchema = z
  .object(
    {
      emailAddress: IgnoredEmailAddress,
      lines: Lines,
      reason: z.enum(UNWANTED_REASONS, { error: 'Choose why you are returning the items' }),
      comments: enteredText('Comments', 2000).optional(),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'UnwantedItemsRequest' });

export const ReturnRequestedSchema = z
  .object({
    reference: z.string(),
    returnReference: z.string().describe('RT- and six symbols: on the parcel'),
    refundPence: Pence,
    nextSteps: z.array(z.string()),
  })
  .meta({ id: 'ReturnRequested' });
export type ReturnRequested = z.infer<typeof ReturnRequestedSchema>;

export const RefundQueryRequestSchema = z
  .object(
    {
      emailAddress: IgnoredEmailAddress,
      returnReference: enteredText('Returns reference', 20).optional(),
      sentOn: z.iso.date({ error: 'Enter the date you sent the goods back, like 2026-11-20' }),
      carrier: enteredText('Carrier', 60).optional(),
      trackingNumber: enteredText('Tracking number', 60).optional(),
      message: enteredText('Message', 2000).optional(),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'RefundQueryRequest' });

export const OrderQuestionRequestSchema = z
  .object({ emailAddress: IgnoredEmailAddress, question: enteredText('Your question', 2000, 'Enter your question') }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'OrderQuestionRequest' });

export const AmendOrderRequestSchema = z
  .object(
    {
      emailAddress: IgnoredEmailAddress,
      change: z.enum(AMEND_CHANGES, { error: 'Choose what you want to change' }),
      details: enteredText('What you want changed', 2000, 'Enter what you want changed'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'AmendOrderRequest' });

export const DeliveryTermsRequestSchema = z
  .object(
    {
      orderNumber: OrderNumberParam,
      emailAddress: IgnoredEmailAddress,
      deliveryType: z.enum(DELIVERY_TERMS_TYPES, { error: 'Choose kerbside or two-person delivery' }),
      accessNotes: enteredText('Access notes', 2000, 'Enter how the driver gets to your door: steps, parking, narrow roads'),
      vehicleSize: z.enum(VEHICLE_SIZES, { error: 'Choose the largest vehicle that can reach you' }),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'DeliveryTermsRequest' });

// ── staff: returns ─────────────────────────────────────────────────────────────────────────────

export const OrderReturnSchema = z
  .object({
    returnReference: z.string(),
    requestReference: z.string(),
    orderNumber: z.string(),
    customerName: z.string(),
    status: z.enum(RETURN_STATUSES),
    version: z.number().int(),
    reason: z.string(),
    refundPence: Pence,
    refusalReason: z.string().nullable(),
    requestedAt: Instant,
    authorisedAt: Instant.nullable(),
    receivedAt: Instant.nullable(),
    refundedAt: Instant.nullable(),
    lines: z.array(
      z.object({ position: z.number().int(), sku: z.string(), productName: z.string(), label: z.string(), quantity: z.number().int(), unitPriceIncVat: Pence }),
    ),
  })
  .meta({ id: 'OrderReturn' });
export type OrderReturn = z.infer<typeof OrderReturnSchema>;

const ReferenceParams = z.object({
  reference: z
    .string()
    .trim()
    .regex(/^HC-[A-Za-z0-9]{6}$/, 'Enter a reference like HC-7K3P9Q')
    .transform((value) => value.toUpperCase()),
});
const ExpectedVersion = z
  .number({ error: 'The version must be a whole number' })
  .int('The version must be a whole number')
  .positive('The version must be a whole number')
  .optional()
  .describe('The version staff were looking at: when the return changed since, 409 RETURN_CHANGED');

export const OrderLinkRequestSchema = z
  .object(
    {
      emailAddress: EmailAddress,
      purpose: z
        .enum(ORDER_LINK_PURPOSES, { error: 'Choose what the link is for' })
        .default('manage')
        .describe('Where the link leads: the order’s help page (manage), its changes (change) or its delivery upgrade (upgrade-delivery)'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'OrderLinkRequest' });

export const OrderLinkSentSchema = z
  .object({
    sentTo: z.string().describe('The order’s e-mail address, partly hidden: j***@example.com'),
    expiresInHours: z.number().int(),
  })
  .meta({ id: 'OrderLinkSent' });
export type OrderLinkSent = z.infer<typeof OrderLinkSentSchema>;

export const OrderLinkSchema = z.object({ orderNumber: z.string(), expiresAt: Instant.describe('When the link stops working') }).meta({ id: 'OrderLink' });
export type OrderLink = z.infer<typeof OrderLinkSchema>;

const orderHelpAccess = publicAccess;
const returnsStaff = requireRole('order-admin');
const guestNote =
  `The order’s owner signed in, or whoever holds the link we e-mailed to the order’s address, its token in the \`${ORDER_LINK_HEADER}\` header ` +
  '(decision 0049). Without either 403 ORDER_LINK_REQUIRED, whether or not the order exists; the link of another order, or an altered one, ' +
  '403 ORDER_LINK_INVALID; an old one, 403 ORDER_LINK_EXPIRED. Rate-limited per client.';

export const helpCentreOrderEndpoints = {
  requestOrderLink: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/link',
    summary: 'E-mails a link to manage the order to the address it was placed with, for a guest who has its number and that address',
    description:
      'Not a call of the spec (decision 0049). The number and address are checked as order tracking checks them (404 ORDER_NOT_FOUND), within ' +
      `tracking's budget per client. The link works for ${ORDER_LINK_HOURS} hours; at most 5 are sent for an order in an hour (429 ORDER_LINK_TOO_MANY).`,
    params: OrderParams,
    body: OrderLinkRequestSchema,
    responses: { 202: OrderLinkSentSchema },
  }),
  openOrderLink: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'GET',
    path: '/OrderLink',
    summary: 'The order an e-mailed link is for, and until when it works',
    description:
      `Not a call of the spec (decision 0049). The link’s token in the \`${ORDER_LINK_HEADER}\` header; ` +
      'an unknown or altered one is 403 ORDER_LINK_INVALID, an old one 403 ORDER_LINK_EXPIRED.',
    responses: { 200: OrderLinkSchema },
  }),
  getOrderProducts: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'GET',
    path: '/OrderProducts/{orderGuid}',
    summary: 'An order’s lines for the self-service forms: what was ordered, cancelled and returned, and what can still be',
    description: `${guestNote} \`orderGuid\` is the order number.`,
    params: z.object({ orderGuid: OrderNumberParam }),
    query: GuestQuery,
    responses: { 200: OrderProductsSchema },
  }),
  cancelOrder: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/cancel',
    summary: 'Cancels the whole order or chosen lines: at once before dispatch (refunded), as a return after it',
    description: `${guestNote} Cancelling what is cancelled already is 409 ORDER_ALREADY_CANCELLED (whole order) or ORDER_NOTHING_TO_CANCEL.`,
    params: OrderParams,
    body: CancelOrderRequestSchema,
    responses: { 200: CancelOrderResultSchema },
  }),
  requestUnwantedItemsReturn: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/unwanted-items',
    summary: 'Asks to return unwanted goods within the returns window: a returns reference and instructions',
    description:
      `${guestNote} Refused with the reason: not delivered yet (409 RETURN_NOT_DELIVERED), outside the window (422 RETURN_WINDOW_CLOSED), ` +
      'more than can still be returned (422 RETURN_QUANTITY_TOO_LARGE), made to measure or opened hygiene goods (422 RETURN_NOT_ALLOWED).',
    params: OrderParams,
    body: UnwantedItemsRequestSchema,
    responses: { 201: ReturnRequestedSchema },
  }),
  reportDamagedOrMissingItems: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/report-damaged-or-missing-items',
    summary: 'Reports damaged, missing or wrong items, with up to six photos',
    description:
      `${guestNote} multipart/form-data: \`lines\` (JSON, as for unwanted items), \`issueType\` (${DAMAGE_ISSUE_TYPES.join(', ')}), \`description\`, ` +
      `\`podSignedDamaged\` (yes or no), and up to ${ORDER_HELP_MAX_PHOTOS} \`photos\` (JPEG or PNG, 5 MB each, at most 40 megapixels, ` +
      'kept re-encoded without their metadata; FILE_* refusals). ' +
      'Damage within 48 hours of delivery, missing items within 7 days (422 REPORT_WINDOW_CLOSED).',
    bodyType: 'multipart',
    params: OrderParams,
    responses: { 201: HelpRequestAcceptedSchema },
  }),
  askAboutReturnedItemsRefund: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/returned-items-refund-query',
    summary: 'Asks about the refund for goods sent back',
    description: guestNote,
    params: OrderParams,
    body: RefundQueryRequestSchema,
    responses: { 201: HelpRequestAcceptedSchema },
  }),
  askOrderQuestion: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/question',
    summary: 'Asks a question about an order',
    description: guestNote,
    params: OrderParams,
    body: OrderQuestionRequestSchema,
    responses: { 201: HelpRequestAcceptedSchema },
  }),
  requestOrderAmendment: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/amend',
    summary: 'Asks for a change to an order (a quantity, the address or the date) before it is picked',
    description: `${guestNote} Once picking has started it is 409 ORDER_TOO_LATE_TO_AMEND.`,
    params: OrderParams,
    body: AmendOrderRequestSchema,
    responses: { 201: HelpRequestAcceptedSchema },
  }),
  confirmDeliveryTerms: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/confirm-delivery-terms',
    summary: 'Confirms the delivery terms of a large order: kerbside or two-person, access and vehicle size',
    description: guestNote,
    body: DeliveryTermsRequestSchema,
    responses: { 201: HelpRequestAcceptedSchema },
  }),
  downloadVatInvoice: defineEndpoint({
    service: 'help-centre',
    access: orderHelpAccess,
    method: 'POST',
    path: '/Order/{id}/vat-invoice',
    summary: 'The order’s full VAT invoice as a PDF: numbered the first time, the same number every time after',
    description: `${guestNote} No body. Answers application/pdf as an attachment. With \`number\`, that one of the order's invoices or credit notes.`,
    bodyType: 'none',
    params: OrderParams,
    query: GuestQuery.extend({
      number: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^(INV|CN)-\d{7}$/, 'Choose an invoice or credit note from the order')
        .optional()
        .describe('One of the order’s `vatDocuments` (an earlier invoice or a credit note); the current invoice when left out'),
    }),
    responses: { 200: z.string().describe('The PDF’s bytes') },
  }),

  getReturn: defineEndpoint({
    service: 'help-centre',
    access: returnsStaff,
    method: 'GET',
    path: '/Staff/Help/{reference}/Return',
    summary: 'The return an unwanted-items request asked for, with its lines',
    description: 'Not a call of the spec. `reference` is the help request’s (HC-).',
    params: ReferenceParams,
    responses: { 200: OrderReturnSchema },
  }),
  authoriseReturn: defineEndpoint({
    service: 'help-centre',
    access: returnsStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Return/Authorise',
    summary: 'Authorises a requested return: the customer is e-mailed to send the goods back',
    description: 'Not a call of the spec. Only a requested return (409 RETURN_STATUS_NOT_ALLOWED).',
    params: ReferenceParams,
    body: z.object({ version: ExpectedVersion }, BODY_NOT_AN_OBJECT).meta({ id: 'AuthoriseReturn' }),
    responses: { 200: OrderReturnSchema },
  }),
  refuseReturn: defineEndpoint({
    service: 'help-centre',
    access: returnsStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Return/Refuse',
    summary: 'Refuses a requested return with the reason the customer reads',
    description: 'Not a call of the spec.',
    params: ReferenceParams,
    body: z
      .object({ reason: enteredText('Reason', 1000, 'Enter the reason: the customer reads it'), version: ExpectedVersion }, BODY_NOT_AN_OBJECT)
      .meta({ id: 'RefuseReturn' }),
    responses: { 200: OrderReturnSchema },
  }),
  receiveReturn: defineEndpoint({
    service: 'help-centre',
    access: returnsStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Return/Receive',
    summary: 'Marks an authorised return received at the warehouse and refunds it (once) through the order’s refunds',
    description:
      'Not a call of the spec. The refund is made through orders’ refund code with a key of the return’s own, so two requests at once refund once; ' +
      'a return refunded already is 409 RETURN_ALREADY_REFUNDED.',
    params: ReferenceParams,
    body: z.object({}, BODY_NOT_AN_OBJECT).meta({ id: 'ReceiveReturn' }),
    responses: { 200: OrderReturnSchema },
  }),
} as const;
