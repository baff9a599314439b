/**
 * Order self-service (issue 20, docs/domain.md §7–8, decisions 0031 and 0049): what an order's owner
 * signed in, or whoever holds the link we e-mailed to its address, can do about it from the help
 * centre. A guest with the number and address asks for that link. Each call finds the order through
 * orders' own check (`orderForHelp`) and records a help request of its type with the order attached,
 * so it lands in the staff inbox.
 */
import {
  AMENDABLE_STATUSES,
  AMEND_CHANGE_NAMES,
  CANCELLABLE_STATUSES,
  DAMAGE_ISSUE_TYPE_NAMES,
  DELIVERY_TERMS_TYPE_NAMES,
  HELP_REQUEST_ROUTING,
  REFUNDABLE_STATUSES,
  REFUND_WITHIN_DAYS,
  VEHICLE_SIZE_NAMES,
  damageReportEndsAt,
  missingReportEndsAt,
  reportEndsAt,
  returnWindowEndsAt,
  type CancelOrderResult,
  type HelpRequestAccepted,
  type HelpRequestType,
  type OrderLink,
  type OrderLinkPurpose,
  type OrderLinkSent,
  type OrderProducts,
  type OrderReturn,
  type ReturnRequested,
} from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { StoredFile } from '../files/index.ts';
import type { HelpOrder, OrderProof } from '../orders/index.ts';
import type { AfterSalesDeps } from './after-sales.deps.ts';
import { cancellableQuantity, moneyBackSaid, notReturnableReason, isSealedHygieneGood, returnableQuantity } from './order-request-rules.ts';
import { OrderRequestErrors } from './order-requests.errors.ts';
import * as returns from './returns.ts';
import { returnedQuantities, unitsReturned } from './returns.repository.ts';

type Lines = readonly { position: number; quantity: number; opened?: boolean | undefined }[];

export interface DamageReport {
  /** Read from older forms and ignored: a guest's proof is the e-mailed link (decision 0049). */
  emailAddress?: string | undefined;
  lines: Lines;
  issueType: 'damaged' | 'missing' | 'wrong-item';
  description: string;
  podSignedDamaged: boolean;
  photos: readonly StoredFile[];
}

/** The order's VAT invoice (or an earlier one, or a credit note) as a PDF to download. */
type InvoicePdf = { invoiceNumber: string; fileName: string; bytes: Uint8Array };

export interface OrderRequestsService {
  /** Units of `skus` returned (refused returns aside) and reported damaged on delivery: reviews' product insights. */
  afterSalesUnits(ctx: Pick<ServiceContext, 'db'>, skus: readonly string[]): Promise<{ unitsReturned: number; unitsReportedDamaged: number }>;
  /** E-mails a link to change the order to its address, for a guest with its number and that address (decision 0049). */
  requestOrderLink(ctx: ServiceContext, orderNumber: string, input: { emailAddress: string; purpose?: OrderLinkPurpose }): Promise<OrderLinkSent>;
  /** The order an e-mailed link opens, and until when. */
  openOrderLink(ctx: ServiceContext, token: string): Promise<OrderLink>;
  orderProducts(ctx: ServiceContext, orderNumber: string, proof: OrderProof): Promise<OrderProducts>;
  cancelOrder(
    ctx: ServiceContext,
    orderNumber: string,
    input: { lines?: Lines | undefined; reason?: string | undefined },
    proof: OrderProof,
  ): Promise<CancelOrderResult>;
  requestUnwantedItems(
    ctx: ServiceContext,
    orderNumber: string,
    input: { lines: Lines; reason: string; comments?: string | undefined },
    proof: OrderProof,
  ): Promise<ReturnRequested>;
  /** Whether the caller may change the order (decision 0049): a refusal before an upload is read. */
  checkOrderProof(ctx: ServiceContext, orderNumber: string, proof: OrderProof): Promise<void>;
  /** Checks who may report and the window before any photo is stored. */
  checkDamageReport(ctx: ServiceContext, orderNumber: string, input: Omit<DamageReport, 'photos'>, proof: OrderProof): Promise<void>;
  reportDamagedOrMissing(ctx: ServiceContext, orderNumber: string, input: DamageReport, proof: OrderProof): Promise<HelpRequestAccepted>;
  askAboutRefund(
    ctx: ServiceContext,
    orderNumber: string,
    input: {
      returnReference?: string | undefined;
      sentOn: string;
      carrier?: string | undefined;
      trackingNumber?: string | undefined;
      message?: string | undefined;
    },
    proof: OrderProof,
  ): Promise<HelpRequestAccepted>;
  askOrderQuestion(ctx: ServiceContext, orderNumber: string, input: { question: string }, proof: OrderProof): Promise<HelpRequestAccepted>;
  requestAmendment(
    ctx: ServiceContext,
    orderNumber: string,
    input: { change: keyof typeof AMEND_CHANGE_NAMES; details: string },
    proof: OrderProof,
  ): Promise<HelpRequestAccepted>;
  confirmDeliveryTerms(
    ctx: ServiceContext,
    input: {
      orderNumber: string;
      deliveryType: keyof typeof DELIVERY_TERMS_TYPE_NAMES;
      accessNotes: string;
      vehicleSize: keyof typeof VEHICLE_SIZE_NAMES;
    },
    proof: OrderProof,
  ): Promise<HelpRequestAccepted>;
  vatInvoice(ctx: ServiceContext, orderNumber: string, proof: OrderProof, documentNumber?: string): Promise<InvoicePdf>;
  getReturn(ctx: ServiceContext, reference: string): Promise<OrderReturn>;
  authoriseReturn(ctx: ServiceContext, reference: string, input: { version?: number | undefined }): Promise<OrderReturn>;
  refuseReturn(ctx: ServiceContext, reference: string, input: { reason: string; version?: number | undefined }): Promise<OrderReturn>;
  receiveReturn(ctx: ServiceContext, reference: string): Promise<OrderReturn>;
}

