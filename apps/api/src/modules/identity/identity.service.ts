import type { JSONWebKeySet } from 'jose';
import type { Role } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repository from './identity.repository.ts';
import type { UserRow } from './identity.repository.ts';
import { loadSigningJwks, toPublicJwks } from './keys.ts';
import {
  checkResetLink,
  requestPasswordReset,
  resetPassword,
  verifyEmail,
  type ResetLinkCheck,
  type ResetResult,
  type VerifyEmailResult,
} from './email-links.ts';
import { createVerifiedUser, emailProblem, getUserProfile, setTradeAccount, toUserProfile, type UserProfile } from './identity-users.ts';
import { authenticate, signUp, type SignUpResult } from './sign-in.ts';
import type { IdentityContext, IdentityDeps } from './identity.deps.ts';

export type { IdentityContext } from './identity.deps.ts';
export type { ResetLinkCheck, ResetResult, VerifyEmailResult } from './email-links.ts';
export type { SignUpResult } from './sign-in.ts';
export type { UserProfile } from './identity-users.ts';
export { deleteStaleThrottleEvents } from './throttle-buckets.ts';

type DbContext = Pick<ServiceContext, 'db'>;
type TimedContext = Pick<ServiceContext, 'db' | 'clock'>;

/**
 * Accounts of the embedded OpenID provider: sign-in, sign-up and address confirmation, forgotten
 * passwords (identity's own pages call these), and what other modules, seeds and tests need of an
 * account. Sessions, grants and tokens are oidc-provider's (`oidc.ts`).
 */
export interface IdentityService {
  /**
   * Checks an e-mail address and password; a wrong password and an unknown address fail alike and
   * take the same time. Throttled per account and per client address.
   */
  authenticate(ctx: IdentityContext, input: { email: string; password: string; clientAddress: string; interactionUid?: string }): Promise<UserRow>;
  /** Creates an account and sends the link that confirms its address (or tells the owner of a taken one). */
  signUp(ctx: IdentityContext, input: { name: string; email: string; password: string; clientAddress: string; interactionUid?: string }): Promise<SignUpResult>;
  /** Confirms an address from its one-time link. */
  verifyEmail(ctx: IdentityContext, token: string): Promise<VerifyEmailResult>;
  /** Sends a reset link if the address has an account; the caller says the same either way. */
  requestPasswordReset(ctx: IdentityContext, input: { email: string; clientAddress: string }): Promise<void>;
  checkResetLink(ctx: IdentityContext, token: string): Promise<ResetLinkCheck>;
  /** Sets a new password from a reset link, ending every session of the account. */
  resetPassword(ctx: IdentityContext, input: { token: string; password: string }): Promise<ResetResult>;
  /** Why a typed e-mail address cannot be an account's, or null. */
  emailProblem(email: string): string | null;
  /** An account's profile, or null when there is none. */
  getUserProfile(ctx: DbContext, userId: string): Promise<UserProfile | null>;
  /** The profile of the account with this address (any letter case), or null (demo data, staff tools). */
  findUserByEmail(ctx: DbContext, email: string): Promise<UserProfile | null>;
  /** Creates a verified account (demo data, tests, staff tools); null if the address is taken. */
  createVerifiedUser(
    ctx: TimedContext,
    input: { email: string; name: string; password?: string; passwordHash?: string; roles: Role[]; tradeAccountId?: string | null },
  ): Promise<UserProfile | null>;
  /** Links (or, with null, unlinks) a trade account: the `trade` role and claim follow in the next tokens. */
  setTradeAccount(ctx: TimedContext, userId: string, tradeAccountId: string | null): Promise<UserProfile | null>;
  /** UK GDPR erasure (a help-centre request staff carry out): name, address, password and sessions go; the id stays. False when there is no such account. */
  eraseUser(ctx: TimedContext, userId: string): Promise<boolean>;
  /**
   * The embedded provider's public signing keys, read locally (no HTTP round trip to /identity/jwks):
   * the configured IDENTITY_JWKS, or the keys generated on first start. For verifying access tokens.
   */
  publicJwks(ctx: DbContext): Promise<JSONWebKeySet>;
}

export function createIdentityService(deps: IdentityDeps): IdentityService {
  return {
    authenticate: (ctx, input) => authenticate(deps, ctx, input),
    signUp: (ctx, input) => signUp(deps, ctx, input),
    verifyEmail,
    requestPasswordReset: (ctx, input) => requestPasswordReset(deps, ctx, input),
    checkResetLink,
    resetPassword: (ctx, input) => resetPassword(deps, ctx, input),
    emailProblem: (email) => emailProblem(deps, email),
    getUserProfile: (ctx, userId) => getUserProfile(ctx.db, userId),
    findUserByEmail: async (ctx, email) => {
      const row = await repository.findUserByEmail(ctx.db, email);
      return row ? toUserProfile(row) : null;
    },
    createVerifiedUser: (ctx, input) => createVerifiedUser(ctx.db, input, ctx.clock.now()),
    setTradeAccount: (ctx, userId, tradeAccountId) => setTradeAccount(ctx.db, userId, tradeAccountId, ctx.clock.now()),
    eraseUser: (ctx, userId) => repository.eraseUser(ctx.db, userId, ctx.clock.now()),
    publicJwks: async (ctx) => toPublicJwks(await loadSigningJwks(ctx.db, deps.provider)),
  };
}
