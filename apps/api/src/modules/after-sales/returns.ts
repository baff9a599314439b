/**
 * Returns of unwanted goods (docs/domain.md §8.1–8.2): requested by the customer (an RT- reference,
 * its lines and the refund worked out at the price paid, with an UNWANTED_ITEMS help request for the
 * inbox), authorised or refused by staff, then received at the warehouse, which refunds it through
 * orders' refund code, keyed by the return so it is refunded once however often it is asked.
 */
import { randomUUID } from 'node:crypto';
import {
  REFUND_WITHIN_DAYS,
  RETURN_REFERENCE_PREFIX,
  REFERENCE_SYMBOLS,
  UNWANTED_REASON_NAMES,
  returnWindowEndsAt,
  type OrderReturn,
  type ReturnRequested,
} from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { readableCode } from '../../platform/readable-codes.ts';
import type { EnquiriesService } from '../enquiries/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { HelpOrder, OrdersService } from '../orders/index.ts';
import { checkReturnLines, moneyBackSaid, paidFor } from './order-request-rules.ts';
import { OrderRequestErrors } from './order-requests.errors.ts';
import * as repository from './returns.repository.ts';
import type { OrderReturnRow } from './returns.repository.ts';

export interface ReturnsDeps {
  /** Every return is a help request too, recorded in the inbox's queue. */
  enquiries: Pick<EnquiriesService, 'recordHelpRequest' | 'helpRequestByReference' | 'helpRequestById'>;
  notifications: Pick<NotificationsService, 'enqueueEmail' | 'renderEmail'>;
  orders: Pick<OrdersService, 'refundReturn' | 'helpOrderForStaff'>;
}

export interface ReturnInput {
  lines: readonly { position: number; quantity: number; opened?: boolean | undefined }[];
  reason: string;
  comments?: string | undefined;
}

async function newReturnReference(db: ServiceContext['db']): Promise<string> {
  for (;;) {
    const reference = `${RETURN_REFERENCE_PREFIX}${readableCode(REFERENCE_SYMBOLS)}`;
    if (!(await repository.referenceTaken(db, reference))) return reference;
  }
}

/** How to send the goods back: in the acknowledgement e-mail and the answer. */
const returnInstructions = (returnReference: string, refundPence: number, paidOnAccount: boolean): string[] => [
  `Your returns reference is ${returnReference}. Write it clearly on the outside of the parcel.`,
  'Pack the items securely, in their original packaging if you still have it. We will e-mail you once we have authorised the return, with where to send it.',
  `Once the goods are back with us and checked, ${moneyBackSaid(refundPence, paidOnAccount, 'after-return')}, within ${REFUND_WITHIN_DAYS} days.`,
];

/**
 * Records a return of unwanted goods in one transaction: checked against the window from delivery,
 * the goods already returned (under a lock on the order's returns) and what cannot come back.
 * `source` says where it came from (a cancellation after dispatch says so in the request).
 */
