import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { formatPenceShort, LONDON_TIME_ZONE, newOrderNumber } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { builtOnce, rawStatement } from '../../db/built-once.ts';
import { isSubjectsAddress } from '../../db/personal-data.ts';
import { type DataSubject } from '../../platform/personal-data.ts';
import {
  orderCharges,
  orderHistory,
  orderLines,
  orderLinks,
  orderRefunds,
  orders,
  vatInvoices,
  type OrderDelivery,
  type ProviderRefundPart,
} from './orders.tables.ts';
import { ON_ACCOUNT } from './orders.deps.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;
export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderChargeRow = typeof orderCharges.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'position'>;
/** A line as a caller gives it (placed before, or added by a change): its total is worked out here, and none of it is cancelled yet. */
export type GivenOrderLine = Omit<NewOrderLine, 'lineTotalIncVat' | 'cancelledQuantity'>;

/**
 * Draws the orders' numbers at random (decision 0049) and writes them. A number already taken skips
 * that row (`on conflict do nothing`, so the transaction carries on) and it is drawn again: at a
 * million orders about one draw in 500,000. Another clash (the basket, the payment) still refuses.
 */
async function insertNumbered(db: Database, rows: readonly Omit<NewOrder, 'orderNumber'>[]): Promise<OrderRow[]> {
  const inserted: OrderRow[] = [];
  let waiting = rows;
  for (let draw = 0; waiting.length > 0; draw += 1) {
    if (draw === 5) throw new Error('Five draws of order numbers in a row were all taken: the random source is broken');
    const written = await db
      .insert(orders)
      .values(waiting.map((row) => ({ ...row, orderNumber: newOrderNumber() })))
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
    inserted.push(...written);
    const done = new Set(written.map((row) => row.id));
    waiting = waiting.filter((row) => !done.has(row.id!));
  }
  return inserted;
}

const p = sql.placeholder;

/**
 * `insertOrder`'s one statement, built once (decision 0151): every value a placeholder, the lines as
 * arrays, and the confirmation's queueing (notifications' part, the same for every order) at the end.
 */
const placeOrderStatement = (queueConfirmation: (source: SQL) => SQL) =>
  builtOnce<Record<string, unknown>, { rows: { historyId: string }[] }>((db) =>
    rawStatement(
      db,
      sql`with placed as (
        insert into ${orders} (id, order_number, basket_id, customer_id, email_address, customer_name, order_reference, phone,
          delivery_address, delivery_instructions, billing_address, delivery, channel, discount_code, goods_pence, discount_pence,
          delivery_pence, total_pence, vat_pence, payment_intent_ref, payment_method, card_brand, card_last4, captured_pence, status,
          placed_at, updated_at)
        values (${p('id')}, ${p('orderNumber')}, ${p('basketId')}, ${p('customerId')}, ${p('emailAddress')}, ${p('customerName')},
          ${p('orderReference')}, ${p('phone')}, ${p('deliveryAddress')}::jsonb, ${p('deliveryInstructions')},
          ${p('billingAddress')}::jsonb, ${p('delivery')}::jsonb, ${p('channel')}, ${p('discountCode')},
          ${p('goodsPence')}, ${p('discountPence')}, ${p('deliveryPence')}, ${p('totalPence')}, ${p('vatPence')},
          ${p('paymentIntentRef')}, ${p('paymentMethod')}, ${p('cardBrand')}, ${p('cardLast4')}, ${p('capturedPence')},
          ${p('status')}, ${p('placedAt')}, ${p('updatedAt')})
        on conflict (order_number) do nothing
        returning id),
      written_lines as (
        insert into ${orderLines} (order_id, position, sku, product_name, product_slug, label, image_url, quantity, unit_price_inc_vat, line_total_inc_vat,
          returnability)
        select placed.id, v.n - 1, v.sku, v.product_name, v.product_slug, v.label, v.image_url, v.quantity, v.unit_price, v.line_total, v.returnability
        from placed cross join unnest(${p('skus')}::text[], ${p('productNames')}::text[], ${p('productSlugs')}::text[],
          ${p('labels')}::text[], ${p('imageUrls')}::text[], ${p('quantities')}::int[], ${p('unitPrices')}::int[],
          ${p('lineTotals')}::int[], ${p('returnabilities')}::text[])
          with ordinality as v(sku, product_name, product_slug, label, image_url, quantity, unit_price, line_total, returnability, n)),
      first_entry as (
        insert into ${orderHistory} (order_id, status, note, actor, at)
        select placed.id, 'placed', null, ${p('actor')}::text, ${p('placedAt')}::timestamptz from placed returning id),
      confirmation_link as (
        insert into ${orderLinks} (token_hash, order_id, created_at, expires_at)
        select ${p('tokenHash')}::text, placed.id, ${p('linkCreatedAt')}::timestamptz, ${p('linkExpiresAt')}::timestamptz from placed),
      confirmation as (${queueConfirmation(sql`placed`)})
      select id::text as "historyId" from first_entry`,
    ),
  );
