import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { ApiConfig, PrivateJwk } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ensureSecret } from './identity.repository.ts';

/**
 * Key material of the embedded provider. Signing keys come from IDENTITY_JWKS in production, or are
 * generated on first start and kept in `identity_secrets` so every instance and every restart signs
 * with the same key (docs/identity.md explains rotation). Cookie keys likewise.
 */

export interface JwkSet {
  keys: PrivateJwk[];
}

const SIGNING_SECRET = 'signing-jwks';
const COOKIE_SECRET = 'cookie-keys';

/** Private members of RSA and EC keys, removed before a key is published. */
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

async function generateSigningJwks(): Promise<JwkSet> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...(jwk as PrivateJwk), kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' }] };
}

/** Every key gets a `kid` (its RFC 7638 thumbprint, as oidc-provider would compute it). */
async function withKeyIds(set: JwkSet): Promise<JwkSet> {
  return {
    keys: await Promise.all(set.keys.map(async (key) => (key.kid ? key : { ...key, kid: await calculateJwkThumbprint(key as JWK) }))),
  };
}

/** The private signing keys, newest first: configured, or generated once and stored. */
export async function loadSigningJwks(db: Database, settings: Pick<ApiConfig['identity'], 'jwks'>): Promise<JwkSet> {
  const set = settings.jwks ?? (await ensureSecret(db, SIGNING_SECRET, generateSigningJwks));
  return withKeyIds(set);
}

/** The public half of a key set: what /identity/jwks publishes and token verification needs. */
export function toPublicJwks(set: JwkSet): { keys: JWK[] } {
  return {
    keys: set.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_MEMBERS.has(member))) as JWK),
  };
}

/** Keys that sign the provider's cookies and the forms' CSRF tokens; the first signs, all verify. */
export async function loadCookieKeys(db: Database, settings: Pick<ApiConfig['identity'], 'cookieKeys'>): Promise<string[]> {
  if (settings.cookieKeys?.length) return settings.cookieKeys;
  return ensureSecret(db, COOKIE_SECRET, async () => [randomBytes(32).toString('base64url')]);
}
