import { z } from 'zod';
import { defineEndpoint, requireRole } from './endpoint.ts';

/** Staff who may read the outbox: e-mails hold customers' addresses (their one-time links are hidden: decision 0048). */
const mailboxReaders = requireRole('admin');

export const MailboxEmailStatusSchema = z
  .enum(['pending', 'sending', 'sent', 'failed'])
  .describe('`pending`: waiting for its (next) attempt; `sending`: claimed by a sender; `sent`: delivered; `failed`: given up');

export const MailboxEmailSummarySchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    template: z.string().describe('What kind of e-mail, e.g. `identity.verify-email`'),
    status: MailboxEmailStatusSchema,
    attempts: z.number().int(),
    transport: z.enum(['smtp', 'mailbox']).nullable().describe('How it was (last) sent: an SMTP server or the staff mailbox'),
    createdAt: z.iso.datetime({ offset: true }),
    sentAt: z.iso.datetime({ offset: true }).nullable(),
    nextAttemptAt: z.iso.datetime({ offset: true }).nullable().describe('When a pending e-mail is tried again; null means as soon as possible'),
    lastError: z.string().nullable().describe('Why the latest attempt failed'),
    bodiesClearedAt: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe('When its HTML and plain text were deleted, `EMAIL_BODY_RETENTION_DAYS` after it was sent or given up; null while kept'),
  })
  .meta({ id: 'MailboxEmailSummary' });

export const MailboxEmailSchema = MailboxEmailSummarySchema.extend({
  html: z.string(),
  text: z.string(),
  messageId: z.string().nullable().describe('The Message-ID header it was sent with'),
  oneTimeLinks: z
    .object({
      count: z.number().int().min(0).describe('Links in it that act for the recipient: a password reset, a confirmation, a reply or unsubscribe link'),
      shown: z
        .boolean()
        .describe('False: each is replaced by "[one-time link hidden]". True only without SMTP outside production, where the mailbox is the delivery'),
    })
    .describe('The links only the recipient should use (decision 0048)'),
}).meta({ id: 'MailboxEmail' });

export const MailboxPageSchema = z
  .object({
    items: z.array(MailboxEmailSummarySchema),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'MailboxPage' });

export type MailboxEmailStatus = z.infer<typeof MailboxEmailStatusSchema>;
export type MailboxEmailSummary = z.infer<typeof MailboxEmailSummarySchema>;
export type MailboxEmail = z.infer<typeof MailboxEmailSchema>;
export type MailboxPage = z.infer<typeof MailboxPageSchema>;

export const notificationsEndpoints = {
  listMailbox: defineEndpoint({
    service: 'notifications',
    method: 'GET',
    path: '/Mailbox',
    summary: 'Staff mailbox: e-mails the shop has queued or sent, newest first',
    description: 'Not one of the spec calls. Every e-mail goes through the outbox; without an SMTP server it is delivered here only.',
    access: mailboxReaders,
    query: z.object({
      to: z.string().trim().min(1).max(320).optional().describe('Only e-mails to this address (any letter case)'),
      pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    responses: { 200: MailboxPageSchema },
  }),
  getMailboxEmail: defineEndpoint({
    service: 'notifications',
    method: 'GET',
    path: '/Mailbox/{emailId}',
    summary: 'One e-mail of the staff mailbox, with its HTML and plain-text bodies',
    description:
      'Links that act for the recipient are replaced by "[one-time link hidden]" unless the shop has no SMTP server and is not in production ' +
      '(`MAILBOX_ONE_TIME_LINKS`). Bodies are empty once cleared by the retention job (`bodiesClearedAt`).',
    access: mailboxReaders,
    params: z.object({ emailId: z.uuid() }),
    responses: { 200: MailboxEmailSchema },
  }),
} as const;
