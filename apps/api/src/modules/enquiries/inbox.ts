import type { z } from 'zod';
import {
  HELP_REQUEST_ROUTING,
  HELP_REQUEST_STATUS_NAMES,
  HELP_REQUEST_TYPE_NAMES,
  type HelpInboxPage,
  type HelpInboxQuerySchema,
  type HelpReplyThread,
  type HelpRequest,
  type HelpRequestStatus,
  type HelpRequestSummary,
  londonDayStart,
} from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { newOpaqueId } from '../../platform/readable-codes.ts';
import type { OpenedFile } from '../files/index.ts';
import { helpRequestByReference, type HelpRequestRow } from './enquiries.repository.ts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { hashToken, replyUrlFor } from './help-requests.ts';
import { isOverdue, olderThan, referenceFilter, staffMayReply, staffMoveAllowed, statusAfterAssigning } from './inbox-rules.ts';
import { InboxErrors } from './inbox.errors.ts';
import * as repository from './inbox.repository.ts';

type InboxQuery = z.output<typeof HelpInboxQuerySchema>;
type StaffContext = Pick<ServiceContext, 'db' | 'actor' | 'clock'> & Partial<Pick<ServiceContext, 'log'>>;
type PublicContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * The staff inbox (issue 20): one queue of every request, each opened with its thread, files and
 * order, and answered (assign, reply, status, close) under optimistic concurrency on `version`; and
 * the customer's reply link (decision 0032). Staff calls are order-admin's (the contract says so).
 */
export interface InboxService {
  searchInbox(ctx: StaffContext, query: InboxQuery): Promise<HelpInboxPage>;
  getInboxRequest(ctx: StaffContext, reference: string): Promise<HelpRequest>;
  /** The file as an attachment (the files module's headers), if it belongs to this request. */
  openInboxFile(ctx: StaffContext, reference: string, fileId: string): Promise<OpenedFile>;
  assignInboxRequest(ctx: StaffContext, reference: string, input: { assignedToName?: string; version: number }): Promise<HelpRequest>;
  /** Appends the reply, issues a new reply link (the old one stops working) and e-mails it to the customer. */
  replyFromInbox(ctx: StaffContext, reference: string, input: { message: string; version: number }): Promise<HelpRequest>;
  setInboxRequestStatus(ctx: StaffContext, reference: string, input: { status: HelpRequestStatus; version: number }): Promise<HelpRequest>;
  closeInboxRequest(ctx: StaffContext, reference: string, input: { version: number }): Promise<HelpRequest>;
  /** What the reply link shows the customer; 404 HELP_REPLY_LINK_INVALID for a replaced or unknown link. */
  replyThread(ctx: PublicContext, token: string): Promise<HelpReplyThread>;
  addCustomerReply(ctx: PublicContext, token: string, input: { message: string }): Promise<HelpReplyThread>;
}

const staffName = (ctx: StaffContext): string => ctx.actor?.name?.trim() || ctx.actor?.email || 'Staff';

/** Staff bodies are split into paragraphs at blank lines for the e-mail. */
const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

