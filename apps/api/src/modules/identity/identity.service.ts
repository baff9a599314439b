import { createHash, randomBytes } from 'node:crypto';
import { ROLES, type Role } from '@shop/contracts';
import type { ApiConfig } from '../../config.ts';
import type { JSONWebKeySet } from 'jose';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { IdentityErrors, type FieldErrors, type IdentityError } from './identity.errors.ts';
import * as repository from './identity.repository.ts';
import type { UserRow } from './identity.repository.ts';
import type { UserTokenPurpose } from './identity.tables.ts';
import { loadSigningJwks, toPublicJwks } from './keys.ts';
import { passwordProblem } from './password-rules.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import {
  ACCOUNT_RESET,
  ACCOUNT_SIGN_IN,
  ADDRESS_RESET,
  ADDRESS_SIGN_IN,
  ADDRESS_SIGN_UP,
  LONGEST_THROTTLE_SECONDS,
  lockedForSeconds,
  type ThrottlePolicy,
} from './throttle.ts';
import type { IdentityDeps } from './identity.deps.ts';

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
  publicJwks(ctx: DbContext, config: ApiConfig): Promise<JSONWebKeySet>;
}

/** What identity's rules need: storage, time and the settings (the public address for links in e-mails, the keys). */
export type IdentityContext = Pick<ServiceContext, 'db' | 'clock'> & { config: ApiConfig };

export interface UserProfile {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  roles: Role[];
  tradeAccountId: string | null;
}

const HOUR = 60 * 60 * 1000;
const VERIFY_LINK_TTL_MS = 24 * HOUR;
const RESET_LINK_TTL_MS = HOUR;
/** A second "confirm your e-mail" link is not sent sooner than this after the last. */
const VERIFY_RESEND_AFTER_MS = 10 * 60 * 1000;

const KNOWN_ROLES = new Set<string>(ROLES);

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function emailProblem({ notifications }: IdentityDeps, email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your e-mail address.';
  // The rule the outbox applies, so every address accepted here can be written to.
  if (trimmed.length > 254 || !notifications.isSendableAddress(trimmed)) return 'Enter an e-mail address like name@example.co.uk.';
  return null;
}

