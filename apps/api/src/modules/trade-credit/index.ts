import type { CreditProviderConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import { loopbackUrl } from '../../platform/loopback.ts';
import type { ApiModule } from '../../platform/module.ts';
import type { CreditProvider } from './credit-provider.ts';
import { CREDIT_RECOVERY_BATCH, CREDIT_RECOVERY_JOB, creditRecoveryQueue } from './credit-recovery.ts';
import { createCreditSandbox, type CreditSandbox } from './sandbox-provider.ts';
import { createTwoProvider } from './two-provider.ts';
import { tradeCreditPersonalData } from './trade-credit.personal-data.ts';
import { registerTradeCreditRoutes } from './trade-credit.routes.ts';
import type { TradeCreditService } from './trade-credit.service.ts';

export { createTradeCreditService, RESEND_INTERVAL_SECONDS, type TradeCreditService } from './trade-credit.service.ts';
export type { TradeCreditDeps } from './trade-credit.deps.ts';
export type { CreditProvider } from './credit-provider.ts';
export { TradeCreditErrors } from './trade-credit.errors.ts';
export { DELEGATION_TTL_SECONDS } from './sandbox-provider.ts';
export { CREDIT_RECOVERY_AFTER_MS, CREDIT_RECOVERY_JOB, CREDIT_RECOVERY_LEASE_MS } from './credit-recovery.ts';

/** Where the provider's webhooks are received (the sandbox sends its own there). */
export const CREDIT_WEBHOOK_PATH = '/api/accounts/api/two/Webhook';
export type { ApprovedCreditOrder, OnAccountOrder } from './on-account.ts';
export type { OnAccountChange } from './on-account-changes.ts';

/** The provider the settings choose: Two with a key, else the embedded sandbox (its tables in `db`, never the caller's transaction). */
export const createCreditProvider = (settings: CreditProviderConfig, sandbox: { db: Database; clock: Clock; publicUrl: string }): CreditProvider =>
  settings.kind === 'two'
    ? createTwoProvider(settings)
    : createCreditSandbox({ ...sandbox, webhookSecret: settings.kind === 'sandbox' ? settings.webhookSecret : undefined });

/**
 * Trade credit (pay on account) through a business-credit provider, Two in shape: a port
 * (`credit-provider.ts`) with the embedded sandbox (fixed test companies, proposals moving on by the
 * clock, a verification page) and Two's HTTP API (TWO_API_KEY). Only an approved trade account's
 * holder may call it (trade's `creditHolderFor`); the browser only ever holds a delegation token.
 */
export function createTradeCreditModule({
  tradeCredit,
  provider,
  off,
}: {
  tradeCredit: TradeCreditService;
  provider: CreditProvider;
  off: boolean;
}): ApiModule {
  return {
    name: 'trade-credit',
    personalData: tradeCreditPersonalData,
    // Off (production without a provider): no call answers, so the trade dashboard offers no paying on account.
    registerRoutes: async (app) => {
      if (!off)
        await registerTradeCreditRoutes(app, tradeCredit, provider.kind === 'sandbox' ? (provider as CreditSandbox) : null, provider.webhookSignatureHeader);
    },
    // Orders on account dispatched while the provider could not be told: told now (the call is idempotent by order).
    jobs: (app) =>
      off
        ? []
        : [
            {
              name: 'credit-fulfilment',
              everyMs: 60_000,
              batchSize: 50,
              runOnce: async (ctx) => ({ claimed: (await tradeCredit.fulfilDispatched(ctx, 50)).told }),
            },
            // Credits on account left pending (the provider's answer and its webhook both lost): finished as a retry would (decision 0115).
            {
              name: CREDIT_RECOVERY_JOB,
              everyMs: 60_000,
              batchSize: CREDIT_RECOVERY_BATCH,
              runOnce: (ctx) => tradeCredit.finishLostCredits(ctx, CREDIT_RECOVERY_BATCH),
              queue: creditRecoveryQueue(tradeCredit),
            },
            // The sandbox's webhooks, sent to this instance's own endpoint over loopback (until it listens, nothing is claimed).
            ...(provider.kind === 'sandbox'
              ? [
                  {
                    name: 'credit-sandbox-webhooks',
                    everyMs: 1_000,
                    batchSize: 50,
                    runOnce: async () => {
                      const url = loopbackUrl(app, CREDIT_WEBHOOK_PATH);
                      return url ? tradeCredit.sendSandboxWebhooks(url, 50) : { claimed: 0 };
                    },
                  },
                ]
              : []),
          ],
  };
}
