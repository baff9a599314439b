/**
 * What the storefront reads from a signed-in user's tokens, for display only: the API checks the
 * access token itself on every call, so nothing here grants anything.
 */

export interface TokenHolder {
  access_token?: string;
  profile?: Record<string, unknown>;
}

/** Roles a member of staff may hold (docs/architecture.md, "Sign-in"). */
export const STAFF_ROLES = [
  'trade-reviewer',
  'review-moderator',
  'discount-manager',
  'catalogue-manager',
  'content-editor',
  'order-admin',
  'analyst',
  'admin',
] as const;
/** Roles that may read the e-mail outbox in the staff mailbox (as its contract requires). */
export const MAILBOX_ROLES = ['admin'] as const;
/** Roles that may see the background jobs and retry what they gave up on (`/staff/operations`). */
export const OPERATIONS_ROLES = ['admin'] as const;

/** The payload of a JWT, unverified; `undefined` for anything that is not one. */
export function decodeJwtPayload(token: string | undefined): Record<string, unknown> | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function rolesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/** The `roles` claim of the access token and the ID token's profile, together. */
export function userRoles(user: TokenHolder | null | undefined): string[] {
  if (!user) return [];
  const roles = new Set([...rolesIn(decodeJwtPayload(user.access_token)?.roles), ...rolesIn(user.profile?.roles)]);
  return [...roles];
}

export const hasAnyRole = (roles: readonly string[], wanted: readonly string[]) => roles.some((role) => wanted.includes(role));
export const isStaff = (roles: readonly string[]) => hasAnyRole(roles, STAFF_ROLES);
export const canReadMailbox = (roles: readonly string[]) => hasAnyRole(roles, MAILBOX_ROLES);

/** The name to greet a shopper by: the ID token's `name`, else given names, else the e-mail address. */
export function displayName(profile: Record<string, unknown> | undefined): string | undefined {
  const text = (key: string) => {
    const value = profile?.[key];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const given = [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  return text('name') ?? (given || undefined) ?? text('preferred_username') ?? text('email');
}