// One statement for each confirmation part (there is one: notifications').
const placeOrderStatements = new WeakMap<ConfirmationPart['insertFrom'], ReturnType<typeof placeOrderStatement>>();

/** An order as `insertOrder` writes it, before it is written: what its confirmation is made from. */
export interface WrittenOrder {
  row: OrderRow;
  lines: OrderLineRow[];
  history: OrderHistoryRow[];
}

/** The confirmation queued by the order's own statement: the outbox's part (notifications' `queuedEmailPart`) and its values for the order. */
export interface ConfirmationPart {
  insertFrom(source: SQL): SQL;
  values(written: WrittenOrder): Record<string, unknown>;
}

/**
 * Writes the order (numbered as it is inserted), its lines, its first history entry, the
 * confirmation's link and the confirmation itself, in one statement: one round trip in the placing
 * transaction instead of five (decisions 0072, 0159). The statement's text is the same for any number of lines (they go as
 * arrays), so each connection prepares it once. A number already taken writes nothing (the lines,
 * entry and link are made from the order's insert) and is drawn again, as `insertNumbered` does. The
 * rows are returned as written: everything but the entry's id is known here.
 */
export async function insertOrder(
  db: Database,
  order: Omit<NewOrder, 'orderNumber'>,
  lines: readonly NewOrderLine[],
  actor: string | null,
  link: Omit<OrderLinkRow, 'orderId'>,
  confirmation: ConfirmationPart,
): Promise<WrittenOrder> {
  const id = order.id!;
  const placedAt = order.placedAt;
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  const column = <K extends keyof NewOrderLine>(key: K) => lines.map((line) => line[key] ?? null);
  const values = {
    id,
    basketId: order.basketId,
    customerId: order.customerId ?? null,
    emailAddress: order.emailAddress,
    customerName: order.customerName,
    orderReference: order.orderReference ?? null,
    phone: order.phone,
    deliveryAddress: json(order.deliveryAddress),
    deliveryInstructions: order.deliveryInstructions ?? null,
    billingAddress: json(order.billingAddress),
    delivery: json(order.delivery),
    channel: order.channel,
    discountCode: order.discountCode ?? null,
    goodsPence: order.goodsPence,
    discountPence: order.discountPence,
    deliveryPence: order.deliveryPence,
    totalPence: order.totalPence,
    vatPence: order.vatPence,
    paymentIntentRef: order.paymentIntentRef,
    paymentMethod: order.paymentMethod,
    cardBrand: order.cardBrand ?? null,
    cardLast4: order.cardLast4 ?? null,
    capturedPence: order.capturedPence,
    status: order.status ?? 'placed',
    placedAt,
    updatedAt: order.updatedAt,
    skus: column('sku'),
    productNames: column('productName'),
    productSlugs: column('productSlug'),
    labels: column('label'),
    imageUrls: column('imageUrl'),
    quantities: column('quantity'),
    unitPrices: column('unitPriceIncVat'),
    lineTotals: column('lineTotalIncVat'),
    returnabilities: column('returnability'),
    actor,
    tokenHash: link.tokenHash,
    linkCreatedAt: link.createdAt,
    linkExpiresAt: link.expiresAt,
  };
  let placeOrderRows = placeOrderStatements.get(confirmation.insertFrom);
  if (!placeOrderRows) placeOrderStatements.set(confirmation.insertFrom, (placeOrderRows = placeOrderStatement(confirmation.insertFrom)));
  for (let draw = 0; draw < 5; draw += 1) {
    const orderNumber = newOrderNumber();
    const row: OrderRow = {
      ...order,
      id,
      orderNumber,
      customerId: order.customerId ?? null,
      orderReference: order.orderReference ?? null,
      deliveryAddress: order.deliveryAddress ?? null,
      deliveryInstructions: order.deliveryInstructions ?? null,
      discountCode: order.discountCode ?? null,
      cardBrand: order.cardBrand ?? null,
      cardLast4: order.cardLast4 ?? null,
      refundedPence: 0,
      version: 1,
      status: order.status ?? 'placed',
      carrier: null,
      trackingNumber: null,
    };
    // The entry's id is the database's; nothing shown of an order reads it.
    const written: WrittenOrder = {
      row,
      lines: lines.map((line, position) => ({ ...line, orderId: id, position, imageUrl: line.imageUrl ?? null, cancelledQuantity: 0 })),
      history: [{ id: 0, orderId: id, status: 'placed', kind: 'status', note: null, actor, actorName: null, at: placedAt }],
    };
    const result = await placeOrderRows(db, { ...values, orderNumber, ...confirmation.values(written) });
    const entry = result.rows[0];
    // The number was taken: nothing was written (the rest follows the order's insert); drawn again.
    if (!entry) continue;
    written.history[0]!.id = Number(entry.historyId);
    return written;
  }
  throw new Error('Five draws of order numbers in a row were all taken: the random source is broken');
}

