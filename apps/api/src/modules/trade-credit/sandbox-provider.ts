import { createHash, randomBytes } from 'node:crypto';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { CreditEventType } from '@shop/contracts';
import {
  CreditOrderRefused,
  type CreditWebhookEvent,
  DelegationRefused,
  ProposalStateRefused,
  type CreditCustomerKey,
  type CreditOrderRequest,
  type CreditProvider,
  type ProviderCredit,
  type ProviderOrder,
  type ProviderCustomerUser,
  type ProviderProposal,
} from './credit-provider.ts';
import { dueDateFrom, orderDecline } from './order-rules.ts';
import {
  proposalOutcome,
  SANDBOX_PAYEE,
  SANDBOX_REVIEW_SECONDS,
  SANDBOX_SLOW_ORDER_CHECKS,
  sandboxCredit,
  sandboxPaymentReference,
} from './sandbox-companies.ts';
import * as repository from './sandbox.repository.ts';
import { createSandboxWebhooks, TWO_SIGNATURE_HEADER, type SandboxWebhooks } from './sandbox-webhooks.ts';

/** Where the sandbox's verification page answers (the link its users are e-mailed). */
export const CREDIT_SANDBOX_PATH = '/api/accounts/api/two/sandbox';
/** A delegation token lives this long, as Two's do: enough to finish a sign-up form, not to keep. */
export const DELEGATION_TTL_SECONDS = 600;

export interface CreditSandbox extends CreditProvider {
  readonly kind: 'sandbox';
  /** The verification link's target: marks the user verified when the code is theirs. */
  verifyUser(userId: string, code: string): Promise<boolean>;
  /** Its webhooks: the secret, and the sender of their deliveries. */
  readonly webhooks: SandboxWebhooks;
  /**
   * Staff's trigger (the sandbox's dashboard): the order moves on as the event says (fulfilled, paid by
   * the business, refunded in full, cancelled) and the event is sent; `order.updated` tells an order not yet
   * fulfilled as it stands (amounts and lines); a credit decision sends the business's decision as it stands.
   * CreditOrderRefused when the order is not in a state for it.
   */
  sendEvent(type: CreditEventType, subject: { providerOrderId: string } | { organisationNumber: string }): Promise<CreditWebhookEvent>;
}

type UserRow = repository.SandboxUserRow;
type ProposalRow = repository.SandboxProposalRow;
type OrderRow = repository.SandboxOrderRow;

const toOrder = (row: OrderRow): ProviderOrder => ({
  id: row.id,
  state: row.state,
  amountPence: row.amountPence,
  netPence: row.netPence,
  vatPence: row.vatPence,
  lines: row.lines,
  refundedPence: row.refundedPence,
  declineReason: row.declineReason,
  fulfilledAt: row.fulfilledAt,
  dueDate: row.dueDate,
  payee: row.state === 'REJECTED' ? null : { ...SANDBOX_PAYEE, reference: sandboxPaymentReference(row.id) },
  paidAt: row.paidAt,
});

/** The event an order's new state sends. */
const EVENT_OF_STATE: Partial<Record<OrderRow['state'], CreditEventType>> = {
  VERIFIED: 'order.verified',
  FULFILLED: 'order.fulfilled',
  REFUNDED: 'order.refunded',
  CANCELLED: 'order.cancelled',
};

/** The business's credit: its fixed behaviour, less what its open orders take. */
function creditLeft(organisationNumber: string, inUse: number): ProviderCredit {
  const credit = sandboxCredit(organisationNumber);
  return { ...credit, availablePence: Math.max(0, credit.availablePence - inUse) };
}

/** What the order is for, as Two keeps it: its gross, net (gross less VAT) and tax amounts, and its lines. */
const contentsOf = (order: CreditOrderRequest): repository.OrderContents => ({
  amountPence: order.amountPence,
  netPence: order.amountPence - order.vatPence,
  vatPence: order.vatPence,
  lines: order.lines.map(({ sku, name, quantity, unitPricePence, lineTotalPence }) => ({ sku, name, quantity, unitPricePence, lineTotalPence })),
});
/** The order already is as asked: its amounts, and its lines field by field (jsonb keeps an object's keys in its own order). */
const sameContents = (row: OrderRow, contents: repository.OrderContents) =>
  row.amountPence === contents.amountPence &&
  row.netPence === contents.netPence &&
  row.vatPence === contents.vatPence &&
  row.lines?.length === contents.lines.length &&
  contents.lines.every((line, index) => {
    const kept = row.lines![index]!;
    return (
      kept.sku === line.sku &&
      kept.name === line.name &&
      kept.quantity === line.quantity &&
      kept.unitPricePence === line.unitPricePence &&
      kept.lineTotalPence === line.lineTotalPence
    );
  });

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const idFrom = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/**
 * The embedded credit provider: Two's behaviour over its own tables, written through `db` (never
 * inside the caller's transaction). Proposals move on by the clock once submitted: in review after
 * SANDBOX_REVIEW_SECONDS, decided after twice that (by the proprietor's name as test data).
 */