const describeLines = (order: HelpOrder, lines: Lines) =>
  lines
    .map((want) => `${want.quantity} × ${order.lines.find((line) => line.position === want.position)?.productName ?? `item ${want.position + 1}`}`)
    .join(', ');

function checkLinesExist(order: HelpOrder, lines: Lines): void {
  const seen = new Set<number>();
  for (const want of lines) {
    if (seen.has(want.position)) throw OrderRequestErrors.duplicateLine();
    seen.add(want.position);
    const line = order.lines.find((candidate) => candidate.position === want.position);
    if (!line) throw OrderRequestErrors.noSuchLine(want.position);
  }
}

/**
 * What one customer cancellation is, for recording it once: the whole order (once only), or the
 * refund that carried the lines' price back (calls at once share it). None for lines that gave nothing back.
 */
function cancellationKey(order: HelpOrder, whole: boolean, refundId: string | null): string | undefined {
  if (whole) return `order-cancel:${order.id}:whole`;
  return refundId ? `order-cancel:${order.id}:refund:${refundId}` : undefined;
}

export function createOrderRequests(deps: AfterSalesDeps): OrderRequestsService {
  /**
   * Records a help request of `type` about the order, in its own transaction, and answers its
   * reference. With `dedupeKey`, one request however many calls record it: the others answer its reference.
   */
  async function record(
    ctx: ServiceContext,
    order: HelpOrder,
    type: HelpRequestType,
    fields: {
      summary: string;
      details: Record<string, unknown>;
      message: string | null;
      nextSteps: string[];
      files?: readonly StoredFile[];
      dedupeKey?: string | undefined;
    },
  ): Promise<HelpRequestAccepted> {
    const recorded = await ctx.db.transaction((db) =>
      deps.enquiries.recordHelpRequest(
        { db, clock: ctx.clock },
        {
          type,
          name: order.customerName,
          emailAddress: order.emailAddress,
          phone: order.phone,
          customerId: order.customerId,
          order: { id: order.id, orderNumber: order.orderNumber },
          summary: `${order.orderNumber}: ${fields.summary}`.slice(0, 300),
          details: fields.details,
          message: fields.message,
          files: (fields.files ?? []).map((file) => ({ file, role: 'photo' })),
          nextSteps: fields.nextSteps,
          ...(fields.dedupeKey ? { dedupeKey: fields.dedupeKey } : {}),
        },
      ),
    );
    return { reference: recorded.reference, dueAt: recorded.dueAt.toISOString(), team: HELP_REQUEST_ROUTING[type].team, nextSteps: fields.nextSteps };
  }

  async function checkDamageReport(ctx: ServiceContext, orderNumber: string, input: Omit<DamageReport, 'photos'>, proof: OrderProof): Promise<HelpOrder> {
    const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
    checkLinesExist(order, input.lines);
    if (!order.deliveredAt) {
      // Missing goods of a dispatched order the carrier has not marked delivered are still worth reporting.
      if (order.status !== 'dispatched' || input.issueType === 'damaged') throw OrderRequestErrors.reportNotDelivered(order.orderNumber);
      return order;
    }
    const endsAt = reportEndsAt(input.issueType, order.deliveredAt);
    if (ctx.clock.now() > endsAt) throw OrderRequestErrors.reportWindowClosed(input.issueType, endsAt);
    return order;
  }

  return {
    async afterSalesUnits(ctx, skus) {
      const [returned, damaged] = await Promise.all([unitsReturned(ctx.db, skus), deps.enquiries.unitsReportedDamaged(ctx, skus)]);
      return { unitsReturned: returned, unitsReportedDamaged: damaged };
    },

    requestOrderLink: (ctx, orderNumber, input) => deps.orders.issueOrderLink(ctx, orderNumber, input.emailAddress, input.purpose ?? 'manage'),
    openOrderLink: (ctx, token) => deps.orders.openOrderLink(ctx, token),

    async orderProducts(ctx, orderNumber, proof) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      const returned = await returnedQuantities(ctx.db, order.id);
      const sent = REFUNDABLE_STATUSES.includes(order.status);
      const { lines } = order;
      return {
        orderGuid: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        placedAt: order.placedAt.toISOString(),
        dispatchedAt: order.dispatchedAt?.toISOString() ?? null,
        deliveredAt: order.deliveredAt?.toISOString() ?? null,
        tradePriced: order.tradePriced,
        canCancel: CANCELLABLE_STATUSES.includes(order.status),
        collected: order.collected,
        returnWindowEndsAt: order.deliveredAt ? returnWindowEndsAt(order.deliveredAt).toISOString() : null,
        damageReportEndsAt: order.deliveredAt ? damageReportEndsAt(order.deliveredAt).toISOString() : null,
        missingReportEndsAt: order.deliveredAt ? missingReportEndsAt(order.deliveredAt).toISOString() : null,
        lines: lines.map((line) => {
          const reason = notReturnableReason(line);
          return {
            position: line.position,
            sku: line.sku,
            productName: line.productName,
            label: line.label,
            imageUrl: line.imageUrl,
            quantity: line.quantity,
            cancelledQuantity: line.cancelledQuantity,
            returnedQuantity: returned.get(line.position) ?? 0,
            cancellableQuantity: cancellableQuantity(line, order.status),
            returnableQuantity: sent && !reason ? returnableQuantity(line, returned.get(line.position) ?? 0) : 0,
            notReturnableReason: reason,
            sealedHygieneGood: isSealedHygieneGood(line),
            unitPriceIncVat: line.unitPriceIncVat,
          };
        }),
      };
    },

    async cancelOrder(ctx, orderNumber, input, proof) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      if (order.status === 'cancelled') throw OrderRequestErrors.cancelledOrder(order.orderNumber);
      if (input.lines) checkLinesExist(order, input.lines);
      // A reason is the customer's to give or not (docs/domain.md §8.1): the records say so when none was.
      const reason = input.reason || 'no reason given';
      // All that is left of every line is the whole order: cancelled as such, so delivery and any code come back too.
      const whole =
        !input.lines ||
        order.lines.every((line) => line.quantity - line.cancelledQuantity === (input.lines!.find((want) => want.position === line.position)?.quantity ?? 0));
      const asReturn = async (): Promise<CancelOrderResult> => {
        const lines = input.lines ?? order.lines.map((line) => ({ position: line.position, quantity: line.quantity - line.cancelledQuantity }));
        const current = await deps.orders.orderForHelp(ctx, orderNumber, proof);
        const requested = await returns.requestReturn(deps, ctx, current, { lines, reason }, 'cancellation');
        return {
          outcome: 'return',
          reference: requested.reference,
          returnReference: requested.returnReference,
          refundedPence: 0,
          creditedToAccount: order.paidOnAccount,
          orderStatus: current.status,
          nextSteps: [`Your order had already been dispatched, so we cannot stop it: we have turned your cancellation into a return.`, ...requested.nextSteps],
        };
      };
      if (REFUNDABLE_STATUSES.includes(order.status)) return asReturn();
      if (!CANCELLABLE_STATUSES.includes(order.status)) throw OrderRequestErrors.cannotCancel(order.orderNumber, order.status);
      let outcome;
      try {
        outcome = whole
          ? await deps.orders.cancelWholeOrder(ctx, order.orderNumber, { reason: `Cancelled by the customer: ${reason}` })
          : await deps.orders.cancelOrderLines(ctx, order.orderNumber, { lines: input.lines!, reason });
      } catch (error) {
        // Staff dispatched it between our look and our lock: the dispatch won, so this becomes a return.
        if (error instanceof AppError && error.code === 'ORDER_NOT_CANCELLABLE') return asReturn();
        throw error;
      }
      const nextSteps = [
        outcome.refundedPence > 0
          ? moneyBackSaid(outcome.refundedPence, order.paidOnAccount, 'done')
          : 'Your refund is on its way: we will e-mail you when the payment provider confirms it.',
      ];
      const accepted = await record(ctx, order, 'ORDER_CANCEL', {
        summary: whole ? 'whole order cancelled' : `cancelled ${describeLines(order, input.lines!)}`,
        details: {
          wholeOrder: whole,
          lines: input.lines ?? null,
          reason: input.reason || null,
          refundedPence: outcome.refundedPence,
          refundId: outcome.refundId,
        },
        message: input.reason || null,
        nextSteps,
        // Calls at once that carried one cancellation through (its refund, or the whole order) record it once.
        dedupeKey: cancellationKey(order, whole, outcome.refundId),
      });
      return {
        outcome: 'cancelled',
        reference: accepted.reference,
        returnReference: null,
        refundedPence: outcome.refundedPence,
        creditedToAccount: order.paidOnAccount,
        orderStatus: outcome.order.status,
        nextSteps,
      };
    },

    async requestUnwantedItems(ctx, orderNumber, input, proof) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      return returns.requestReturn(deps, ctx, order, input, 'unwanted-items');
    },

    async checkOrderProof(ctx, orderNumber, proof) {
      await deps.orders.orderForHelp(ctx, orderNumber, proof);
    },

    async checkDamageReport(ctx, orderNumber, input, proof) {
      await checkDamageReport(ctx, orderNumber, input, proof);
    },

    async reportDamagedOrMissing(ctx, orderNumber, input, proof) {
      const order = await checkDamageReport(ctx, orderNumber, input, proof);
      const issue = DAMAGE_ISSUE_TYPE_NAMES[input.issueType];
      return record(ctx, order, 'DAMAGED_MISSING', {
        summary: `${issue.toLowerCase()}: ${describeLines(order, input.lines)}${input.photos.length ? ` (${input.photos.length} photos)` : ''}`,
        details: {
          issueType: input.issueType,
          // Each line's sku too: reviews' product insights count damaged units by product.
          lines: input.lines.map((line) => ({ ...line, sku: order.lines.find((ordered) => ordered.position === line.position)?.sku ?? null })),
          podSignedDamaged: input.podSignedDamaged,
          photoCount: input.photos.length,
        },
        message: input.description,
        files: input.photos,
        nextSteps: [
          'Please keep the goods and all the packaging until we have been in touch: the carrier may want to inspect them.',
          'We will arrange a replacement or a refund once we have looked at your report.',
        ],
      });
    },

    async askAboutRefund(ctx, orderNumber, input, proof) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      const { returnReference, sentOn, carrier, trackingNumber, message } = input;
      const details = { returnReference, sentOn, carrier, trackingNumber };
      return record(ctx, order, 'RETURN_REFUND_QUERY', {
        summary: `refund query for goods sent on ${input.sentOn}${input.returnReference ? ` (${input.returnReference})` : ''}`,
        details,
        message: message ?? null,
        nextSteps: [
          `We refund within ${REFUND_WITHIN_DAYS} days of the goods reaching us, or of proof that you sent them. ` +
            'We will check where your return is and let you know.',
        ],
      });
    },

    async askOrderQuestion(ctx, orderNumber, input, proof) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      return record(ctx, order, 'ORDER_QUESTION', { summary: 'question about the order', details: {}, message: input.question, nextSteps: [] });
    },

    async requestAmendment(ctx, orderNumber, input, proof) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      if (!AMENDABLE_STATUSES.includes(order.status)) throw OrderRequestErrors.tooLateToAmend(order.orderNumber, order.status);
      return record(ctx, order, 'ORDER_AMEND', {
        summary: `change: ${AMEND_CHANGE_NAMES[input.change].toLowerCase()}`,
        details: { change: input.change },
        message: input.details,
        nextSteps: ['We will check whether the change can still be made before your order is picked, and confirm it, with any difference in price, by e-mail.'],
      });
    },

    async confirmDeliveryTerms(ctx, input, proof) {
      const order = await deps.orders.orderForHelp(ctx, input.orderNumber, proof);
      return record(ctx, order, 'DELIVERY_TERMS', {
        summary: `${DELIVERY_TERMS_TYPE_NAMES[input.deliveryType].toLowerCase()}, ${VEHICLE_SIZE_NAMES[input.vehicleSize].toLowerCase()}`,
        details: { deliveryType: input.deliveryType, vehicleSize: input.vehicleSize },
        message: input.accessNotes,
        nextSteps: ['Our logistics team will confirm the delivery with the carrier and call you if the vehicle or access needs to change.'],
      });
    },

    async vatInvoice(ctx, orderNumber, proof, documentNumber) {
      const order = await deps.orders.orderForHelp(ctx, orderNumber, proof);
      return deps.orders.vatInvoice(ctx, order.orderNumber, documentNumber);
    },

    getReturn: (ctx, reference) => returns.getReturn(deps, ctx, reference),
    authoriseReturn: (ctx, reference, input) => returns.decideReturn(deps, ctx, reference, { authorise: true, version: input.version }),
    refuseReturn: (ctx, reference, input) => returns.decideReturn(deps, ctx, reference, { authorise: false, reason: input.reason, version: input.version }),
    receiveReturn: (ctx, reference) => returns.receiveReturn(deps, ctx, reference),
  };
}
