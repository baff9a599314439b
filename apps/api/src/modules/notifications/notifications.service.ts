import type { MailboxEmail, MailboxEmailSummary, MailboxPage, ShopDetails } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { contactLine, renderEmail, singleLine, type EmailContent, type RenderedEmail } from './email-layout.ts';
import { NotificationErrors } from './notifications.errors.ts';
import { hideOneTimeLinks } from './one-time-links.ts';
import * as repository from './notifications.repository.ts';
import type { OutboxRow } from './notifications.repository.ts';
import type { NotificationsDeps } from './notifications.deps.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of e-mail this is, e.g. `identity.verify-email`: shown in the mailbox, useful in tests. */
  template: string;
  /** Enqueueing twice with the same key queues one e-mail. */
  dedupeKey?: string;
}

type NotificationsContext = Pick<ServiceContext, 'db'>;

export interface QueuedEmailPart {
  insertFrom: typeof repository.emailInsertFrom;
  values(message: EmailMessage): Record<string, unknown>;
}

/**
 * E-mail: modules render a message in the shop's layout and queue it in their own transaction; the
 * outbox job sends it after commit, retrying with backoff. Staff read what was sent in the mailbox.
 */
export interface NotificationsService {
  /** How many e-mails wait in the outbox, not yet sent nor given up (`/metrics`). */
  outboxDepth(ctx: NotificationsContext): Promise<number>;
  /**
   * Queues an e-mail in the caller's transaction (`ctx.db`): it is sent only if that transaction
   * commits. A programming mistake (a bad address) throws: validate user input with `isSendableAddress` first.
   */
  enqueueEmail(ctx: NotificationsContext, message: EmailMessage): Promise<{ id: string }>;
  /** Whether `enqueueEmail` accepts this recipient (after trimming). */
  isSendableAddress(address: string): boolean;
  /**
   * The queueing of an e-mail as part of another module's statement, so a write and its e-mail go in
   * one round trip (decision 0159): `insertFrom` queues one for each row of a CTE of that statement
   * (none when it has none), and `values` fills its placeholders, checked as `enqueueEmail` checks them.
   */
  queuedEmailPart: QueuedEmailPart;
  /** An e-mail in the shop's layout, HTML and plain text, ending with how to reach the shop. */
  renderEmail(content: EmailContent, shop?: ShopDetails): RenderedEmail;
  /** The shop details e-mails carry (the SHOP_* settings). */
  shopDetails(): ShopDetails;
  /** "call us on … or e-mail …", for a sentence. */
  contactLine(shop: ShopDetails): string;
  /** The mailbox: what was queued and sent, newest first, for staff. */
  listMailbox(ctx: NotificationsContext, query: { to?: string; pageNumber: number; pageSize: number }): Promise<MailboxPage>;
  /** One e-mail; its one-time links hidden unless `oneTimeLinks` is `shown` (the MAILBOX_ONE_TIME_LINKS setting). */
  getMailboxEmail(ctx: NotificationsContext, id: string, oneTimeLinks: 'hidden' | 'shown'): Promise<MailboxEmail>;
}

// One address, no display name and nothing that could start another header.
const ADDRESS = /^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\]+\.[^\s@<>(),;:"\\]+$/;

/** Whether `enqueueEmail` accepts this recipient (after trimming): validate user input with it first. */
export function isSendableAddress(address: string): boolean {
  const trimmed = address.trim();
  return trimmed.length <= 320 && ADDRESS.test(trimmed);
}

/**
 * Queues an e-mail in the caller's transaction (pass the `tx`): it is sent only if that transaction
 * commits, by the dispatcher, after commit. A programming mistake (a bad address) throws: callers
 * validate user input before they get here.
 */
export async function enqueueEmail(db: Database, message: EmailMessage): Promise<{ id: string }> {
  return repository.insertEmail(db, outboxRow(message));
}

/** The row `message` is queued as; a programming mistake (a bad address, no template) throws. */
function outboxRow(message: EmailMessage): repository.NewOutboxRow {
  const to = message.to.trim();
  if (!isSendableAddress(to)) throw new Error(`Cannot queue an e-mail to "${message.to}": not a single e-mail address`);
  if (!message.template) throw new Error('An e-mail needs a template name');
  if (message.dedupeKey === '') throw new Error('An empty dedupe key is not allowed; omit it instead');
  return {
    to,
    subject: singleLine(message.subject),
    html: message.html,
    text: message.text,
    template: message.template,
    dedupeKey: message.dedupeKey ?? null,
  };
}

const queuedEmailPart: QueuedEmailPart = {
  insertFrom: repository.emailInsertFrom,
  values: (message) => repository.emailPartValues(outboxRow(message)),
};

/**
 * The outbox as stored, newest first: for tests (here and in other modules, through `testing.ts`)
 * that need to read an e-mail a call queued, e.g. to follow its link.
 */
export function readOutbox(db: Database, filter: { to?: string; template?: string } = {}): Promise<OutboxRow[]> {
  return repository.findEmails(db, filter);
}

async function listMailbox(ctx: NotificationsContext, query: { to?: string; pageNumber: number; pageSize: number }): Promise<MailboxPage> {
  const { rows, total } = await repository.listEmails(ctx.db, { to: query.to }, { offset: (query.pageNumber - 1) * query.pageSize, limit: query.pageSize });
  return {
    items: rows.map(toSummary),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

async function getMailboxEmail(ctx: NotificationsContext, id: string, oneTimeLinks: 'hidden' | 'shown'): Promise<MailboxEmail> {
  const row = await repository.findEmail(ctx.db, id);
  if (!row) throw NotificationErrors.emailNotFound(id);
  // Staff read an e-mail, never act for its recipient: a reset or confirmation link is theirs alone (decision 0048).
  const hidden = hideOneTimeLinks(row);
  const shown = oneTimeLinks === 'shown';
  const bodies = shown ? { html: row.html, text: row.text } : { html: hidden.html, text: hidden.text };
  return { ...toSummary(row), ...bodies, messageId: row.messageId, oneTimeLinks: { count: hidden.count, shown } };
}

function toSummary(row: OutboxRow): MailboxEmailSummary {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    bodiesClearedAt: row.bodiesClearedAt?.toISOString() ?? null,
  };
}

export function createNotificationsService({ shop }: NotificationsDeps): NotificationsService {
  return {
    outboxDepth: (ctx) => repository.countUnsent(ctx.db),
    enqueueEmail: (ctx, message) => enqueueEmail(ctx.db, message),
    isSendableAddress,
    queuedEmailPart,
    renderEmail: (content, details = shop) => renderEmail(content, details),
    shopDetails: () => shop,
    contactLine,
    listMailbox,
    getMailboxEmail,
  };
}
