import { describe, expect, it } from 'vitest';
import { holdsTradeAccount, shouldAsk, TRADE_ANSWER_MAX_AGE_MS } from './use-trade-customer.ts';

describe('whether the storefront asks the API who is trade', () => {
  it('asks when it has no answer, an old one, or one from before a recheck; not for a fresh one', () => {
    const now = 1_000_000;
    expect(shouldAsk(undefined, now, 0)).toBe(true);
    expect(shouldAsk({ askedAt: now - 1000, round: 0 }, now, 0)).toBe(false);
    expect(shouldAsk({ askedAt: now - TRADE_ANSWER_MAX_AGE_MS, round: 0 }, now, 0)).toBe(true);
    expect(shouldAsk({ askedAt: now - 1000, round: 0 }, now, 1)).toBe(true);
  });

  it('reads trade from the API’s profile: its roles, or the trade account it names', () => {
    expect(holdsTradeAccount({ roles: ['shopper'], tradeAccountId: null })).toBe(false);
    expect(holdsTradeAccount({ roles: ['shopper', 'trade'], tradeAccountId: 'TA-1' })).toBe(true);
    expect(holdsTradeAccount({ roles: ['shopper'], tradeAccountId: 'TA-1' })).toBe(true);
  });
});