export async function findOrder(db: Database, where: SQL): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(where).limit(1);
  return row;
}

/** Which of these payments an order holds. */
export async function paymentsWithOrders(db: Database, intentRefs: readonly string[]): Promise<Set<string>> {
  if (intentRefs.length === 0) return new Set();
  const rows = await db
    .select({ ref: orders.paymentIntentRef })
    .from(orders)
    .where(inArray(orders.paymentIntentRef, [...intentRefs]));
  return new Set(rows.map((row) => row.ref));
}

export const byId = (id: string) => eq(orders.id, id);
export const byBasket = (basketId: string) => eq(orders.basketId, basketId);

/** A customer's orders made of any of these baskets, newest first (a project's orders). */
export async function ordersOfBaskets(db: Database, customerId: string, basketIds: readonly string[], limit: number) {
  if (basketIds.length === 0) return [];
  return (
    db
      .select({ orderNumber: orders.orderNumber, placedAt: orders.placedAt, totalPence: orders.totalPence, basketId: orders.basketId })
      .from(orders)
      // One parameter however many baskets (a project's grow with every "add all"): one statement text, prepared once.
      .where(and(eq(orders.customerId, customerId), sql`${orders.basketId} = any(${sql.param([...basketIds])}::text[])`))
      .orderBy(desc(orders.placedAt), asc(orders.orderNumber))
      .limit(limit)
  );
}
export const byPaymentIntent = (ref: string) => eq(orders.paymentIntentRef, ref);
export const byNumber = (orderNumber: string) => eq(orders.orderNumber, orderNumber);
export const byNumberOfCustomer = (orderNumber: string, customerId: string) => and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId))!;
export const byNumberAndEmail = (orderNumber: string, email: string) =>
  and(eq(orders.orderNumber, orderNumber), sql`lower(${orders.emailAddress}) = lower(${email})`)!;

export async function linesAndHistory(db: Database, orderIds: readonly string[]) {
  // One after another: inside a transaction the queries share one connection.
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.position));
  const history = await db
    .select()
    .from(orderHistory)
    .where(inArray(orderHistory.orderId, [...orderIds]))
    .orderBy(asc(orderHistory.at), asc(orderHistory.id));
  const refunds = await refundsOf(db, orderIds);
  return { lines, history, refunds, invoices: await vatInvoicesOf(db, orderIds) };
}

export async function pageOfOrders(db: Database, where: SQL | undefined, pageNumber: number, pageSize: number): Promise<{ rows: OrderRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.placedAt), desc(orders.orderNumber))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export const ofCustomer = (customerId: string) => eq(orders.customerId, customerId);

/** Where these orders stand now: status and what has been refunded (for the trade dashboard's spend). */
/** Who to write to about these orders: number, e-mail address and name (one query for a batch). */
export function addresseesOf(
  db: Database,
  orderIds: readonly string[],
): Promise<{ id: string; orderNumber: string; emailAddress: string; customerName: string }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, emailAddress: orders.emailAddress, customerName: orders.customerName })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

export function currentStates(
  db: Database,
  orderIds: readonly string[],
): Promise<{ id: string; orderNumber: string; status: OrderRow['status']; refundedPence: number }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, refundedPence: orders.refundedPence })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}

