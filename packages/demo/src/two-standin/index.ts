import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Two's merchant API (the real one needs a merchant account and is unreachable
 * from tests): customers' credit, customer users, delegation tokens, sole-trader proposals and orders
 * (checked, created, edited before fulfilment, refunded after it, cancelled), in
 * its JSON shapes, keeping everything in memory. It refuses another key (401), a write without an
 * `Idempotency-Key` (400), an expired or foreign delegation token (422 with its `error_code`), and
 * replays a write's first answer for a repeated key.
 */
export interface TwoStandIn {
  /** `http://127.0.0.1:<port>`: TWO_API_URL. */
  url: string;
  apiKey: string;
  merchantId: string;
  /** Every request received: method, path, and its idempotency key (null when none was sent). */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** Moves a proposal on, as Two's underwriters do (an accepted one gets an organisation number). */
  decide(proposalId: string, status: 'REVIEWING' | 'ACCEPTED' | 'DECLINED' | 'WITHDRAWN'): void;
  /** Makes delegation tokens it has issued run out now. */
  expireTokens(): void;
  /** An order as Two holds it now (its amounts and lines, as created or last edited); undefined for one it does not know. */
  orderOf(
    id: string,
  ): { state: string; gross_amount: string; net_amount?: string; tax_amount?: string; refunded_amount: string; line_items?: unknown[] } | undefined;
  /** Marks the customer users of a business verified, as the buyer's own visit to Two's link would. */
  verifyUsers(organisationNumber: string): void;
  close(): Promise<void>;
}

interface User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  merchant_user_id: string;
  verified: boolean;
  is_legal_rep: boolean;
  verification_url: string | null;
}
interface Order {
  id: string;
  state: 'VERIFIED' | 'FULFILLED' | 'REFUNDED' | 'CANCELLED';
  status: 'APPROVED' | 'REJECTED';
  gross_amount: string;
  net_amount?: string;
  tax_amount?: string;
  line_items?: unknown[];
  refunded_amount: string;
  decline_reason: string | null;
  fulfilled_at: string | null;
  invoice_details: { due_in_days: number };
  payment: { payee_company_name: string; local_bank_code: string; local_account_number: string; payment_reference: string };
}
interface Proposal {
  id: string;
  status: string;
  organization_number: string | null;
  submitted_at: string | null;
}

/** Credit as Two answers it; `99000001` is declined, anything else approved on £5,000. */
const creditOf = (organisationNumber: string) =>
  organisationNumber === '99000001'
    ? { decision: 'declined', decline_reason: 'low_credit_score', credit_limit: 0, available_credit: 0, max_single_order: 0, arrears: 0 }
    : { decision: 'approved', decline_reason: null, credit_limit: 500_000, available_credit: 500_000, max_single_order: 250_000, arrears: 0 };

