import { z } from 'zod';
import { enteredText, isUkPhoneNumber } from './checkout.ts';
import { orderNumberInput } from './orders.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { TRADE_TYPES } from './enumerations.ts';
import {
  CALLBACK_SLOTS,
  CATALOGUES,
  ENQUIRY_TOPICS,
  OPEN_ROLE_IDS,
  STOCK_NOTICE_CHANNELS,
  WEEE_ITEM_TYPES,
  WEEE_MAX_PHOTOS,
  WEEE_METHODS,
} from './help-centre-enquiries-values.ts';
import { WEEE_TAKE_BACK_DAYS } from './policy/after-sales-windows.ts';

export * from './help-centre-enquiries-values.ts';

/**
 * Enquiries, feedback, careers and back-in-stock notices (issue 20, docs/domain.md §8.4, §10.2; the
 * spec's taxonomy §8.5). Every form has its own fields and GOV.UK-style messages; a signed-in
 * customer's name and e-mail address come from their account, a guest types them. Each enquiry is
 * recorded with an HC- reference and lands in the staff inbox; "e-mail this product" and "notify me"
 * are automated and do not. Calls the spec does not name (open roles, unsubscribing, confirming an
 * erasure request, the erasure screen, the stock screen) are decision 0030's.
 */

const Instant = z.iso.datetime({ offset: true });
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// ── fields ──────────────────────────────────────────────────────────────────────────────────────

const Email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .max(320, 'E-mail address must be 320 characters or fewer')
    .regex(EMAIL_SHAPE, 'Enter an e-mail address in the correct format, like name@example.com');
const Phone = (missing: string) =>
  enteredText('Phone number', 30, missing).refine(isUkPhoneNumber, 'Enter a UK phone number, like 07700 900123 or 020 7946 0000');
const Sku = enteredText('Product code', 40, 'Enter the product code').describe('Checked against the catalogue (422 ENQUIRY_PRODUCT_UNKNOWN)');
const Postcode = enteredText('Postcode', 16, 'Enter a postcode').regex(
  /^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/,
  'Enter a real UK postcode, like LS1 4AP',
);
const OrderNumber = orderNumberInput();

/** A guest's name and e-mail address; a signed-in customer's come from their account (422 ENQUIRY_CONTACT_MISSING without either). */
const contact = {
  name: enteredText('Your name', 120).optional().describe('Required for guests: a signed-in customer’s name comes from their account'),
  emailAddress: Email('Enter your e-mail address').optional().describe('Required for guests: a signed-in customer’s address comes from their account'),
};
const optionalPhone = { phone: Phone('Enter a phone number').optional() };

export const PriceMatchRequestSchema = z
  .object(
    {
      ...contact,
      sku: Sku,
      competitorUrl: z
        .string({ error: 'Enter the web address of the other shop’s product page' })
        .trim()
        .max(500, 'The web address must be 500 characters or fewer')
        .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/, 'Enter the web address of the other shop’s product page, like https://www.example.co.uk/product'),
      competitorPricePence: z
        .number({ error: 'Enter the other shop’s price, including VAT and delivery' })
        .int('Enter the price in pence, as a whole number')
        .min(1, 'Enter the other shop’s price, including VAT and delivery')
        .max(10_000_000, 'Enter a price of £100,000 or less')
        .describe('Delivered price inc VAT, in pence'),
      competitorInStock: z.boolean({ error: 'Say whether the other shop has it in stock' }),
      competitorDelivery: enteredText('Delivery', 200, 'Enter how quickly the other shop delivers it'),
      message: enteredText('Anything else', 1000).optional(),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'PriceMatchRequest' });