/** Staff search: an order number, an e-mail address, a name or the customer's order reference, any part, any case. */
export function staffSearch(search: string | undefined, status: OrderRow['status'] | undefined): SQL | undefined {
  const text = search?.trim();
  const pattern = text ? `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : undefined;
  return and(
    pattern
      ? or(ilike(orders.orderNumber, pattern), ilike(orders.emailAddress, pattern), ilike(orders.customerName, pattern), ilike(orders.orderReference, pattern))
      : undefined,
    status ? eq(orders.status, status) : undefined,
  );
}

/** The order's row, locked until the transaction ends: every change to an order and its refunds takes it first. */
export async function lockOrder(db: Database, where: SQL): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(where).for('update');
  return row;
}

/** Moves an order to a new status (under its row lock) and records it in the history. */
export async function recordStatus(
  db: Database,
  order: OrderRow,
  change: { status: OrderRow['status']; carrier?: string | null; trackingNumber?: string | null; note?: string | null; actor: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({
      status: change.status,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
      ...(change.carrier !== undefined ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {}),
    })
    .where(eq(orders.id, order.id));
  await db.insert(orderHistory).values({ orderId: order.id, status: change.status, note: change.note ?? null, actor: change.actor, at: now });
}

/** A history entry that is not a move: money went back and the status stayed. */
export async function recordRefundEntry(db: Database, order: OrderRow, entry: { note: string; actor: string | null }, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: now })
    .where(eq(orders.id, order.id));
  await db.insert(orderHistory).values({ orderId: order.id, status: order.status, kind: 'refund', note: entry.note, actor: entry.actor, at: now });
}

/** One order's lines, by position. */
export function linesOf(db: Database, orderId: string): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/** Marks more of a line cancelled (under the order's lock); the table's check keeps it within the quantity. */
export async function addCancelledQuantity(db: Database, orderId: string, position: number, quantity: number): Promise<void> {
  await db
    .update(orderLines)
    .set({ cancelledQuantity: sql`${orderLines.cancelledQuantity} + ${quantity}` })
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.position, position)));
  await db
    .update(orders)
    .set({ version: sql`${orders.version} + 1` })
    .where(eq(orders.id, orderId));
}

export type VatInvoiceRow = typeof vatInvoices.$inferSelect;

/** The order's current VAT invoice (not replaced by a change), if one was issued. */
export async function findVatInvoice(db: Database, orderId: string): Promise<VatInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(vatInvoices)
    .where(and(eq(vatInvoices.orderId, orderId), isNull(vatInvoices.replacedAt)))
    .limit(1);
  return row;
}

/** The figures an invoice of a changed order is drawn from, kept when it is issued. */
export async function keepVatInvoiceFigures(db: Database, invoiceNumber: string, figures: unknown): Promise<void> {
  await db.update(vatInvoices).set({ figures }).where(eq(vatInvoices.invoiceNumber, invoiceNumber));
}

/** Every VAT invoice of the orders, replaced ones included, oldest first. */
export function vatInvoicesOf(db: Database, orderIds: readonly string[]): Promise<VatInvoiceRow[]> {
  return db
    .select()
    .from(vatInvoices)
    .where(inArray(vatInvoices.orderId, [...orderIds]))
    .orderBy(asc(vatInvoices.issuedAt), asc(vatInvoices.invoiceNumber));
}

/**
 * An order change replaces the current invoice (under the order's lock): the old one gets its credit
 * note's number (CN- and seven digits) and keeps its figures as they were; the new one is numbered
 * from the invoices' sequence.
 */
export async function replaceVatInvoice(db: Database, old: VatInvoiceRow, figures: unknown, now: Date): Promise<VatInvoiceRow> {
  await db
    .update(vatInvoices)
    .set({ replacedAt: now, figures, creditNoteNumber: sql<string>`'CN-' || nextval('vat_credit_note_number_seq')::text` })
    .where(eq(vatInvoices.invoiceNumber, old.invoiceNumber));
  const next = await insertVatInvoice(db, { orderId: old.orderId, issuedAt: now, suppliedAt: now });
  await db.update(vatInvoices).set({ replacedBy: next.invoiceNumber }).where(eq(vatInvoices.invoiceNumber, old.invoiceNumber));
  return next;
}

/** Numbers the order's invoice from the sequence (INV- and seven digits); called under the order's lock, once. */
export async function insertVatInvoice(db: Database, invoice: { orderId: string; issuedAt: Date; suppliedAt: Date }): Promise<VatInvoiceRow> {
  const [row] = await db
    .insert(vatInvoices)
    .values({ ...invoice, invoiceNumber: sql<string>`'INV-' || nextval('vat_invoice_number_seq')::text` })
    .returning();
  return row!;
}

// ── refunds ───────────────────────────────────────────────────────────────────────────────────

export function refundsOf(db: Database, orderIds: readonly string[]): Promise<OrderRefundRow[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, [...orderIds]))
    .orderBy(asc(orderRefunds.sequence));
}

/** Refunds of orders paid on account still pending since before `pendingSince` (their credit's answer lost); joined with `orders`. */
const pendingCreditSince = (pendingSince: Date) =>
  and(eq(orderRefunds.state, 'pending'), eq(orders.paymentMethod, ON_ACCOUNT), lte(orderRefunds.requestedAt, pendingSince));

/**
 * Claims up to `limit` refunds of orders paid on account still pending since before `pendingSince` (their credit's answer
 * lost), each until `leaseUntil`: another instance skips the rows being claimed (not waiting for them) and the rows claimed.
 */
export function claimPendingCredits(
  db: Database,
  claim: { now: Date; pendingSince: Date; leaseUntil: Date; limit: number },
): Promise<{ id: string; orderId: string }[]> {
  const due = db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(pendingCreditSince(claim.pendingSince), or(isNull(orderRefunds.recheckAt), lte(orderRefunds.recheckAt, claim.now))))
    .orderBy(asc(orderRefunds.requestedAt))
    .limit(claim.limit)
    .for('update', { of: orderRefunds, skipLocked: true });
  return db
    .update(orderRefunds)
    .set({ recheckAt: claim.leaseUntil })
    .where(and(inArray(orderRefunds.id, due), eq(orderRefunds.state, 'pending')))
    .returning({ id: orderRefunds.id, orderId: orderRefunds.orderId });
}

/** How many refunds of orders paid on account are still pending since before `pendingSince`, held by a batch's lease or not. */
export async function countPendingCredits(db: Database, pendingSince: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(pendingCreditSince(pendingSince));
  return row?.n ?? 0;
}

/** Records a refund before the provider is asked (or, for `external`, after it told us). Numbered per order, under the order's lock. */
export async function insertRefund(
  db: Database,
  refund: Omit<typeof orderRefunds.$inferInsert, 'id' | 'sequence' | 'idempotencyKey'>,
  keyFor: (sequence: number) => string,
): Promise<OrderRefundRow> {
  const [last] = await db
    .select({ sequence: sql<number>`coalesce(max(${orderRefunds.sequence}), 0)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, refund.orderId));
  const sequence = Number(last?.sequence ?? 0) + 1;
  const [row] = await db
    .insert(orderRefunds)
    .values({ ...refund, id: crypto.randomUUID(), sequence, idempotencyKey: keyFor(sequence) })
    .returning();
  return row!;
}

