import { z } from 'zod';
import { enteredText, isUkPhoneNumber } from './checkout.ts';
import { defineEndpoint, publicAccess, requireRole, signedIn } from './endpoint.ts';
import {
  TRADE_APPLICATION_MAX_DOCUMENTS,
  TRADE_APPLICATION_STATUSES,
  TRADE_BAND_CHANGE_REASONS,
  TRADE_BUSINESS_TYPES,
  TRADE_DOCUMENT_KINDS,
  TRADE_TYPES,
} from './enumerations.ts';

/**
 * Trade accounts (issue 19, docs/domain.md §3): applying, reviewing, trade accounts and their
 * businesses, bands, the trade dashboard and the trade terms. The spec's calls are under the
 * `accounts` service (`/api/accounts/api/...`); the two terms calls under `projects`
 * (`/api/projects/accounts/...`). Calls the spec does not name (submitting, reading and resubmitting
 * one's own application, its documents, the terms' text) are decision 0028's.
 *
 * Every field a person types has its own message in the GOV.UK design system's words; those reach
 * the storefront's forms as they are. Business numbers are checked by the API against the business
 * type (a refusal has its own code and names the field in `errors`), so a form can show them beside
 * the field too.
 */

const Pence = z.number().int().describe('Integer pence');
const Instant = z.iso.datetime({ offset: true });
/** A body that is not an object at all: only a broken client sends one, but it is still told in words. */
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };

/** Reviewers, and the staff screens that manage trade accounts and businesses. */
const tradeStaff = requireRole('trade-reviewer');
/** A trade customer reading their own account, or a reviewer reading any: another business's is the same 404 as an unknown one. */
const tradeCustomerOrStaff = requireRole('trade', 'trade-reviewer');
const tradeCustomers = requireRole('trade');

// ── what an applicant types ─────────────────────────────────────────────────────────────────────

export const TradeAddressSchema = z
  .object(
    {
      line1: enteredText('Address line 1', 120, 'Enter address line 1, typically the building and street'),
      line2: enteredText('Address line 2', 120).optional(),
      town: enteredText('Town or city', 80, 'Enter a town or city'),
      county: enteredText('County', 80).optional(),
      postcode: enteredText('Postcode', 16, 'Enter a postcode').describe('Checked and written in capitals by the API (TRADE_POSTCODE_INVALID)'),
    },
    { error: 'Enter the business address' },
  )
  .meta({ id: 'TradeAddress' });
export type TradeAddress = z.infer<typeof TradeAddressSchema>;

const wholeNumber = (what: string, max: number, missing: string) =>
  z
    .number({ error: missing })
    .int(`Enter ${what} as a whole number`)
    .min(0, `Enter ${what} as a whole number, 0 or more`)
    .max(max, `Enter ${what} as a whole number, ${max.toLocaleString('en-GB')} or fewer`);

