/**
 * The Two adapter (the spec's notes §3.3): its Trade Account Onboarding and registry APIs over HTTP,
 * `X-API-Key` with the merchant key, an `Idempotency-Key` on every write, a timeout on every call.
 * Unreachable, slow, 5xx, 401/403 (the key) and 429 are CreditProviderUnavailable (the shop answers
 * 503 and says to pay by card meanwhile); the key is in no answer and no log line.
 */
import type { CreditDecision, CreditDeclineReason, CreditEventType, CreditProposalStatus } from '@shop/contracts';
import { checkWebhookSignature } from '../../platform/webhook-signature.ts';
import { dueDateFrom } from './order-rules.ts';
import {
  CreditOrderRefused,
  CreditProviderUnavailable,
  type CreditOrderDecline,
  type CreditOrderLine,
  type CreditOrderRequest,
  type CreditOrderState,
  type ProviderOrder,
  DelegationRefused,
  ProposalStateRefused,
  WebhookRefused,
  type CreditProvider,
  type ProviderCredit,
  type ProviderCustomerUser,
  type ProviderProposal,
} from './credit-provider.ts';

/** A provider slower than this is not waited for: the customer can pay by card. */
const TIMEOUT_MS = 5000;

export interface TwoSettings {
  apiKey: string;
  apiUrl: string;
  merchantId: string;
  /** The secret Two signs its webhooks with (from Two's merchant portal); without it every webhook is refused. */
  webhookSecret?: string;
}

interface TwoUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  merchant_user_id: string;
  verified: boolean;
  is_legal_rep: boolean;
  verification_url: string | null;
}
interface TwoProposal {
  id: string;
  status: CreditProposalStatus;
  organization_number: string | null;
  submitted_at: string | null;
}
interface TwoCredit {
  decision: CreditDecision;
  decline_reason: CreditDeclineReason | null;
  credit_limit: number;
  available_credit: number;
  max_single_order: number;
  arrears: number;
}

/** A line of Two's order, as the shop sends it (`orderContents`) and Two answers it. */
type TwoLineItem = ReturnType<typeof orderContents>['line_items'][number];

interface TwoOrder {
  id: string;
  state: 'UNVERIFIED' | 'VERIFIED' | 'CONFIRMED' | 'FULFILLED' | 'REFUNDED' | 'CANCELLED';
  status: 'APPROVED' | 'REJECTED';
  gross_amount: string;
  net_amount?: string | null;
  tax_amount?: string | null;
  line_items?: TwoLineItem[] | null;
  refunded_amount?: string | null;
  decline_reason?: CreditOrderDecline | null;
  fulfilled_at?: string | null;
  /** When the buyer paid Two's invoice (our reading of Two's order answer). */
  paid_at?: string | null;
  invoice_details?: { due_in_days?: number | null } | null;
  /** Where the buyer pays (our reading of Two's order answer: decision 0091). */
  payment?: { payee_company_name?: string; local_bank_code?: string; local_account_number?: string; payment_reference?: string } | null;
}

/** Two's payee, with a sort code written as 12-34-56; null unless all of it is given. */
const toPayee = (payment: TwoOrder['payment']): ProviderOrder['payee'] => {
  const { payee_company_name: name, local_bank_code: code, local_account_number: accountNumber, payment_reference: reference } = payment ?? {};
  if (!name || !code || !accountNumber || !reference) return null;
  const digits = code.replace(/\D/g, '');
  return { name, sortCode: digits.length === 6 ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : code, accountNumber, reference };
};

/** Two's amounts are pounds as decimal strings ("123.45"); ours are integer pence. */
const pounds = (pence: number) => (pence / 100).toFixed(2);
const pence = (amount: string | null | undefined) => Math.round(Number(amount ?? '0') * 100);

const ORDER_STATES: Record<TwoOrder['state'], CreditOrderState> = {
  UNVERIFIED: 'CREATED',
  VERIFIED: 'VERIFIED',
  CONFIRMED: 'VERIFIED',
  FULFILLED: 'FULFILLED',
  REFUNDED: 'REFUNDED',
  CANCELLED: 'CANCELLED',
};