/**
 * Settles a pending refund as succeeded and adds it to the order's refunded total; false when it was
 * settled already (by the provider's webhook or a concurrent request), so its effects happen once.
 */
/**
 * An order basket's change written under the order's lock (order-changes.ts): units cancelled, lines added, new figures,
 * the version moved on, a history entry.
 */
export async function writeOrderChange(
  db: Database,
  orderId: string,
  status: OrderRow['status'],
  change: {
    cancel: readonly { position: number; quantity: number }[];
    add: readonly GivenOrderLine[];
    deliveryAddress: OrderRow['deliveryAddress'];
    figures: { discountPence: number; deliveryPence: number; vatPence: number };
    chargedPence: number;
    /** The payment that took `chargedPence`: kept as a charge of its own, so refunds can draw on it (refund-allocation.ts). */
    paymentIntentRef: string | null;
    summary: string;
  },
  actor: { userId: string; staffName: string | null } | null,
  now: Date,
): Promise<number> {
  const order = { id: orderId };
  for (const { position, quantity } of change.cancel) {
    await db
      .update(orderLines)
      .set({ cancelledQuantity: sql`${orderLines.cancelledQuantity} + ${quantity}` })
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.position, position)));
  }
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${orderLines.position}), -1) + 1` })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))) as [{ next: number }];
  const added = change.add.map((line, index) => ({
    ...line,
    orderId: order.id,
    position: Number(next) + index,
    lineTotalIncVat: line.quantity * line.unitPriceIncVat,
  }));
  if (added.length > 0) await db.insert(orderLines).values(added);
  const addedPence = added.reduce((sum, line) => sum + line.lineTotalIncVat, 0);
  const [updated] = await db
    .update(orders)
    .set({
      goodsPence: sql`${orders.goodsPence} + ${addedPence}`,
      discountPence: change.figures.discountPence,
      deliveryPence: change.figures.deliveryPence,
      vatPence: change.figures.vatPence,
      // What the order's payments took: the difference paid joins it (the total stays what was captured, as placing left it).
      totalPence: sql`${orders.totalPence} + ${change.chargedPence}`,
      capturedPence: sql`${orders.capturedPence} + ${change.chargedPence}`,
      ...(change.deliveryAddress ? { deliveryAddress: change.deliveryAddress } : {}),
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning({ version: orders.version });
  if (change.chargedPence > 0 && change.paymentIntentRef) {
    await db.insert(orderCharges).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      kind: 'order_change',
      paymentIntentRef: change.paymentIntentRef,
      amountPence: change.chargedPence,
      description: change.summary.slice(0, 500),
      actor: actor?.userId ?? null,
      chargedAt: now,
    });
  }
  await db.insert(orderHistory).values({
    orderId: order.id,
    status: status,
    kind: 'change',
    note: change.summary,
    actor: actor?.userId ?? null,
    actorName: actor?.staffName ?? null,
    at: now,
  });
  return updated!.version;
}

/**
 * A delivery upgrade written under the order's row lock: the new delivery and its price, the
 * difference paid joining what was captured (with the VAT in it) and kept as a charge of its own,
 * and a history entry customers see.
 */
export async function writeDeliveryUpgrade(
  db: Database,
  order: { id: string; status: OrderRow['status']; delivery: OrderDelivery },
  change: {
    delivery: OrderDelivery;
    deliveryPence: number;
    chargedPence: number;
    deliveryVatPence: number;
    paymentIntentRef: string | null;
    onAccount?: boolean;
    summary: string;
  },
  actor: string | null,
  now: Date,
): Promise<number> {
  const charged = change.chargedPence;
  const [updated] = await db
    .update(orders)
    .set({
      delivery: { ...order.delivery, ...change.delivery },
      deliveryPence: change.deliveryPence,
      vatPence: sql`${orders.vatPence} + ${change.deliveryVatPence}`,
      totalPence: sql`${orders.totalPence} + ${charged}`,
      capturedPence: sql`${orders.capturedPence} + ${charged}`,
      version: sql`${orders.version} + 1`,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning({ version: orders.version });
  if (charged > 0 && change.paymentIntentRef) {
    await db.insert(orderCharges).values({
      id: crypto.randomUUID(),
      orderId: order.id,
      kind: 'delivery_upgrade',
      paymentIntentRef: change.paymentIntentRef,
      amountPence: charged,
      description: change.summary.slice(0, 500),
      actor,
      chargedAt: now,
    });
  }
  const note =
    charged === 0
      ? `${change.summary}: nothing to pay.`
      : change.onAccount
        ? `${change.summary}: ${formatPenceShort(charged)} added to the invoice on account.`
        : `${change.summary}: ${formatPenceShort(charged)} paid.`;
  await db.insert(orderHistory).values({ orderId: order.id, status: order.status, kind: 'change', note, actor, at: now });
  return updated!.version;
}

/** The order a charge taken after placing (an order change, a delivery upgrade) was paid by this payment for. */
export async function orderOfCharge(db: Database, paymentIntentRef: string): Promise<string | undefined> {
  const [row] = await db.select({ orderId: orderCharges.orderId }).from(orderCharges).where(eq(orderCharges.paymentIntentRef, paymentIntentRef));
  return row?.orderId;
}

/** Keeps the provider's refund of each payment a refund was taken from, with its status as last heard. */
export async function setRefundParts(db: Database, refundId: string, parts: readonly ProviderRefundPart[]): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ providerParts: [...parts] })
    .where(eq(orderRefunds.id, refundId));
}

/** The order's own charges after placing (paid order changes and delivery upgrades), oldest first. */
export function chargesOf(db: Database, orderId: string): Promise<OrderChargeRow[]> {
  return db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId)).orderBy(asc(orderCharges.chargedAt));
}

export async function markRefundSucceeded(db: Database, refund: OrderRefundRow, gatewayRefundRef: string | null, now: Date): Promise<boolean> {
  const [settled] = await db
    .update(orderRefunds)
    .set({ state: 'succeeded', gatewayRefundRef, settledAt: now })
    .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.state, 'pending')))
    .returning({ id: orderRefunds.id });
  if (!settled) return false;
  await addRefunded(db, refund.orderId, refund.amountPence, now);
  return true;
}

export async function addRefunded(db: Database, orderId: string, amountPence: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ refundedPence: sql`${orders.refundedPence} + ${amountPence}`, updatedAt: now })
    .where(eq(orders.id, orderId));
}

/** The provider's refund this one is, when it was linked to one of `from` (a refund its webhook took for it that its answer does not name). */
export async function relinkRefund(db: Database, refundId: string, from: readonly string[], gatewayRefundRef: string): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ gatewayRefundRef })
    .where(and(eq(orderRefunds.id, refundId), inArray(orderRefunds.gatewayRefundRef, [...from])));
}

/** The provider's refund this one is (known from its answer, or matched from its webhook). */
export async function linkRefund(db: Database, refundId: string, gatewayRefundRef: string): Promise<void> {
  await db
    .update(orderRefunds)
    .set({ gatewayRefundRef })
    .where(and(eq(orderRefunds.id, refundId), isNull(orderRefunds.gatewayRefundRef)));
}

/** A succeeded refund the provider failed later (the issuer sent it back): it no longer counts. False when already failed. */
export async function markRefundReversed(db: Database, refund: OrderRefundRow, failure: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(orderRefunds)
    .set({ state: 'failed', failure, settledAt: now })
    .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.state, 'succeeded')))
    .returning({ id: orderRefunds.id });
  if (rows.length === 0) return false;
  await addRefunded(db, refund.orderId, -refund.amountPence, now);
  return true;
}

/** The provider refused: nothing moved. False when it was settled meanwhile. */
export async function markRefundFailed(db: Database, refundId: string, failure: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(orderRefunds)
    .set({ state: 'failed', failure, settledAt: now })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.state, 'pending')))
    .returning({ id: orderRefunds.id });
  return rows.length > 0;
}

// ── links to manage an order (decision 0049) ─────────────────────────────────────────────────────

export type OrderLinkRow = typeof orderLinks.$inferSelect;

/** The order a link's token (as its digest) opens, with when the link stops working; undefined for a token never issued. */
export async function orderOfLink(db: Database, tokenHash: string): Promise<{ order: OrderRow; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ order: orders, expiresAt: orderLinks.expiresAt })
    .from(orderLinks)
    .innerJoin(orders, eq(orders.id, orderLinks.orderId))
    .where(eq(orderLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * How many links were asked for the order since `since`: those that work at most `lifetimeHours`
 * (the confirmation's own link, which lasts longer, was not asked for: decision 0053).
 */
export async function linksIssuedSince(db: Database, orderId: string, since: Date, lifetimeHours: number): Promise<number> {
  const [row] = await db
    .select({ issued: count() })
    .from(orderLinks)
    .where(
      and(
        eq(orderLinks.orderId, orderId),
        gt(orderLinks.createdAt, since),
        lte(orderLinks.expiresAt, sql`${orderLinks.createdAt} + make_interval(hours => ${lifetimeHours})`),
      ),
    );
  return row?.issued ?? 0;
}

/** Keeps a new link's digest, and forgets the order's links that no longer work (a new order's comes with it: `insertOrder`). */
export async function insertOrderLink(db: Database, link: OrderLinkRow): Promise<void> {
  await db.delete(orderLinks).where(and(eq(orderLinks.orderId, link.orderId), lte(orderLinks.expiresAt, link.createdAt)));
  await db.insert(orderLinks).values(link);
}

// ── demo history ────────────────────────────────────────────────────────────────────────────────

export interface HistoricalOrderRows {
  order: Omit<NewOrder, 'orderNumber'>;
  lines: readonly NewOrderLine[];
  history: readonly { status: OrderRow['status']; at: Date; note: string | null }[];
  refund: { amountPence: number; reason: string; at: Date } | null;
}

/** Writes past orders in bulk (demo data): numbered as new orders are, with lines, history and any refund, and no e-mail. */
export async function insertHistoricalOrders(db: Database, batch: readonly HistoricalOrderRows[]): Promise<{ id: string; orderNumber: string }[]> {
  if (batch.length === 0) return [];
  const numbered = (
    await insertNumbered(
      db,
      batch.map(({ order }) => order),
    )
  ).map(({ id, orderNumber }) => ({ id, orderNumber }));
  await db.insert(orderLines).values(batch.flatMap(({ order, lines }) => lines.map((line, position) => ({ ...line, orderId: order.id!, position }))));
  await db
    .insert(orderHistory)
    .values(
      batch.flatMap(({ order, history }) =>
        history.map((entry) => ({ orderId: order.id!, status: entry.status, kind: 'status' as const, note: entry.note, actor: null, at: entry.at })),
      ),
    );
  const refunds = batch.filter((entry) => entry.refund);
  if (refunds.length > 0) {
    await db.insert(orderRefunds).values(
      refunds.map(({ order, refund }) => ({
        id: crypto.randomUUID(),
        orderId: order.id!,
        sequence: 1,
        kind: 'refund' as const,
        amountPence: refund!.amountPence,
        reason: refund!.reason,
        state: 'succeeded' as const,
        idempotencyKey: `demo-refund:${order.id}`,
        requestedAt: refund!.at,
        settledAt: refund!.at,
      })),
    );
  }
  return numbered;
}

/** One customer who was sent a product: their latest such order's address, name and account. */
export interface RecentBuyerRow {
  customerId: string | null;
  emailAddress: string;
  customerName: string;
  lastBoughtAt: Date;
}

/** Units of `skus` sent to customers: lines of dispatched or delivered orders, less what was cancelled before dispatch. */
export async function unitsSent(db: Database, skus: readonly string[]): Promise<number> {
  if (skus.length === 0) return 0;
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity} - ${orderLines.cancelledQuantity}), 0)`.mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orderLines.sku, [...skus]), inArray(orders.status, ['dispatched', 'delivered'])));
  return row?.units ?? 0;
}

