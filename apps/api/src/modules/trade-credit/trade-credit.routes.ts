import type { FastifyInstance } from 'fastify';
import { tradeCreditEndpoints as credit } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { withRawJsonBodies } from '../../platform/raw-body.ts';
import type { CreditSandbox } from './sandbox-provider.ts';
import { CREDIT_SANDBOX_PATH } from './sandbox-provider.ts';
import type { TradeCreditService } from './trade-credit.service.ts';

/** Per visitor, beside the 5-minute rule per account: a script cannot make the shop mail anyone. */
export const RESEND_LIMIT = { max: 5, timeWindow: '1 hour', groupId: 'trade-credit-resend' };

export async function registerTradeCreditRoutes(
  app: FastifyInstance,
  service: TradeCreditService,
  sandbox: CreditSandbox | null,
  signatureHeader: string,
): Promise<void> {
  bindEndpoint(app, credit.getMerchantCustomerUser, ({ ctx }) => service.getMerchantCustomerUser(ctx));
  bindEndpoint(app, credit.postMerchantCustomerUser, ({ ctx, body }) => service.postMerchantCustomerUser(ctx, body));
  bindEndpoint(app, credit.getDelegationToken, ({ ctx }) => service.getDelegationToken(ctx));
  bindEndpoint(app, credit.submitSoleTraderProposal, ({ ctx, params, body }) => service.submitSoleTraderProposal(ctx, params.id, body));
  bindEndpoint(app, credit.resendApplicationNotificationEmail, ({ ctx }) => service.resendApplicationNotificationEmail(ctx), { rateLimit: RESEND_LIMIT });
  bindEndpoint(app, credit.listOnAccountInvoices, ({ ctx, query }) => service.listOnAccountInvoices(ctx, query));
  bindEndpoint(app, credit.getCreditExposure, ({ ctx, query }) => service.creditExposure(ctx, query));
  bindEndpoint(app, credit.listCreditWebhooks, ({ ctx, query }) => service.listCreditWebhooks(ctx, query));
  bindEndpoint(app, credit.getCreditTimeline, ({ ctx, params }) => service.creditTimeline(ctx, params.tradeAccountId));
  bindEndpoint(app, credit.sendSandboxCreditEvent, ({ ctx, body }) => service.sendSandboxCreditEvent(ctx, body));
  // The signature covers the exact bytes sent, so this route keeps the body as text beside the parsed JSON.
  await withRawJsonBodies(app, WEBHOOK_BODY_LIMIT, (webhooks, rawBodyOf) =>
    bindEndpoint(
      webhooks,
      credit.receiveCreditWebhook,
      ({ ctx, request }) => {
        const header = request.headers[signatureHeader];
        return service.receiveCreditWebhook(ctx, { rawBody: rawBodyOf(request), signature: typeof header === 'string' ? header : undefined });
      },
      // The provider sends bursts and retries; the signature is the gate.
      { rateLimit: false },
    ),
  );
  if (sandbox) registerSandboxPages(app, sandbox);
}

const WEBHOOK_BODY_LIMIT = 64 * 1024;

const page = (heading: string, text: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${heading}</title></head><body><main><h1>${heading}</h1><p>${text}</p>` +
  `<p><a href="/trade">Back to your trade dashboard</a></p></main></body></html>`;

/** The sandbox provider's verification page: the link its users are e-mailed, as Two's own page would be. */
function registerSandboxPages(app: FastifyInstance, sandbox: CreditSandbox): void {
  app.get(`${CREDIT_SANDBOX_PATH}/verify`, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const verified = await sandbox.verifyUser(query.user ?? '', query.code ?? '');
    reply
      .status(verified ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; base-uri 'none'; form-action 'none'");
    return verified
      ? page('Your details are verified', 'Two, our trade credit provider, has verified your details (sandbox). You can now pay on account.')
      : page('This link does not work', 'Ask for the link again from your trade dashboard.');
  });
}