const toLine = ({ name, merchant_product_id: sku, quantity, unit_price, gross_amount }: TwoLineItem): CreditOrderLine => ({
  sku,
  name,
  quantity,
  unitPricePence: pence(unit_price),
  lineTotalPence: pence(gross_amount),
});

const toOrder = (raw: TwoOrder): ProviderOrder => {
  const fulfilledAt = raw.fulfilled_at ? new Date(raw.fulfilled_at) : null;
  return {
    id: raw.id,
    state: raw.status === 'REJECTED' ? 'REJECTED' : ORDER_STATES[raw.state],
    amountPence: pence(raw.gross_amount),
    netPence: raw.net_amount ? pence(raw.net_amount) : null,
    vatPence: raw.tax_amount ? pence(raw.tax_amount) : null,
    lines: raw.line_items?.map(toLine) ?? null,
    refundedPence: pence(raw.refunded_amount),
    declineReason: raw.status === 'REJECTED' ? (raw.decline_reason ?? 'business_declined') : null,
    fulfilledAt,
    dueDate: fulfilledAt ? dueDateFrom(fulfilledAt, raw.invoice_details?.due_in_days ?? undefined) : null,
    payee: toPayee(raw.payment),
    paidAt: raw.paid_at ? new Date(raw.paid_at) : null,
  };
};

/** Two's webhook body (our reading: its event name, when it happened, and the order or the company's decision as they now stand). */
interface TwoEvent {
  id: string;
  event: CreditEventType;
  occurred_at: string;
  organization_number?: string | null;
  order?: TwoOrder | null;
  credit?: { decision: CreditDecision; decline_reason: CreditDeclineReason | null } | null;
}

/** What an order is for (amounts, lines, where the goods go): the body of Two's "Edit order", and part of "Create order". */
const orderContents = (order: CreditOrderRequest) => ({
  gross_amount: pounds(order.amountPence),
  net_amount: pounds(order.amountPence - order.vatPence),
  tax_amount: pounds(order.vatPence),
  currency: 'GBP',
  merchant_reference: order.merchantReference,
  line_items: order.lines.map((line) => ({
    name: line.name,
    merchant_product_id: line.sku,
    quantity: line.quantity,
    unit_price: pounds(line.unitPricePence),
    gross_amount: pounds(line.lineTotalPence),
  })),
  shipping_address: order.deliveryAddress && {
    street_address: order.deliveryAddress.line1,
    city: order.deliveryAddress.town,
    postal_code: order.deliveryAddress.postcode,
    country: order.deliveryAddress.country,
  },
});

/** Two's order body (its "Create order" request), from the shop's request. */
const orderBody = (customer: { organisationNumber: string }, order: CreditOrderRequest) => ({
  ...orderContents(order),
  buyer: { company: { organization_number: customer.organisationNumber, country_prefix: 'GB' }, representative: { merchant_user_id: order.merchantUserId } },
  invoice_type: 'FUNDED_INVOICE',
});

const REFUSALS: Record<number, string> = {
  401: 'Two refused the API key (401): check TWO_API_KEY',
  403: 'Two refused the API key for this merchant (403): check TWO_API_KEY and TWO_MERCHANT_ID',
  429: 'Two rate limit reached (429)',
};

const toUser = (raw: TwoUser): ProviderCustomerUser => ({
  id: raw.id,
  email: raw.email,
  firstName: raw.first_name,
  lastName: raw.last_name,
  merchantUserId: raw.merchant_user_id,
  verified: raw.verified,
  isLegalRep: raw.is_legal_rep,
  verificationUrl: raw.verified ? null : raw.verification_url,
});
const toProposal = (raw: TwoProposal): ProviderProposal => ({
  id: raw.id,
  status: raw.status,
  organisationNumber: raw.organization_number,
  submittedAt: raw.submitted_at ? new Date(raw.submitted_at) : null,
});
const toCredit = (raw: TwoCredit): ProviderCredit => ({
  decision: raw.decision,
  declineReason: raw.decline_reason,
  limitPence: raw.credit_limit,
  availablePence: raw.available_credit,
  maxSingleOrderPence: raw.max_single_order,
  arrearsPence: raw.arrears,
});

