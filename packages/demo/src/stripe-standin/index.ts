import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { challengeDonePage, challengePage, expressCheckoutPage, googlePaySheetPage, paymentElementPage, stripeJs } from './browser.ts';

/**
 * A local stand-in for the few Stripe API endpoints the adapter calls (Stripe itself is unreachable
 * from tests): Stripe's JSON shapes, its test payment methods (pm_card_visa…), its error envelope
 * and its idempotency rules (replay, 400 for other parameters, 409 while the first is in flight).
 *
 * For the browser it also serves a small Stripe.js (`/v3/`: STRIPE_JS_URL) with the Payment Element
 * and the Express Checkout Element in frames of this origin, Google Pay's sheet and a 3-D Secure
 * page. As with Stripe, the card number stays in the frames: they hand the page a test payment
 * method (pm_card_visa…), which Stripe.js confirms with the publishable key and the intent's client
 * secret (the only calls a publishable key may make).
 */
export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`: STRIPE_API_URL. */
  url: string;
  /** Where the browser loads the stand-in Stripe.js: STRIPE_JS_URL. */
  jsUrl: string;
  /** Every API request received (`/v1/…`), in order: method, path, form fields and headers. */
  requests: { method: string; path: string; form: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  /** Holds the next write request until the returned function is called (to test "in progress"). */
  holdNext(): () => void;
  /** The customer's saved card, as Stripe would have it after Elements saved it. */
  attach(paymentMethod: string, customer: string): void;
  /** How new refunds answer: `succeeded` (cards, the default) or `pending` (settled later by `settleRefund`). */
  answerRefunds(status: 'succeeded' | 'pending'): void;
  /** A refund's later outcome, as Stripe's `charge.refund.updated` carries it; returns the refund object. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Record<string, unknown>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

type Outcome = 'succeeds' | 'authenticate' | 'insufficient_funds' | 'generic_decline';

const card = (brand: string, last4: string) => ({ brand, last4, exp_month: 12, exp_year: 2034, country: 'GB', funding: 'credit' });
/** Stripe's test payment methods, and what confirming with each does (the frame maps test card numbers to these). */
const TEST_METHODS: Record<string, { card: Json; outcome: Outcome }> = {
  pm_card_visa: { card: card('visa', '4242'), outcome: 'succeeds' },
  pm_card_mastercard: { card: card('mastercard', '4444'), outcome: 'succeeds' },
  pm_card_authenticationRequired: { card: card('visa', '3155'), outcome: 'authenticate' },
  pm_card_chargeDeclinedInsufficientFunds: { card: card('visa', '9995'), outcome: 'insufficient_funds' },
  pm_card_chargeDeclined: { card: card('visa', '0002'), outcome: 'generic_decline' },
};

/** `a[b][c]=1&list[0]=x` → `{ a: { b: { c: '1' } }, list: ['x'] }`, as Stripe reads form bodies. */
export function parseStripeForm(text: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

const AUTHENTICATION_FAILURE = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export async function startStripeStandIn(options: { port?: number } = {}): Promise<StripeStandIn> {
  const now = () => Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  /** This server's own address, known once it listens (the 3-D Secure page's address is on it). */
  let origin = '';
  const customers = new Map<string, Json>();
  const methods = new Map<string, Json>(
    Object.entries(TEST_METHODS).map(([pmId, test]) => [
      pmId,
      {
        id: pmId,
        object: 'payment_method',
        type: 'card',
        card: test.card,
        customer: null,
        billing_details: { name: null, email: null, phone: null, address: null },
        created: now(),
      },
    ]),
  );
  const outcomes = new Map<string, Outcome>(Object.entries(TEST_METHODS).map(([pmId, test]) => [pmId, test.outcome]));
  const intents = new Map<string, Json>();
  /** The charge of each succeeded intent: it carries what was refunded. */
  const charges = new Map<string, Json>();
  /** Every refund, in the order made. */
  const refunds = new Map<string, Json>();
  let refundStatus: 'succeeded' | 'pending' = 'succeeded';
  const idempotency = new Map<string, { signature: string; status: number; body: Json | null }>();
  const requests: StripeStandIn['requests'] = [];
  let hold: Promise<void> | null = null;

  const error = (status: number, fields: Json) => ({ status, body: { error: fields } });
  const missing = (what: string, value: string) =>
    error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${value}'`, param: 'id' });

  /**
   * A test token (pm_card_visa…) used to pay becomes a new PaymentMethod, as with Stripe, so shoppers
   * paying at once do not share one; a customer's saved method is used as it is.
   */
  function methodFor(pmId: string): Json | undefined {
    const method = methods.get(pmId);
    if (!method || !TEST_METHODS[pmId] || method.customer) return method;
    const copy = { ...method, id: id('pm'), created: now() };
    methods.set(copy.id as string, copy);
    outcomes.set(copy.id as string, outcomes.get(pmId)!);
    return copy;
  }

  /** The payment went through: a charge, and the card kept on the customer when the intent asked for that. */
  function succeed(intent: Json) {
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    intent.next_action = null;
    const charge = { id: id('ch'), object: 'charge', amount: intent.amount, amount_refunded: 0, refunded: false, payment_intent: intent.id };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    const method = methods.get(String(intent.payment_method));
    if (method && intent.setup_future_usage && intent.customer) method.customer = intent.customer;
  }

  function confirm(intent: Json, pmId: string, offSession: boolean, returnUrl: string | null = null) {
    const method = methodFor(pmId);
    if (!method) return missing('PaymentMethod', pmId);
    intent.payment_method = method.id;
    const decline = (code: string, declineCode: string | undefined, message: string) => {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.last_payment_error = { type: 'card_error', code, decline_code: declineCode, message, payment_method: method };
      return error(402, { type: 'card_error', code, decline_code: declineCode, message, payment_intent: { ...intent } });
    };
    switch (outcomes.get(method.id as string) ?? 'succeeds') {
      case 'succeeds':
        succeed(intent);
        break;
      case 'authenticate': {
        if (offSession)
          return decline('authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.');
        intent.status = 'requires_action';
        intent.last_payment_error = null;
        const url = `${origin}/3d_secure_2/${String(intent.id)}?client_secret=${encodeURIComponent(String(intent.client_secret))}`;
        intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
        break;
      }
      case 'insufficient_funds':
        return decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
      case 'generic_decline':
        return decline('card_declined', 'generic_decline', 'Your card was declined.');
    }
    return { status: 200, body: { ...intent } };
  }

  /** The bank's answer on the 3-D Secure page. */
  function authenticate(intent: Json, outcome: 'complete' | 'fail') {
    if (intent.status !== 'requires_action') return;
    if (outcome === 'complete') return succeed(intent);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = { ...AUTHENTICATION_FAILURE, payment_method: methods.get(String(intent.payment_method)) ?? null };
  }

  /**
   * `publishable`: the browser's Stripe.js, which may read and confirm one intent by its client
   * secret and do nothing else (Stripe answers a wrong secret as an unknown intent).
   */
  function route(method: string, path: string, form: Json, query: URLSearchParams, publishable: boolean): { status: number; body: Json } {
    let match: RegExpExecArray | null;
    if (publishable) {
      match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path);
      const intent = match && intents.get(match[1]!);
      if (!match || (method === 'GET') === Boolean(match[2])) {
        return error(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' });
      }
      const secret = method === 'GET' ? query.get('client_secret') : form.client_secret;
      if (!intent || secret !== intent.client_secret) return missing('payment_intent', match[1]!);
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: form.email ?? null, name: form.name ?? null, created: now() };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'DELETE' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      if (!customers.delete(match[1]!)) return missing('customer', match[1]!);
      // Deleting a customer detaches its cards, as Stripe does.
      for (const pm of methods.values()) if (pm.customer === match[1]) pm.customer = null;
      return { status: 200, body: { id: match[1], object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intentId = id('pi');
      const intent: Json = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        status: form.payment_method ? 'requires_confirmation' : 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        customer: form.customer ?? null,
        payment_method: form.payment_method ?? null,
        last_payment_error: null,
        next_action: null,
        latest_charge: null,
        metadata: form.metadata ?? {},
        setup_future_usage: form.setup_future_usage ?? null,
        created: now(),
      };
      if (!Number.isInteger(intent.amount) || (intent.amount as number) < 30) {
        return error(400, { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least £0.30 gbp', param: 'amount' });
      }
      intents.set(intentId, intent);
      if (form.confirm === 'true' && typeof form.payment_method === 'string') return confirm(intent, form.payment_method, form.off_session === 'true');
      return { status: 200, body: { ...intent } };
    }
    if ((match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path))) {
      const intent = intents.get(match[1]!);
      if (!intent) return missing('payment_intent', match[1]!);
      if (method === 'GET') {
        const expand = [...query.entries()].filter(([key]) => key.startsWith('expand')).map(([, value]) => value);
        const body = { ...intent };
        if (expand.includes('payment_method') && typeof intent.payment_method === 'string') body.payment_method = methods.get(intent.payment_method) ?? null;
        if (expand.includes('latest_charge') && typeof intent.latest_charge === 'string') body.latest_charge = charges.get(intent.latest_charge) ?? null;
        return { status: 200, body };
      }
      const unexpected = (action: string) =>
        error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot ${action} this PaymentIntent because it has a status of ${String(intent.status)}.`,
        });
      if (match[2] === '/confirm') {
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status as string)) return unexpected('confirm');
        return confirm(
          intent,
          String(form.payment_method ?? intent.payment_method),
          form.off_session === 'true',
          typeof form.return_url === 'string' ? form.return_url : null,
        );
      }
      if (match[2] === '/cancel') {
        if (['succeeded', 'canceled'].includes(intent.status as string)) return unexpected('cancel');
        intent.status = 'canceled';
        return { status: 200, body: { ...intent } };
      }
      if (form.amount !== undefined) {
        if (['succeeded', 'canceled', 'processing'].includes(intent.status as string)) return unexpected('update');
        intent.amount = Number(form.amount);
      }
      if (form.setup_future_usage !== undefined) {
        if (intent.status !== 'requires_payment_method') return unexpected('update');
        intent.setup_future_usage = form.setup_future_usage || null;
        if (form.customer !== undefined) intent.customer = form.customer;
        intent.metadata = { ...(intent.metadata as Json), ...(form.metadata as Json) };
      }
      return { status: 200, body: { ...intent } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent));
      if (!intent) return missing('payment_intent', String(form.payment_intent));
      if (intent.status !== 'succeeded') {
        return error(400, {
          type: 'invalid_request_error',
          code: 'charge_not_refundable',
          message: 'This PaymentIntent does not have a successful charge to refund.',
        });
      }
      const charge = charges.get(String(intent.latest_charge))!;
      const unrefunded = (charge.amount as number) - (charge.amount_refunded as number);
      const amount = form.amount === undefined ? unrefunded : Number(form.amount);
      if (amount > unrefunded) {
        return error(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          message: `Refund amount (£${amount / 100}) is greater than unrefunded amount on charge.`,
        });
      }
      // As with Stripe, the charge counts a refund from its creation, pending or not, until it fails.
      charge.amount_refunded = (charge.amount_refunded as number) + amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        payment_intent: intent.id,
        status: refundStatus,
        currency: 'gbp',
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: { ...refund } };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...refunds.values()].filter((refund) => refund.payment_intent === query.get('payment_intent')).toReversed();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (method === 'GET' && path === '/v1/payment_methods') {
      const data = [...methods.values()].filter((item) => item.customer === query.get('customer'));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_methods' } };
    }
    if ((match = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path))) {
      const pm = methods.get(match[1]!);
      if (!pm) return missing('PaymentMethod', match[1]!);
      if (match[2]) pm.customer = null;
      else if (method === 'POST' && form.billing_details) {
        const details = form.billing_details as Json;
        pm.billing_details = {
          ...(pm.billing_details as Json),
          ...details,
          address: { ...((pm.billing_details as Json).address as Json), ...(details.address as Json) },
        };
      }
      return { status: 200, body: { ...pm } };
    }
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** Stripe.js, its frames and the 3-D Secure page: what js.stripe.com and hooks.stripe.com serve. */
  function browserPage(method: string, url: URL, form: Json): { status: number; type: string; body: string } | null {
    const html = (body: string) => ({ status: 200, type: 'text/html; charset=utf-8', body });
    if (method === 'GET' && (url.pathname === '/v3' || url.pathname === '/v3/'))
      return { status: 200, type: 'application/javascript; charset=utf-8', body: stripeJs(origin) };
    if (method === 'GET' && url.pathname === '/elements/payment') return html(paymentElementPage());
    if (method === 'GET' && url.pathname === '/elements/express-checkout') return html(expressCheckoutPage());
    if (method === 'GET' && url.pathname === '/google-pay/sheet') {
      const query = (name: string) => url.searchParams.get(name) ?? '';
      // Without the shop's business name Stripe shows the account's: the stand-in account is the shop's.
      const sheet = { amount: Number(query('amount')), currency: query('currency') || 'gbp', merchant: query('merchant') || 'Plumbline' };
      return html(googlePaySheetPage(sheet, { channel: query('channel'), parent: query('parent') }));
    }
    const match = /^\/3d_secure_2\/([^/]+)$/.exec(url.pathname);
    if (!match) return null;
    const intent = intents.get(match[1]!);
    const secret = method === 'GET' ? url.searchParams.get('client_secret') : form.client_secret;
    if (!intent || secret !== intent.client_secret) return { status: 404, type: 'text/plain; charset=utf-8', body: 'No such payment.' };
    const paidWith = (methods.get(String(intent.payment_method))?.card ?? null) as { brand: string; last4: string } | null;
    const view = {
      id: String(intent.id),
      amount: Number(intent.amount),
      status: String(intent.status),
      clientSecret: String(intent.client_secret),
      card: paidWith,
    };
    if (method === 'GET') return html(challengePage(view, { channel: url.searchParams.get('channel') ?? '', parent: url.searchParams.get('parent') ?? '' }));
    if (method !== 'POST') return null;
    authenticate(intent, form.outcome === 'complete' ? 'complete' : 'fail');
    return html(
      challengeDonePage(
        { ...view, status: String(intent.status) },
        { channel: typeof form.channel === 'string' ? form.channel : '', parent: typeof form.parent === 'string' ? form.parent : '' },
      ),
    );
  }

  /** Stripe's API answers browsers from any origin (Stripe.js calls it with the publishable key). */
  const CORS = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
    'access-control-allow-methods': 'GET, POST, DELETE',
  };

  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on(
      'end',
      () =>
        void (async () => {
          const url = new URL(request.url ?? '/', 'http://stand-in');
          const form = parseStripeForm(text);
          const page = browserPage(request.method ?? 'GET', url, form);
          if (page) {
            response.writeHead(page.status, { 'content-type': page.type, 'cache-control': 'no-store' });
            return response.end(page.body);
          }
          if (request.method === 'OPTIONS') {
            response.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
            return response.end();
          }
          requests.push({ method: request.method ?? 'GET', path: url.pathname, form, headers: request.headers });
          const send = (status: number, body: Json | null, replayed = false) => {
            response.writeHead(status, {
              ...CORS,
              'content-type': 'application/json',
              'request-id': id('req'),
              ...(replayed && { 'idempotent-replayed': 'true' }),
            });
            response.end(JSON.stringify(body));
          };
          const authorization = request.headers.authorization ?? '';
          const publishable = authorization.startsWith('Bearer pk_test_');
          if (!authorization.startsWith('Bearer sk_test_') && !publishable) {
            return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
          }
          const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
          const signature = `${request.method} ${url.pathname} ${text}`;
          if (typeof key === 'string') {
            const seen = idempotency.get(key);
            if (seen && seen.signature !== signature) {
              return send(400, {
                error: {
                  type: 'idempotency_error',
                  message:
                    `Keys for idempotent requests can only be used with the same parameters they were first ` +
                    `used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              });
            }
            if (seen && seen.status === 0) {
              return send(409, {
                error: {
                  type: 'idempotency_error',
                  code: 'idempotency_key_in_use',
                  message: 'There is currently another in-progress request using this idempotency key.',
                },
              });
            }
            if (seen) return send(seen.status, seen.body, true);
            idempotency.set(key, { signature, status: 0, body: null });
          }
          if (hold && request.method === 'POST') {
            const waiting = hold;
            hold = null;
            await waiting;
          }
          const result = route(request.method ?? 'GET', url.pathname, form, url.searchParams, publishable);
          if (typeof key === 'string') idempotency.set(key, { signature, ...result });
          send(result.status, result.body);
        })(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    jsUrl: `${origin}/v3/`,
    requests,
    holdNext() {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
    attach(paymentMethod, customer) {
      const pm = methods.get(paymentMethod);
      if (pm) pm.customer = customer;
    },
    answerRefunds(status) {
      refundStatus = status;
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`No such refund: ${refundId}`);
      // A failed refund no longer counts on its charge (even one that had succeeded: the issuer sent it back).
      if (status === 'failed' && refund.status !== 'failed') {
        const charge = charges.get(String(refund.charge))!;
        charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
        charge.refunded = false;
      }
      refund.status = status;
      return { ...refund };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