export async function startTwoStandIn(options: { port?: number; apiKey?: string; merchantId?: string } = {}): Promise<TwoStandIn> {
  const apiKey = options.apiKey ?? 'two_standin_test_key';
  const merchantId = options.merchantId ?? 'mer_standin';
  const requests: TwoStandIn['requests'] = [];
  const users = new Map<string, User[]>();
  const proposals = new Map<string, Proposal>();
  const tokens = new Map<string, { proposalId: string | null; expiresAt: number }>();
  const replies = new Map<string, { status: number; body: unknown; headers: Record<string, string> }>();
  const orders = new Map<string, Order>();
  const orderBuyers = new Map<string, string>();

  /** Orders: approved up to the business's single-order maximum, else rejected; fulfilled, refunded and cancelled as Two's states allow (else 409). */
  const orderCall = (method: string, url: URL, body: Record<string, unknown>) => {
    const reply = (status: number, answer: unknown) => ({ status, body: answer, headers: {} });
    const amount = (text: unknown) => Math.round(Number(text) * 100);
    if (url.pathname === '/v1/order_intent' || (url.pathname === '/v1/order' && method === 'POST')) {
      const buyer = body.buyer as { company: { organization_number: string } };
      const credit = creditOf(buyer.company.organization_number);
      const approved = credit.decision === 'approved' && amount(body.gross_amount) <= credit.max_single_order;
      const reason = credit.decision !== 'approved' ? 'business_declined' : 'over_single_order_limit';
      if (url.pathname === '/v1/order_intent') return reply(200, { approved, decline_reason: approved ? null : reason });
      const id = `ord_${randomBytes(8).toString('hex')}`;
      const order: Order = {
        id,
        state: 'VERIFIED',
        status: approved ? 'APPROVED' : 'REJECTED',
        gross_amount: String(body.gross_amount),
        net_amount: String(body.net_amount),
        tax_amount: String(body.tax_amount),
        line_items: body.line_items as unknown[],
        refunded_amount: '0.00',
        decline_reason: approved ? null : reason,
        fulfilled_at: null,
        invoice_details: { due_in_days: 30 },
        payment: {
          payee_company_name: 'Two Standin Ltd',
          local_bank_code: '200000',
          local_account_number: '55779911',
          payment_reference: `REF-${id.slice(-8)}`,
        },
      };
      orders.set(id, order);
      orderBuyers.set(id, buyer.company.organization_number);
      return reply(201, order);
    }
    const path = /^\/v1\/order\/([^/]+)(?:\/(fulfilled|refund|cancel))?$/.exec(url.pathname);
    const order = path ? orders.get(decodeURIComponent(path[1]!)) : undefined;
    if (!path || !order) return null;
    if (method === 'GET' && !path[2]) return reply(200, order);
    const refuse = () => reply(409, { message: `order is ${order.state}` });
    // Edit order, before fulfilment: a new gross amount up to the business's single-order maximum (what was refunded deducted), else 422.
    if (method === 'PUT' && !path[2]) {
      if (order.state !== 'VERIFIED') return refuse();
      const buyer = orderBuyers.get(order.id) ?? '';
      if (amount(body.gross_amount) - amount(order.refunded_amount) > creditOf(buyer).max_single_order) {
        return reply(422, { error_code: 'ORDER_EDIT_DECLINED', decline_reason: 'over_single_order_limit' });
      }
      Object.assign(order, {
        gross_amount: String(body.gross_amount),
        net_amount: String(body.net_amount),
        tax_amount: String(body.tax_amount),
        line_items: body.line_items as unknown[],
      });
      return reply(200, order);
    }
    if (path[2] === 'fulfilled') {
      if (order.state !== 'VERIFIED' && order.state !== 'FULFILLED') return refuse();
      Object.assign(order, { state: 'FULFILLED', fulfilled_at: order.fulfilled_at ?? new Date().toISOString() });
    } else if (path[2] === 'refund') {
      // A refund is a credit note against the invoice fulfilment sends: before it, Two edits or cancels the order instead.
      const refunded = amount(order.refunded_amount) + amount(body.amount);
      if (order.state !== 'FULFILLED' || refunded > amount(order.gross_amount)) return refuse();
      order.refunded_amount = (refunded / 100).toFixed(2);
      if (refunded === amount(order.gross_amount)) order.state = 'REFUNDED';
    } else if (path[2] === 'cancel') {
      if (order.state !== 'VERIFIED' && order.state !== 'CANCELLED') return refuse();
      order.state = 'CANCELLED';
    } else return null;
    return reply(200, order);
  };

  const handle = (method: string, url: URL, body: Record<string, unknown>, headers: http.IncomingHttpHeaders) => {
    const reply = (status: number, answer: unknown, extra: Record<string, string> = {}) => ({ status, body: answer, headers: extra });
    if (url.pathname.startsWith('/v1/order')) return orderCall(method, url, body) ?? reply(404, { message: 'no such order' });
    const customer = new RegExp(`^/v2/merchant/${merchantId}/customer/([^/]+)/(credit|user)$`).exec(url.pathname);
    if (customer) {
      const organisationNumber = decodeURIComponent(customer[1]!);
      if (customer[2] === 'credit') return reply(200, creditOf(organisationNumber));
      const list = users.get(organisationNumber) ?? [];
      if (method === 'GET') return reply(200, { items: list.filter((user) => user.merchant_user_id === url.searchParams.get('merchant_user_id')) });
      const existing = list.find((user) => user.merchant_user_id === body.merchant_user_id);
      if (existing) return reply(200, existing);
      const id = `usr_${randomBytes(8).toString('hex')}`;
      const user: User = {
        id,
        email: String(body.email),
        first_name: String(body.first_name),
        last_name: String(body.last_name),
        merchant_user_id: String(body.merchant_user_id),
        verified: false,
        is_legal_rep: true,
        verification_url: `https://checkout.two.inc/verify/${id}`,
      };
      users.set(organisationNumber, [...list, user]);
      return reply(201, user);
    }
    if (url.pathname === '/registry/v1/delegation' && method === 'POST') {
      const token = `dat_${randomBytes(16).toString('hex')}`;
      const expiresAt = Date.now() + 600_000;
      tokens.set(token, { proposalId: (body.proposal_id as string | null) ?? null, expiresAt });
      return reply(201, { expires_at: new Date(expiresAt).toISOString() }, { 'two-delegated-authority-token': token });
    }
    if (url.pathname === '/registry/v1/proposal' && method === 'POST') {
      const proposal: Proposal = { id: `prop_${randomBytes(8).toString('hex')}`, status: 'DRAFT', organization_number: null, submitted_at: null };
      proposals.set(proposal.id, proposal);
      return reply(201, proposal);
    }
    const proposalPath = /^\/registry\/v1\/proposal\/([^/]+)(\/submission)?$/.exec(url.pathname);
    const proposal = proposalPath ? proposals.get(decodeURIComponent(proposalPath[1]!)) : undefined;
    if (proposalPath && !proposal) return reply(404, { error_code: 'NOT_FOUND' });
    if (proposal && !proposalPath![2] && method === 'GET') return reply(200, proposal);
    if (proposal && method === 'POST') {
      const grant = tokens.get(String(headers['two-delegated-authority-token'] ?? ''));
      if (!grant || grant.proposalId !== proposal.id) return reply(422, { error_code: 'DELEGATION_TOKEN_INVALID' });
      if (grant.expiresAt <= Date.now()) return reply(422, { error_code: 'DELEGATION_TOKEN_EXPIRED' });
      if (proposal.status !== 'DRAFT') return reply(409, { status: proposal.status });
      Object.assign(proposal, { status: 'SUBMITTED', submitted_at: new Date().toISOString() });
      return reply(200, proposal);
    }
    return reply(404, { error_code: 'NOT_FOUND' });
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://standin');
      const method = request.method ?? 'GET';
      const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      requests.push({ method, path: url.pathname, idempotencyKey });
      const send = (answer: { status: number; body: unknown; headers: Record<string, string> }) => {
        response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        response.end(JSON.stringify(answer.body));
      };
      if (request.headers['x-api-key'] !== apiKey) return send({ status: 401, body: { error_code: 'UNAUTHORIZED' }, headers: {} });
      if ((method === 'POST' || method === 'PUT') && !idempotencyKey)
        return send({ status: 400, body: { error_code: 'IDEMPOTENCY_KEY_REQUIRED' }, headers: {} });
      const replay = idempotencyKey ? replies.get(`${url.pathname}:${idempotencyKey}`) : undefined;
      if (replay) return send(replay);
      const answer = handle(method, url, raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, request.headers);
      if (idempotencyKey && answer.status < 500) replies.set(`${url.pathname}:${idempotencyKey}`, answer);
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    merchantId,
    requests,
    decide(proposalId, status) {
      const proposal = proposals.get(proposalId);
      if (!proposal) throw new Error(`no proposal ${proposalId}`);
      proposal.status = status;
      if (status === 'ACCEPTED') proposal.organization_number = `ST${randomUUID().slice(0, 6).toUpperCase()}`;
    },
    expireTokens: () => tokens.forEach((grant) => (grant.expiresAt = 0)),
    orderOf: (id) => orders.get(id),
    verifyUsers: (organisationNumber) => users.get(organisationNumber)?.forEach((user) => Object.assign(user, { verified: true, verification_url: null })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