/** The business: who it is, what it does, and where. Staff change it with updateBusiness. */
export const TradeBusinessDetailsSchema = z
  .object(
    {
      legalName: enteredText('Legal name', 160, 'Enter the business’s legal name'),
      tradingName: enteredText('Trading name', 160).optional().describe('Only when it trades under another name'),
      businessType: z.enum(TRADE_BUSINESS_TYPES, { error: 'Choose the type of business' }),
      companyNumber: enteredText('Companies House number', 20)
        .optional()
        .describe(
          'Required for a limited company or LLP: 8 characters, 8 digits or 2 letters and 6 digits (SC, NI, OC…). Checked against ' +
            'the business type by the API (TRADE_COMPANY_NUMBER_INVALID); spaces are removed and letters written in capitals.',
        ),
      vatNumber: enteredText('VAT number', 20)
        .optional()
        .describe('Leave out when not VAT registered. GB and 9 or 12 digits (or a GD or HA number); checked by the API (TRADE_VAT_NUMBER_INVALID).'),
      trade: z.enum(TRADE_TYPES, { error: 'Choose your trade' }),
      tradeOther: enteredText('Your trade', 80).optional().describe('Required when trade is `other`: what the business does'),
      yearsTrading: wholeNumber('the years the business has traded', 200, 'Enter how many years the business has traded, as a whole number'),
      employees: wholeNumber('the number of employees', 1_000_000, 'Enter the number of employees, as a whole number'),
      address: TradeAddressSchema,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeBusinessDetails' });
export type TradeBusinessDetails = z.infer<typeof TradeBusinessDetailsSchema>;

/** The person the shop deals with, and the business's trade registrations. Staff change them with updateDetails. */
export const TradeContactDetailsSchema = z
  .object(
    {
      contactName: enteredText('Contact name', 120, 'Enter the name of the person we should contact'),
      contactRole: enteredText('Role', 80).optional().describe('e.g. Director, Office manager'),
      contactPhone: enteredText('Phone number', 30, 'Enter a phone number').refine(
        isUkPhoneNumber,
        'Enter a UK phone number, like 07700 900123 or 020 7946 0000',
      ),
      contactEmail: enteredText('Contact e-mail address', 320)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an e-mail address in the correct format, like name@example.com')
        .optional()
        .describe('Where trade e-mails go, when not the sign-in address'),
      gasSafeNumber: enteredText('Gas Safe registration number', 20)
        .regex(/^\d{6,7}$/, 'Enter a Gas Safe registration number of 6 or 7 digits, like 123456')
        .optional(),
      niceicNumber: enteredText('NICEIC number', 20)
        .regex(/^[A-Za-z0-9/-]{4,20}$/, 'Enter the NICEIC number as it is on your certificate, letters and digits only')
        .optional(),
      otherRegistration: enteredText('Other registration', 120).optional().describe('Any other scheme and number, e.g. "WRAS approved contractor 12345"'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeContactDetails', description: 'updatedAccountDetailsDto' });
export type TradeContactDetails = z.infer<typeof TradeContactDetailsSchema>;

export const TradeApplicationDataSchema = z
  .object(
    {
      ...TradeBusinessDetailsSchema.shape,
      ...TradeContactDetailsSchema.shape,
      expectedMonthlySpendPence: z
        .number({ error: 'Enter your expected monthly spend with us, in pounds' })
        .int('Enter your expected monthly spend in whole pounds')
        .min(0, 'Enter your expected monthly spend, £0 or more')
        .max(100_000_000, 'Enter an expected monthly spend of £1,000,000 or less')
        .describe('Pence, ex VAT'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({
    id: 'TradeApplicationData',
    description: 'What an applicant sends: the business, the contact and the expected spend. Documents are uploaded after, one per call.',
  });
export type TradeApplicationData = z.infer<typeof TradeApplicationDataSchema>;

const Answer = enteredText('Your answer', 2000, 'Enter your answer to our question');
export const TradeApplicationResubmitSchema = z
  .object(
    {
      answer: Answer,
      details: TradeApplicationDataSchema.optional().describe('The application with any corrections; without it the details stay as they were'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeApplicationResubmit' });
export type TradeApplicationResubmit = z.infer<typeof TradeApplicationResubmitSchema>;

// ── what a reviewer sends ───────────────────────────────────────────────────────────────────────

const BandCode = z.string({ error: 'Choose a trade band' }).trim().min(1, 'Choose a trade band').max(16, 'Choose one of the trade bands');
const ExpectedVersion = z
  .number({ error: 'The version must be a whole number' })
  .int('The version must be a whole number')
  .positive('The version must be a whole number')
  .optional()
  .describe('The version the reviewer was looking at: when the application has changed since, the call is 409 TRADE_APPLICATION_CHANGED');

export const ApproveTradeApplicationSchema = z
  .object(
    {
      bandCode: BandCode.describe('The band the account starts on, e.g. T2'),
      note: enteredText('Note', 1000).optional().describe('For staff only'),
      version: ExpectedVersion,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ApproveTradeApplication' });
export const DisapproveTradeApplicationSchema = z
  .object({ reason: enteredText('Reason', 1000, 'Enter the reason: the applicant reads it'), version: ExpectedVersion }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'DisapproveTradeApplication' });
export const RequireMoreInfoSchema = z
  .object({ question: enteredText('Question', 1000, 'Enter the question for the applicant'), version: ExpectedVersion }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'RequireMoreInfo' });
export const SetTradeBandSchema = z
  .object({ bandCode: BandCode, reason: enteredText('Reason', 500, 'Enter the reason for the change: it is kept in the band history') }, BODY_NOT_AN_OBJECT)
  .meta({ id: 'SetTradeBand' });

// ── searches ────────────────────────────────────────────────────────────────────────────────────

const DateText = (what: string) => z.iso.date({ error: `Enter the ${what} as a date, like 2025-03-31` });
const paging = {
  pageNumber: z
    .number({ error: 'The page number must be a whole number' })
    .int('The page number must be a whole number')
    .min(1, 'Pages start at 1')
    .max(100_000, 'That page is too far on')
    .default(1),
  pageSize: z
    .number({ error: 'The page size must be a whole number' })
    .int('The page size must be a whole number')
    .min(1, 'Show at least 1 per page')
    .max(100, 'Show at most 100 per page')
    .default(20),
  sortDirection: z.enum(['asc', 'desc'], { error: 'Sort ascending or descending' }).default('desc'),
};
const SearchText = z.string({ error: 'Search for text' }).trim().max(120, 'Search for 120 characters or fewer').optional();

export const TradeApplicationSearchSchema = z
  .object(
    {
      text: SearchText.describe(
        'Words found in the legal or trading name, contact name, e-mail, postcode, Companies House or VAT number, or the trade external id',
      ),
      statuses: z
        .array(z.enum(TRADE_APPLICATION_STATUSES, { error: 'Choose a status from the list' }))
        .max(4)
        .optional(),
      bandCodes: z.array(BandCode).max(10).optional().describe('The band approved applications were given'),
      submittedFrom: DateText('first day').optional().describe('Submitted on or after this day (UK time)'),
      submittedTo: DateText('last day').optional().describe('Submitted on or before this day (UK time)'),
      sortBy: z.enum(['submittedAt', 'updatedAt', 'legalName'], { error: 'Sort by submitted, updated or name' }).default('submittedAt'),
      ...paging,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeApplicationSearch' });
export type TradeApplicationSearch = z.input<typeof TradeApplicationSearchSchema>;

export const TradeAccountSearchSchema = z
  .object(
    {
      text: SearchText.describe(
        'Words found in the legal or trading name, contact name, e-mail, postcode, Companies House or VAT number, or the trade external id',
      ),
      bandCodes: z.array(BandCode).max(10).optional(),
      createdFrom: DateText('first day').optional().describe('Opened on or after this day (UK time)'),
      createdTo: DateText('last day').optional().describe('Opened on or before this day (UK time)'),
      sortBy: z.enum(['createdAt', 'legalName', 'band'], { error: 'Sort by opened, name or band' }).default('createdAt'),
      ...paging,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'TradeAccountSearch' });
export type TradeAccountSearch = z.input<typeof TradeAccountSearchSchema>;

// ── what the API answers ───────────────────────────────────────────────────────────────────────

export const TradeBandSchema = z
  .object({
    code: z.string().describe('e.g. T2'),
    name: z.string().describe('e.g. Silver'),
    discountBasisPoints: z.number().int().describe('Taken off ex-VAT prices: 1000 = 10%'),
    qualifyingSpendExVat: Pence.describe('Rolling 12-month spend ex VAT, net of refunds, that reaches the band; 0 for the band given on approval'),
  })
  .meta({ id: 'TradeBand' });
export type TradeBand = z.infer<typeof TradeBandSchema>;

export const TradeDocumentSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(TRADE_DOCUMENT_KINDS),
    fileName: z.string().describe('As uploaded, for people; the file is stored under its own id'),
    contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png']).describe('From the file’s content, not its name'),
    sizeBytes: z.number().int(),
    uploadedAt: Instant,
  })
  .meta({ id: 'TradeDocument' });
export type TradeDocument = z.infer<typeof TradeDocumentSchema>;

export const TradeApplicationEventSchema = z
  .object({
    from: z.enum(TRADE_APPLICATION_STATUSES).nullable().describe('null for the first submission'),
    to: z.enum(TRADE_APPLICATION_STATUSES),
    at: Instant,
    by: z.string().nullable().describe('Who: the reviewer’s name, or the applicant’s; null in what applicants see of staff'),
    note: z.string().nullable().describe('The question, answer, reason or (staff only) approval note'),
  })
  .meta({ id: 'TradeApplicationEvent' });

export const TradeApplicationSchema = z
  .object({
    id: z.number().int().describe('The `{id}` of approve, disapprove and requireMoreInfo'),
    tradeExternalId: z.string().describe('Unguessable; the trade account approval opens keeps it'),
    status: z.enum(TRADE_APPLICATION_STATUSES),
    version: z.number().int().describe('Goes up with every change: send it back to approve, disapprove or ask, to act on what you saw'),
    applicant: z.object({ userId: z.string(), email: z.string(), name: z.string() }),
    details: TradeApplicationDataSchema,
    documents: z.array(TradeDocumentSchema),
    question: z.string().nullable().describe('more_info_required: what the reviewer asked'),
    answer: z.string().nullable().describe('The applicant’s latest answer'),
    disapprovalReason: z.string().nullable().describe('disapproved: why, for the applicant'),
    approvedBand: TradeBandSchema.nullable(),
    tradeAccountId: z.number().int().nullable().describe('approved: the trade account it opened'),
    submittedAt: Instant,
    updatedAt: Instant,
    decidedAt: Instant.nullable(),
    history: z.array(TradeApplicationEventSchema).describe('Oldest first'),
  })
  .meta({ id: 'TradeApplication' });
export type TradeApplication = z.infer<typeof TradeApplicationSchema>;

export const TradeApplicationSummarySchema = z
  .object({
    id: z.number().int(),
    tradeExternalId: z.string(),
    status: z.enum(TRADE_APPLICATION_STATUSES),
    legalName: z.string(),
    tradingName: z.string().nullable(),
    businessType: z.enum(TRADE_BUSINESS_TYPES),
    trade: z.enum(TRADE_TYPES),
    contactName: z.string(),
    email: z.string(),
    postcode: z.string(),
    expectedMonthlySpendPence: Pence,
    documentCount: z.number().int(),
    approvedBandCode: z.string().nullable(),
    submittedAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'TradeApplicationSummary' });

const pageOf = <T extends z.ZodType>(item: T) => ({
  items: z.array(item),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});

export const TradeApplicationPageSchema = z
  .object({
    ...pageOf(TradeApplicationSummarySchema),
    statusCounts: z
      .object(
        Object.fromEntries(TRADE_APPLICATION_STATUSES.map((status) => [status, z.number().int()])) as Record<
          (typeof TRADE_APPLICATION_STATUSES)[number],
          z.ZodNumber
        >,
      )
      .describe('Applications in each status, over the whole queue (not only this search)'),
  })
  .meta({ id: 'TradeApplicationPage' });
export type TradeApplicationPage = z.infer<typeof TradeApplicationPageSchema>;

export const BusinessSchema = TradeBusinessDetailsSchema.extend({
  id: z.number().int(),
  tradingName: z.string().nullable(),
  companyNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  tradeOther: z.string().nullable(),
  address: TradeAddressSchema.extend({ line2: z.string().nullable(), county: z.string().nullable() }),
  band: TradeBandSchema,
  bandSetBy: z.enum(TRADE_BAND_CHANGE_REASONS).describe('How the business came to its band: approval, spend (moved up by itself) or staff'),
  bandChangedAt: Instant,
  accountCount: z.number().int(),
  createdAt: Instant,
}).meta({ id: 'Business' });
export type Business = z.infer<typeof BusinessSchema>;

export const TradeBandChangeSchema = z
  .object({
    from: z.string().nullable().describe('null when the business got its first band'),
    to: z.string(),
    reason: z.enum(TRADE_BAND_CHANGE_REASONS),
    note: z.string().nullable(),
    by: z.string().nullable().describe('The staff member; null when the spend moved it'),
    spendLast12MonthsExVat: Pence.nullable().describe('The spend that moved it (reason spend)'),
    at: Instant,
  })
  .meta({ id: 'TradeBandChange' });

export const TradeAccountSchema = z
  .object({
    id: z.number().int().describe('The `{id}` of updateBusiness, resetPassword and TradeAccounts/internal'),
    tradeExternalId: z.string(),
    status: z.enum(['active']),
    user: z.object({ id: z.string(), email: z.string(), name: z.string() }).describe('The account holder, who signs in'),
    details: TradeContactDetailsSchema.extend({
      contactRole: z.string().nullable(),
      contactEmail: z.string().nullable(),
      gasSafeNumber: z.string().nullable(),
      niceicNumber: z.string().nullable(),
      otherRegistration: z.string().nullable(),
    }),
    business: BusinessSchema,
    applicationId: z.number().int().nullable(),
    termsAcceptedVersion: z.number().int().nullable().describe('The trade terms version last accepted'),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .meta({ id: 'TradeAccount' });
export type TradeAccount = z.infer<typeof TradeAccountSchema>;

export const TradeAccountSummarySchema = z
  .object({
    id: z.number().int(),
    tradeExternalId: z.string(),
    email: z.string(),
    contactName: z.string(),
    businessId: z.number().int(),
    legalName: z.string(),
    tradingName: z.string().nullable(),
    postcode: z.string(),
    band: TradeBandSchema,
    createdAt: Instant,
  })
  .meta({ id: 'TradeAccountSummary' });
export type TradeAccountSummary = z.infer<typeof TradeAccountSummarySchema>;
export const TradeAccountPageSchema = z.object(pageOf(TradeAccountSummarySchema)).meta({ id: 'TradeAccountPage' });

export const TradeOrderSummarySchema = z
  .object({
    orderNumber: z.string(),
    status: z.string(),
    placedAt: Instant,
    itemCount: z.number().int(),
    totalExVat: Pence,
    totalIncVat: Pence,
    refundedPence: Pence.describe('Inc VAT, as refunded'),
    savingsExVat: Pence.describe('What trade prices saved on it, ex VAT'),
  })
  .meta({ id: 'TradeOrderSummary' });
export type TradeOrderSummary = z.infer<typeof TradeOrderSummarySchema>;

/** A band and how far the business is from the next. */
export const TradeBandAccountSchema = z
  .object({
    tradeAccountId: z.number().int(),
    tradeExternalId: z.string(),
    email: z.string(),
    businessId: z.number().int(),
    businessName: z.string(),
    band: TradeBandSchema,
    nextBand: TradeBandSchema.nullable().describe('null on the top band'),
    spendLast12MonthsExVat: Pence.describe('Ex VAT, net of refunds, over the last 12 months'),
    spendToNextBandExVat: Pence.nullable().describe('How much more reaches the next band; null on the top band'),
    bandSetBy: z.enum(TRADE_BAND_CHANGE_REASONS),
    bandChangedAt: Instant,
    history: z.array(TradeBandChangeSchema).describe('Newest first'),
  })
  .meta({ id: 'TradeBandAccount' });
export type TradeBandAccount = z.infer<typeof TradeBandAccountSchema>;

/** What staff see of an account: the account, its band and history, and its latest orders. */
export const TradeAccountForStaffSchema = TradeAccountSchema.extend({
  bandAccount: TradeBandAccountSchema,
  recentOrders: z.array(TradeOrderSummarySchema).describe('The business’s latest 20 trade orders, newest first'),
}).meta({ id: 'TradeAccountForStaff' });
export type TradeAccountForStaff = z.infer<typeof TradeAccountForStaffSchema>;

/** A sign-in account as staff see it: who they are, their roles, and their trade account and latest application. */
export const InternalAccountSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    roles: z.array(z.string()),
    tradeAccount: TradeAccountSummarySchema.nullable(),
    latestApplication: TradeApplicationSummarySchema.nullable(),
  })
  .meta({ id: 'InternalAccount' });
export type InternalAccount = z.infer<typeof InternalAccountSchema>;

export const TradeSummarySchema = z
  .object({
    tradeExternalId: z.string(),
    businessName: z.string(),
    band: TradeBandSchema,
    nextBand: TradeBandSchema.nullable(),
    spendToNextBandExVat: Pence.nullable(),
    progressToNextBandBasisPoints: z.number().int().describe('0 to 10000: the share of the way from this band’s spend to the next’s (10000 on the top band)'),
    spend: z
      .object({
        thisMonthExVat: Pence,
        thisQuarterExVat: Pence,
        last12MonthsExVat: Pence,
      })
      .describe('Ex VAT, net of refunds: trade orders of the business, not cancelled'),
    savingsLast12MonthsExVat: Pence.describe('What trade prices saved over the last 12 months, ex VAT'),
    openOrders: z
      .object({ count: z.number().int(), items: z.array(TradeOrderSummarySchema).describe('Up to 5, newest first') })
      .describe('Placed and not yet delivered'),
    latestOrder: TradeOrderSummarySchema.nullable(),
    asOf: Instant,
  })
  .meta({ id: 'TradeSummary' });
export type TradeSummary = z.infer<typeof TradeSummarySchema>;

export const BuyAgainProductSchema = z
  .object({
    sku: z.string(),
    productId: z.number().int(),
    productName: z.string(),
    productSlug: z.string(),
    label: z.string(),
    imageUrl: z.string().nullable(),
    timesOrdered: z.number().int().describe('Orders it was on'),
    quantityOrdered: z.number().int(),
    lastOrderedAt: Instant,
    unitPriceExVat: Pence.describe('Today’s price for the caller (their band), ex VAT'),
    unitPriceIncVat: Pence,
    retailPriceIncVat: Pence,
    stockStatus: z.enum(['in_stock', 'low_stock', 'made_to_order', 'out_of_stock']),
    maxQuantity: z.number().int().describe('The most that can be ordered now; 0 when it cannot'),
    available: z.boolean().describe('Still sold and can be ordered now'),
  })
  .meta({ id: 'BuyAgainProduct' });
export type BuyAgainProduct = z.infer<typeof BuyAgainProductSchema>;

export const TradeTermsSchema = z
  .object({
    version: z.number().int(),
    title: z.string(),
    publishedAt: Instant,
    sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  })
  .meta({ id: 'TradeTerms' });
export type TradeTerms = z.infer<typeof TradeTermsSchema>;

export const TermsCheckSchema = z
  .object({
    currentVersion: z.number().int(),
    accepted: z.boolean().describe('The current version is accepted'),
    acceptedVersion: z.number().int().nullable().describe('The latest version accepted, if any'),
    acceptedAt: Instant.nullable(),
  })
  .meta({ id: 'TermsCheck' });
export type TermsCheck = z.infer<typeof TermsCheckSchema>;

// ── the calls ───────────────────────────────────────────────────────────────────────────────────

const ApplicationIdParams = z.object({
  id: z.coerce
    .number({ error: 'An application id is a whole number' })
    .int('An application id is a whole number')
    .positive('An application id is a whole number'),
});
const AccountIdParams = z.object({
  id: z.coerce
    .number({ error: 'A trade account id is a whole number' })
    .int('A trade account id is a whole number')
    .positive('A trade account id is a whole number'),
});
const TradeExternalIdParams = z.object({
  tradeExternalId: z.string().trim().min(1, 'Give the trade external id').max(40, 'That is not a trade external id'),
});
const refusalsNote = 'Another business’s account is the same 404 TRADE_ACCOUNT_NOT_FOUND as an unknown one.';

export const tradeEndpoints = {
  // applying
  submitTradeApplication: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'POST',
    path: '/api/TradeAccountApplications',
    summary: 'Applies for a trade account for the signed-in customer',
    description:
      'Not a call of the spec (decision 0028). 409 TRADE_APPLICATION_ALREADY_OPEN when one is waiting for review or ' +
      'for an answer; 409 TRADE_ACCOUNT_EXISTS for a trade account holder; 422 TRADE_COMPANY_NUMBER_INVALID, ' +
      'TRADE_VAT_NUMBER_INVALID, TRADE_POSTCODE_INVALID or TRADE_APPLICATION_INCOMPLETE (a trade of `other` with no ' +
      'description, a limited company or LLP with no number) with the field named in `errors`. Nothing is stored when refused.',
    body: TradeApplicationDataSchema,
    responses: { 201: TradeApplicationSchema },
  }),
  getMyTradeApplication: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: '/api/TradeAccountApplications/mine',
    summary: 'The signed-in customer’s latest application: its status, the question when more information is asked for, and the reason when it was turned down',
    description: 'Not a call of the spec (decision 0028). 404 TRADE_APPLICATION_NOT_FOUND when they have never applied.',
    responses: { 200: TradeApplicationSchema },
  }),
  resubmitMyTradeApplication: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'PUT',
    path: '/api/TradeAccountApplications/mine/resubmit',
    summary: 'Answers the reviewer’s question (and corrects the details, if sent) and sends the application back for review',
    description: 'Not a call of the spec (decision 0028). 409 TRADE_APPLICATION_NOT_AWAITING_ANSWER unless more information was asked for.',
    body: TradeApplicationResubmitSchema,
    responses: { 200: TradeApplicationSchema },
  }),
  uploadTradeApplicationDocument: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'POST',
    path: '/api/TradeAccountApplications/mine/documents',
    summary: 'Adds a proof document to the open application: a PDF, JPEG or PNG of at most 5 MB',
    description:
      'Not a call of the spec (decision 0028). multipart/form-data with the file in `file` and, optionally, `kind` (one of ' +
      TRADE_DOCUMENT_KINDS.join(', ') +
      '). The type is read from the content, not the name: 422 FILE_TYPE_NOT_ALLOWED for anything else, ' +
      '413 FILE_TOO_LARGE above 5 MB, 422 FILE_EMPTY for an empty one, 422 FILE_IMAGE_TOO_LARGE for a picture past 40 megapixels, ' +
      '422 FILE_UNREADABLE for one that does not decode (a picture is kept re-encoded, without its metadata), 400 TRADE_DOCUMENT_MISSING ' +
      'without a file, 400 TRADE_DOCUMENT_KIND_UNKNOWN for another kind, 409 TRADE_DOCUMENT_LIMIT after ' +
      TRADE_APPLICATION_MAX_DOCUMENTS +
      ', 409 TRADE_APPLICATION_NOT_OPEN when there is no open application. A refusal stores nothing.',
    bodyType: 'multipart',
    responses: { 201: TradeApplicationSchema },
  }),
  getTradeApplicationDocument: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: '/api/TradeAccountApplications/{tradeExternalId}/documents/{documentId}',
    summary: 'Downloads one document of an application (reviewers, and the applicant their own)',
    description:
      'Not a call of the spec (decision 0028). Answers the file itself, as an attachment, with ' +
      'its sniffed type. Someone else’s is the same 404 TRADE_DOCUMENT_NOT_FOUND as an unknown one.',
    params: TradeExternalIdParams.extend({ documentId: z.uuid({ error: 'That is not a document id' }) }),
    responses: { 200: z.string().describe('The file’s bytes') },
  }),

  // reviewing
  searchTradeApplications: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'POST',
    path: '/api/TradeAccountApplications/Search',
    summary: 'Applications for reviewers: text, status, band and dates, paged and sorted, with counts per status',
    body: TradeApplicationSearchSchema,
    responses: { 200: TradeApplicationPageSchema },
  }),
  getTradeApplication: defineEndpoint({
    service: 'accounts',
    access: signedIn,
    method: 'GET',
    path: '/api/TradeAccountApplications/{tradeExternalId}',
    summary: 'One application with its documents and history (reviewers, and the applicant their own)',
    description: 'Someone else’s application is the same 404 TRADE_APPLICATION_NOT_FOUND as an unknown one.',
    params: TradeExternalIdParams,
    responses: { 200: TradeApplicationSchema },
  }),
  approveTradeApplication: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/TradeAccountApplications/approve/{id}',
    summary: 'Approves an application on a band: opens the trade account and its business, and e-mails the applicant',
    description:
      'The applicant gets the trade role from their next token and trade prices at once. 409 TRADE_APPLICATION_ALREADY_DECIDED when it ' +
      'was approved or turned down already (another reviewer, at the same moment too); 409 TRADE_APPLICATION_AWAITING_ANSWER while the ' +
      'applicant has a question to answer; 409 TRADE_APPLICATION_CHANGED when `version` is not the current one; 422 TRADE_BAND_UNKNOWN.',
    params: ApplicationIdParams,
    body: ApproveTradeApplicationSchema,
    responses: { 200: TradeApplicationSchema },
  }),
  disapproveTradeApplication: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/TradeAccountApplications/disapprove/{id}',
    summary: 'Turns an application down with a reason the applicant reads, and e-mails them',
    description: '409 TRADE_APPLICATION_ALREADY_DECIDED or TRADE_APPLICATION_CHANGED as approve.',
    params: ApplicationIdParams,
    body: DisapproveTradeApplicationSchema,
    responses: { 200: TradeApplicationSchema },
  }),
  requireMoreInfoForTradeApplication: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/TradeAccountApplications/requireMoreInfo/{id}',
    summary: 'Asks the applicant a question; they answer and resubmit',
    description:
      '409 TRADE_APPLICATION_ALREADY_DECIDED or TRADE_APPLICATION_CHANGED as approve; ' +
      '409 TRADE_APPLICATION_AWAITING_ANSWER when a question is already waiting.',
    params: ApplicationIdParams,
    body: RequireMoreInfoSchema,
    responses: { 200: TradeApplicationSchema },
  }),

  // accounts and businesses (staff)
  searchTradeAccounts: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'POST',
    path: '/api/TradeAccounts/Search',
    summary: 'Trade accounts for staff: text, band and dates, paged and sorted',
    body: TradeAccountSearchSchema,
    responses: { 200: TradeAccountPageSchema },
  }),
  searchBusinesses: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'GET',
    path: '/api/Businesses/Search',
    summary: 'Businesses whose name, postcode, Companies House or VAT number matches, up to 50',
    query: z.object({
      searchString: z
        .string({ error: 'Enter something to search for' })
        .trim()
        .min(1, 'Enter something to search for')
        .max(120, 'Search for 120 characters or fewer'),
    }),
    responses: { 200: z.array(BusinessSchema) },
  }),
  getInternalAccount: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'GET',
    path: '/api/Accounts/internal/{id}',
    summary: 'A sign-in account by its user id, with its trade account and latest application',
    description: '404 ACCOUNT_NOT_FOUND for an unknown id.',
    params: z.object({ id: z.string().trim().min(1, 'Give the account id').max(64, 'That is not an account id') }),
    responses: { 200: InternalAccountSchema },
  }),
  getTradeAccountInternal: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'GET',
    path: '/api/TradeAccounts/internal/{id}',
    summary: 'A trade account by id, with its business, band history and latest orders',
    params: AccountIdParams,
    responses: { 200: TradeAccountForStaffSchema },
  }),
  getTradeBandAccountByEmail: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'GET',
    path: '/api/TradeAccounts/tradeBandAccount/{email}',
    summary: 'The band and 12-month spend of the trade account whose holder signs in with this e-mail address',
    description: '404 TRADE_ACCOUNT_NOT_FOUND when no trade account holder has it.',
    params: z.object({ email: z.string().trim().min(3, 'Enter an e-mail address').max(320, 'Enter an e-mail address of 320 characters or fewer') }),
    responses: { 200: TradeBandAccountSchema },
  }),
  getTradeBandAccount: defineEndpoint({
    service: 'accounts',
    access: tradeCustomerOrStaff,
    method: 'GET',
    path: '/api/TradeAccounts/{tradeExternalId}/tradeBandAccount',
    summary: 'A trade account’s band, 12-month spend and how far the next band is, with the band history',
    description: refusalsNote,
    params: TradeExternalIdParams,
    responses: { 200: TradeBandAccountSchema },
  }),
  getTradeAccount: defineEndpoint({
    service: 'accounts',
    access: tradeCustomerOrStaff,
    method: 'GET',
    path: '/api/TradeAccounts/{tradeExternalId}',
    summary: 'A trade account with its details and business',
    description: refusalsNote,
    params: TradeExternalIdParams,
    responses: { 200: TradeAccountSchema },
  }),
  updateTradeAccountDetails: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/TradeAccounts/{tradeExternalId}/updateDetails',
    summary: 'Replaces a trade account’s contact details and registrations',
    params: TradeExternalIdParams,
    body: TradeContactDetailsSchema,
    responses: { 200: TradeAccountSchema },
  }),
  updateTradeAccountBusiness: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/TradeAccounts/{id}/updateBusiness',
    summary: 'Replaces the details of a trade account’s business (not its band: see Businesses/{id}/TradeBand)',
    description: '422 TRADE_COMPANY_NUMBER_INVALID, TRADE_VAT_NUMBER_INVALID, TRADE_POSTCODE_INVALID or TRADE_APPLICATION_INCOMPLETE as for an application.',
    params: AccountIdParams,
    body: TradeBusinessDetailsSchema,
    responses: { 200: TradeAccountSchema },
  }),
  setBusinessTradeBand: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/Businesses/{id}/TradeBand',
    summary: 'Moves a business to a band, up or down, with a reason kept in its band history',
    description:
      '422 TRADE_BAND_UNKNOWN; 404 BUSINESS_NOT_FOUND; 409 TRADE_BUSINESS_BAND_CHANGED when someone else changed ' +
      'the band while this change was made (nothing changed: look at the band again). The business’s customers are priced ' +
      'on the new band within seconds (each instance keeps a customer’s band 5 seconds).',
    params: z.object({
      id: z.coerce.number({ error: 'A business id is a whole number' }).int('A business id is a whole number').positive('A business id is a whole number'),
    }),
    body: SetTradeBandSchema,
    responses: { 200: BusinessSchema },
  }),
  resetTradeAccountPassword: defineEndpoint({
    service: 'accounts',
    access: tradeStaff,
    method: 'PUT',
    path: '/api/TradeAccounts/{id}/resetPassword',
    summary: 'Sends the account holder the sign-in provider’s reset e-mail; staff never see or set a password',
    description:
      '429 TRADE_RESET_THROTTLED when too many resets were sent to the address lately. 409 ' +
      'TRADE_RESET_NOT_AVAILABLE when sign-in is an external provider’s; 409 TRADE_RESET_NO_SIGN_IN ' +
      '(nothing sent) when the account holder has no sign-in account. `sentTo` is the address the holder signs in with.',
    params: AccountIdParams,
    responses: { 202: z.object({ sentTo: z.string() }).meta({ id: 'PasswordResetSent' }) },
  }),

  // bands
  getTradeBands: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'GET',
    path: '/api/TradeAccounts/tradebands',
    summary: 'The trade bands: name, ex-VAT discount and the 12-month spend that reaches each, lowest first',
    cacheSeconds: 60,
    responses: { 200: z.array(TradeBandSchema) },
  }),

  // the trade customer's pages
  getTradeSummary: defineEndpoint({
    service: 'accounts',
    access: tradeCustomers,
    method: 'GET',
    path: '/api/Dashboard/trade-summary',
    summary:
      'The trade dashboard: spend this month, quarter and 12 months (ex VAT, net of ' +
      'refunds), savings, band and the spend to the next, open orders and the latest',
    description: '404 TRADE_ACCOUNT_NOT_FOUND when the token names no trade account (sign in again after approval).',
    responses: { 200: TradeSummarySchema },
  }),
  getBuyAgainProducts: defineEndpoint({
    service: 'accounts',
    access: tradeCustomers,
    method: 'GET',
    path: '/api/Dashboard/buy-again-products',
    summary: 'What the business orders most, ranked by how often and how recently, with today’s price for the caller and what can be ordered now',
    query: z.object({
      limit: z.coerce
        .number({ error: 'The limit must be a whole number' })
        .int('The limit must be a whole number')
        .min(1, 'Ask for at least 1')
        .max(50, 'Ask for at most 50')
        .default(20),
    }),
    responses: { 200: z.object({ items: z.array(BuyAgainProductSchema) }).meta({ id: 'BuyAgainProducts' }) },
  }),
} as const;

