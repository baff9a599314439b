import type { DiscountClaim } from '@shop/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClaimsList } from './claims.tsx';

const claim = (id: number, overrides: Partial<DiscountClaim> = {}): DiscountClaim => ({
  id,
  promotionCode: 'SHOWROOM25',
  issueCode: 'ABCDEFGHJKMN',
  orderId: `PL-${1000 + id}`,
  customerId: 'user-42',
  amountPence: 2500,
  channel: 100,
  claimedAt: '2026-11-21T14:12:00Z',
  ...overrides,
});

describe('the claims list', () => {
  it('shows each claim’s order, customer, amount, channel and time', () => {
    const html = renderToString(<ClaimsList claims={[claim(7), claim(6, { customerId: null, issueCode: null, channel: 200 })]} totalCount={2} />);
    expect(html).toContain('2 claims, newest first.');
    expect(html).toContain('PL-1007');
    expect(html).toContain('user-42');
    expect(html).toContain('Guest');
    expect(html).toContain('£25.00');
    expect(html).toContain('Trade site');
    expect(html).toContain('21 Nov 2026, 14:12');
  });

  it('says when only the latest claims are shown, and when there are none', () => {
    expect(renderToString(<ClaimsList claims={[claim(1)]} totalCount={250} />)).toContain('The latest 1 of 250 claims, newest first.');
    expect(renderToString(<ClaimsList claims={[]} totalCount={0} />)).toContain('No one has used this promotion yet.');
  });
});
