import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { normaliseOrderNumber, refundText, statusTone, timelineSteps, trackingProblem, trackOrderPath } from './order-tracking.ts';

describe('order tracking', () => {
  it('reads order numbers as people type them', () => {
    expect(normaliseOrderNumber(' bp 1000 0001 ')).toBe('BP10000001');
    expect(normaliseOrderNumber('bp k7m 3qx 9p6')).toBe('BP-K7M-3QX-9P6');
    expect(normaliseOrderNumber('BP-K7M-3QX-9P7')).toBeNull();
    expect(normaliseOrderNumber('BP1234')).toBeNull();
    expect(normaliseOrderNumber('')).toBeNull();
    expect(trackOrderPath('BP10000001')).toBe('/track-order?orderNumber=BP10000001');
  });

  it('shows the steps done, the current one and those to come, with when they happened', () => {
    const history = [
      { status: 'placed' as const, at: '2026-11-21T10:00:00Z' },
      { status: 'processing' as const, at: '2026-11-21T11:00:00Z' },
      { status: 'picking' as const, at: '2026-11-21T12:00:00Z' },
    ];
    const steps = timelineSteps('picking', history);
    expect(steps.map((step) => step.state)).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(steps[1]!.at).toBe('2026-11-21T11:00:00Z');
    expect(steps[3]!.at).toBeNull();
    expect(timelineSteps('delivered', []).at(-1)!.state).toBe('current');
  });

  it('stops a cancelled order at the last step it reached', () => {
    const steps = timelineSteps('cancelled', [
      { status: 'placed', at: '2026-11-21T10:00:00Z' },
      { status: 'cancelled', at: '2026-11-21T10:30:00Z' },
    ]);
    expect(steps.map((step) => step.state)).toEqual(['done', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('keeps a step’s time when a part refund is noted later, and says what came back', () => {
    const steps = timelineSteps('delivered', [
      { status: 'placed', at: '2026-11-21T10:00:00Z' },
      { status: 'delivered', at: '2026-11-23T10:00:00Z' },
      { status: 'delivered', kind: 'refund', at: '2026-11-25T10:00:00Z' },
    ]);
    expect(steps.at(-1)).toEqual({ status: 'delivered', state: 'current', at: '2026-11-23T10:00:00Z' });
    expect(refundText(1_250)).toBe('£12.50 refunded to your card');
    expect(refundText(0)).toBeNull();
    expect(refundText(1_250, true)).toBe('£12.50 credited to your account with Two');
    expect(refundText(0, true)).toBeNull();
    expect(['delivered', 'refunded', 'picking'].map((status) => statusTone(status as 'delivered'))).toEqual(['success', 'neutral', 'info']);
  });

  it('says what went wrong in words: not found, too many tries', () => {
    expect(trackingProblem(new ApiError(404, {}, 'Not Found'))).toMatch(/couldn’t find an order with that number and e-mail address/);
    expect(trackingProblem(new ApiError(429, {}, 'Too Many Requests'))).toMatch(/Too many lookups/);
    expect(trackingProblem(new ApiError(500, {}, 'x'))).toMatch(/on our side/);
  });
});
