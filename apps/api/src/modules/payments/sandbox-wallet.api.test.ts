import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { sandboxGateway } from './testing.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ seed: false });
});
afterAll(() => api.close());

describe('the Sandbox Pay wallet', () => {
  it('serves its button script, and pays an intent with the card it holds when given the intent’s secret', async () => {
    const script = await fetch(`${api.origin}/api/payments/sandbox/wallet.js`);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await script.text()).toContain('window.SandboxPay = { mount }');

    const intent = await sandboxGateway(api.app).createIntent({ amountPence: 12_345, idempotencyKey: randomUUID() });
    const pay = (secret: string) =>
      fetch(`${api.origin}/api/payments/sandbox/intents/${intent.id}/wallet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ client_secret: secret }),
      });
    const refused = await pay('not-the-secret');
    expect([refused.status >= 400, refused.status < 500]).toEqual([true, true]);
    expect((await sandboxGateway(api.app).retrieveIntent(intent.id))!.status).toBe('requires_payment_method');
    const paid = await pay(intent.clientSecret);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
  });
});
