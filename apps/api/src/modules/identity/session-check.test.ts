import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browserState, sessionState } from './session-check.ts';

describe('session management values', () => {
  it('computes session_state as the specification says: hex SHA-256 of the four parts, then the salt', () => {
    const value = sessionState('storefront', 'https://shop.example', 'opbs', 'a1b2');
    const expected = createHash('sha256').update('storefront https://shop.example opbs a1b2').digest('hex');
    expect(value).toBe(`${expected}.a1b2`);
    expect(sessionState('storefront', 'https://shop.example', 'opbs')).not.toBe(sessionState('storefront', 'https://shop.example', 'opbs'));
  });

  it('keeps the browser state for one sign-in and changes it for another', () => {
    const session = { uid: 'u1', accountId: 'a1', loginTs: 100 };
    expect(browserState('key', session)).toBe(browserState('key', { ...session }));
    expect(browserState('key', session)).not.toBe(browserState('key', { ...session, loginTs: 101 }));
    expect(browserState('key', session)).not.toBe(browserState('key', { ...session, accountId: 'a2' }));
    expect(browserState('key', session)).not.toBe(browserState('other-key', session));
  });
});