function nameProblem(name: string): string | null {
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

async function getUserProfile(db: Database, userId: string): Promise<UserProfile | null> {
  const row = await repository.findUserById(db, userId);
  return row ? toUserProfile(row) : null;
}

/** The profile plus when it last changed (the `updated_at` claim). */
export async function getAccountForTokens(db: Database, userId: string): Promise<(UserProfile & { updatedAt: Date }) | null> {
  const row = await repository.findUserById(db, userId);
  return row ? { ...toUserProfile(row), updatedAt: row.updatedAt } : null;
}

// ── throttling ───────────────────────────────────────────────────────────────────────────────────

async function lockedFor(db: Database, bucket: string, policy: ThrottlePolicy, now: Date): Promise<number> {
  const since = new Date(now.getTime() - policy.windowSeconds * 1000);
  return lockedForSeconds(await repository.recentThrottleEvents(db, bucket, since, policy.limit), now, policy);
}

/** Throws `refusal`, saying how long to wait, while any of the buckets is locked. */
async function refuseWhileLocked(
  db: Database,
  now: Date,
  refusal: (retryAfterSeconds: number) => IdentityError,
  checks: [string, ThrottlePolicy][],
): Promise<void> {
  const waits = await Promise.all(checks.map(([bucket, policy]) => lockedFor(db, bucket, policy, now)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw refusal(wait);
}

/**
 * Counts one event in each bucket, or throws `refusal` while any is locked, holding a lock on the
 * buckets until `db`'s transaction ends: requests for the same buckets take turns to check and
 * count, so a limit holds however many arrive at once. Returns the ids of the events counted.
 */
async function countUnlessLocked(
  db: Database,
  now: Date,
  refusal: (retryAfterSeconds: number) => IdentityError,
  checks: [string, ThrottlePolicy][],
): Promise<number[]> {
  await repository.lockThrottleBuckets(
    db,
    checks.map(([bucket]) => bucket),
  );
  await refuseWhileLocked(db, now, refusal, checks);
  const ids: number[] = [];
  for (const [bucket] of checks) ids.push(await repository.recordThrottleEvent(db, bucket, now));
  return ids;
}

const buckets = {
  signInAccount: (email: string) => `sign-in:account:${normaliseEmail(email)}`,
  signInAddress: (address: string) => `sign-in:address:${address}`,
  resetAccount: (email: string) => `reset:account:${normaliseEmail(email)}`,
  resetAddress: (address: string) => `reset:address:${address}`,
  signUpAddress: (address: string) => `sign-up:address:${address}`,
};

export async function deleteStaleThrottleEvents(db: Database, now: Date): Promise<void> {
  await repository.deleteThrottleEventsBefore(db, new Date(now.getTime() - LONGEST_THROTTLE_SECONDS * 1000));
}

// ── one-time links ───────────────────────────────────────────────────────────────────────────────

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function issueLinkToken(db: Database, userId: string, purpose: UserTokenPurpose, now: Date, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const row = await repository.insertUserToken(db, {
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return { token, id: row.id };
}

type LinkCheck = { status: 'ok'; tokenId: string; user: UserRow } | { status: 'invalid' | 'expired' | 'used'; user?: UserRow };

async function checkLinkToken(db: Database, token: string, purpose: UserTokenPurpose, now: Date): Promise<LinkCheck> {
  if (!token || token.length > 200) return { status: 'invalid' };
  const row = await repository.findUserToken(db, hashToken(token));
  if (!row || row.purpose !== purpose) return { status: 'invalid' };
  const user = await repository.findUserById(db, row.userId);
  if (!user) return { status: 'invalid' };
  if (row.usedAt) return { status: 'used', user };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired', user };
  return { status: 'ok', tokenId: row.id, user };
}

/** Where a verification link leads: back into the sign-in that created the account, if there was one. */
function verifyUrl(config: ApiConfig, token: string, interactionUid?: string): string {
  const path = interactionUid ? `/identity/interaction/${encodeURIComponent(interactionUid)}/verify` : '/identity/verify-email';
  return `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

async function sendVerificationEmail({ notifications }: IdentityDeps, ctx: IdentityContext, user: UserRow, interactionUid?: string): Promise<void> {
  const { token, id } = await issueLinkToken(ctx.db, user.id, 'verify-email', ctx.clock.now(), VERIFY_LINK_TTL_MS);
  const email = notifications.renderEmail({
    subject: 'Confirm your e-mail address',
    preheader: 'One click and your Plumbline account is ready.',
    heading: `Welcome to Plumbline, ${user.name}`,
    paragraphs: [
      'Please confirm that this is your e-mail address. The link works once, for 24 hours.',
      'If you did not create an account, you can ignore this e-mail: nothing happens without the link.',
    ],
    action: { label: 'Confirm my e-mail address', url: verifyUrl(ctx.config, token, interactionUid) },
    footnote: 'You are receiving this because someone created a Plumbline account with this address.',
  });
  await notifications.enqueueEmail(ctx, { to: user.email, ...email, template: 'identity.verify-email', dedupeKey: `identity.verify-email:${id}` });
}

// ── sign-in ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Checks an e-mail address and password. A wrong password and an unknown address fail the same
 * way and take the same time (the unknown address is checked against a dummy hash). Failures count
 * per account and per client address; once locked, no password is checked until the lock ends.
 * Each attempt is counted as a failure before its password is checked, under the buckets' lock, so
 * attempts sent at once cannot all be checked; a right password takes its count back. The lock is
 * held for the count only, not the slow hash, so attempts waiting their turn hold no connection long.
 */
async function authenticate(
  deps: IdentityDeps,
  ctx: IdentityContext,
  input: { email: string; password: string; clientAddress: string; interactionUid?: string },
): Promise<UserRow> {
  const now = ctx.clock.now();
  const accountBucket = buckets.signInAccount(input.email);
  const addressBucket = buckets.signInAddress(input.clientAddress);
  const counted = await ctx.db.transaction((db) =>
    countUnlessLocked(db, now, IdentityErrors.throttledSignIn, [
      [accountBucket, ACCOUNT_SIGN_IN],
      [addressBucket, ADDRESS_SIGN_IN],
    ]),
  );

  const user = emailProblem(deps, input.email) ? undefined : await repository.findUserByEmail(ctx.db, input.email);
  const matches = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !matches) throw IdentityErrors.invalidCredentials();
  await repository.clearThrottleBucket(ctx.db, accountBucket);
  await repository.deleteThrottleEvents(ctx.db, counted);

  if (!user.emailVerifiedAt) {
    // Only the person who knows the password learns this, so it reveals nothing to anyone else.
    const newest = await repository.newestUsableUserToken(ctx.db, user.id, 'verify-email', now);
    if (!newest || now.getTime() - newest.createdAt.getTime() > VERIFY_RESEND_AFTER_MS) {
      await sendVerificationEmail(deps, ctx, user, input.interactionUid);
    }
    throw IdentityErrors.emailNotVerified();
  }
  return user;
}

// ── sign-up and verification ─────────────────────────────────────────────────────────────────────

export type SignUpResult = { ok: true; email: string } | { ok: false; errors: FieldErrors };

/**
 * Creates an account and sends the link that confirms its address. When the address already has
 * an account, its owner gets an e-mail saying so instead; the page says the same in both cases.
 */
async function signUp(
  deps: IdentityDeps,
  ctx: IdentityContext,
  input: { name: string; email: string; password: string; clientAddress: string; interactionUid?: string },
): Promise<SignUpResult> {
  const errors: FieldErrors = {};
  const name = nameProblem(input.name);
  const email = emailProblem(deps, input.email);
  const password = passwordProblem(input.password, input.email);
  if (name) errors.name = name;
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (name || email || password) return { ok: false, errors };

  const now = ctx.clock.now();
  const addressBucket = buckets.signUpAddress(input.clientAddress);
  await ctx.db.transaction((db) => countUnlessLocked(db, now, IdentityErrors.throttledSignUp, [[addressBucket, ADDRESS_SIGN_UP]]));

  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const created = await repository.insertUser(txCtx.db, {
      email: input.email.trim(),
      name: input.name.trim(),
      passwordHash,
      roles: ['shopper'],
      createdAt: now,
      updatedAt: now,
    });
    if (created) {
      await sendVerificationEmail(deps, txCtx, created, input.interactionUid);
      return;
    }
    const existing = await repository.findUserByEmail(txCtx.db, input.email);
    if (existing) await sendAccountExistsEmail(deps, txCtx, existing);
  });
  return { ok: true, email: input.email.trim() };
}

async function sendAccountExistsEmail({ notifications }: IdentityDeps, ctx: IdentityContext, user: UserRow): Promise<void> {
  const email = notifications.renderEmail({
    subject: 'You already have a Plumbline account',
    heading: 'You already have an account',
    paragraphs: [
      `Someone, probably you, tried to create a Plumbline account with ${user.email}, which already has one.`,
      'Sign in with your password, or choose a new one if you have forgotten it.',
    ],
    action: { label: 'Reset my password', url: `${ctx.config.publicUrl}/identity/password/forgot` },
    footnote: 'If this was not you, you can ignore this e-mail: your account has not changed.',
  });
  await notifications.enqueueEmail(ctx, { to: user.email, ...email, template: 'identity.account-exists' });
}

export type VerifyEmailResult = { status: 'verified'; user: UserRow } | { status: 'already-verified' | 'invalid' | 'expired' };

/** Confirms an address from its one-time link. */
async function verifyEmail(ctx: IdentityContext, token: string): Promise<VerifyEmailResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const check = await checkLinkToken(db, token, 'verify-email', now);
    if (check.status !== 'ok') {
      if (check.user?.emailVerifiedAt) return { status: 'already-verified' };
      return { status: check.status === 'expired' ? 'expired' : 'invalid' };
    }
    if (!(await repository.useUserToken(db, check.tokenId, now))) return { status: 'invalid' };
    const user = check.user.emailVerifiedAt ? check.user : ((await repository.updateUser(db, check.user.id, { emailVerifiedAt: now }, now)) ?? check.user);
    return { status: 'verified', user };
  });
}

// ── forgotten passwords ──────────────────────────────────────────────────────────────────────────

/**
 * Sends a reset link if the address has an account. The caller always says the same thing, so
 * nobody learns whether the address is registered. Limited per address and per client, the
 * public form and staff resets alike: requests for one bucket take turns to count and record, so
 * the limit holds however many arrive at once.
 */
async function requestPasswordReset({ notifications }: IdentityDeps, ctx: IdentityContext, input: { email: string; clientAddress: string }): Promise<void> {
  const now = ctx.clock.now();
  const accountBucket = buckets.resetAccount(input.email);
  const addressBucket = buckets.resetAddress(input.clientAddress);
  await ctx.db.transaction(async (db) => {
    await countUnlessLocked(db, now, IdentityErrors.throttledReset, [
      [accountBucket, ACCOUNT_RESET],
      [addressBucket, ADDRESS_RESET],
    ]);
    const user = await repository.findUserByEmail(db, input.email);
    if (!user) return;
    const { token, id } = await issueLinkToken(db, user.id, 'reset-password', now, RESET_LINK_TTL_MS);
    const email = notifications.renderEmail({
      subject: 'Reset your Plumbline password',
      preheader: 'Choose a new password: the link works for one hour.',
      heading: 'Choose a new password',
      paragraphs: [
        `We received a request to reset the password for ${user.email}.`,
        'The link works once, for one hour. Choosing a new password signs you out everywhere else.',
      ],
      action: { label: 'Choose a new password', url: `${ctx.config.publicUrl}/identity/password/reset?token=${token}` },
      footnote: 'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
    });
    await notifications.enqueueEmail({ db }, { to: user.email, ...email, template: 'identity.reset-password', dedupeKey: `identity.reset-password:${id}` });
  });
}

export type ResetLinkCheck = { status: 'ok'; email: string } | { status: 'invalid' | 'expired' };

async function checkResetLink(ctx: IdentityContext, token: string): Promise<ResetLinkCheck> {
  const check = await checkLinkToken(ctx.db, token, 'reset-password', ctx.clock.now());
  if (check.status === 'ok') return { status: 'ok', email: check.user.email };
  return { status: check.status === 'expired' ? 'expired' : 'invalid' };
}

export type ResetResult = { status: 'done' } | { status: 'invalid' | 'expired' } | { status: 'rejected'; errors: FieldErrors };

/**
 * Sets a new password from a reset link: the link is used up, every other reset link retired,
 * and every session, grant and refresh token of the account ended. The address is confirmed too:
 * the link proves the person reads its mail.
 */
async function resetPassword({ notifications }: IdentityDeps, ctx: IdentityContext, input: { token: string; password: string }): Promise<ResetResult> {
  const now = ctx.clock.now();
  const check = await checkLinkToken(ctx.db, input.token, 'reset-password', now);
  if (check.status !== 'ok') return { status: check.status === 'expired' ? 'expired' : 'invalid' };
  const problem = passwordProblem(input.password, check.user.email);
  if (problem) return { status: 'rejected', errors: { password: problem } };
  const passwordHash = await hashPassword(input.password);

  return ctx.db.transaction(async (db) => {
    if (!(await repository.useUserToken(db, check.tokenId, now))) return { status: 'invalid' };
    const user = check.user;
    await repository.updateUser(db, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }, now);
    await repository.retireUserTokens(db, user.id, 'reset-password', now);
    await repository.destroyAccountArtefacts(db, user.id);
    await repository.clearThrottleBucket(db, buckets.signInAccount(user.email));
    const email = notifications.renderEmail({
      subject: 'Your Plumbline password has changed',
      heading: 'Your password has changed',
      paragraphs: [
        `The password for ${user.email} was changed, and you were signed out on every device.`,
        'If this was not you, reset your password now and contact us.',
      ],
      action: { label: 'Reset my password', url: `${ctx.config.publicUrl}/identity/password/forgot` },
    });
    await notifications.enqueueEmail({ db }, { to: user.email, ...email, template: 'identity.password-changed' });
    return { status: 'done' };
  });
}

// ── accounts for other modules and seeds ─────────────────────────────────────────────────────────

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
async function setTradeAccount(db: Database, userId: string, tradeAccountId: string | null, now: Date): Promise<UserProfile | null> {
  const user = await repository.findUserById(db, userId);
  if (!user) return null;
  const roles = user.roles.filter((role) => role !== 'trade');
  if (tradeAccountId) roles.push('trade');
  const row = await repository.updateUser(db, userId, { roles, tradeAccountId }, now);
  return row ? toUserProfile(row) : null;
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
    publicJwks: async (ctx, config) => toPublicJwks(await loadSigningJwks(ctx.db, config)),
  };
}