/**
 * Customers whose dispatched or delivered orders hold any of `skus` (a line not wholly cancelled),
 * one row per e-mail address (any case), the most recent buyer first. `excludeCustomerId` leaves out
 * that account and every address its orders were placed with; `excludeEmailAddresses` those addresses.
 */
export async function recentBuyers(
  db: Database,
  skus: readonly string[],
  options: { limit: number; excludeCustomerId?: string | null; excludeEmailAddresses?: readonly string[] },
): Promise<RecentBuyerRow[]> {
  if (skus.length === 0 || options.limit < 1) return [];
  const address = sql`lower(${orders.emailAddress})`;
  const latest = <T>(column: typeof orders.emailAddress | typeof orders.customerName | typeof orders.customerId) =>
    sql<T>`(array_agg(${column} order by ${orders.placedAt} desc))[1]`;
  const excluded = (options.excludeEmailAddresses ?? []).map((email) => email.toLowerCase());
  const ownAddresses = options.excludeCustomerId
    ? db
        .select({ address: sql`lower(${orders.emailAddress})` })
        .from(orders)
        .where(eq(orders.customerId, options.excludeCustomerId))
    : undefined;
  return db
    .select({
      customerId: latest<string | null>(orders.customerId),
      emailAddress: latest<string>(orders.emailAddress),
      customerName: latest<string>(orders.customerName),
      lastBoughtAt: sql`max(${orders.placedAt})`.mapWith(orders.placedAt),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        inArray(orderLines.sku, [...skus]),
        inArray(orders.status, ['dispatched', 'delivered']),
        sql`${orderLines.cancelledQuantity} < ${orderLines.quantity}`,
        options.excludeCustomerId ? sql`${orders.customerId} is distinct from ${options.excludeCustomerId}` : undefined,
        ownAddresses ? notInArray(address, ownAddresses) : undefined,
        excluded.length > 0 ? notInArray(address, excluded) : undefined,
      ),
    )
    .groupBy(address)
    .orderBy(desc(sql`max(${orders.placedAt})`))
    .limit(options.limit);
}

