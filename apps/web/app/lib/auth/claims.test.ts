import { ROLES, notificationsEndpoints } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { canReadMailbox, decodeJwtPayload, displayName, isStaff, MAILBOX_ROLES, STAFF_ROLES, userRoles } from './claims.ts';

const jwt = (payload: object) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2ln`;

describe('token claims', () => {
  it('decodes a JWT payload, including non-ASCII text, and nothing else', () => {
    expect(decodeJwtPayload(jwt({ sub: 'u1', name: 'Zoë Ó Sé' }))).toEqual({ sub: 'u1', name: 'Zoë Ó Sé' });
    expect(decodeJwtPayload(undefined)).toBeUndefined();
    expect(decodeJwtPayload('opaque-token')).toBeUndefined();
    expect(decodeJwtPayload('a.!!!.c')).toBeUndefined();
    expect(decodeJwtPayload(`a.${Buffer.from('[1]').toString('base64url')}.c`)).toBeUndefined();
  });

  it('reads roles from the access token and the ID token profile', () => {
    expect(userRoles({ access_token: jwt({ roles: ['shopper'] }), profile: { roles: ['trade'] } })).toEqual(['shopper', 'trade']);
    expect(userRoles({ access_token: jwt({ roles: 'admin order-admin' }) })).toEqual(['admin', 'order-admin']);
    expect(userRoles({ access_token: 'opaque', profile: {} })).toEqual([]);
    expect(userRoles(null)).toEqual([]);
  });

  it('agrees with the contracts on the staff roles and the mailbox’s readers', () => {
    // Kept apart from @shop/contracts so the header does not load zod on every page.
    expect(STAFF_ROLES.toSorted()).toEqual(ROLES.filter((role) => role !== 'shopper' && role !== 'trade').toSorted());
    const access = notificationsEndpoints.listMailbox.access;
    expect(access.kind === 'role' ? access.roles.toSorted() : []).toEqual(MAILBOX_ROLES.toSorted());
  });

  it('knows staff, and who may read the mailbox', () => {
    expect(isStaff(['shopper'])).toBe(false);
    expect(isStaff(['review-moderator'])).toBe(true);
    expect(canReadMailbox(['review-moderator'])).toBe(false);
    expect(canReadMailbox(['order-admin'])).toBe(false);
    expect(canReadMailbox(['shopper', 'admin'])).toBe(true);
  });

  it('greets by name, then given names, then e-mail address', () => {
    expect(displayName({ name: ' Sam Shopper ', email: 's@x.test' })).toBe('Sam Shopper');
    expect(displayName({ given_name: 'Sam', family_name: 'Shopper' })).toBe('Sam Shopper');
    expect(displayName({ email: 's@x.test' })).toBe('s@x.test');
    expect(displayName({ name: '' })).toBeUndefined();
    expect(displayName(undefined)).toBeUndefined();
  });
});
