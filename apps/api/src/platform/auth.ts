import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey, createLocalJWKSet } from 'jose';
import { ROLES, type Role } from '@shop/contracts';
import type { Actor } from './context.ts';
import { AppError, PlatformErrors } from './errors.ts';

/**
 * Verifies the bearer access tokens of any OpenID Connect provider: signature through its JWKS,
 * issuer, audience, expiry and token type; roles read from a configurable claim.
 */
export interface TokenVerification {
  issuer: string;
  audience: string;
  /** Dotted path to the roles array, e.g. `roles` or Keycloak's `realm_access.roles`. */
  rolesClaim: string;
  keys: JWTVerifyGetKey;
  /** Accepted `typ` headers: RFC 9068 `at+jwt`, and plain `JWT` as Keycloak and Entra ID send. */
  tokenTypes?: readonly string[];
  clockToleranceSeconds?: number;
  /** The time now, in milliseconds (tests). */
  now?: () => number;
}

/**
 * A token verified is kept by its whole text, signature included, for this long at most and never
 * past its expiry: a signed-in page's calls each carry the same token, and checking its RSA signature
 * again was a sixth of the CPU of opening a project (decision 0111). A key the provider withdraws
 * stops the tokens it signed within this time.
 */
export const VERIFIED_TOKEN_MS = 60_000;
/** Tokens kept at most (all forgotten at once past it): about 1 kB each. */
const VERIFIED_TOKENS_MAX = 10_000;

const knownRoles = new Set<string>(ROLES);

function claimAt(payload: JWTPayload, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), payload);
}

export function createTokenAuthenticator(options: TokenVerification): (authorization: string) => Promise<Actor> {
  const tokenTypes = (options.tokenTypes ?? ['at+jwt', 'JWT']).map((type) => type.toLowerCase());
  const now = options.now ?? Date.now;
  const verified = new Map<string, { actor: Actor; until: number }>();
  return async (authorization) => {
    const [scheme, token] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw PlatformErrors.invalidToken('Send the access token as "Authorization: Bearer <token>".');
    }
    const at = now();
    const kept = verified.get(token);
    if (kept && at < kept.until) return { ...kept.actor, roles: [...kept.actor.roles] };
    if (kept) verified.delete(token);
    let payload: JWTPayload;
    try {
      const result = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: options.clockToleranceSeconds ?? 5,
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(at),
      });
      if (!tokenTypes.includes(String(result.protectedHeader.typ ?? 'JWT').toLowerCase())) throw PlatformErrors.invalidToken();
      payload = result.payload;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) {
        throw PlatformErrors.tokenExpired();
      }
      throw PlatformErrors.invalidToken();
    }
    const claimed = claimAt(payload, options.rolesClaim);
    const roles = (Array.isArray(claimed) ? claimed : []).filter((role): role is Role => knownRoles.has(role));
    const actor: Actor = {
      userId: String(payload.sub),
      roles,
      ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
      ...(typeof payload.name === 'string' ? { name: payload.name } : {}),
      ...(typeof payload.trade_account_id === 'string' ? { tradeAccountId: payload.trade_account_id } : {}),
    };
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
    // Until its expiry (the tolerance past it is allowed by verifying it again), a minute at most.
    verified.set(token, { actor, until: Math.min(at + VERIFIED_TOKEN_MS, Number(payload.exp) * 1000) });
    return { ...actor, roles: [...roles] };
  };
}

/** A provider's keys over HTTP, found through its discovery document unless given. */
export function remoteKeys(issuer: string, jwksUrl?: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const resolve = async () => {
    if (jwksUrl) return createRemoteJWKSet(new URL(jwksUrl));
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    if (!response.ok) throw new Error(`discovery failed with ${response.status}`);
    const { jwks_uri: uri } = (await response.json()) as { jwks_uri?: string };
    if (!uri) throw new Error('discovery has no jwks_uri');
    return createRemoteJWKSet(new URL(uri));
  };
  return async (header, token) => {
    // A failed discovery is retried on the next request rather than remembered.
    keys ??= resolve().catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return (await keys)(header, token);
  };
}

/** The embedded provider's keys, read in process; re-read when a token names an unknown key. */
export function localKeys(load: () => Promise<JSONWebKeySet>): JWTVerifyGetKey {
  let current: Promise<JWTVerifyGetKey> | null = null;
  const reload = () => (current = load().then((set) => createLocalJWKSet(set)));
  return async (header, token) => {
    try {
      return (await (current ?? reload()))(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      return (await reload())(header, token); // A rotated key: one re-read, then give up.
    }
  };
}
