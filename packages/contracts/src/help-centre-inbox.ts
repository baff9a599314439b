import { z } from 'zod';
import { enteredText } from './checkout.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { ORDER_STATUSES } from './enumerations.ts';
import { HELP_MESSAGE_AUTHORS, HELP_REQUEST_STATUSES, HELP_REQUEST_TYPES } from './help-centre.ts';

/**
 * The staff inbox (issue 20, docs/domain.md §8.5): every enquiry and order request in one queue,
 * filtered, paged and counted against its routing time; one request with its fields, thread, files
 * and order; assigning, replying, changing status and closing, each guarded by the request's
 * `version`. And the customer's side (decision 0032): the reply link in every e-mail about a
 * request shows its thread and takes the customer's answer.
 */

const Instant = z.iso.datetime({ offset: true });
const BODY_NOT_AN_OBJECT = { error: 'Send the details as a JSON object' };

/** What staff can move a request to by hand: `new` is only where a request starts. */
export const HELP_REQUEST_STAFF_STATUSES = ['in_progress', 'waiting_for_customer', 'closed'] as const;
export const HELP_INBOX_SORTS = ['newest', 'oldest'] as const;
export type HelpInboxSort = (typeof HELP_INBOX_SORTS)[number];
export const HELP_INBOX_MAX_PAGE_SIZE = 100;

const DateText = (what: string) => z.iso.date({ error: `Enter the ${what} as a date, like 2026-11-24` });

export const HelpInboxQuerySchema = z.object({
  type: z.enum(HELP_REQUEST_TYPES, { error: 'Choose a request type from the list' }).optional(),
  status: z.enum(HELP_REQUEST_STATUSES, { error: 'Choose new, in progress, waiting for customer or closed' }).optional(),
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^(HC-?)?[A-Z0-9]{0,6}$/, 'Enter a reference like HC-7K3P9Q, or its first few symbols')
    .optional()
    .describe('A whole reference finds that request; the first few symbols (HC-7K) find every request starting so'),
  olderThanDays: z.coerce
    .number({ error: 'Enter the age in days as a whole number' })
    .int('Enter the age in days as a whole number')
    .min(0, 'Enter the age in days as a whole number, 0 or more')
    .max(3650, 'Enter the age in days as 3650 or fewer')
    .optional()
    .describe('Only requests sent more than this many days ago'),
  createdFrom: DateText('first day').optional().describe('Sent on or after this day (UK time)'),
  createdTo: DateText('last day').optional().describe('Sent on or before this day (UK time)'),
  sort: z.enum(HELP_INBOX_SORTS, { error: 'Sort by newest or oldest first' }).default('newest'),
  pageNumber: z.coerce
    .number({ error: 'The page number must be a whole number' })
    .int('The page number must be a whole number')
    .min(1, 'Pages start at 1')
    .max(100_000, 'That page is too far on')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'The page size must be a whole number' })
    .int('The page size must be a whole number')
    .min(1, 'Show at least 1 per page')
    .max(HELP_INBOX_MAX_PAGE_SIZE, `Show at most ${HELP_INBOX_MAX_PAGE_SIZE} per page`)
    .default(20),
});
export type HelpInboxQuery = z.input<typeof HelpInboxQuerySchema>;

export const HelpRequestSummarySchema = z
  .object({
    reference: z.string(),
    type: z.enum(HELP_REQUEST_TYPES),
    status: z.enum(HELP_REQUEST_STATUSES),
    summary: z.string(),
    name: z.string(),
    emailAddress: z.string(),
    orderNumber: z.string().nullable(),
    assignedToName: z.string().nullable(),
    createdAt: Instant,
    dueAt: Instant,
    overdue: z.boolean().describe('Not closed and past its routing time (§8.5)'),
  })
  .meta({ id: 'HelpRequestSummary' });
export type HelpRequestSummary = z.infer<typeof HelpRequestSummarySchema>;

