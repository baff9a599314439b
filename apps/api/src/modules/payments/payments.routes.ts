import type { FastifyInstance, FastifyReply } from 'fastify';
import { paymentsEndpoints, savedCardsEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { withRawJsonBodies } from '../../platform/raw-body.ts';
import type { PaymentIntent } from './gateway.ts';
import { PaymentErrors } from './payments.errors.ts';
import type { PaymentsService } from './payments.service.ts';
import { challengePage, challengeResultPage, elementsPage, type Page } from './sandbox-pages.ts';
import { SANDBOX_PATH, type SandboxGateway } from './sandbox-gateway.ts';
import { checkCardFields, parseExpiry } from './test-cards.ts';
import { WALLET_DEVICE_CARD, walletScript } from './sandbox-wallet.ts';
import { SANDBOX_SIGNATURE_HEADER } from './webhook-signature.ts';

const FORM_BODY_LIMIT = 4 * 1024;
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const INTENT_ID = /^pi_\w{1,64}$/;

export async function registerPaymentsRoutes(app: FastifyInstance, payments: PaymentsService): Promise<void> {
  const { gateway } = payments;

  bindEndpoint(app, paymentsEndpoints.getPaymentConfig, async () => gateway().clientConfig());

  // Saved cards: signed-in shoppers only (the contracts say so); each call checks the card is theirs.
  bindEndpoint(app, savedCardsEndpoints.listSavedCards, ({ ctx }) => payments.listSavedCards(ctx, ctx.actor!));
  bindEndpoint(app, savedCardsEndpoints.removeSavedCard, ({ ctx, body }) => payments.removeSavedCard(ctx, ctx.actor!, body.paymentMethodId));
  bindEndpoint(app, savedCardsEndpoints.setDefaultSavedPaymentMethod, ({ ctx, body }) => payments.setDefaultSavedCard(ctx, ctx.actor!, body.paymentMethodId));
  bindEndpoint(app, savedCardsEndpoints.updateBillingDetails, ({ ctx, body }) => payments.updateSavedCardBilling(ctx, ctx.actor!, body));

  // The signature covers the exact bytes sent, so this route keeps the body as text beside the parsed JSON.
  await withRawJsonBodies(app, WEBHOOK_BODY_LIMIT, (webhooks, rawBodyOf) =>
    bindEndpoint(
      webhooks,
      paymentsEndpoints.receiveWebhook,
      ({ ctx, params, request }) => {
        const header = request.headers[params.gateway === 'stripe' ? 'stripe-signature' : SANDBOX_SIGNATURE_HEADER];
        return payments.receiveWebhook(ctx, {
          gatewayName: params.gateway,
          rawBody: rawBodyOf(request),
          signature: typeof header === 'string' ? header : undefined,
        });
      },
      // Gateways send bursts (and retries); the signature is the gate here.
      { rateLimit: false },
    ),
  );

  if (!app.platform.config.payments.stripe) await registerSandbox(app, () => gateway() as SandboxGateway);
}

/** The sandbox gateway's own surface: its card frame, its confirm call, the challenge page, its webhook sender. */
async function registerSandbox(app: FastifyInstance, sandboxGateway: () => SandboxGateway): Promise<void> {
  const { platform } = app;
  const { publicUrl } = platform.config;
  const shopOrigin = new URL(publicUrl).origin;

  bindEndpoint(app, paymentsEndpoints.getSandboxIntent, async ({ params, query }) =>
    toView(await sandboxGateway().retrieveForClient(params.intentId, query.client_secret)),
  );

  await app.register(async (sandbox) => {
    sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const hidden = { schema: { hide: true } };

    sandbox.get(`${SANDBOX_PATH}/elements`, hidden, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const id = query.client_secret?.split('_secret_')[0] ?? '';
      if (!INTENT_ID.test(id)) throw PaymentErrors.intentNotFound();
      const intent = await sandboxGateway().retrieveForClient(id, query.client_secret ?? '');
      return sendPage(reply, elementsPage({ intent, shopOrigin, showButton: query.button !== 'false' }));
    });

    // Only the sandbox ever receives a card number, here; it keeps brand, last four and expiry.
    sandbox.post(`${SANDBOX_PATH}/intents/:intentId/confirm`, hidden, async (request) => {
      const { intentId } = request.params as { intentId: string };
      const body = (request.body ?? {}) as { client_secret?: unknown; return_url?: unknown; card?: Record<string, unknown> };
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const card = { number: text(body.card?.number), expiry: text(body.card?.expiry), cvc: text(body.card?.cvc), postcode: text(body.card?.postcode) };
      const problems = checkCardFields(card, platform.clock.now());
      if (Object.keys(problems).length > 0) throw PaymentErrors.sandboxCardInvalid(problems);
      const returnUrl = text(body.return_url) || undefined;
      if (returnUrl && (!URL.canParse(returnUrl) || new URL(returnUrl).origin !== shopOrigin)) throw PaymentErrors.returnUrlInvalid();
      const key = request.headers['idempotency-key'];
      const expiry = parseExpiry(card.expiry)!;
      const intent = await sandboxGateway().confirmWithCard(
        intentId,
        {
          clientSecret: text(body.client_secret),
          card: { number: card.number, expMonth: expiry.month, expYear: expiry.year, postcode: card.postcode, name: text(body.card?.name) || undefined },
          returnUrl,
        },
        typeof key === 'string' ? key : `confirm-${intentId}-${request.id}`,
      );
      return toView(intent);
    });

    // The wallet button's script, and the wallet paying with the card it holds.
    sandbox.get(`${SANDBOX_PATH}/wallet.js`, hidden, async (_request, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(walletScript()),
    );
    sandbox.post(`${SANDBOX_PATH}/intents/:intentId/wallet`, hidden, async (request) => {
      const { intentId } = request.params as { intentId: string };
      const body = (request.body ?? {}) as { client_secret?: unknown };
      const key = request.headers['idempotency-key'];
      const now = platform.clock.now();
      const intent = await sandboxGateway().confirmWithCard(
        intentId,
        {
          clientSecret: typeof body.client_secret === 'string' ? body.client_secret : '',
          card: { number: WALLET_DEVICE_CARD, expMonth: 12, expYear: now.getUTCFullYear() + 3, postcode: 'SW1A 1AA' },
        },
        typeof key === 'string' ? key : `wallet-${intentId}-${request.id}`,
      );
      return toView(intent);
    });

    sandbox.get(`${SANDBOX_PATH}/challenge/:intentId`, hidden, async (request, reply) => {
      const { intentId } = request.params as { intentId: string };
      const secret = (request.query as Record<string, string | undefined>).client_secret ?? '';
      const intent = await sandboxGateway().retrieveForClient(intentId, secret);
      return sendPage(reply, challengePage({ intent, shopOrigin, actionUrl: `${SANDBOX_PATH}/challenge/${intent.id}` }));
    });

    sandbox.post(`${SANDBOX_PATH}/challenge/:intentId`, hidden, async (request, reply) => {
      const { intentId } = request.params as { intentId: string };
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const outcome = form.outcome === 'complete' ? 'complete' : form.outcome === 'fail' ? 'fail' : null;
      if (!outcome) throw PaymentErrors.sandboxChallengeOutcome();
      const { intent, returnUrl } = await sandboxGateway().completeChallenge(intentId, form.client_secret ?? '', outcome);
      if (returnUrl) {
        // Stripe's redirect: the shop's page learns the outcome from these parameters, then re-reads the intent.
        const target = new URL(returnUrl);
        target.searchParams.set('payment_intent', intent.id);
        target.searchParams.set('payment_intent_client_secret', intent.clientSecret);
        target.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
        return reply.redirect(target.toString(), 303);
      }
      return sendPage(reply, challengeResultPage({ intent, shopOrigin }));
    });
  });
}

function sendPage(reply: FastifyReply, page: Page) {
  // The card field must be framable by the shop: its CSP's frame-ancestors says by whom instead.
  reply.raw.removeHeader('x-frame-options');
  return reply.headers(page.headers).type('text/html; charset=utf-8').send(page.html);
}

function toView(intent: PaymentIntent) {
  return {
    id: intent.id,
    status: intent.status,
    amountPence: intent.amountPence,
    currency: intent.currency,
    card: intent.card,
    lastError: intent.lastError,
    nextActionUrl: intent.nextActionUrl,
  };
}
