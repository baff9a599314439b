import type { TradeAccountForStaff } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { accountTimeline } from './account-timeline.ts';

const account = {
  bandAccount: {
    history: [
      { at: '2026-01-10T10:00:00.000Z', from: null, to: 'T1', reason: 'approval', by: 'Rita Reviewer', note: null, spendLast12MonthsExVat: null },
      { at: '2026-03-01T10:00:00.000Z', from: 'T1', to: 'T2', reason: 'spend', by: null, note: null, spendLast12MonthsExVat: 500_000 },
      { at: '2026-04-01T10:00:00.000Z', from: 'T2', to: 'T3', reason: 'staff', by: 'Sam', note: 'Big project', spendLast12MonthsExVat: null },
    ],
  },
} as unknown as TradeAccountForStaff;

describe('a trade account’s decisions in one timeline', () => {
  it('sets our approval and band changes beside the provider’s dated decisions, oldest first', () => {
    const credit = {
      entries: [
        { at: '2026-01-11T09:00:00.000Z', kind: 'applied' as const, text: 'Applied to pay on account with Two' },
        { at: '2026-01-12T09:00:00.000Z', kind: 'decision' as const, text: 'Credit decision: approved' },
      ],
      decisionNow: 'Two: approved on £5,000, £5,000 available',
    };
    expect(accountTimeline(account, credit, (code) => `Band ${code}`)).toEqual([
      { at: '2026-01-10T10:00:00.000Z', by: 'shop', text: 'Trade account approved on Band T1 by Rita Reviewer' },
      { at: '2026-01-11T09:00:00.000Z', by: 'shop', text: 'Applied to pay on account with Two' },
      { at: '2026-01-12T09:00:00.000Z', by: 'provider', text: 'Credit decision: approved' },
      { at: '2026-04-01T10:00:00.000Z', by: 'shop', text: 'Band changed to Band T3 by Sam: Big project' },
    ]);
  });

  it('has our decisions alone when the business pays by card only', () => {
    expect(accountTimeline(account, null, (code) => code).map((entry) => entry.by)).toEqual(['shop', 'shop']);
  });
});