export async function requestReturn(
  deps: ReturnsDeps,
  ctx: ServiceContext,
  order: HelpOrder,
  input: ReturnInput,
  source: 'unwanted-items' | 'cancellation',
): Promise<ReturnRequested> {
  if (order.status !== 'delivered' && !(source === 'cancellation' && order.status === 'dispatched')) throw OrderRequestErrors.notDelivered(order.orderNumber);
  const now = ctx.clock.now();
  if (order.deliveredAt) {
    const endsAt = returnWindowEndsAt(order.deliveredAt);
    if (now > endsAt) throw OrderRequestErrors.returnWindowClosed(endsAt);
  }
  const { lines } = order;
  return ctx.db.transaction(async (db) => {
    await repository.lockReturnsOf(db, order.id);
    const returned = await repository.returnedQuantities(db, order.id);
    const refusal = checkReturnLines(lines, returned, input.lines);
    if (refusal?.kind === 'no-such-line') throw OrderRequestErrors.noSuchLine(refusal.position);
    if (refusal?.kind === 'duplicate-line') throw OrderRequestErrors.duplicateLine();
    if (refusal?.kind === 'not-allowed') throw OrderRequestErrors.returnNotAllowed(refusal.message);
    if (refusal?.kind === 'too-many') throw OrderRequestErrors.returnTooMany(refusal.productName, refusal.left);
    const chosen = input.lines.map((want) => ({ want, line: order.lines.find((line) => line.position === want.position)! }));
    const refundPence = Math.min(
      order.capturedPence - order.refundedPence,
      chosen.reduce((sum, { want, line }) => sum + paidFor(line, want.quantity, order), 0),
    );
    const returnReference = await newReturnReference(db);
    const reasonName = UNWANTED_REASON_NAMES[input.reason as keyof typeof UNWANTED_REASON_NAMES] ?? input.reason;
    const what = chosen.map(({ want, line }) => `${want.quantity} × ${line.productName}`).join(', ');
    const nextSteps = returnInstructions(returnReference, refundPence, order.paidOnAccount);
    const recorded = await deps.enquiries.recordHelpRequest(
      { db, clock: ctx.clock },
      {
        type: 'UNWANTED_ITEMS',
        name: order.customerName,
        emailAddress: order.emailAddress,
        phone: order.phone,
        customerId: order.customerId,
        order: { id: order.id, orderNumber: order.orderNumber },
        summary: `Return ${returnReference} of ${what} (${reasonName.toLowerCase()})`.slice(0, 300),
        details: {
          returnReference,
          source,
          reason: input.reason,
          lines: chosen.map(({ want, line }) => ({
            position: line.position,
            sku: line.sku,
            productName: line.productName,
            quantity: want.quantity,
            opened: want.opened ?? null,
          })),
          refundPence,
        },
        message: input.comments ?? null,
        nextSteps,
      },
    );
    await repository.insertReturn(
      db,
      {
        id: randomUUID(),
        reference: returnReference,
        orderId: order.id,
        requestId: recorded.row.id,
        reason: source === 'cancellation' ? `Cancelled after dispatch: ${input.reason}` : reasonName,
        refundPence,
        requestedAt: now,
      },
      chosen.map(({ want, line }) => ({ position: line.position, sku: line.sku, quantity: want.quantity })),
    );
    return { reference: recorded.reference, returnReference, refundPence, nextSteps };
  });
}

// ── staff ───────────────────────────────────────────────────────────────────────────────────────

/** The return an unwanted-items request (by its HC- reference) asked for, locked when `lock`. */
async function returnOfRequest(deps: ReturnsDeps, db: ServiceContext['db'], requestReference: string, lock = false): Promise<OrderReturnRow | undefined> {
  const request = await deps.enquiries.helpRequestByReference({ db }, requestReference);
  return request ? repository.returnOfRequest(db, request.id, lock) : undefined;
}

async function present(deps: ReturnsDeps, ctx: ServiceContext, requestReference: string, row: OrderReturnRow): Promise<OrderReturn> {
  const lines = await repository.linesOfReturns(ctx.db, [row.id]);
  const request = await deps.enquiries.helpRequestById({ db: ctx.db }, row.requestId);
  const order = request?.orderNumber ? await deps.orders.helpOrderForStaff(ctx, request.orderNumber) : null;
  return {
    returnReference: row.reference,
    requestReference,
    orderNumber: request?.orderNumber ?? '',
    customerName: request?.name ?? '',
    status: row.status,
    version: row.version,
    reason: row.reason,
    refundPence: row.refundPence,
    refusalReason: row.refusalReason,
    requestedAt: row.requestedAt.toISOString(),
    authorisedAt: row.authorisedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    lines: lines.map((line) => {
      const ordered = order?.lines.find((candidate) => candidate.position === line.position);
      return {
        position: line.position,
        sku: line.sku,
        productName: ordered?.productName ?? line.sku,
        label: ordered?.label ?? '',
        quantity: line.quantity,
        unitPriceIncVat: ordered?.unitPriceIncVat ?? 0,
      };
    }),
  };
}

export async function getReturn(deps: ReturnsDeps, ctx: ServiceContext, requestReference: string): Promise<OrderReturn> {
  const row = await returnOfRequest(deps, ctx.db, requestReference);
  if (!row) throw OrderRequestErrors.returnNotFound();
  return present(deps, ctx, requestReference, row);
}