export const HelpInboxPageSchema = z
  .object({
    items: z.array(HelpRequestSummarySchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    overdue: z
      .object({
        total: z.number().int(),
        byType: z.partialRecord(z.enum(HELP_REQUEST_TYPES), z.number().int()).describe('Only the types with any'),
      })
      .describe('Open requests past their routing time, whatever the filters'),
  })
  .meta({ id: 'HelpInboxPage' });
export type HelpInboxPage = z.infer<typeof HelpInboxPageSchema>;

export const HelpMessageSchema = z
  .object({ id: z.number().int(), author: z.enum(HELP_MESSAGE_AUTHORS), authorName: z.string(), body: z.string(), at: Instant })
  .meta({ id: 'HelpMessage' });
export type HelpMessage = z.infer<typeof HelpMessageSchema>;

export const HelpRequestFileSchema = z
  .object({ id: z.uuid(), role: z.string(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), uploadedAt: Instant })
  .meta({ id: 'HelpRequestFile' });
export type HelpRequestFile = z.infer<typeof HelpRequestFileSchema>;

export const HelpRequestSchema = z
  .object({
    reference: z.string(),
    type: z.enum(HELP_REQUEST_TYPES),
    status: z.enum(HELP_REQUEST_STATUSES),
    version: z.number().int().describe('Send it back with every change: when the request changed meanwhile, 409 HELP_REQUEST_CHANGED'),
    summary: z.string(),
    name: z.string(),
    emailAddress: z.string(),
    phone: z.string().nullable(),
    customerId: z.string().nullable().describe('The signed-in customer who sent it; null for a guest'),
    sku: z.string().nullable(),
    order: z
      .object({ orderNumber: z.string(), status: z.enum(ORDER_STATUSES).nullable() })
      .nullable()
      .describe('The order it is about, with where it stands now'),
    details: z.record(z.string(), z.unknown()).describe('The fields of its form, as sent'),
    team: z.string().describe('Who answers this type (§8.5)'),
    assignedToId: z.string().nullable(),
    assignedToName: z.string().nullable(),
    createdAt: Instant,
    updatedAt: Instant,
    dueAt: Instant,
    closedAt: Instant.nullable(),
    overdue: z.boolean(),
    messages: z.array(HelpMessageSchema),
    files: z.array(HelpRequestFileSchema),
  })
  .meta({ id: 'HelpRequest' });
export type HelpRequest = z.infer<typeof HelpRequestSchema>;

/** What the customer sees through their reply link: no staff names, ids or notes. */
export const HelpReplyThreadSchema = z
  .object({
    reference: z.string(),
    type: z.enum(HELP_REQUEST_TYPES),
    status: z.enum(HELP_REQUEST_STATUSES),
    createdAt: Instant,
    messages: z.array(
      z.object({
        author: z.enum(HELP_MESSAGE_AUTHORS),
        authorName: z.string().describe('The customer’s own name, or the shop’s for staff'),
        body: z.string(),
        at: Instant,
      }),
    ),
  })
  .meta({ id: 'HelpReplyThread' });
export type HelpReplyThread = z.infer<typeof HelpReplyThreadSchema>;

const ReferenceParams = z.object({
  reference: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^HC-[A-Z0-9]{6}$/, 'Enter a reference like HC-7K3P9Q'),
});
const TokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This reply link does not work') });
const Version = z
  .number({ error: 'Send the version of the request you were looking at' })
  .int('The version must be a whole number')
  .positive('The version must be a whole number')
  .describe('The version staff were looking at: when the request changed since, 409 HELP_REQUEST_CHANGED');
const MessageText = enteredText('Message', 5000, 'Enter your message');

export const AssignHelpRequestSchema = z
  .object(
    {
      assignedToName: enteredText('Staff member’s name', 120, 'Enter the name of the staff member').optional().describe('Leave out to take it yourself'),
      version: Version,
    },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'AssignHelpRequest' });
export const ReplyToHelpRequestSchema = z.object({ message: MessageText, version: Version }, BODY_NOT_AN_OBJECT).meta({ id: 'ReplyToHelpRequest' });
export const ChangeHelpRequestStatusSchema = z
  .object(
    { status: z.enum(HELP_REQUEST_STAFF_STATUSES, { error: 'Choose in progress, waiting for customer or closed' }), version: Version },
    BODY_NOT_AN_OBJECT,
  )
  .meta({ id: 'ChangeHelpRequestStatus' });