/** The trade terms: answered under the projects service as the spec has it (`/api/projects/accounts/...`). */
export const tradeTermsEndpoints = {
  getTradeTerms: defineEndpoint({
    service: 'projects',
    access: publicAccess,
    method: 'GET',
    path: '/accounts/termsAndConditions',
    summary: 'The current trade terms and conditions, for the page that shows them',
    description: 'Not a call of the spec (decision 0028).',
    cacheSeconds: 60,
    responses: { 200: TradeTermsSchema },
  }),
  acceptTermsAndConditions: defineEndpoint({
    service: 'projects',
    access: tradeCustomers,
    method: 'PUT',
    path: '/accounts/acceptTermsAndConditions',
    summary: 'Records that the trade customer accepts the terms of the version they read, and when',
    description: '409 TRADE_TERMS_VERSION_NOT_CURRENT when `version` is not the current one (read them again). Accepting again is harmless.',
    query: z.object({
      version: z.coerce
        .number({ error: 'Read the current terms, then accept them' })
        .int('Read the current terms, then accept them')
        .positive('Read the current terms, then accept them')
        .describe('The version read'),
    }),
    responses: { 200: TermsCheckSchema },
  }),
  checkTermsAndConditions: defineEndpoint({
    service: 'projects',
    access: tradeCustomers,
    method: 'GET',
    path: '/accounts/checkTermsAndConditions',
    summary: 'Whether the trade customer has accepted the current trade terms (checkout refuses a trade order until they have: 409 TRADE_TERMS_NOT_ACCEPTED)',
    responses: { 200: TermsCheckSchema },
  }),
} as const;
