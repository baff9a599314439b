import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradeClient, type TradeClient } from '@shop/api-client';
import type { TradeApplicationData } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';

/**
 * Two reviewers acting on one application at the same moment (on PostgreSQL, two connections):
 * one wins, the other is told it was decided, and only the winner's step is recorded and e-mailed.
 * Likewise two reviewers moving one business to different bands, and one customer submitting twice at once.
 */
let api: TestApi;
const actors: Record<string, Actor> = {
  rita: { userId: 'user-rita', name: 'Rita Reviewer', roles: ['trade-reviewer'] },
  rob: { userId: 'user-rob', name: 'Rob Reviewer', roles: ['trade-reviewer'] },
};
const client = (token: string): TradeClient => createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => token });

const details: TradeApplicationData = {
  legalName: 'Race Condition Plumbing Ltd',
  businessType: 'limited_company',
  companyNumber: '01234567',
  trade: 'plumber',
  yearsTrading: 3,
  employees: 2,
  expectedMonthlySpendPence: 100_000,
  address: { line1: '1 Parallel Street', town: 'Leeds', postcode: 'LS1 1AA' },
  contactName: 'Rae Condition',
  contactPhone: '07700 900456',
};

beforeAll(async () => {
  api = await startTestApi({ seed: false, authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
});
afterAll(() => api?.close());

async function apply(n: number) {
  const userId = `user-applicant-${n}`;
  actors[userId] = { userId, email: `applicant${n}@race.example`, name: `Applicant ${n}`, roles: ['shopper'] };
  return client(userId).submitTradeApplication({ body: { ...details, legalName: `Racer${n} Plumbing Ltd` } });
}

const outcome = (settled: PromiseSettledResult<{ status: string }>) =>
  settled.status === 'fulfilled'
    ? `200 ${settled.value.status}`
    : `${(settled.reason as { status: number }).status} ${(settled.reason as { code: string }).code}`;

describe('two reviewers at once', () => {
  it('approving together: one opens the account, the other gets 409 and nothing is done twice', async () => {
    for (let round = 0; round < 5; round += 1) {
      const application = await apply(round);
      const results = await Promise.allSettled([
        client('rita').approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T1' } }),
        client('rob').approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T3' } }),
      ]);
      expect(results.map(outcome).toSorted()).toEqual(['200 approved', '409 TRADE_APPLICATION_ALREADY_DECIDED']);
      const final = await client('rita').getTradeApplication({ params: { tradeExternalId: application.tradeExternalId } });
      expect(final.history.filter((event) => event.to === 'approved')).toHaveLength(1);
      const accounts = await client('rita').searchTradeAccounts({ body: { text: `Racer${round}` } });
      expect(accounts.totalCount).toBe(1);
      expect(accounts.items[0]?.band.code).toBe(final.approvedBand?.code);
      expect(await readOutbox(api.database.db, { to: `applicant${round}@race.example`, template: 'trade.application-approved' })).toHaveLength(1);
    }
  });

  it('approving and turning down together: one decision stands, the other is refused', async () => {
    for (let round = 10; round < 15; round += 1) {
      const application = await apply(round);
      const results = await Promise.allSettled([
        client('rita').approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T2' } }),
        client('rob').disapproveTradeApplication({ params: { id: application.id }, body: { reason: 'Not a trade business' } }),
      ]);
      const outcomes = results.map(outcome);
      expect(outcomes.filter((entry) => entry.startsWith('200'))).toHaveLength(1);
      expect(outcomes.filter((entry) => entry === '409 TRADE_APPLICATION_ALREADY_DECIDED')).toHaveLength(1);
      const final = await client('rob').getTradeApplication({ params: { tradeExternalId: application.tradeExternalId } });
      expect(final.history.filter((event) => event.from === 'submitted')).toHaveLength(1);
      expect((await client('rob').searchTradeAccounts({ body: { text: `Racer${round}` } })).totalCount).toBe(final.status === 'approved' ? 1 : 0);
    }
  });

  it('moving one business to different bands together: one move stands, the other is told to look again, never a 404', async () => {
    const application = await apply(20);
    const approved = await client('rita').approveTradeApplication({ params: { id: application.id }, body: { bandCode: 'T1' } });
    const [account] = (await client('rita').searchTradeAccounts({ body: { text: 'Racer20' } })).items;
    expect(approved.tradeAccountId).toBe(account!.id);
    let from = 'T1';
    for (const [ritaBand, robBand] of [
      ['T2', 'T3'],
      ['T4', 'T5'],
      ['T1', 'T3'],
      ['T2', 'T4'],
      ['T5', 'T1'],
    ] as const) {
      const results = await Promise.allSettled([
        client('rita').setBusinessTradeBand({ params: { id: account!.businessId }, body: { bandCode: ritaBand, reason: 'Rita agreed it' } }),
        client('rob').setBusinessTradeBand({ params: { id: account!.businessId }, body: { bandCode: robBand, reason: 'Rob agreed it' } }),
      ]);
      const refused = results
        .filter((result) => result.status === 'rejected')
        .map((result) => result.reason as { status: number; code: string; message: string });
      // Either both ran in turn (each recorded from the band before it) or the later one was refused, never a 404.
      for (const refusal of refused) {
        expect([refusal.status, refusal.code]).toEqual([409, 'TRADE_BUSINESS_BAND_CHANGED']);
        expect(refusal.message).toMatch(
          /^Someone else moved this business to band T\d while you were changing it, so your change was not made\. Reload the page/,
        );
      }
      const band = await client('rob').getTradeBandAccount({ params: { tradeExternalId: account!.tradeExternalId } });
      const moves = band.history.filter((change) => change.reason === 'staff');
      const applied = moves.slice(0, 2 - refused.length).toReversed();
      expect(applied.map((change) => change.from)).toEqual([from, ...applied.slice(1).map((_, index) => applied[index]!.to)]);
      expect(band.band.code).toBe(applied.at(-1)!.to);
      for (const refusal of refused) expect(refusal.message).toContain(`band ${band.band.code}`);
      from = band.band.code;
    }
  });

  it('one customer submitting twice at once: one application, the other 409', async () => {
    actors.twice = { userId: 'user-twice', email: 'twice@race.example', name: 'Twice', roles: ['shopper'] };
    const results = await Promise.allSettled([0, 1].map(() => client('twice').submitTradeApplication({ body: details })));
    expect(results.map(outcome).toSorted()).toEqual(['200 submitted', '409 TRADE_APPLICATION_ALREADY_OPEN']);
    expect((await client('rita').searchTradeApplications({ body: { text: 'twice@race' } })).totalCount).toBe(1);
  });
});