export function createInbox(deps: EnquiriesDeps): InboxService {
  const { notifications, orders, publicUrl } = deps;

  const findRequest = async (db: ServiceContext['db'], reference: string): Promise<HelpRequestRow> => {
    const row = await helpRequestByReference(db, reference);
    if (!row) throw InboxErrors.requestNotFound();
    return row;
  };

  const present = async (ctx: Pick<ServiceContext, 'db' | 'clock'>, row: HelpRequestRow): Promise<HelpRequest> => {
    const [messages, files, states] = await Promise.all([
      repository.messagesOf(ctx.db, row.id),
      repository.filesOf(ctx.db, row.id),
      row.orderId ? orders.orderStates({ db: ctx.db }, [row.orderId]) : Promise.resolve(null),
    ]);
    return {
      reference: row.reference,
      type: row.type,
      status: row.status,
      version: row.version,
      summary: row.summary,
      name: row.name,
      emailAddress: row.emailAddress,
      phone: row.phone,
      customerId: row.customerId,
      sku: row.sku,
      order: row.orderNumber ? { orderNumber: row.orderNumber, status: (row.orderId && states?.get(row.orderId)?.status) || null } : null,
      details: staffVisibleDetails(row.details),
      team: HELP_REQUEST_ROUTING[row.type].team,
      assignedToId: row.assignedToId,
      assignedToName: row.assignedToName,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      dueAt: row.dueAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      overdue: isOverdue(row, ctx.clock.now()),
      messages: messages.map((message) => ({
        id: message.id,
        author: message.author,
        authorName: message.authorName,
        body: message.body,
        at: message.at.toISOString(),
      })),
      files: files.map((file) => ({
        id: file.id,
        role: file.role,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        uploadedAt: file.uploadedAt.toISOString(),
      })),
    };
  };

  /** The customer's view: the shop's team answers, never a named member of staff. */
  const thread = async (db: ServiceContext['db'], row: HelpRequestRow): Promise<HelpReplyThread> => {
    const messages = await repository.messagesOf(db, row.id);
    const team = HELP_REQUEST_ROUTING[row.type].team;
    return {
      reference: row.reference,
      type: row.type,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      messages: messages.map((message) => ({
        author: message.author,
        authorName: message.author === 'staff' ? team : message.authorName,
        body: message.body,
        at: message.at.toISOString(),
      })),
    };
  };

  /** A change at the version staff saw, in one transaction with whatever goes with it; 409 when it moved on. */
  const change = async (
    ctx: StaffContext,
    reference: string,
    version: number,
    decide: (row: HelpRequestRow) => repository.RequestChanges,
    alongside?: (db: ServiceContext['db'], row: HelpRequestRow, now: Date) => Promise<void>,
  ): Promise<HelpRequest> => {
    const now = ctx.clock.now();
    const updated = await ctx.db.transaction(async (db) => {
      const row = await findRequest(db, reference);
      if (row.version !== version) throw InboxErrors.changed();
      const changes = decide(row);
      const next = await repository.updateAtVersion(db, row.id, version, changes, now);
      if (!next) throw InboxErrors.changed();
      await alongside?.(db, next, now);
      return next;
    });
    return present(ctx, updated);
  };

  const setStatus: InboxService['setInboxRequestStatus'] = (ctx, reference, input) => {
    const now = ctx.clock.now();
    return change(ctx, reference, input.version, (row) => {
      if (row.status === input.status) throw InboxErrors.statusUnchanged(HELP_REQUEST_STATUS_NAMES[input.status]);
      if (!staffMoveAllowed(row.status, input.status)) {
        throw InboxErrors.statusNotAllowed(HELP_REQUEST_STATUS_NAMES[row.status], HELP_REQUEST_STATUS_NAMES[input.status]);
      }
      return { status: input.status, closedAt: input.status === 'closed' ? now : null };
    });
  };

  return {
    async searchInbox(ctx, query) {
      const now = ctx.clock.now();
      const from = query.createdFrom ? londonDayStart(query.createdFrom) : undefined;
      const to = query.createdTo ? londonDayStart(query.createdTo, true) : undefined;
      if (from && to && from >= to) throw InboxErrors.datesReversed();
      const older = query.olderThanDays !== undefined ? olderThan(now, query.olderThanDays) : undefined;
      const before = older && to ? new Date(Math.min(older.getTime(), to.getTime())) : (older ?? to);
      const filter: repository.InboxFilter = {
        type: query.type,
        status: query.status,
        reference: query.reference ? referenceFilter(query.reference) : null,
        createdFrom: from,
        createdBefore: before,
        sort: query.sort,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      };
      const [{ rows, total }, overdue] = await Promise.all([repository.searchInbox(ctx.db, filter), repository.overdueByType(ctx.db, now)]);
      const items: HelpRequestSummary[] = rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        dueAt: row.dueAt.toISOString(),
        overdue: isOverdue(row, now),
      }));
      return {
        items,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
        overdue: {
          total: overdue.reduce((sum, entry) => sum + entry.count, 0),
          byType: Object.fromEntries(overdue.map((entry) => [entry.type, entry.count])),
        },
      };
    },

    async getInboxRequest(ctx, reference) {
      return present(ctx, await findRequest(ctx.db, reference));
    },

    async openInboxFile(ctx, reference, fileId) {
      const row = await findRequest(ctx.db, reference);
      const file = await repository.fileOf(ctx.db, row.id, fileId);
      if (!file) throw InboxErrors.fileNotFound();
      return deps.files.open(ctx, file.fileId);
    },

    assignInboxRequest(ctx, reference, input) {
      const name = input.assignedToName?.trim();
      return change(ctx, reference, input.version, (row) => ({
        // A named colleague may have no account here: the name is what the inbox shows.
        assignedToId: name ? null : (ctx.actor?.userId ?? null),
        assignedToName: name || staffName(ctx),
        status: statusAfterAssigning(row.status),
      }));
    },

    replyFromInbox(ctx, reference, input) {
      // Only the hash of a reply link is kept, so a reply issues a new link (and the old one stops working).
      const token = newOpaqueId();
      return change(
        ctx,
        reference,
        input.version,
        (row) => {
          if (!staffMayReply(row.status)) throw InboxErrors.closed();
          return { status: 'waiting_for_customer', replyTokenHash: hashToken(token) };
        },
        async (db, row, now) => {
          const message = await repository.appendMessage(db, {
            requestId: row.id,
            author: 'staff',
            authorId: ctx.actor?.userId ?? null,
            authorName: staffName(ctx),
            body: input.message,
            at: now,
          });
          const typeName = HELP_REQUEST_TYPE_NAMES[row.type].toLowerCase();
          const team = HELP_REQUEST_ROUTING[row.type].team;
          await notifications.enqueueEmail(
            { db },
            {
              to: row.emailAddress,
              ...notifications.renderEmail({
                subject: `We have answered your ${typeName}: ${row.reference}`,
                preheader: `A reply from our ${team.toLowerCase()} about ${row.reference}.`,
                heading: `Our reply about your ${typeName}`,
                paragraphs: [
                  `Hello ${row.name},`,
                  ...paragraphsOf(input.message),
                  `To answer, use the link below: it replaces the links in our earlier e-mails about ${row.reference}.`,
                ],
                action: { label: 'Read and reply', url: replyUrlFor(publicUrl, token) },
                footnote: 'You are receiving this because you contacted us through our help centre.',
              }),
              template: 'help-centre.staff-reply',
              dedupeKey: `help-reply:${message.id}`,
            },
          );
        },
      );
    },

    setInboxRequestStatus: setStatus,
    closeInboxRequest: (ctx, reference, input) => setStatus(ctx, reference, { status: 'closed', version: input.version }),

    async replyThread(ctx, token) {
      const row = await repository.requestByTokenHash(ctx.db, hashToken(token));
      if (!row) throw InboxErrors.replyLinkInvalid();
      return thread(ctx.db, row);
    },

    async addCustomerReply(ctx, token, input) {
      const now = ctx.clock.now();
      return ctx.db.transaction(async (db) => {
        const row = await repository.reopenByTokenHash(db, hashToken(token), now);
        if (!row) throw InboxErrors.replyLinkInvalid();
        await repository.appendMessage(db, { requestId: row.id, author: 'customer', authorId: null, authorName: row.name, body: input.message, at: now });
        return thread(db, row);
      });
    },
  };
}

/** A link's token is kept only as a hash, and even that is the server's business, not the inbox's. */
function staffVisibleDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !key.endsWith('TokenHash')));
}
