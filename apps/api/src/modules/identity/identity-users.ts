/** Accounts as other modules, seeds and tokens see them: profiles, the rules a name and address must meet, trade links. */
import { randomBytes } from 'node:crypto';
import { ROLES, type Role } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import * as repository from './identity.repository.ts';
import type { UserRow } from './identity.repository.ts';
import { hashPassword } from './passwords.ts';
import type { IdentityDeps } from './identity.deps.ts';

export interface UserProfile {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  roles: Role[];
  tradeAccountId: string | null;
}

const KNOWN_ROLES = new Set<string>(ROLES);

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem({ notifications }: IdentityDeps, email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your e-mail address.';
  // The rule the outbox applies, so every address accepted here can be written to.
  if (trimmed.length > 254 || !notifications.isSendableAddress(trimmed)) return 'Enter an e-mail address like name@example.co.uk.';
  return null;
}

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter your name.';
  if (trimmed.length > 100) return 'Use at most 100 characters.';
  if (/\p{Cc}/u.test(trimmed)) return 'Use letters, spaces and punctuation only.';
  return null;
}

export function toUserProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerifiedAt !== null,
    roles: row.roles.filter((role): role is Role => KNOWN_ROLES.has(role)),
    tradeAccountId: row.tradeAccountId,
  };
}

export async function getUserProfile(db: Database, userId: string): Promise<UserProfile | null> {
  const row = await repository.findUserById(db, userId);
  return row ? toUserProfile(row) : null;
}

/** The profile plus when it last changed (the `updated_at` claim). */
export async function getAccountForTokens(db: Database, userId: string): Promise<(UserProfile & { updatedAt: Date }) | null> {
  const row = await repository.findUserById(db, userId);
  return row ? { ...toUserProfile(row), updatedAt: row.updatedAt } : null;
}

/** Creates a verified account (demo data, tests, staff tools); returns null if the address is taken. */
export async function createVerifiedUser(
  db: Database,
  input: { email: string; name: string; password?: string; passwordHash?: string; roles: Role[]; tradeAccountId?: string | null },
  now: Date,
): Promise<UserProfile | null> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? randomBytes(24).toString('base64url')));
  const row = await repository.insertUser(db, {
    email: input.email,
    name: input.name,
    passwordHash,
    roles: [...new Set(input.roles)],
    tradeAccountId: input.tradeAccountId ?? null,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return row ? toUserProfile(row) : null;
}

/**
 * Links (or, with null, unlinks) a trade account: the `trade` role and `trade_account_id` claim
 * follow in the next tokens issued.
 */
export async function setTradeAccount(db: Database, userId: string, tradeAccountId: string | null, now: Date): Promise<UserProfile | null> {
  const user = await repository.findUserById(db, userId);
  if (!user) return null;
  const roles = user.roles.filter((role) => role !== 'trade');
  if (tradeAccountId) roles.push('trade');
  const row = await repository.updateUser(db, userId, { roles, tradeAccountId }, now);
  return row ? toUserProfile(row) : null;
}
