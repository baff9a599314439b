import { z } from 'zod';
import { CATALOGUE_INTERESTS, CATALOGUE_REQUEST_MONTHS } from './addresses-values.ts';
import { enteredText } from './checkout.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';

/**
 * The printed catalogue by post (`PUT /api/catalogue/requestCatalogue`: its payload is not shown, so
 * the fields are ours), and the staff's list and posting run. Marketing consent is recorded apart from
 * the request: the brochure is sent either way, and the consent has its own record and wording.
 */

const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };
const Instant = z.iso.datetime({ offset: true });

export const PrintedCatalogueRequestDataSchema = z
  .object(
    {
      name: enteredText('Full name', 120, 'Enter your full name'),
      line1: enteredText('Address line 1', 120, 'Enter address line 1, typically the building and street'),
      line2: enteredText('Address line 2', 120).optional(),
      town: enteredText('Town or city', 80, 'Enter a town or city'),
      county: enteredText('County', 80).optional(),
      postcode: enteredText('Postcode', 16, 'Enter a postcode'),
      udprn: z.number({ error: 'Choose an address from the list again, or enter it by hand' }).int().min(1).max(99_999_999).optional(),
      interests: z
        .array(z.enum(CATALOGUE_INTERESTS, { error: 'Choose bathrooms, heating or trade' }), { error: 'Choose what interests you' })
        .max(CATALOGUE_INTERESTS.length)
        .default([]),
      marketingConsent: z
        .boolean({ error: 'Choose whether we may send you offers by post' })
        .default(false)
        .describe('Offers by post beyond this catalogue; recorded on its own, never needed for the catalogue'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'PrintedCatalogueRequestData' });
export type PrintedCatalogueRequestData = z.input<typeof PrintedCatalogueRequestDataSchema>;

export const PrintedCatalogueAnswerSchema = z
  .object({
    recorded: z.boolean().describe('false: this address already asked within the period; nothing new is recorded'),
    message: z.string().describe('What to tell the customer'),
    requestedAt: Instant.describe('When the request that will be posted was made'),
  })
  .meta({ id: 'PrintedCatalogueAnswer' });
export type PrintedCatalogueAnswer = z.infer<typeof PrintedCatalogueAnswerSchema>;

export const PrintedCatalogueRequestSchema = z
  .object({
    requestId: z.uuid(),
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    town: z.string(),
    county: z.string().nullable(),
    postcode: z.string(),
    udprn: z.number().int().nullable(),
    interests: z.array(z.enum(CATALOGUE_INTERESTS)),
    requestedAt: Instant,
    postedAt: Instant.nullable(),
  })
  .meta({ id: 'PrintedCatalogueRequest' });
export type PrintedCatalogueRequest = z.infer<typeof PrintedCatalogueRequestSchema>;

export const PrintedCatalogueRequestPageSchema = z
  .object({
    items: z.array(PrintedCatalogueRequestSchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    waiting: z.number().int().describe('Requests not yet posted, whatever the filter'),
  })
  .meta({ id: 'PrintedCatalogueRequestPage' });
export type PrintedCatalogueRequestPage = z.infer<typeof PrintedCatalogueRequestPageSchema>;

export const RequesterAddressSchema = z
  .object(
    {
      postcode: enteredText('Postcode', 16, 'Enter the postcode the catalogue was asked for'),
      line1: enteredText('Address line 1', 120, 'Enter address line 1 as the requester gave it, typically the building and street'),
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'CatalogueRequesterAddress', description: 'Postcode and first line, compared without case, spaces or punctuation' });
export type RequesterAddress = z.infer<typeof RequesterAddressSchema>;

export const RequestsAtAddressSchema = z
  .object({
    requests: z.array(PrintedCatalogueRequestSchema),
    consents: z.number().int().describe('Consents to offers by post given at the address'),
  })
  .meta({ id: 'PrintedCatalogueRequestsAtAddress' });
export type RequestsAtAddress = z.infer<typeof RequestsAtAddressSchema>;

export const RequestsErasedSchema = z
  .object({
    erased: z.array(z.object({ label: z.string(), rows: z.number().int() })).describe('Each store of the personal-data declaration, with the rows erased'),
    message: z.string(),
  })
  .meta({ id: 'PrintedCatalogueRequestsErased' });
export type RequestsErased = z.infer<typeof RequestsErasedSchema>;

/** Posting brochures is dispatch work: order administrators, and administrators. */
const dispatchers = requireRole('order-admin', 'admin');

export const catalogueRequestEndpoints = {
  requestPrintedCatalogue: defineEndpoint({
    service: 'accounts',
    access: publicAccess,
    method: 'PUT',
    path: '/api/catalogue/requestCatalogue',
    summary: 'Asks for the printed catalogue by post',
    description:
      `One catalogue per address in ${CATALOGUE_REQUEST_MONTHS} months: asking again is answered 200 with \`recorded: false\` and a message, ` +
      'and records nothing. 400 VALIDATION_FAILED or ADDRESS_POSTCODE_INVALID; 429 RATE_LIMITED.',
    body: PrintedCatalogueRequestDataSchema,
    responses: { 200: PrintedCatalogueAnswerSchema },
  }),
  listPrintedCatalogueRequests: defineEndpoint({
    service: 'accounts',
    access: dispatchers,
    method: 'GET',
    path: '/api/catalogue/requests',
    summary: 'Staff: printed-catalogue requests, newest first',
    description: 'Not a call of the spec.',
    query: z.object({
      status: z.enum(['waiting', 'posted']).optional(),
      pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    responses: { 200: PrintedCatalogueRequestPageSchema },
  }),
  postPrintedCatalogueRequests: defineEndpoint({
    service: 'accounts',
    access: dispatchers,
    method: 'POST',
    path: '/api/catalogue/requests/post',
    summary: 'Staff: every request not yet posted, oldest first, marked posted in the same step (for the mailing CSV)',
    description: 'Not a call of the spec. Two runs at once never hand out one request twice.',
    bodyType: 'none',
    responses: { 200: z.object({ items: z.array(PrintedCatalogueRequestSchema), postedAt: Instant }).meta({ id: 'PrintedCataloguesPosted' }) },
  }),
  findPrintedCatalogueRequestsAtAddress: defineEndpoint({
    service: 'accounts',
    access: dispatchers,
    method: 'POST',
    path: '/api/catalogue/requests/atAddress',
    summary: 'Staff: the requests and postal consents at an address (postcode and first line), to answer an erasure request',
    description: 'Not a call of the spec. A request made signed out names no account or e-mail address: this is how its requester is found.',
    body: RequesterAddressSchema,
    responses: { 200: RequestsAtAddressSchema },
  }),
  erasePrintedCatalogueRequestsAtAddress: defineEndpoint({
    service: 'accounts',
    access: dispatchers,
    method: 'POST',
    path: '/api/catalogue/requests/atAddress/erase',
    summary: 'Staff: erases every request and postal consent at an address (UK GDPR erasure of a requester known only by it)',
    description: 'Not a call of the spec. 404 CATALOGUE_REQUEST_NOT_FOUND when nothing is held at the address; 400 ADDRESS_POSTCODE_INVALID.',
    body: RequesterAddressSchema,
    responses: { 200: RequestsErasedSchema },
  }),
} as const;
