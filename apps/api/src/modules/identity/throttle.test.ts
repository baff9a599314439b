import { describe, expect, it } from 'vitest';
import { ACCOUNT_SIGN_IN, lockedForSeconds } from './throttle.ts';

const now = new Date('2026-11-21T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('throttling', () => {
  it('is open below the limit', () => {
    expect(lockedForSeconds([minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4)], now, ACCOUNT_SIGN_IN)).toBe(0);
  });

  it('locks for 15 minutes from the failure that reached the limit', () => {
    const failures = [minutesAgo(0), minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4)];
    expect(lockedForSeconds(failures, now, ACCOUNT_SIGN_IN)).toBe(15 * 60);
    const earlier = [minutesAgo(5), minutesAgo(6), minutesAgo(7), minutesAgo(8), minutesAgo(9)];
    expect(lockedForSeconds(earlier, now, ACCOUNT_SIGN_IN)).toBe(10 * 60);
  });

  it('forgets failures outside the window', () => {
    const old = [minutesAgo(1), minutesAgo(2), minutesAgo(3), minutesAgo(4), minutesAgo(16)];
    expect(lockedForSeconds(old, now, ACCOUNT_SIGN_IN)).toBe(0);
  });
});
