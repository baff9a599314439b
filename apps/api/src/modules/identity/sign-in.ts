/** Signing in with a password and creating an account, each throttled per account and per client address. */
import { IdentityErrors, type FieldErrors } from './identity.errors.ts';
import * as repository from './identity.repository.ts';
import type { UserRow } from './identity.repository.ts';
import { passwordProblem } from './password-rules.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { ACCOUNT_SIGN_IN, ADDRESS_SIGN_IN, ADDRESS_SIGN_UP } from './throttle.ts';
import { buckets, countUnlessLocked } from './throttle-buckets.ts';
import { sendAccountExistsEmail, sendVerificationEmail, VERIFY_RESEND_AFTER_MS } from './email-links.ts';
import { emailProblem, nameProblem } from './identity-users.ts';
import type { IdentityContext, IdentityDeps } from './identity.deps.ts';

/**
 * Checks an e-mail address and password. A wrong password and an unknown address fail the same
 * way and take the same time (the unknown address is checked against a dummy hash). Failures count
 * per account and per client address; once locked, no password is checked until the lock ends.
 * Each attempt is counted as a failure before its password is checked, under the buckets' lock, so
 * attempts sent at once cannot all be checked; a right password takes its count back. The lock is
 * held for the count only, not the slow hash, so attempts waiting their turn hold no connection long.
 */
export async function authenticate(
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

export type SignUpResult = { ok: true; email: string } | { ok: false; errors: FieldErrors };

/**
 * Creates an account and sends the link that confirms its address. When the address already has
 * an account, its owner gets an e-mail saying so instead; the page says the same in both cases.
 */
export async function signUp(
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
