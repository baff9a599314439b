/**
 * One-time links e-mailed to an account's address: confirming the address, and choosing a new
 * password when it is forgotten.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { IdentityErrors, type FieldErrors } from './identity.errors.ts';
import * as repository from './identity.repository.ts';
import type { UserRow } from './identity.repository.ts';
import type { UserTokenPurpose } from './identity.tables.ts';
import { passwordProblem } from './password-rules.ts';
import { hashPassword } from './passwords.ts';
import { ACCOUNT_RESET, ADDRESS_RESET } from './throttle.ts';
import { buckets, countUnlessLocked } from './throttle-buckets.ts';
import type { IdentityContext, IdentityDeps } from './identity.deps.ts';

const HOUR = 60 * 60 * 1000;
const VERIFY_LINK_TTL_MS = 24 * HOUR;
const RESET_LINK_TTL_MS = HOUR;
/** A second "confirm your e-mail" link is not sent sooner than this after the last. */
export const VERIFY_RESEND_AFTER_MS = 10 * 60 * 1000;

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
function verifyUrl(publicUrl: string, token: string, interactionUid?: string): string {
  const path = interactionUid ? `/identity/interaction/${encodeURIComponent(interactionUid)}/verify` : '/identity/verify-email';
  return `${publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

export async function sendVerificationEmail(
  { notifications, publicUrl }: IdentityDeps,
  ctx: IdentityContext,
  user: UserRow,
  interactionUid?: string,
): Promise<void> {
  const { token, id } = await issueLinkToken(ctx.db, user.id, 'verify-email', ctx.clock.now(), VERIFY_LINK_TTL_MS);
  const email = notifications.renderEmail({
    subject: 'Confirm your e-mail address',
    preheader: 'One click and your Plumbline account is ready.',
    heading: `Welcome to Plumbline, ${user.name}`,
    paragraphs: [
      'Please confirm that this is your e-mail address. The link works once, for 24 hours.',
      'If you did not create an account, you can ignore this e-mail: nothing happens without the link.',
    ],
    action: { label: 'Confirm my e-mail address', url: verifyUrl(publicUrl, token, interactionUid) },
    footnote: 'You are receiving this because someone created a Plumbline account with this address.',
  });
  await notifications.enqueueEmail(ctx, { to: user.email, ...email, template: 'identity.verify-email', dedupeKey: `identity.verify-email:${id}` });
}

export async function sendAccountExistsEmail({ notifications, publicUrl }: IdentityDeps, ctx: IdentityContext, user: UserRow): Promise<void> {
  const email = notifications.renderEmail({
    subject: 'You already have a Plumbline account',
    heading: 'You already have an account',
    paragraphs: [
      `Someone, probably you, tried to create a Plumbline account with ${user.email}, which already has one.`,
      'Sign in with your password, or choose a new one if you have forgotten it.',
    ],
    action: { label: 'Reset my password', url: `${publicUrl}/identity/password/forgot` },
    footnote: 'If this was not you, you can ignore this e-mail: your account has not changed.',
  });
  await notifications.enqueueEmail(ctx, { to: user.email, ...email, template: 'identity.account-exists' });
}

export type VerifyEmailResult = { status: 'verified'; user: UserRow } | { status: 'already-verified' | 'invalid' | 'expired' };

/** Confirms an address from its one-time link. */
export async function verifyEmail(ctx: IdentityContext, token: string): Promise<VerifyEmailResult> {
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

/**
 * Sends a reset link if the address has an account. The caller always says the same thing, so
 * nobody learns whether the address is registered. Limited per address and per client, the
 * public form and staff resets alike: requests for one bucket take turns to count and record, so
 * the limit holds however many arrive at once.
 */
export async function requestPasswordReset(
  { notifications, publicUrl }: IdentityDeps,
  ctx: IdentityContext,
  input: { email: string; clientAddress: string },
): Promise<void> {
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
      action: { label: 'Choose a new password', url: `${publicUrl}/identity/password/reset?token=${token}` },
      footnote: 'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
    });
    await notifications.enqueueEmail({ db }, { to: user.email, ...email, template: 'identity.reset-password', dedupeKey: `identity.reset-password:${id}` });
  });
}

export type ResetLinkCheck = { status: 'ok'; email: string } | { status: 'invalid' | 'expired' };

export async function checkResetLink(ctx: IdentityContext, token: string): Promise<ResetLinkCheck> {
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
export async function resetPassword(
  { notifications, publicUrl }: IdentityDeps,
  ctx: IdentityContext,
  input: { token: string; password: string },
): Promise<ResetResult> {
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
      action: { label: 'Reset my password', url: `${publicUrl}/identity/password/forgot` },
    });
    await notifications.enqueueEmail({ db }, { to: user.email, ...email, template: 'identity.password-changed' });
    return { status: 'done' };
  });
}
