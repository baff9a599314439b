import { Provider, errors, type Account, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Platform } from '../../platform/context.ts';
import type { IdentitySettings } from './identity.deps.ts';
import { loadCookieKeys, loadSigningJwks } from './keys.ts';
import { DatabaseAdapter } from './oidc-adapter.ts';
import { getAccountForTokens } from './identity-users.ts';
import { prepareDummyHash } from './passwords.ts';
import { messagePage, pageHeaders, signOutPage, type Page, type Shell } from './pages.ts';
import { BROWSER_STATE_COOKIE, CHECK_SESSION_PATH, browserState, sessionState } from './session-check.ts';

/**
 * Sets a request's X-Forwarded-For, -Proto and -Host to the client address, scheme and host Fastify worked out under
 * TRUST_PROXY (its `trustProxy`), so the provider's links, secure cookies and logs agree with the rest of the shop.
 */
export function asFastifyReadsThem(request: FastifyRequest): void {
  const { ip, protocol, host } = request;
  Object.assign(request.raw.headers, { 'x-forwarded-for': ip, 'x-forwarded-proto': protocol, 'x-forwarded-host': host });
}

/** Where the provider is mounted on the shop's origin; the issuer's path must be the same. */
export const MOUNT_PATH = '/identity';
/** The storefront's callback pages (redirect, popup, hidden frame), relative to its origin. */
export const CALLBACK_PATHS = ['/auth/callback', '/auth/popup-callback', '/auth/silent-callback'] as const;
/** What the first-party storefront is granted without a consent screen. */
const FIRST_PARTY_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
/**
 * Scopes an access token for the API may carry: the OpenID ones (so the token response reports
 * what was granted) and `api` itself for clients that ask for it.
 */
const API_SCOPES = [...FIRST_PARTY_SCOPES, 'api'].join(' ');

const DAY = 24 * 60 * 60;

export interface IdentityProvider {
  provider: Provider;
  /** Keys for cookies and form tokens; the first signs. */
  cookieKeys: string[];
  /** Origins the storefront client signs in from: forms may redirect there. */
  clientOrigins: string[];
  shell: Shell;
}

type Grant = InstanceType<Provider['Grant']>;
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

function addFirstPartyScopes(grant: Grant, audience: string): void {
  grant.addOIDCScope(FIRST_PARTY_SCOPES.join(' '));
  grant.addResourceScope(audience, API_SCOPES);
}

/** Consent asked for explicitly (prompt=consent) by the storefront: granted without a screen. */
export async function grantFirstPartyConsent(provider: Provider, details: Interaction, audience: string): Promise<string> {
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
  addFirstPartyScopes(grant, audience);
  return grant.save();
}