/** Authorises or refuses a requested return, from the version staff saw; the customer is e-mailed either way. */
export async function decideReturn(
  deps: ReturnsDeps,
  ctx: ServiceContext,
  requestReference: string,
  decision: { authorise: true; version?: number | undefined } | { authorise: false; reason: string; version?: number | undefined },
): Promise<OrderReturn> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (db) => {
    const current = await returnOfRequest(deps, db, requestReference, true);
    if (!current) throw OrderRequestErrors.returnNotFound();
    if (decision.version !== undefined && decision.version !== current.version) throw OrderRequestErrors.returnChanged();
    if (current.status !== 'requested') throw OrderRequestErrors.returnStatusNotAllowed(current.status, decision.authorise ? 'authorised' : 'refused');
    const changed = await repository.updateReturn(
      db,
      current,
      decision.authorise ? { status: 'authorised', authorisedAt: now } : { status: 'refused', refusalReason: decision.reason },
    );
    if (!changed) throw OrderRequestErrors.returnChanged();
    const request = await deps.enquiries.helpRequestById({ db }, current.requestId);
    const paidOnAccount = request?.orderNumber ? (await deps.orders.helpOrderForStaff({ ...ctx, db }, request.orderNumber)).paidOnAccount : false;
    if (request) {
      await deps.notifications.enqueueEmail(
        { db },
        {
          to: request.emailAddress,
          ...deps.notifications.renderEmail({
            subject: decision.authorise ? `Your return ${current.reference} is authorised` : `We cannot accept return ${current.reference}`,
            heading: decision.authorise ? 'Your return is authorised' : 'We cannot accept your return',
            paragraphs: decision.authorise
              ? [
                  `Hello ${request.name},`,
                  `Please send the items back with ${current.reference} written on the parcel. ` +
                    `Once they are back with us and checked, ${moneyBackSaid(current.refundPence, paidOnAccount, 'after-return')}, ` +
                    `within ${REFUND_WITHIN_DAYS} days.`,
                ]
              : [`Hello ${request.name},`, `We cannot accept return ${current.reference}: ${decision.reason}`],
            footnote: `Your help centre reference is ${request.reference}.`,
          }),
          template: decision.authorise ? 'help-centre.return-authorised' : 'help-centre.return-refused',
          dedupeKey: `help-return:${current.id}:${decision.authorise ? 'authorised' : 'refused'}`,
        },
      );
    }
    return changed;
  });
  return present(deps, ctx, requestReference, row);
}

/**
 * The goods are back: the return is marked received, then refunded through orders' refund code
 * (never inside a transaction), keyed by the return so two requests at once refund once. A return
 * received whose refund did not finish is carried on by asking again.
 */
export async function receiveReturn(deps: ReturnsDeps, ctx: ServiceContext, requestReference: string): Promise<OrderReturn> {
  const now = ctx.clock.now();
  const received = await ctx.db.transaction(async (db) => {
    const current = await returnOfRequest(deps, db, requestReference, true);
    if (!current) throw OrderRequestErrors.returnNotFound();
    if (current.status === 'refunded') throw OrderRequestErrors.returnAlreadyRefunded(current.reference);
    if (current.status === 'received') return current;
    if (current.status !== 'authorised') throw OrderRequestErrors.returnStatusNotAllowed(current.status, 'received before it is authorised');
    return (await repository.updateReturn(db, current, { status: 'received', receivedAt: now }))!;
  });
  const request = await deps.enquiries.helpRequestById({ db: ctx.db }, received.requestId);
  const outcome =
    received.refundPence > 0
      ? await deps.orders.refundReturn(ctx, request!.orderNumber!, {
          returnId: received.id,
          amountPence: received.refundPence,
          reason: `Return ${received.reference} received`,
        })
      : { refundId: null, refundedPence: 0 };
  const row = await ctx.db.transaction(async (db) => {
    const current = (await returnOfRequest(deps, db, requestReference, true))!;
    if (current.status !== 'received') return current;
    return (await repository.updateReturn(db, current, { status: 'refunded', refundId: outcome.refundId, refundedAt: ctx.clock.now() }))!;
  });
  return present(deps, ctx, requestReference, row);
}
