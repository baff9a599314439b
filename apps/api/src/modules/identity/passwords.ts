import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing: argon2id (the library's default algorithm) with OWASP's recommended minimum
 * of 19 MiB memory, 2 passes, 1 lane. The parameters travel in the stored PHC string, so raising
 * them later still verifies old hashes.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // A malformed stored hash is a failed sign-in, not a crash.
  }
}

let dummyHash: Promise<string> | null = null;

/** Computes the dummy hash ahead of the first unknown address, so that one is not slower either. */
export function prepareDummyHash(): Promise<string> {
  return (dummyHash ??= hashPassword('no account has this password: it only makes timing equal'));
}

/**
 * Checks a password against a hash of nothing in particular, so an unknown e-mail address costs
 * the same time as a wrong password and the two cannot be told apart.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await prepareDummyHash(), password);
  return false;
}
