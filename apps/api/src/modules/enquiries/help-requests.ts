import { createHash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import {
  HELP_REQUEST_REFERENCE_PREFIX,
  HELP_REQUEST_ROUTING,
  HELP_REQUEST_TYPE_NAMES,
  REFERENCE_SYMBOLS,
  londonDue,
  type HelpRequestType,
} from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { newOpaqueId, readableCode } from '../../platform/readable-codes.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { StoredFile } from '../files/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { helpRequestByDedupeKey, insertHelpRequest, referenceTaken, type HelpRequestRow } from './enquiries.repository.ts';

/** What every enquiry and order request records: the part that is the same for all of them. */
export interface HelpRequestInput {
  type: HelpRequestType;
  name: string;
  emailAddress: string;
  phone?: string | null;
  /** The signed-in customer's user id; null for a guest. */
  customerId: string | null;
  order?: { id: string; orderNumber: string } | null;
  sku?: string | null;
  /** One line for the inbox's list, written by the server (never the customer's words alone). */
  summary: string;
  /** The type's fields, as checked by its schema. */
  details: Record<string, unknown>;
  /** The customer's own words, first in the request's thread (null when the form has none). */
  message: string | null;
  files?: readonly { file: StoredFile; role: string }[];
  /** What happens next, for the acknowledgement e-mail (the reference and the answering time are added). */
  nextSteps: readonly string[];
  /** Keeps one request (and one e-mail) however many calls record it at once: the others get the first one back, `replayed`. */
  dedupeKey?: string;
}

/** A help request as kept: what after-sales reads of the requests it recorded. */
export type HelpRequestRecord = HelpRequestRow;

export interface RecordedHelpRequest {
  row: HelpRequestRow;
  reference: string;
  dueAt: Date;
  /** The customer's reply link (its token is stored only as a hash); empty when `replayed`. */
  replyUrl: string;
  /** Recorded already under the same `dedupeKey`: this is that request, and no e-mail was queued. */
  replayed: boolean;
}

export interface HelpRequestDeps {
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  delivery: Pick<DeliveryService, 'addWorkingHours'>;
  /** The shop's address, for the reply link. */
  publicUrl: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The page where a customer reads the thread and replies, reached by the link in every e-mail about the request. */
export const replyUrlFor = (publicUrl: string, token: string): string => `${publicUrl}/help/reply/${token}`;

/** "Wednesday 25 November, 10:30": how an answering time reads in an e-mail, London time. */
export const formatDue = (due: Date): string => londonDue(due);

/** A fresh HC- reference no request has: six symbols are 594 million codes, so a clash is retried, not expected. */
async function newReference(db: ServiceContext['db']): Promise<string> {
  for (;;) {
    const reference = `${HELP_REQUEST_REFERENCE_PREFIX}${readableCode(REFERENCE_SYMBOLS)}`;
    if (!(await referenceTaken(db, reference))) return reference;
  }
}

/**
 * Records a request in the caller's transaction (`ctx.db`) with its reference, routing time and
 * thread, and queues the acknowledgement e-mail (reference, what happens next and when) in the
 * same transaction, so the customer is told only about a request that was kept.
 */
export async function recordHelpRequest(
  deps: HelpRequestDeps,
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: HelpRequestInput,
): Promise<RecordedHelpRequest> {
  const now = ctx.clock.now();
  const routing = HELP_REQUEST_ROUTING[input.type];
  const dueAt = deps.delivery.addWorkingHours(now, routing.workingHours);
  const reference = await newReference(ctx.db);
  const token = newOpaqueId();
  const id = randomUUID();
  const row = await insertHelpRequest(
    ctx.db,
    {
      id,
      reference,
      type: input.type,
      customerId: input.customerId,
      name: input.name,
      emailAddress: input.emailAddress,
      phone: input.phone ?? null,
      orderId: input.order?.id ?? null,
      orderNumber: input.order?.orderNumber ?? null,
      sku: input.sku ?? null,
      summary: input.summary,
      details: input.details,
      replyTokenHash: hashToken(token),
      dedupeKey: input.dedupeKey ?? null,
      dueAt,
      createdAt: now,
      updatedAt: now,
    },
    input.message ? { author: 'customer', authorId: null, authorName: input.name, body: input.message, at: now } : null,
    (input.files ?? []).map(({ file, role }) => ({
      id: randomUUID(),
      fileId: file.id,
      role,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.size,
      uploadedAt: now,
    })),
  );
  if (!row) {
    const first = (await helpRequestByDedupeKey(ctx.db, input.dedupeKey!))!;
    return { row: first, reference: first.reference, dueAt: first.dueAt, replyUrl: '', replayed: true };
  }
  const replyUrl = replyUrlFor(deps.publicUrl, token);
  const typeName = HELP_REQUEST_TYPE_NAMES[input.type];
  await deps.notifications.enqueueEmail(
    { db: ctx.db },
    {
      to: input.emailAddress,
      ...deps.notifications.renderEmail({
        subject: `We have your ${typeName.toLowerCase()}: ${reference}`,
        preheader: `Our ${routing.team.toLowerCase()} aims to answer by ${formatDue(dueAt)}.`,
        heading: `Thank you: we have your ${typeName.toLowerCase()}`,
        paragraphs: [
          `Hello ${input.name},`,
          `Your reference is ${reference}. Please quote it if you contact us about this.`,
          ...input.nextSteps,
          `Our ${routing.team.toLowerCase()} aims to answer by ${formatDue(dueAt)}.`,
        ],
        action: { label: 'See your request or add to it', url: replyUrl },
        footnote: 'You are receiving this because you contacted us through our help centre.',
      }),
      template: 'help-centre.acknowledgement',
      dedupeKey: `help-ack:${id}`,
    },
  );
  return { row, reference, dueAt, replyUrl, replayed: false };
}