export const CloseHelpRequestSchema = z.object({ version: Version }, BODY_NOT_AN_OBJECT).meta({ id: 'CloseHelpRequest' });
export const CustomerHelpReplySchema = z.object({ message: MessageText }, BODY_NOT_AN_OBJECT).meta({ id: 'CustomerHelpReply' });

const inboxStaff = requireRole('order-admin');
const changeNote = 'A request changed since `version` (another member of staff acting at the same moment) is 409 HELP_REQUEST_CHANGED and changes nothing.';

export const helpCentreInboxEndpoints = {
  searchHelpRequests: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'GET',
    path: '/Staff/Help',
    summary: 'The staff inbox: every request, filtered by type, status, age and reference, paged, with the count past their routing time',
    description: 'Not a call of the spec. Overdue: not closed and past `dueAt`, counted over the whole inbox and per type.',
    query: HelpInboxQuerySchema,
    responses: { 200: HelpInboxPageSchema },
  }),
  getHelpRequest: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'GET',
    path: '/Staff/Help/{reference}',
    summary: 'One request: its fields, thread, files and order',
    description: 'Not a call of the spec. 404 HELP_REQUEST_NOT_FOUND for an unknown reference.',
    params: ReferenceParams,
    responses: { 200: HelpRequestSchema },
  }),
  downloadHelpRequestFile: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'GET',
    path: '/Staff/Help/{reference}/Files/{fileId}',
    summary: 'A file sent with a request, as an attachment (never shown inline)',
    description: 'Not a call of the spec. A file of another request is the same 404 HELP_REQUEST_FILE_NOT_FOUND as an unknown one.',
    params: ReferenceParams.extend({ fileId: z.uuid({ error: 'That is not a file of this request' }) }),
    responses: { 200: z.string().describe('The file’s bytes') },
  }),
  assignHelpRequest: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Assign',
    summary: 'Assigns a request to the caller, or to a named member of staff; a new request becomes in progress',
    description: `Not a call of the spec. ${changeNote}`,
    params: ReferenceParams,
    body: AssignHelpRequestSchema,
    responses: { 200: HelpRequestSchema },
  }),
  replyToHelpRequest: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Reply',
    summary: 'Answers the customer: the message joins the thread, is e-mailed with a new reply link, and the request waits for the customer',
    description:
      'Not a call of the spec. The new link replaces the old one (only its hash is kept). ' +
      `A closed request is 409 HELP_REQUEST_CLOSED: reopen it first. ${changeNote}`,
    params: ReferenceParams,
    body: ReplyToHelpRequestSchema,
    responses: { 200: HelpRequestSchema },
  }),
  changeHelpRequestStatus: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Status',
    summary: 'Moves a request to in progress, waiting for customer or closed (a closed one can be reopened)',
    description: `Not a call of the spec. Moving to where it is already is 409 HELP_REQUEST_STATUS_UNCHANGED. ${changeNote}`,
    params: ReferenceParams,
    body: ChangeHelpRequestStatusSchema,
    responses: { 200: HelpRequestSchema },
  }),
  closeHelpRequest: defineEndpoint({
    service: 'help-centre',
    access: inboxStaff,
    method: 'POST',
    path: '/Staff/Help/{reference}/Close',
    summary: 'Closes a request',
    description: `Not a call of the spec. Closing a closed request is 409 HELP_REQUEST_STATUS_UNCHANGED. ${changeNote}`,
    params: ReferenceParams,
    body: CloseHelpRequestSchema,
    responses: { 200: HelpRequestSchema },
  }),

  getHelpReplyThread: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'GET',
    path: '/replies/{token}',
    summary: 'The customer’s view of their request through the reply link: reference, type, status and thread',
    description: 'Decision 0032. A link replaced by a newer one, or never issued, is 404 HELP_REPLY_LINK_INVALID.',
    params: TokenParams,
    responses: { 200: HelpReplyThreadSchema },
  }),
  sendHelpReply: defineEndpoint({
    service: 'help-centre',
    access: publicAccess,
    method: 'POST',
    path: '/replies/{token}',
    summary: 'The customer’s answer through the reply link: it joins the thread and the request is in progress again (a closed one reopens)',
    description: 'Decision 0032. Rate-limited per client.',
    params: TokenParams,
    body: CustomerHelpReplySchema,
    responses: { 201: HelpReplyThreadSchema },
  }),
} as const;