export function createTwoProvider(settings: TwoSettings): CreditProvider {
  const merchant = `/v2/merchant/${encodeURIComponent(settings.merchantId)}`;

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; idempotencyKey?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': settings.apiKey, ...options.headers };
    if (method !== 'GET') headers['content-type'] = 'application/json';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let response: Response;
    try {
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      const url = `${settings.apiUrl}${path}`;
      const init: RequestInit = { method, headers, signal };
      if (method !== 'GET') init.body = JSON.stringify(options.body ?? {});
      response = await fetch(url, init);
    } catch (error) {
      const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS} ms` : 'could not be reached';
      throw new CreditProviderUnavailable(`Two ${why}`);
    }
    if (response.status >= 500 || REFUSALS[response.status]) {
      await response.body?.cancel();
      throw new CreditProviderUnavailable(REFUSALS[response.status] ?? `Two answered ${response.status}`);
    }
    return response;
  }

  async function json<T>(response: Response): Promise<T> {
    const body = (await response.json().catch(() => null)) as T | null;
    if (body === null) throw new CreditProviderUnavailable(`Two answered ${response.status} without JSON`);
    return body;
  }

  async function ok<T>(response: Response): Promise<T> {
    if (!response.ok) {
      await response.body?.cancel();
      throw new CreditProviderUnavailable(`Two answered ${response.status}`);
    }
    return json<T>(response);
  }

  /** A 404: the provider does not know it. */
  async function none(response: Response): Promise<null> {
    await response.body?.cancel();
    return null;
  }

  /** An order call Two refused (409/422: not in a state for it) is CreditOrderRefused; anything else as `ok`. */
  async function orderAnswer(response: Response): Promise<ProviderOrder> {
    if (response.status === 409 || response.status === 422 || response.status === 404) {
      const { message } = await json<{ message?: string }>(response).catch(() => ({ message: undefined }));
      throw new CreditOrderRefused(`Two refused the order call (${response.status}): ${message ?? 'no message'}`);
    }
    return toOrder(await ok<TwoOrder>(response));
  }
  const orderPath = (id: string) => `/v1/order/${encodeURIComponent(id)}`;

  const customerPath = (organisationNumber: string) => `${merchant}/customer/${encodeURIComponent(organisationNumber)}`;

  return {
    kind: 'two',

    async credit(customer) {
      const response = await call('GET', `${customerPath(customer.organisationNumber)}/credit`);
      if (response.status === 404) return none(response);
      return toCredit(await ok<TwoCredit>(response));
    },

    async findCustomerUser(customer, merchantUserId) {
      const response = await call('GET', `${customerPath(customer.organisationNumber)}/user?merchant_user_id=${encodeURIComponent(merchantUserId)}`);
      if (response.status === 404) return none(response);
      const { items } = await ok<{ items: TwoUser[] }>(response);
      const found = items.find((user) => user.merchant_user_id === merchantUserId);
      return found ? toUser(found) : null;
    },

    async createCustomerUser(customer, input, idempotencyKey) {
      const body = {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        merchant_user_id: input.merchantUserId,
        redirect_url: input.redirectUrl,
      };
      return toUser(await ok<TwoUser>(await call('POST', `${customerPath(customer.organisationNumber)}/user`, { body, idempotencyKey })));
    },

    async createDelegationToken(input) {
      const body = {
        user_id: input.userId,
        organization_number: input.customer?.organisationNumber ?? null,
        proposal_id: input.proposalId,
        scopes: input.scopes,
      };
      const response = await call('POST', '/registry/v1/delegation', { body, idempotencyKey: `delegation:${crypto.randomUUID()}` });
      const { expires_at } = await ok<{ expires_at: string }>(response);
      const token = response.headers.get('two-delegated-authority-token');
      if (!token) throw new CreditProviderUnavailable('Two answered a delegation without its token header');
      return { token, expiresAt: new Date(expires_at) };
    },

    async createProposal(input, idempotencyKey) {
      const body = { merchant_user_id: input.merchantUserId, email: input.email };
      return toProposal(await ok<TwoProposal>(await call('POST', '/registry/v1/proposal', { body, idempotencyKey })));
    },

    async getProposal(id) {
      const response = await call('GET', `/registry/v1/proposal/${encodeURIComponent(id)}`);
      if (response.status === 404) return none(response);
      return toProposal(await ok<TwoProposal>(response));
    },

    async submitProposal(id, fields, delegationToken, idempotencyKey) {
      const body = {
        initiation: 'redirect',
        trading_name: fields.tradingName,
        trading_address: { street_address: fields.tradingAddress.line1, city: fields.tradingAddress.town, postal_code: fields.tradingAddress.postcode },
        proprietor: {
          full_name: fields.proprietorName,
          date_of_birth: fields.dateOfBirth,
          home_address: { street_address: fields.homeAddress.line1, city: fields.homeAddress.town, postal_code: fields.homeAddress.postcode },
        },
      };
      const response = await call('POST', `/registry/v1/proposal/${encodeURIComponent(id)}/submission`, {
        body,
        idempotencyKey,
        headers: { 'two-delegated-authority-token': delegationToken },
      });
      if (response.status === 422) {
        const { error_code } = await json<{ error_code?: string }>(response);
        if (error_code === 'DELEGATION_TOKEN_EXPIRED') throw new DelegationRefused('expired');
        if (error_code === 'DELEGATION_TOKEN_INVALID') throw new DelegationRefused('invalid');
        throw new CreditProviderUnavailable(`Two refused the proposal (${error_code ?? 'no code'})`);
      }
      if (response.status === 409) throw new ProposalStateRefused((await json<{ status: CreditProposalStatus }>(response)).status);
      return toProposal(await ok<TwoProposal>(response));
    },

    async checkOrder(customer, order) {
      const response = await call('POST', '/v1/order_intent', { body: orderBody(customer, order), idempotencyKey: `order-intent:${crypto.randomUUID()}` });
      const answer = await ok<{ approved: boolean; decline_reason?: CreditOrderDecline | null }>(response);
      return answer.approved ? { approved: true } : { approved: false, reason: answer.decline_reason ?? 'business_declined' };
    },

    async createOrder(customer, order, idempotencyKey) {
      return orderAnswer(await call('POST', '/v1/order', { body: orderBody(customer, order), idempotencyKey }));
    },

    async getOrder(id) {
      const response = await call('GET', orderPath(id));
      if (response.status === 404) return none(response);
      return toOrder(await ok<TwoOrder>(response));
    },

    async fulfilOrder(id, idempotencyKey) {
      return orderAnswer(await call('POST', `${orderPath(id)}/fulfilled`, { idempotencyKey }));
    },

    async refundOrder(id, amountPence, idempotencyKey) {
      const body = { amount: pounds(amountPence), currency: 'GBP', initiate_payment_to_buyer: true };
      return orderAnswer(await call('POST', `${orderPath(id)}/refund`, { body, idempotencyKey }));
    },

    async updateOrder(id, order, idempotencyKey) {
      // Two's "Edit order": the order's contents as they now are; a higher amount Two declines is a 422 with its reason.
      const response = await call('PUT', orderPath(id), { body: orderContents(order), idempotencyKey });
      if (response.status === 422) {
        const { decline_reason } = await json<{ decline_reason?: CreditOrderDecline | null }>(response);
        if (decline_reason) return { approved: false, reason: decline_reason };
        throw new CreditOrderRefused(`Two refused the order edit (422) without a reason`);
      }
      return { approved: true, order: await orderAnswer(response) };
    },

    async cancelOrder(id, idempotencyKey) {
      return orderAnswer(await call('POST', `${orderPath(id)}/cancel`, { idempotencyKey }));
    },

    webhookSignatureHeader: 'two-signature',

    async parseWebhook(rawBody, signature, now) {
      if (!settings.webhookSecret) throw new WebhookRefused('TWO_WEBHOOK_SECRET is not set, so no webhook from Two can be verified');
      const why = checkWebhookSignature(settings.webhookSecret, rawBody, signature, Math.floor(now.getTime() / 1000), { headerName: 'Two-Signature' });
      if (why) throw new WebhookRefused(why);
      const raw = JSON.parse(rawBody) as TwoEvent;
      return {
        id: raw.id,
        type: raw.event,
        occurredAt: new Date(raw.occurred_at),
        organisationNumber: raw.organization_number ?? null,
        order: raw.order ? toOrder(raw.order) : null,
        decision: raw.credit ? { decision: raw.credit.decision, declineReason: raw.credit.decline_reason } : null,
      };
    },
  };
}