/** Units of each sku in orders placed since `since`, less cancelled quantities; an order cancelled or refunded in full sold nothing. */
export const unitsSoldSince = (db: Database, since: Date) => unitsSoldBetween(db, since);

/** Units sold per sku between two instants, as `unitsSoldSince` counts them (the staff reports' top products). */
export async function unitsSoldBetween(db: Database, from: Date, until?: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ sku: orderLines.sku, units: sql<number>`sum(${orderLines.quantity} - ${orderLines.cancelledQuantity})::int` })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(gte(orders.placedAt, from), until && lt(orders.placedAt, until), notInArray(orders.status, ['cancelled', 'refunded'])))
    .groupBy(orderLines.sku);
  return new Map(rows.filter((row) => row.units > 0).map((row) => [row.sku, row.units]));
}

/** Orders placed per London day between two instants, with what they took net of refunds; cancelled orders left out. */
export function salesByDay(db: Database, from: Date, until: Date): Promise<{ day: string; orders: number; netPence: number }[]> {
  // The zone as a literal, not a parameter: the same expression groups and orders the rows.
  const day = sql<string>`to_char(${orders.placedAt} at time zone ${sql.raw(`'${LONDON_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  return db
    .select({ day, orders: sql<number>`count(*)::int`, netPence: sql<number>`sum(${orders.totalPence} - ${orders.refundedPence})::int` })
    .from(orders)
    .where(and(gte(orders.placedAt, from), lt(orders.placedAt, until), notInArray(orders.status, ['cancelled'])))
    .groupBy(day)
    .orderBy(day);
}