export const ProductQuestionRequestSchema = z
  .object(
    {
      ...contact,
      sku: Sku,
      question: enteredText('Your question', 1000, 'Enter your question'),
      mayPublish: z
        .boolean({ error: 'Say whether we may publish your question' })
        .default(false)
        .describe('Whether it may become a public question and answer'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ProductQuestionRequest' });

export const GeneralEnquiryRequestSchema = z
  .object(
    {
      ...contact,
      ...optionalPhone,
      topic: z.enum(ENQUIRY_TOPICS, { error: 'Choose what your enquiry is about' }),
      orderNumber: OrderNumber.optional(),
      message: enteredText('Your message', 2000, 'Enter your message'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'GeneralEnquiryRequest' });

export const RetailPartnerRequestSchema = z
  .object(
    {
      ...contact,
      ...optionalPhone,
      companyName: enteredText('Company name', 160, 'Enter your company’s name'),
      website: z
        .string({ error: 'Enter your website’s address' })
        .trim()
        .max(300, 'The web address must be 300 characters or fewer')
        .regex(/^(https?:\/\/)?[^\s/]+\.[^\s]+$/, 'Enter your website’s address, like www.example.co.uk')
        .optional(),
      products: enteredText('Your products', 2000, 'Tell us about the products you would like us to sell'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'RetailPartnerRequest' });

/** The text fields of the WEEE form (multipart: each is a form field; `photos` are files). */
export const WeeeRecyclingFieldsSchema = z
  .object(
    {
      ...contact,
      ...optionalPhone,
      orderNumber: OrderNumber.optional().describe(
        'When given, the order must be the customer’s (the same 404 as an unknown one); its date starts the 28 days',
      ),
      purchaseDate: z.iso
        .date({ error: 'Enter the date you bought the new item, like 2026-11-02' })
        .optional()
        .describe('Needed when no order number is given'),
      newItem: enteredText('New item', 200, 'Enter the new item you bought'),
      oldItemType: z.enum(WEEE_ITEM_TYPES, { error: 'Choose the type of old item' }),
      method: z.enum(WEEE_METHODS, { error: 'Choose drop-off or collection' }),
      postcode: Postcode,
      notes: enteredText('Anything else', 1000).optional(),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'WeeeRecyclingFields' });

export const AccountDeletionRequestSchema = z
  .object({ ...contact, reason: enteredText('Reason', 1000, 'Tell us why you want your account deleted') }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'AccountDeletionRequest' });

export const TradeEnquiryRequestSchema = z
  .object(
    {
      ...contact,
      ...optionalPhone,
      companyName: enteredText('Company name', 160, 'Enter your company’s name'),
      companyNumberOrVat: enteredText('Companies House or VAT number', 20).optional(),
      tradeType: z.enum(TRADE_TYPES, { error: 'Choose your trade' }),
      query: enteredText('Your query', 2000, 'Enter your query'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeEnquiryRequest' });

export const TradeCallbackRequestSchema = z
  .object(
    {
      ...contact,
      companyName: enteredText('Company name', 160, 'Enter your company’s name'),
      phone: Phone('Enter the phone number we should call'),
      preferredDate: z.iso.date({ error: 'Enter the day you would like us to call, like 2026-11-25' }),
      slot: z.enum(CALLBACK_SLOTS, { error: 'Choose a time for us to call' }),
      topic: enteredText('What it is about', 500, 'Tell us what you would like to talk about'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeCallbackRequest' });

export const MarketingPressRequestSchema = z
  .object(
    {
      ...contact,
      ...optionalPhone,
      organisation: enteredText('Organisation', 160, 'Enter your organisation'),
      brief: enteredText('Your brief', 3000, 'Enter your brief'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'MarketingPressRequest' });

export const CatalogueRequestSchema = z
  .object(
    {
      ...contact,
      catalogue: z.enum(CATALOGUES, { error: 'Choose a catalogue' }),
      address: z.object(
        {
          line1: enteredText('Address line 1', 120, 'Enter address line 1, typically the building and street'),
          line2: enteredText('Address line 2', 120).optional(),
          town: enteredText('Town or city', 80, 'Enter a town or city'),
          postcode: Postcode,
        },
        { error: 'Enter the address to post it to' },
      ),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'CatalogueRequest' });

export const ProductEmailRequestSchema = z
  .object(
    {
      sku: Sku,
      senderName: enteredText('Your name', 120, 'Enter your name'),
      friendName: enteredText('Your friend’s name', 120).optional(),
      friendEmailAddress: Email('Enter your friend’s e-mail address'),
      message: enteredText('Message', 500).optional(),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ProductEmailRequest' });

export const ProductNotificationRequestSchema = z
  .object(
    {
      sku: Sku,
      emailAddress: Email('Enter your e-mail address').optional().describe('Required for guests'),
      channel: z.literal(STOCK_NOTICE_CHANNELS.email, { error: 'Choose e-mail' }).default(STOCK_NOTICE_CHANNELS.email),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ProductNotificationRequest' });

export const FeedbackRequestSchema = z
  .object(
    {
      ...contact,
      rating: z
        .number({ error: 'Choose a rating from 1 to 5' })
        .int('Choose a rating from 1 to 5')
        .min(1, 'Choose a rating from 1 to 5')
        .max(5, 'Choose a rating from 1 to 5'),
      comment: enteredText('Your comments', 2000, 'Enter your comments'),
      page: enteredText('Page', 300).optional().describe('The page the feedback is about, e.g. /checkout'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'FeedbackRequest' });

/** The text fields of a job application (multipart; `cv` is the file). */
export const JobApplicationFieldsSchema = z
  .object(
    {
      ...contact,
      phone: Phone('Enter your phone number'),
      roleId: z.enum(OPEN_ROLE_IDS, { error: 'Choose the role you are applying for' }),
      coverNote: enteredText('Cover note', 3000, 'Enter a cover note'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'JobApplicationFields' });

// ── answers ─────────────────────────────────────────────────────────────────────────────────────

export const EnquiryAcceptedSchema = z
  .object({
    reference: z.string().describe('HC- and six symbols'),
    dueAt: Instant.describe('When the team aims to answer'),
    team: z.string(),
    nextSteps: z.array(z.string()),
  })
  .meta({ id: 'EnquiryAccepted' });
export type EnquiryAccepted = z.infer<typeof EnquiryAcceptedSchema>;

export const AccountDeletionAcceptedSchema = EnquiryAcceptedSchema.extend({
  identityConfirmed: z.boolean().describe('False for a guest until they follow the link we e-mailed'),
}).meta({ id: 'AccountDeletionAccepted' });

export const ProductEmailSentSchema = z.object({ sentTo: z.string(), productName: z.string() }).meta({ id: 'ProductEmailSent' });

export const StockNoticeSchema = z
  .object({
    reference: z.string(),
    sku: z.string(),
    productName: z.string(),
    status: z.enum(['waiting', 'sent', 'unsubscribed']),
    /** True when the same address was already waiting for this product: nothing new was stored. */
    alreadyWaiting: z.boolean(),
  })
  .meta({ id: 'StockNotice' });
export type StockNotice = z.infer<typeof StockNoticeSchema>;

export const OpenRoleSchema = z.object({ id: z.string(), title: z.string(), location: z.string(), summary: z.string() }).meta({ id: 'OpenRole' });
export const OpenRolesSchema = z.object({ roles: z.array(OpenRoleSchema) }).meta({ id: 'OpenRoles' });

export const PersonalDataStoreViewSchema = z
  .object({
    module: z.string().describe('The module that holds the store'),
    label: z.string(),
    effect: z.enum(['deleted', 'anonymised', 'kept']),
    records: z.number().int().describe('Before erasure, the records about the person; after it, the records it deleted or anonymised (or kept)'),
    foundBy: z.array(z.string()).describe('How the records are found: by user id, e-mail address, or not at all'),
    remains: z.string().nullable().describe('For an anonymised store: what is left'),
    reason: z.string().nullable().describe('For a kept store: the legal reason'),
    period: z.string().nullable().describe('For a kept store: how long'),
  })
  .meta({ id: 'PersonalDataStoreView' });
export type PersonalDataStoreView = z.infer<typeof PersonalDataStoreViewSchema>;

export const ErasurePlanSchema = z
  .object({
    reference: z.string(),
    status: z.string(),
    emailAddress: z.string(),
    identityConfirmed: z.boolean(),
    account: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable().describe('The account to erase, when one has this address'),
    erase: z.array(z.string()).describe('What will be deleted or anonymised'),
    keep: z.array(z.string()).describe('What must be kept, and why (tax records for 6 years)'),
    orders: z.array(z.object({ orderNumber: z.string(), placedAt: Instant, keepUntil: z.iso.date() })),
    stores: z.array(PersonalDataStoreViewSchema).describe('Every store of personal data the shop declares, and what erasure does (or did) to it'),
    afterwards: z
      .object({
        filesRemoved: z.number().int(),
        paymentCustomersDeleted: z.number().int(),
        pending: z
          .array(
            z.object({
              kind: z.enum(['file', 'payment_customer']),
              reference: z.string().describe('The file’s id, or the payment provider’s customer id'),
              attempts: z.number().int(),
              lastError: z.string().nullable(),
              nextAttemptAt: Instant,
            }),
          )
          .describe('What could not be deleted yet: it is tried again, with backoff, until it is done'),
      })
      .nullable()
      .describe('Once erased: what was forgotten outside the database (uploaded files, the payment provider’s customer)'),
    erasedAt: Instant.nullable(),
  })
  .meta({ id: 'ErasurePlan' });
export type ErasurePlan = z.infer<typeof ErasurePlanSchema>;

export const StockLevelViewSchema = z
  .object({
    sku: z.string(),
    productName: z.string(),
    status: z.string(),
    onHand: z.number().int(),
    available: z.number().int(),
    waitingNotices: z.number().int().describe('Back-in-stock notices waiting to be sent'),
  })
  .meta({ id: 'StockLevelView' });
export type StockLevelView = z.infer<typeof StockLevelViewSchema>;

export const AddStockRequestSchema = z
  .object(
    {
      quantity: z
        .number({ error: 'Enter how many arrived, as a whole number' })
        .int('Enter how many arrived, as a whole number')
        .min(1, 'Enter a quantity of 1 or more')
        .max(100_000, 'Enter a quantity of 100,000 or fewer'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'AddStockRequest' });

const TokenParams = z.object({
  token: z.string({ error: 'This link is not complete' }).min(16, 'This link is not complete').max(200, 'This link is not complete'),
});
const ReferenceParams = z.object({
  reference: z.string({ error: 'Enter a reference' }).trim().min(1, 'Enter a reference').max(20, 'Enter a reference like HC-7K3P9Q'),
});
const SkuParams = z.object({ sku: Sku });

const enquiry = <const P extends string, B extends z.ZodType>(path: P, summary: string, body: B, description?: string) =>
  defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path,
    summary,
    description:
      `${description ? `${description} ` : ''}A guest gives name and emailAddress (422 ENQUIRY_CONTACT_MISSING); ` +
      'a signed-in customer’s come from their account. ' +
      'Answers the reference and when the team aims to answer; the acknowledgement e-mail says the same.',
    body,
    responses: { 201: EnquiryAcceptedSchema },
  });

const staff = requireRole('order-admin', 'admin');

export const helpCentreEnquiryEndpoints = {
  requestPriceMatch: enquiry(
    '/Enquiry/product-price',
    'Asks us to match a lower delivered price elsewhere (like for like, in stock)',
    PriceMatchRequestSchema,
    '422 ENQUIRY_PRODUCT_UNKNOWN for a product code we do not sell; 422 PRICE_MATCH_NOT_IN_STOCK when the other shop does not have it in stock.',
  ),
  askProductQuestion: enquiry('/Enquiry/product-question', 'Asks a question about a product', ProductQuestionRequestSchema, '422 ENQUIRY_PRODUCT_UNKNOWN.'),
  sendGeneralEnquiry: enquiry('/Enquiry/general-enquiry', 'Sends a general enquiry', GeneralEnquiryRequestSchema),
  sendRetailPartnerProductForm: enquiry(
    '/Enquiry/retail-partner-product-form',
    'A supplier offers its products for us to sell',
    RetailPartnerRequestSchema,
    'The path is ours (the spec names the form, not its path).',
  ),
  requestElectricalRecycling: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Enquiry/electrical-recycling-request',
    summary: 'Asks us to take back an old electrical item (WEEE), by drop-off or collection',
    description:
      `multipart/form-data: the fields of WeeeRecyclingFields, and 1 to ${WEEE_MAX_PHOTOS} \`photos\` of the old item ` +
      '(JPEG or PNG, 5 MB each, at most 40 megapixels, kept re-encoded without their metadata). ' +
      `Within ${WEEE_TAKE_BACK_DAYS} days of buying the new item (422 WEEE_WINDOW_CLOSED); an order number must be the customer’s ` +
      '(404 ORDER_NOT_FOUND otherwise, guests by their e-mail address). 422 ENQUIRY_PHOTO_MISSING, 422 ENQUIRY_TOO_MANY_FILES, FILE_* refusals.',
    bodyType: 'multipart',
    responses: { 201: EnquiryAcceptedSchema },
  }),
  requestAccountDeletion: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Enquiry/account-deactivation-delete-request',
    summary: 'Asks us to delete an account and its personal data (UK GDPR erasure)',
    description:
      'Signed in: the identity is confirmed by the session. A guest is sent a confirmation link; the request waits in the inbox marked ' +
      'unconfirmed until it is followed (POST …/confirm/{token}). Staff carry it out.',
    body: AccountDeletionRequestSchema,
    responses: { 201: AccountDeletionAcceptedSchema },
  }),
  confirmAccountDeletion: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Enquiry/account-deactivation-delete-request/confirm/{token}',
    summary: 'Confirms a guest’s erasure request by the link we e-mailed',
    description: 'Not a call of the spec (decision 0030). 404 ERASURE_LINK_INVALID for an unknown link; following it twice is fine.',
    params: TokenParams,
    bodyType: 'none',
    responses: { 200: AccountDeletionAcceptedSchema },
  }),
  sendTradeEnquiry: enquiry('/Enquiry/trade', 'Asks the trade desk about a trade account, band or credit', TradeEnquiryRequestSchema),
  sendMarketingPressEnquiry: enquiry('/Enquiry/marketing-and-press', 'A marketing or press enquiry', MarketingPressRequestSchema),
  requestCatalogue: enquiry('/Enquiry/catalogue-request', 'Asks for a printed catalogue by post', CatalogueRequestSchema),
  requestTradeCallback: enquiry(
    '/Enquiry/trade/call-me-back',
    'Asks the trade desk to call back in a time slot',
    TradeCallbackRequestSchema,
    '422 CALLBACK_DAY_NOT_AVAILABLE for a day in the past, more than 30 days ahead, or not a working day.',
  ),
  emailProductToFriend: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Enquiry/product-email',
    summary: 'E-mails a product (name, price and link) to a friend',
    description: 'Not an inbox request. Limited per client (429 RATE_LIMITED). 422 ENQUIRY_PRODUCT_UNKNOWN.',
    body: ProductEmailRequestSchema,
    responses: { 201: ProductEmailSentSchema },
  }),
  requestBackInStockNotice: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Enquiry/product-notification-request',
    summary: 'Asks to be e-mailed once when a product is back in stock',
    description:
      'Not an inbox request. Asking again for the same product and address answers the one already waiting (alreadyWaiting). ' +
      '422 ENQUIRY_PRODUCT_UNKNOWN; 422 PRODUCT_IN_STOCK when it can be bought now.',
    body: ProductNotificationRequestSchema,
    responses: { 201: StockNoticeSchema },
  }),
  getBackInStockNotice: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'GET',
    path: '/Enquiry/product-notification-request/unsubscribe/{token}',
    summary: 'A back-in-stock notice by the unsubscribe link in its e-mails',
    description: 'Not a call of the spec (decision 0030). 404 STOCK_NOTICE_LINK_INVALID.',
    params: TokenParams,
    responses: { 200: StockNoticeSchema },
  }),
  unsubscribeBackInStockNotice: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Enquiry/product-notification-request/unsubscribe/{token}',
    summary: 'Stops a back-in-stock notice: no e-mail will be sent',
    description: 'Not a call of the spec (decision 0030). Unsubscribing twice is fine. 404 STOCK_NOTICE_LINK_INVALID.',
    params: TokenParams,
    bodyType: 'none',
    responses: { 200: StockNoticeSchema },
  }),
  sendFeedback: enquiry('/Feedback', 'Sends feedback about the shop: a rating from 1 to 5 and comments', FeedbackRequestSchema),
  getOpenRoles: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'GET',
    path: '/Careers/open-roles',
    summary: 'The roles open now, for the careers page',
    description: 'Not a call of the spec (decision 0030).',
    responses: { 200: OpenRolesSchema },
  }),
  applyForJob: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/Careers/job-application-request',
    summary: 'Applies for an open role with a CV',
    description:
      'multipart/form-data: the fields of JobApplicationFields and one `cv` (PDF or Word document, .docx or .doc, at most 5 MB, judged by its ' +
      'content). 422 ENQUIRY_CV_MISSING, FILE_TYPE_NOT_ALLOWED, 413 FILE_TOO_LARGE (as the bytes arrive), 413 FILE_FORM_TOO_LARGE.',
    bodyType: 'multipart',
    responses: { 201: EnquiryAcceptedSchema },
  }),
  getErasurePlan: defineEndpoint({
    service: 'help-centre',
    access: staff,
    method: 'GET',
    path: '/staff/erasure/{reference}',
    summary: 'What erasing the person behind an account deletion request will delete, and what must be kept for tax',
    description: 'Not a call of the spec (decision 0030). 404 HELP_REQUEST_NOT_FOUND for another type or an unknown reference.',
    params: ReferenceParams,
    responses: { 200: ErasurePlanSchema },
  }),
  carryOutErasure: defineEndpoint({
    service: 'help-centre',
    access: staff,
    method: 'POST',
    path: '/staff/erasure/{reference}',
    summary: 'Carries out an account deletion request: the account is deleted, orders keep their amounts without personal details',
    description: 'Not a call of the spec (decision 0030). 409 ERASURE_NOT_CONFIRMED until the identity is confirmed; doing it twice is fine.',
    params: ReferenceParams,
    bodyType: 'none',
    responses: { 200: ErasurePlanSchema },
  }),
  getStockLevel: defineEndpoint({
    service: 'help-centre',
    access: staff,
    method: 'GET',
    path: '/staff/stock/{sku}',
    summary: 'A product code’s stock for the staff stock screen',
    description: 'Not a call of the spec (decision 0030). 422 ENQUIRY_PRODUCT_UNKNOWN.',
    params: SkuParams,
    responses: { 200: StockLevelViewSchema },
  }),
  addStock: defineEndpoint({
    service: 'help-centre',
    access: staff,
    method: 'POST',
    path: '/staff/stock/{sku}',
    summary: 'Records stock that arrived: on hand goes up and the product can be sold again',
    description: 'Not a call of the spec (decision 0030). Waiting back-in-stock notices are sent by the polling job. 422 ENQUIRY_PRODUCT_UNKNOWN.',
    params: SkuParams,
    body: AddStockRequestSchema,
    responses: { 200: StockLevelViewSchema },
  }),
};

export type PriceMatchRequest = z.input<typeof PriceMatchRequestSchema>;
export type WeeeRecyclingFields = z.infer<typeof WeeeRecyclingFieldsSchema>;
export type JobApplicationFields = z.infer<typeof JobApplicationFieldsSchema>;
