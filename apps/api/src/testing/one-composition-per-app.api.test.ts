import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverSandboxWebhooks, payWithTestCard } from '../modules/payments/testing.ts';
import { startTestApi, type TestApi } from './test-api.ts';

/**
 * Each app is composed once with its own settings (docs/decisions/0057): two APIs in one process
 * share no payment subscribers, no shop details and no caches, as a test runner or a host of several shops has them.
 */
let alpha: TestApi;
let beta: TestApi;
beforeAll(async () => {
  alpha = await startTestApi({ seed: false, env: { SHOP_COMPANY_NAME: 'Alpha Baths Ltd' } });
  beta = await startTestApi({ seed: false, env: { SHOP_COMPANY_NAME: 'Beta Plumbing Ltd' } });
});
afterAll(async () => {
  await alpha?.close();
  await beta?.close();
});

describe('two APIs in one process', () => {
  it('each hears only its own payment events', async () => {
    const heard = { alpha: [] as string[], beta: [] as string[] };
    const stops = [
      alpha.app.composed.services.payments.onEvent(async ({ event }) => void heard.alpha.push(event.intentRef ?? '')),
      beta.app.composed.services.payments.onEvent(async ({ event }) => void heard.beta.push(event.intentRef ?? '')),
    ];
    try {
      const paidAtAlpha = await payWithTestCard(alpha.app, alpha.origin, 1_500);
      const paidAtBeta = await payWithTestCard(beta.app, beta.origin, 2_500);
      await expect.poll(async () => (await deliverSandboxWebhooks(alpha.app), heard.alpha)).toContain(paidAtAlpha.id);
      await expect.poll(async () => (await deliverSandboxWebhooks(beta.app), heard.beta)).toContain(paidAtBeta.id);
      expect(heard.alpha).not.toContain(paidAtBeta.id);
      expect(heard.beta).not.toContain(paidAtAlpha.id);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it("signs each one's e-mails with its own company", () => {
    const content = { subject: 'Hello', heading: 'Hello', paragraphs: ['A test message.'] };
    const alphaEmail = alpha.app.composed.services.notifications.renderEmail(content);
    const betaEmail = beta.app.composed.services.notifications.renderEmail(content);
    expect(alphaEmail.text).toContain('Alpha Baths Ltd');
    expect(alphaEmail.text).not.toContain('Beta Plumbing Ltd');
    expect(betaEmail.text).toContain('Beta Plumbing Ltd');
    expect(betaEmail.text).not.toContain('Alpha Baths Ltd');
  });

  it('reports only its own caches', async () => {
    // Each public answer served is looked up among the app's written-out answers (platform/bind.ts).
    const lookups = (api: TestApi) => {
      const figures = api.app.platform.caches.reports().serialisedAnswers!;
      return figures.hits + figures.misses;
    };
    const before = { alpha: lookups(alpha), beta: lookups(beta) };
    const response = await fetch(`${alpha.origin}/api/site/ShopDetails`);
    expect(response.status).toBe(200);
    expect(lookups(alpha)).toBe(before.alpha + 1);
    expect(lookups(beta)).toBe(before.beta);
  });
});