export function createCreditSandbox(options: { db: Database; clock: Clock; publicUrl: string; webhookSecret?: string }): CreditSandbox {
  const { db, clock, publicUrl } = options;
  const webhooks = createSandboxWebhooks({ db, clock, webhookSecret: options.webhookSecret });

  /** The order's change, told to the shop by webhook, queued in the change's transaction (the event says the order as it now stands). */
  async function tell(tx: Transaction, row: OrderRow, type: CreditEventType): Promise<CreditWebhookEvent> {
    const occurredAt = await repository.nextEventAt(tx, row.id, clock.now());
    return webhooks.send({ type, occurredAt, organisationNumber: row.organisationNumber, order: toOrder(row), decision: null }, tx);
  }

  /**
   * An order's change and its webhook in one transaction (the sandbox's outbox, as the shop's e-mails
   * are queued): a change that rolls back sends nothing, and none is made without its event.
   * Undefined (nothing changed, nothing sent) when `work` finds the order not in a state for it.
   */
  async function changed(
    work: (tx: Transaction) => Promise<OrderRow | undefined>,
    type: (row: OrderRow) => CreditEventType | undefined = (row) => EVENT_OF_STATE[row.state],
  ): Promise<{ row: OrderRow; event: CreditWebhookEvent | null } | undefined> {
    return db.transaction(async (tx) => {
      const row = await work(tx);
      if (!row) return undefined;
      const event = type(row);
      return { row, event: event ? await tell(tx, row, event) : null };
    });
  }
  const told = async (work: (tx: Transaction) => Promise<OrderRow | undefined>, type?: (row: OrderRow) => CreditEventType | undefined) => {
    const done = await changed(work, type);
    return done && toOrder(done.row);
  };

  const toUser = (row: UserRow): ProviderCustomerUser => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    merchantUserId: row.merchantUserId,
    verified: row.verifiedAt !== null,
    isLegalRep: true,
    verificationUrl: row.verifiedAt ? null : `${publicUrl}${CREDIT_SANDBOX_PATH}/verify?user=${row.id}&code=${row.verificationCode}`,
  });

  /** The proposal as it stands now: the review moves on with time, and each step is written down. */
  async function movedOn(row: ProposalRow): Promise<ProviderProposal> {
    let status = row.status;
    let organisationNumber = row.organisationNumber;
    if (row.submittedAt && (status === 'SUBMITTED' || status === 'REVIEWING')) {
      const seconds = (clock.now().getTime() - row.submittedAt.getTime()) / 1000;
      if (seconds >= 2 * SANDBOX_REVIEW_SECONDS) status = proposalOutcome(row.fields?.proprietorName ?? '');
      else if (seconds >= SANDBOX_REVIEW_SECONDS) status = 'REVIEWING';
      if (status === 'ACCEPTED') organisationNumber = `ST${row.id.slice(-6).toUpperCase()}`;
      if (status !== row.status) {
        await repository.moveProposal(db, row.id, status, organisationNumber);
      }
    }
    return { id: row.id, status, organisationNumber, submittedAt: row.submittedAt };
  }

  /** The business's credit now: its fixed behaviour, less what its open orders take. */
  async function creditNow(organisationNumber: string, database: Parameters<typeof repository.creditInUse>[0] = db): Promise<ProviderCredit> {
    return creditLeft(organisationNumber, await repository.creditInUse(database, organisationNumber));
  }

  /** An order being checked is approved once its time has come (written down, once). */
  async function orderNow(row: OrderRow): Promise<ProviderOrder> {
    if (row.state === 'CREATED' && row.verifiedAfter && row.verifiedAfter.getTime() <= clock.now().getTime()) {
      const moved = await told((tx) => repository.moveOrder(tx, row.id, ['CREATED'], { state: 'VERIFIED' }));
      return moved ?? toOrder((await repository.findOrder(db, row.id))!);
    }
    return toOrder(row);
  }

  async function existingOrder(id: string): Promise<OrderRow> {
    const row = await repository.findOrder(db, id);
    if (!row) throw new CreditOrderRefused(`order ${id} is unknown`);
    return row;
  }

  return {
    kind: 'sandbox',

    async credit(customer: CreditCustomerKey) {
      return creditNow(customer.organisationNumber);
    },

    async checkOrder(customer, order) {
      const reason = orderDecline(await creditNow(customer.organisationNumber), 0, order);
      return reason ? { approved: false, reason } : { approved: true };
    },

    async createOrder(customer, order, idempotencyKey) {
      const { organisationNumber } = customer;
      // One business's orders are decided one at a time, so two cannot both take the last of its credit.
      const row = await db.transaction(async (tx) => {
        // The read travels behind the lock (pipelined) and runs once it is granted.
        const [, { already, inUse }] = await Promise.all([
          repository.lockBusiness(tx, organisationNumber),
          repository.orderByKeyAndCreditInUse(tx, organisationNumber, idempotencyKey),
        ]);
        if (already) return already;
        const declineReason = orderDecline(creditLeft(organisationNumber, inUse), 0, order);
        const now = clock.now();
        const slow = SANDBOX_SLOW_ORDER_CHECKS.has(organisationNumber);
        return repository.insertOrder(tx, {
          id: idFrom('ord', idempotencyKey),
          idempotencyKey,
          organisationNumber,
          merchantReference: order.merchantReference,
          ...contentsOf(order),
          state: declineReason ? 'REJECTED' : slow ? 'CREATED' : 'VERIFIED',
          declineReason,
          verifiedAfter: slow && !declineReason ? new Date(now.getTime() + SANDBOX_REVIEW_SECONDS * 1000) : null,
          createdAt: now,
        });
      });
      return orderNow(row);
    },

    async getOrder(id) {
      const row = await repository.findOrder(db, id);
      return row ? orderNow(row) : null;
    },

    async fulfilOrder(id) {
      const row = await existingOrder(id);
      if (row.state === 'FULFILLED' || row.state === 'REFUNDED') return toOrder(row);
      const now = clock.now();
      const moved = await told((tx) => repository.moveOrder(tx, id, ['VERIFIED'], { state: 'FULFILLED', fulfilledAt: now, dueDate: dueDateFrom(now) }));
      if (moved) return moved;
      const current = await existingOrder(id);
      if (current.state === 'FULFILLED') return toOrder(current);
      throw new CreditOrderRefused(`order ${id} is ${current.state} and cannot be fulfilled`);
    },

    async refundOrder(id, amountPence, idempotencyKey) {
      const refunded = await told(
        (tx) => repository.refundOrder(tx, id, amountPence, idempotencyKey),
        () => 'order.refunded',
      );
      if (refunded) return refunded;
      const current = await existingOrder(id);
      if (current.refundKeys.includes(idempotencyKey)) return toOrder(current);
      // As Two: a refund is a credit note against the invoice fulfilment sends, so an order not yet fulfilled is edited instead.
      if (current.state === 'CREATED' || current.state === 'VERIFIED')
        throw new CreditOrderRefused(`order ${id} is ${current.state}: only a fulfilled order can be refunded; edit or cancel it before fulfilment`);
      throw new CreditOrderRefused(
        `order ${id} is ${current.state} with ${current.refundedPence} of ${current.amountPence} refunded: cannot refund ${amountPence}`,
      );
    },

    async updateOrder(id, order) {
      const current = await existingOrder(id);
      const contents = contentsOf(order);
      return db.transaction(async (tx) => {
        // Decided as a new order is, under the business's lock: this order's own use is given back first.
        await repository.lockBusiness(tx, current.organisationNumber);
        const row = (await repository.findOrder(tx, id))!;
        if (row.state !== 'CREATED' && row.state !== 'VERIFIED') throw new CreditOrderRefused(`order ${id} is ${row.state} and cannot be edited`);
        // Nothing left on it is a cancellation, not an edit.
        if (order.amountPence <= row.refundedPence) throw new CreditOrderRefused(`order ${id} cannot be edited to ${order.amountPence}: cancel it instead`);
        const owed = order.amountPence - row.refundedPence;
        if (order.amountPence > row.amountPence) {
          const credit = await creditNow(row.organisationNumber, tx);
          const ownUse = { ...credit, availablePence: credit.availablePence + row.amountPence - row.refundedPence };
          const reason = orderDecline(ownUse, 0, { amountPence: owed, deliveryAddress: order.deliveryAddress });
          if (reason) return { approved: false as const, reason };
        }
        // Asked again as it is (a retry with the same key): nothing changes, and Two sends no second event.
        if (sameContents(row, contents)) return { approved: true as const, order: toOrder(row) };
        const edited = (await repository.setOrderContents(tx, id, contents))!;
        // As Two: the edit is told by webhook, queued in the edit's transaction.
        await tell(tx, edited, 'order.updated');
        return { approved: true as const, order: toOrder(edited) };
      });
    },

    async cancelOrder(id) {
      const moved = await told((tx) => repository.moveOrder(tx, id, ['CREATED', 'VERIFIED'], { state: 'CANCELLED' }));
      if (moved) return moved;
      const current = await existingOrder(id);
      if (current.state === 'CANCELLED' || current.state === 'REJECTED') return toOrder(current);
      throw new CreditOrderRefused(`order ${id} is ${current.state} and cannot be cancelled`);
    },

    webhookSignatureHeader: TWO_SIGNATURE_HEADER,
    parseWebhook: (rawBody, signature, now) => webhooks.parse(rawBody, signature, now),
    webhooks,

    async sendEvent(type, subject) {
      if ('organisationNumber' in subject) {
        const { decision, declineReason } = sandboxCredit(subject.organisationNumber);
        const { organisationNumber } = subject;
        return webhooks.send({ type: 'credit.decision', occurredAt: clock.now(), organisationNumber, order: null, decision: { decision, declineReason } });
      }
      const row = await existingOrder(subject.providerOrderId);
      const { id } = row;
      const now = clock.now();
      const moves: Record<Exclude<CreditEventType, 'credit.decision'>, (tx: Transaction) => Promise<OrderRow | undefined>> = {
        'order.verified': async () => (row.state === 'VERIFIED' ? row : undefined),
        // Its contents as they stand, told again as an edit would tell them (an order before fulfilment only).
        'order.updated': async () => (row.state === 'CREATED' || row.state === 'VERIFIED' ? row : undefined),
        'order.fulfilled': (tx) => repository.moveOrder(tx, id, ['VERIFIED'], { state: 'FULFILLED', fulfilledAt: now, dueDate: dueDateFrom(now) }),
        'order.paid': (tx) => repository.markOrderPaid(tx, id, now),
        // What is left of it, refunded after dispatch (a return of everything).
        'order.refunded': async (tx) =>
          row.state === 'FULFILLED' ? repository.refundOrder(tx, id, row.amountPence - row.refundedPence, `sandbox-refund:${id}`) : undefined,
        'order.cancelled': (tx) => repository.moveOrder(tx, id, ['CREATED', 'VERIFIED'], { state: 'CANCELLED' }),
      };
      const moved = type === 'credit.decision' ? undefined : await changed(moves[type], () => type);
      if (!moved?.event) throw new CreditOrderRefused(`order ${id} is ${row.state}${row.paidAt ? ' and paid' : ''}: the sandbox cannot send ${type} for it`);
      return moved.event;
    },

    async findCustomerUser(customer, merchantUserId) {
      const row = await repository.findUser(db, customer.organisationNumber, merchantUserId);
      return row ? toUser(row) : null;
    },

    async createCustomerUser(customer, input) {
      // One user per business and merchant user: asking again answers the same one, as an idempotent write.
      await repository.insertUser(db, {
        id: `usr_${randomBytes(12).toString('hex')}`,
        organisationNumber: customer.organisationNumber,
        merchantUserId: input.merchantUserId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        verificationCode: randomBytes(16).toString('base64url'),
        createdAt: clock.now(),
      });
      return (await this.findCustomerUser(customer, input.merchantUserId))!;
    },

    async createDelegationToken(input) {
      const token = `dat_${randomBytes(24).toString('base64url')}`;
      const expiresAt = new Date(clock.now().getTime() + DELEGATION_TTL_SECONDS * 1000);
      await repository.insertGrant(db, {
        tokenHash: hashToken(token),
        subject: input.userId,
        organisationNumber: input.customer?.organisationNumber ?? null,
        proposalId: input.proposalId,
        scopes: input.scopes,
        expiresAt,
      });
      return { token, expiresAt };
    },

    async createProposal(input, idempotencyKey) {
      const id = idFrom('prop', idempotencyKey);
      await repository.insertProposal(db, { id, merchantUserId: input.merchantUserId, email: input.email, status: 'DRAFT', createdAt: clock.now() });
      return (await this.getProposal(id))!;
    },

    async getProposal(id) {
      const row = await repository.findProposal(db, id);
      return row ? movedOn(row) : null;
    },

    async submitProposal(id, fields, delegationToken) {
      const grant = await repository.findGrant(db, hashToken(delegationToken));
      if (!grant || grant.proposalId !== id || !grant.scopes.includes('create_proposal')) throw new DelegationRefused('invalid');
      if (grant.expiresAt.getTime() <= clock.now().getTime()) throw new DelegationRefused('expired');
      const moved = await repository.submitProposal(db, id, fields, clock.now());
      if (!moved) {
        const current = await this.getProposal(id);
        throw new ProposalStateRefused(current?.status ?? 'WITHDRAWN');
      }
      return movedOn(moved);
    },

    async verifyUser(userId, code) {
      return repository.verifyUser(db, userId, code, clock.now());
    },
  };
}