/** Erasure (platform/personal-data.ts): orders placed by the person's account or with their address. */
export async function countOrdersOf(db: Database, subject: DataSubject): Promise<number> {
  const mine = or(isSubjectsAddress(orders.emailAddress, subject), subject.userId ? eq(orders.customerId, subject.userId) : undefined);
  const [row] = await db.select({ n: count() }).from(orders).where(mine);
  return row?.n ?? 0;
}

/** A page of orders delivered in a window (keyset on delivery time, then id), with their lines. */
export async function deliveredOrders(db: Database, window: { from: Date; before: Date; after?: { deliveredAt: Date; id: string }; limit: number }) {
  const deliveredAt = sql<Date>`max(${orderHistory.at})`.mapWith(orderHistory.at);
  const { after } = window;
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      customerId: orders.customerId,
      emailAddress: orders.emailAddress,
      customerName: orders.customerName,
      deliveredAt,
    })
    .from(orderHistory)
    .innerJoin(orders, eq(orders.id, orderHistory.orderId))
    .where(and(eq(orderHistory.kind, 'status'), eq(orderHistory.status, 'delivered'), gte(orderHistory.at, window.from), lt(orderHistory.at, window.before)))
    .groupBy(orders.id)
    .having(after ? sql`(max(${orderHistory.at}), ${orders.id}) > (${after.deliveredAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined)
    .orderBy(sql`max(${orderHistory.at})`, asc(orders.id))
    .limit(window.limit);
  if (rows.length === 0) return { orders: rows, lines: [] };
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      position: orderLines.position,
      sku: orderLines.sku,
      productName: orderLines.productName,
      productSlug: orderLines.productSlug,
      quantity: orderLines.quantity,
      cancelledQuantity: orderLines.cancelledQuantity,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  return { orders: rows, lines };
}