/** `a.b.c` → `{ a: { b: { c: value } } }`, so OIDC_ROLES_CLAIM may name a nested claim. */
function claimAtPath(path: string, value: unknown): Record<string, unknown> {
  return path
    .split('.')
    .reduceRight<Record<string, unknown>>((inner, key, index, parts) => (index === parts.length - 1 ? { [key]: value } : { [key]: inner }), {});
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A shop on a loopback address is reachable by each loopback name (developers and browser tests
 * use 127.0.0.1 while PUBLIC_URL says localhost); the storefront returns to the name in use.
 */
function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  const path = url.pathname.replace(/\/+$/, '');
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${path}`);
}

function sendPage(ctx: KoaContextWithOIDC, page: Page, formOrigins: readonly string[]) {
  for (const [name, value] of Object.entries(pageHeaders(page, formOrigins))) ctx.set(name, value);
  ctx.status = page.status;
  ctx.body = page.html;
}

const ERROR_EXPLANATIONS: Record<string, string> = {
  invalid_redirect_uri: 'The address this sign-in should return to is not one we know, so we stopped here to keep your account safe.',
  invalid_client: 'This sign-in request came from an application we do not know.',
  invalid_request: 'The sign-in request was not complete or not valid.',
  session_not_found: 'Your sign-in took too long and has expired. Go back to the shop and sign in again.',
};

/**
 * Builds the embedded OpenID provider: keys and storage from the database, the storefront as its
 * one public client (code + PKCE S256 only, exact redirect URIs), JWT access tokens for the API,
 * refresh tokens with rotation, and the session check of OIDC Session Management.
 */
export async function createIdentityProvider(
  { db, clock }: Pick<Platform, 'db' | 'clock'>,
  { publicUrl, provider: identity }: IdentitySettings,
  log: FastifyBaseLogger,
): Promise<IdentityProvider> {
  if (new URL(identity.issuer).pathname !== MOUNT_PATH) {
    throw new Error(`OIDC_ISSUER must end in ${MOUNT_PATH} while the embedded provider is used (it is ${identity.issuer})`);
  }
  const [jwks, cookieKeys] = await Promise.all([loadSigningJwks(db, identity), loadCookieKeys(db, identity), prepareDummyHash()]);
  const bases = [...new Set([publicUrl, ...loopbackAliases(publicUrl), ...identity.extraClientOrigins])];
  const clientOrigins = [...new Set(bases.map((base) => new URL(base).origin))];
  const shell: Shell = { publicUrl };
  const rolesClaimTop = identity.rolesClaim.split('.')[0]!;
  const isFirstParty = (clientId: string | undefined) => clientId === identity.clientId;

  const findAccount = async (_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> => {
    const account = await getAccountForTokens(db, sub);
    if (!account) return undefined;
    return {
      accountId: account.id,
      claims: () => ({
        sub: account.id,
        name: account.name,
        email: account.email,
        email_verified: account.emailVerified,
        updated_at: Math.floor(account.updatedAt.getTime() / 1000),
        ...claimAtPath(identity.rolesClaim, account.roles),
        ...(account.tradeAccountId ? { trade_account_id: account.tradeAccountId } : {}),
      }),
    };
  };

  const configuration: Configuration = {
    adapter: (name: string) => new DatabaseAdapter(name, db, () => clock.now()),
    jwks: jwks as Configuration['jwks'],
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: identity.clientId,
        client_name: 'Plumbline',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        // The storefront compares auth_time after a renewal (spec §5), so every ID token carries it.
        require_auth_time: true,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: FIRST_PARTY_SCOPES.join(' '),
        redirect_uris: bases.flatMap((base) => CALLBACK_PATHS.map((path) => `${base}${path}`)),
        post_logout_redirect_uris: bases.map((base) => `${base}/`),
      },
    ],
    clientBasedCORS: (_ctx, origin) => clientOrigins.includes(origin),
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    pkce: { required: () => true },
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: FIRST_PARTY_SCOPES,
    claims: {
      openid: ['sub', rolesClaimTop, 'trade_account_id'],
      profile: ['name', 'updated_at'],
      email: ['email', 'email_verified'],
    },
    findAccount,
    interactions: { url: (_ctx, interaction) => `${MOUNT_PATH}/interaction/${interaction.uid}` },
    // The storefront is first-party: it gets what it asks for without a consent screen.
    loadExistingGrant: async (ctx) => {
      const { client, session, account } = ctx.oidc;
      const grantId = ctx.oidc.result?.consent?.grantId ?? (client ? session?.grantIdFor(client.clientId) : undefined);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (!client || !account || !isFirstParty(client.clientId)) return existing;
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: account.accountId });
      const granted = new Set(grant.getOIDCScope().split(' '));
      const grantedForApi = new Set(grant.getResourceScope(identity.audience).split(' '));
      const complete = FIRST_PARTY_SCOPES.every((scope) => granted.has(scope)) && API_SCOPES.split(' ').every((scope) => grantedForApi.has(scope));
      if (existing && complete) return existing;
      addFirstPartyScopes(grant, identity.audience);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (isFirstParty(client.clientId) || code.scopes.has('offline_access')),
    // Every refresh hands out a new refresh token; presenting a used one revokes the whole grant.
    rotateRefreshToken: () => true,
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await getAccountForTokens(db, token.accountId);
      if (!account) return undefined;
      return {
        email: account.email,
        // Staff steps record who took them by name (a help request "assigned to Stevie Staff").
        ...(account.name ? { name: account.name } : {}),
        ...claimAtPath(identity.rolesClaim, account.roles),
        ...(account.tradeAccountId ? { trade_account_id: account.tradeAccountId } : {}),
      };
    },
    ttl: {
      AccessToken: identity.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // A rotated refresh token inherits what is left of the first one: 14 days after sign-in at most.
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
      ClientCredentials: 10 * 60,
      DeviceCode: 10 * 60,
      BackchannelAuthenticationRequest: 10 * 60,
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => client.clientAuthMethod !== 'none' || token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => identity.audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== identity.audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: identity.audience,
            accessTokenTTL: identity.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const redirect = ctx.oidc.params?.post_logout_redirect_uri;
          const stayHref = typeof redirect === 'string' && redirect ? redirect : `${publicUrl}/`;
          sendPage(ctx, signOutPage(shell, { form, stayHref }), clientOrigins);
        },
        postLogoutSuccessSource: async (ctx) => {
          sendPage(
            ctx,
            messagePage(shell, {
              title: 'You have signed out',
              paragraphs: ['You have signed out of Plumbline on this device.'],
              kind: 'ok',
              action: { label: 'Back to the shop', href: `${publicUrl}/` },
            }),
            clientOrigins,
          );
        },
      },
    },
    renderError: async (ctx, out) => {
      const explanation = ERROR_EXPLANATIONS[out.error] ?? 'Something went wrong with this sign-in request.';
      const page = messagePage(
        shell,
        {
          title: 'Sign-in could not continue',
          paragraphs: [explanation, `Technical details: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`],
          kind: 'error',
          action: { label: 'Back to the shop', href: `${publicUrl}/` },
        },
        ctx.status >= 400 ? ctx.status : 400,
      );
      sendPage(ctx, page, clientOrigins);
    },
  };

  const provider = new Provider(identity.issuer, configuration);
  // Koa believes X-Forwarded-* from everyone or no one; these headers are rewritten to Fastify's
  // reading of them under TRUST_PROXY before the provider sees a request (`asFastifyReadsThem`).
  provider.proxy = true;

  const browserStateCookie = (ctx: KoaContextWithOIDC, value: string | null, expires?: Date) =>
    ctx.cookies.set(BROWSER_STATE_COOKIE, value, {
      path: MOUNT_PATH,
      httpOnly: false, // The check frame reads it: that is the point of it.
      sameSite: 'lax',
      secure: ctx.secure,
      signed: false,
      ...(expires ? { expires } : {}),
    });

  // Session Management: every successful authorization response carries session_state, and the
  // browser gets the state the check frame compares it with.
  provider.on('authorization.success', (ctx, out) => {
    const { session, client, params } = ctx.oidc;
    if (!out || !session?.accountId || !client || typeof params?.redirect_uri !== 'string') return;
    const state = browserState(cookieKeys[0]!, { uid: session.uid, accountId: session.accountId, loginTs: session.loginTs });
    out.session_state = sessionState(client.clientId, new URL(params.redirect_uri).origin, state);
    browserStateCookie(ctx, state, session.exp ? new Date(session.exp * 1000) : undefined);
  });
  provider.on('end_session.success', (ctx) => browserStateCookie(ctx, null));
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'identity provider error'));

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : null;
    // The check frame is published in discovery like the provider's own endpoints.
    if (ctx.oidc?.route === 'discovery' && body) {
      body.check_session_iframe = new URL(`${MOUNT_PATH}${CHECK_SESSION_PATH}`, ctx.href).href;
    }
    // A JWT access token cannot be revoked (the API checks it without asking us; it expires in
    // minutes). The storefront revokes its access token and then its refresh token on sign-out and
    // stops at the first error, so this answers as RFC 7009 does for a token that is no longer valid.
    if (ctx.oidc?.route === 'revocation' && ctx.status === 400 && body?.error === 'unsupported_token_type') {
      ctx.status = 200;
      ctx.body = '';
    }
  });

  return { provider, cookieKeys, clientOrigins, shell };
}
