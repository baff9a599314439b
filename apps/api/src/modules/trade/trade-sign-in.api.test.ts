import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createAccountsClient, createBasketClient, createCatalogueClient, createTradeClient } from '@shop/api-client';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { signIn } from '../identity/testing.ts';

/**
 * Through the embedded sign-in provider, as the storefront does it: the demo applicant answers the
 * reviewer's question, staff approve, and the applicant's next token carries the trade role and the
 * trade account's id; staff send the account holder the provider's reset e-mail.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const clients = (token: string) => ({
  trade: createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => token }),
  basket: createBasketClient({ baseUrl: api.serviceUrl('basket'), getAccessToken: () => token }),
  catalogue: createCatalogueClient({ baseUrl: api.serviceUrl('catalogue'), getAccessToken: () => token }),
  accounts: createAccountsClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => token }),
});

describe('approval and the next token', () => {
  it('gives the applicant the trade role and their trade account id when they next sign in', async () => {
    const before = clients((await signIn(api, 'applicant@demo.test', 'demo-password')).tokens.access_token);
    expect((await before.accounts.getUserProfile()).roles).toEqual(['shopper']);
    const waiting = await before.trade.getMyTradeApplication();
    expect(waiting).toMatchObject({ status: 'more_info_required', question: expect.any(String) });
    await before.trade.resubmitMyTradeApplication({ body: { answer: 'A utility bill is attached.' } });

    const staff = clients((await signIn(api, 'staff@demo.test', 'demo-password')).tokens.access_token);
    const approved = await staff.trade.approveTradeApplication({ params: { id: waiting.id }, body: { bandCode: 'T2' } });
    expect(approved.status).toBe('approved');
    // The token the applicant already has was issued before the approval, without the trade role:
    // it is trade from the approval on (the account is looked up per request), with no new sign-in.
    expect(await before.trade.getTradeSummary()).toMatchObject({ tradeExternalId: waiting.tradeExternalId, band: { code: 'T2' } });
    const { sku } = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and not p.is_bundle and pr.price_inc_vat between 2000 and 6000`);
    const basket = await before.basket.createBasketWithItems({ body: { items: [{ sku, quantity: 1 }] } });
    expect(basket.pricing).toMatchObject({ tradePriced: true, tradeBandName: 'Silver' });
    expect((await before.catalogue.getTradePrices({ body: { skus: [sku] } })).prices).toHaveLength(1);

    const after = clients((await signIn(api, 'applicant@demo.test', 'demo-password')).tokens.access_token);
    const profile = await after.accounts.getUserProfile();
    expect(profile.roles).toEqual(expect.arrayContaining(['shopper', 'trade']));
    expect(profile.tradeAccountId).toBe(waiting.tradeExternalId);
    expect(await after.trade.getTradeSummary()).toMatchObject({
      tradeExternalId: waiting.tradeExternalId,
      band: { code: 'T2' },
      latestOrder: null,
      openOrders: { count: 0 },
    });

    const sent = await staff.trade.resetTradeAccountPassword({ params: { id: approved.tradeAccountId! } });
    expect(sent).toEqual({ sentTo: 'applicant@demo.test' });
    expect(await readOutbox(api.database.db, { to: 'applicant@demo.test', template: 'identity.reset-password' })).toHaveLength(1);
  });
});
