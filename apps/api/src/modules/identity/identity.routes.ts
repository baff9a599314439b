import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as oidcErrors } from 'oidc-provider';
import type { Platform } from '../../platform/context.ts';
import type { IdentitySettings } from './identity.deps.ts';
import { CSRF_COOKIE, formToken, isFormTokenValid, newCsrfBinding } from './csrf.ts';
import { IdentityError, IdentityErrors, type FieldErrors } from './identity.errors.ts';
import { type IdentityContext, type IdentityService, type VerifyEmailResult } from './identity.service.ts';
import { asFastifyReadsThem, createIdentityProvider, grantFirstPartyConsent, MOUNT_PATH, type IdentityProvider } from './oidc.ts';
import {
  FONT,
  FONT_PATH,
  STYLESHEET,
  STYLESHEET_PATH,
  cspSources,
  forgotPasswordPage,
  messagePage,
  pageHeaders,
  resetPasswordPage,
  signInPage,
  signUpPage,
  type Page,
} from './pages.ts';
import { CHECK_SESSION_PAGE, CHECK_SESSION_PATH, CHECK_SESSION_SCRIPT_HASH } from './session-check.ts';

const FORM_BODY_LIMIT = 16 * 1024;
/** A `return_to` may only lead back into a sign-in on this provider. */
const INTERACTION_PATH = /^\/identity\/interaction\/[\w-]{1,64}$/;

type Form = Record<string, string | undefined>;
type Interaction = Awaited<ReturnType<IdentityProvider['provider']['interactionDetails']>>;

/**
 * The embedded OpenID provider at /identity: oidc-provider's endpoints, and the sign-in, sign-up,
 * verification and password pages around them. Registered only when IDENTITY_EMBEDDED is true. The
 * provider starts on the first request (it loads keys from the database), so building the routes
 * needs no database.
 */
export async function registerIdentityRoutes(app: FastifyInstance, service: IdentityService, settings: IdentitySettings): Promise<void> {
  const platform = app.platform;
  if (!settings.provider.embedded) return;
  const identity = lazyIdentity(app, platform, settings);

  await app.register(async (pages) => {
    pages.addHook('onRequest', async (request) => asFastifyReadsThem(request));
    // The pages read their own small url-encoded forms; nothing else is accepted.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerPages(pages, platform, settings, service, identity);
  });

  await app.register(async (oidc) => {
    oidc.addHook('onRequest', async (request) => asFastifyReadsThem(request));
    // oidc-provider reads request bodies itself, so Fastify must leave them unread.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      const { provider } = await identity();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      const mount = /^\/+identity/i.exec(url)?.[0] ?? MOUNT_PATH;
      const rest = url.slice(mount.length);
      // Like Express's mounting: oidc-provider finds its mount path from originalUrl.
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      reply.hijack();
      try {
        await provider.callback()(raw, reply.raw);
      } catch (error) {
        request.log.error({ err: error }, 'identity provider failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
      }
    };
    oidc.all(MOUNT_PATH, { schema: { hide: true } }, handle);
    oidc.all(`${MOUNT_PATH}/*`, { schema: { hide: true } }, handle);
  });
}

/** Creates the provider once, on first use; a failure (database down) is retried next time. */
function lazyIdentity(app: FastifyInstance, platform: Platform, settings: IdentitySettings): () => Promise<IdentityProvider> {
  let pending: Promise<IdentityProvider> | null = null;
  // Its expired rows are deleted by a worker's `identity-clean-up` job (clean-up.ts).
  return () =>
    (pending ??= createIdentityProvider(platform, settings, app.log).catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

// ── small HTTP helpers ───────────────────────────────────────────────────────────────────────────

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function sendPage(reply: FastifyReply, page: Page, formOrigins: readonly string[], headers: Record<string, string> = {}) {
  return reply
    .code(page.status)
    .headers({ ...pageHeaders(page, formOrigins), ...headers })
    .send(page.html);
}

function seeOther(reply: FastifyReply, location: string) {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

const field = (form: Form | undefined, name: string) => (typeof form?.[name] === 'string' ? form[name] : '');

// ── pages ────────────────────────────────────────────────────────────────────────────────────────

function registerPages(
  app: FastifyInstance,
  platform: Platform,
  settings: IdentitySettings,
  service: IdentityService,
  identity: () => Promise<IdentityProvider>,
): void {
  const ctx: IdentityContext = { db: platform.db, clock: platform.clock };
  const paths = {
    interaction: (uid: string) => `${MOUNT_PATH}/interaction/${encodeURIComponent(uid)}`,
    forgot: (returnTo?: string) => `${MOUNT_PATH}/password/forgot${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`,
  };

  /** The interaction this browser is in, if it is the one the URL names and it has not expired. */
  const findInteraction = async (request: FastifyRequest, reply: FastifyReply, uid: string): Promise<Interaction | null> => {
    const { provider } = await identity();
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      return details.uid === uid ? details : null;
    } catch (error) {
      // No cookie, expired, or the session changed underneath: start again. Anything else is a fault.
      if (error instanceof oidcErrors.SessionNotFound) return null;
      throw error;
    }
  };

  const expired = async (reply: FastifyReply) => {
    const { shell, clientOrigins } = await identity();
    return sendPage(
      reply,
      messagePage(
        shell,
        {
          title: 'Sign-in expired',
          paragraphs: [IdentityErrors.interactionExpired().message],
          kind: 'error',
          action: { label: 'Back to the shop', href: `${settings.publicUrl}/` },
        },
        400,
      ),
      clientOrigins,
    );
  };

  const finishLogin = async (request: FastifyRequest, reply: FastifyReply, accountId: string) => {
    const { provider } = await identity();
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, amr: ['pwd'], remember: true } },
      { mergeWithLastSubmission: false },
    );
    return seeOther(reply, returnTo);
  };

  /** Per-browser binding for forms outside a sign-in (forgotten and reset password). */
  const browserBinding = (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = readCookie(request, CSRF_COOKIE);
    if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
    const binding = newCsrfBinding();
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${CSRF_COOKIE}=${binding}; Path=${MOUNT_PATH}; HttpOnly; SameSite=Lax${secure}`);
    return binding;
  };

  app.get(STYLESHEET_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(STYLESHEET),
  );
  // The font file never changes under its name (a new Inter is a new package version and a new deploy): a day's cache.
  app.get(FONT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('font/woff2').header('cache-control', 'public, max-age=86400').send(FONT),
  );

  // OpenID Connect Session Management: the frame the storefront polls to notice a sign-out.
  app.get(`${MOUNT_PATH}${CHECK_SESSION_PATH}`, { schema: { hide: true } }, async (_request, reply) => {
    const { clientOrigins } = await identity();
    reply.raw.removeHeader('x-frame-options'); // Framing is refused by default; this page exists to be framed.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', `default-src 'none'; script-src ${CHECK_SESSION_SCRIPT_HASH}; frame-ancestors 'self' ${cspSources(clientOrigins)}`)
      .send(CHECK_SESSION_PAGE);
  });

  // ── sign in ──

  const renderSignIn = async (
    reply: FastifyReply,
    uid: string,
    view: { email?: string; errors?: FieldErrors; notice?: string },
    status = 200,
    headers: Record<string, string> = {},
  ) => {
    const { shell, cookieKeys, clientOrigins } = await identity();
    const base = paths.interaction(uid);
    const page = signInPage(
      shell,
      {
        action: `${base}/login`,
        csrf: formToken(cookieKeys[0]!, 'login', uid),
        signUpHref: `${base}/register`,
        forgotHref: paths.forgot(base),
        cancelHref: `${base}/abort`,
        ...view,
      },
      status,
    );
    return sendPage(reply, page, clientOrigins, headers);
  };

  app.get<{ Params: { uid: string } }>(`${MOUNT_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
    const details = await findInteraction(request, reply, request.params.uid);
    if (!details) return expired(reply);
    const { provider } = await identity();
    if (details.prompt.name === 'login') return renderSignIn(reply, details.uid, {});
    if (details.prompt.name === 'consent' && details.params.client_id === settings.provider.clientId) {
      const grantId = await grantFirstPartyConsent(provider, details, settings.provider.audience);
      const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return seeOther(reply, returnTo);
    }
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      error: 'access_denied',
      error_description: 'Only the shop itself may use this sign-in.',
    });
    return seeOther(reply, returnTo);
  });

  app.post<{ Params: { uid: string }; Body: Form }>(`${MOUNT_PATH}/interaction/:uid/login`, { schema: { hide: true } }, async (request, reply) => {
    const details = await findInteraction(request, reply, request.params.uid);
    if (!details || details.prompt.name !== 'login') return expired(reply);
    const { cookieKeys } = await identity();
    const email = field(request.body, 'email').trim();
    if (!isFormTokenValid(cookieKeys, 'login', details.uid, request.body?.csrf)) {
      return renderSignIn(reply, details.uid, { email, errors: { form: IdentityErrors.invalidForm().message } }, 403);
    }
    try {
      const user = await service.authenticate(ctx, {
        email,
        password: field(request.body, 'password'),
        clientAddress: request.ip,
        interactionUid: details.uid,
      });
      return await finishLogin(request, reply, user.id);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      const status = error.code === 'THROTTLED_SIGN_IN' ? 429 : error.code === 'EMAIL_NOT_VERIFIED' ? 403 : 401;
      const headers: Record<string, string> = error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {};
      return renderSignIn(reply, details.uid, { email, errors: { form: error.message } }, status, headers);
    }
  });

  app.get<{ Params: { uid: string } }>(`${MOUNT_PATH}/interaction/:uid/abort`, { schema: { hide: true } }, async (request, reply) => {
    const details = await findInteraction(request, reply, request.params.uid);
    if (!details) return seeOther(reply, `${settings.publicUrl}/`);
    const { provider } = await identity();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      error: 'access_denied',
      error_description: 'Sign-in was cancelled.',
    });
    return seeOther(reply, returnTo);
  });

  // ── create an account ──

  const renderSignUp = async (
    reply: FastifyReply,
    uid: string,
    view: { name?: string; email?: string; errors?: FieldErrors },
    status = 200,
    headers: Record<string, string> = {},
  ) => {
    const { shell, cookieKeys, clientOrigins } = await identity();
    const base = paths.interaction(uid);
    const page = signUpPage(shell, { action: `${base}/register`, csrf: formToken(cookieKeys[0]!, 'register', uid), signInHref: base, ...view }, status);
    return sendPage(reply, page, clientOrigins, headers);
  };

  app.get<{ Params: { uid: string } }>(`${MOUNT_PATH}/interaction/:uid/register`, { schema: { hide: true } }, async (request, reply) => {
    const details = await findInteraction(request, reply, request.params.uid);
    if (!details) return expired(reply);
    return renderSignUp(reply, details.uid, {});
  });

  app.post<{ Params: { uid: string }; Body: Form }>(`${MOUNT_PATH}/interaction/:uid/register`, { schema: { hide: true } }, async (request, reply) => {
    const details = await findInteraction(request, reply, request.params.uid);
    if (!details) return expired(reply);
    const { shell, cookieKeys, clientOrigins } = await identity();
    const view = { name: field(request.body, 'name'), email: field(request.body, 'email') };
    if (!isFormTokenValid(cookieKeys, 'register', details.uid, request.body?.csrf)) {
      return renderSignUp(reply, details.uid, { ...view, errors: { form: IdentityErrors.invalidForm().message } }, 403);
    }
    try {
      const result = await service.signUp(ctx, {
        ...view,
        password: field(request.body, 'password'),
        clientAddress: request.ip,
        interactionUid: details.uid,
      });
      if (!result.ok) return renderSignUp(reply, details.uid, { ...view, errors: result.errors }, 400);
      const page = messagePage(shell, {
        title: 'Check your e-mail',
        paragraphs: [
          `We have sent a message to ${result.email}. Follow the link in it to confirm your address and finish signing in.`,
          'Nothing after a few minutes? Check your spam folder. The link works for 24 hours.',
        ],
        kind: 'ok',
      });
      return sendPage(reply, page, clientOrigins);
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      const retry: Record<string, string> = error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {};
      return renderSignUp(reply, details.uid, { ...view, errors: { form: error.message } }, 429, retry);
    }
  });

  // ── confirm an e-mail address ──

  const verifyResultPage = async (result: VerifyEmailResult, continueHref: string | null) => {
    const { shell } = await identity();
    const onwards = continueHref ? { label: 'Continue to sign in', href: continueHref } : { label: 'Back to the shop', href: `${settings.publicUrl}/` };
    switch (result.status) {
      case 'verified':
      case 'already-verified':
        return messagePage(shell, {
          title: 'E-mail address confirmed',
          paragraphs: ['Thank you: your e-mail address is confirmed.', 'You can now sign in with it and your password.'],
          kind: 'ok',
          action: onwards,
        });
      case 'expired':
        return messagePage(
          shell,
          {
            title: 'Link expired',
            paragraphs: [`${IdentityErrors.linkExpired().message} Sign in with your e-mail address and password and we will send a new one.`],
            kind: 'error',
            action: onwards,
          },
          400,
        );
      default:
        return messagePage(shell, { title: 'Link not valid', paragraphs: [IdentityErrors.linkInvalid().message], kind: 'error', action: onwards }, 400);
    }
  };

  app.get<{ Querystring: { token?: string } }>(`${MOUNT_PATH}/verify-email`, { schema: { hide: true } }, async (request, reply) => {
    const result = await service.verifyEmail(ctx, String(request.query.token ?? ''));
    const { clientOrigins } = await identity();
    return sendPage(reply, await verifyResultPage(result, null), clientOrigins);
  });

  // A link from an e-mail sent during a sign-in: in the same browser, confirming also signs in.
  app.get<{ Params: { uid: string }; Querystring: { token?: string } }>(
    `${MOUNT_PATH}/interaction/:uid/verify`,
    { schema: { hide: true } },
    async (request, reply) => {
      const result = await service.verifyEmail(ctx, String(request.query.token ?? ''));
      const details = await findInteraction(request, reply, request.params.uid);
      if (result.status === 'verified' && details?.prompt.name === 'login') return finishLogin(request, reply, result.user.id);
      const { clientOrigins } = await identity();
      return sendPage(reply, await verifyResultPage(result, details ? paths.interaction(details.uid) : null), clientOrigins);
    },
  );

  // ── forgotten password ──

  const forgotAction = (returnTo: string | undefined) => paths.forgot(returnTo);
  const safeReturnTo = (value: unknown) => (typeof value === 'string' && INTERACTION_PATH.test(value) ? value : undefined);

  app.get<{ Querystring: { return_to?: string } }>(`${MOUNT_PATH}/password/forgot`, { schema: { hide: true } }, async (request, reply) => {
    const { shell, cookieKeys, clientOrigins } = await identity();
    const returnTo = safeReturnTo(request.query.return_to);
    const csrf = formToken(cookieKeys[0]!, 'forgot', browserBinding(request, reply));
    return sendPage(reply, forgotPasswordPage(shell, { action: forgotAction(returnTo), csrf, backHref: returnTo }), clientOrigins);
  });

  app.post<{ Querystring: { return_to?: string }; Body: Form }>(`${MOUNT_PATH}/password/forgot`, { schema: { hide: true } }, async (request, reply) => {
    const { shell, cookieKeys, clientOrigins } = await identity();
    const returnTo = safeReturnTo(request.query.return_to);
    const email = field(request.body, 'email').trim();
    const binding = readCookie(request, CSRF_COOKIE);
    const render = (errors: FieldErrors, status: number, headers: Record<string, string> = {}) => {
      const csrf = formToken(cookieKeys[0]!, 'forgot', browserBinding(request, reply));
      const page = forgotPasswordPage(shell, { action: forgotAction(returnTo), csrf, email, errors, backHref: returnTo }, status);
      return sendPage(reply, page, clientOrigins, headers);
    };
    if (!isFormTokenValid(cookieKeys, 'forgot', binding, request.body?.csrf)) return render({ form: IdentityErrors.invalidForm().message }, 403);
    const problem = service.emailProblem(email);
    if (problem) return render({ email: problem }, 400);
    try {
      await service.requestPasswordReset(ctx, { email, clientAddress: request.ip });
    } catch (error) {
      if (!(error instanceof IdentityError)) throw error;
      return render({ form: error.message }, 429, error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {});
    }
    const page = forgotPasswordPage(shell, { action: forgotAction(returnTo), csrf: '', sent: true, backHref: returnTo });
    return sendPage(reply, page, clientOrigins);
  });

  // ── reset password ──

  const resetLinkProblem = async (reply: FastifyReply, status: 'invalid' | 'expired') => {
    const { shell, clientOrigins } = await identity();
    const page = messagePage(
      shell,
      {
        title: status === 'expired' ? 'Link expired' : 'Link not valid',
        paragraphs: [status === 'expired' ? IdentityErrors.linkExpired().message : IdentityErrors.linkInvalid().message],
        kind: 'error',
        action: { label: 'Ask for a new link', href: paths.forgot() },
      },
      400,
    );
    return sendPage(reply, page, clientOrigins);
  };

  app.get<{ Querystring: { token?: string } }>(`${MOUNT_PATH}/password/reset`, { schema: { hide: true } }, async (request, reply) => {
    const token = String(request.query.token ?? '');
    const check = await service.checkResetLink(ctx, token);
    if (check.status !== 'ok') return resetLinkProblem(reply, check.status);
    const { shell, cookieKeys, clientOrigins } = await identity();
    const csrf = formToken(cookieKeys[0]!, `reset:${token}`, browserBinding(request, reply));
    const page = resetPasswordPage(shell, { action: `${MOUNT_PATH}/password/reset`, csrf, token, email: check.email });
    return sendPage(reply, page, clientOrigins);
  });

  app.post<{ Body: Form }>(`${MOUNT_PATH}/password/reset`, { schema: { hide: true } }, async (request, reply) => {
    const { shell, cookieKeys, clientOrigins } = await identity();
    const token = field(request.body, 'token');
    const check = await service.checkResetLink(ctx, token);
    if (check.status !== 'ok') return resetLinkProblem(reply, check.status);
    const render = (errors: FieldErrors, status: number) => {
      const csrf = formToken(cookieKeys[0]!, `reset:${token}`, browserBinding(request, reply));
      const page = resetPasswordPage(shell, { action: `${MOUNT_PATH}/password/reset`, csrf, token, email: check.email, errors }, status);
      return sendPage(reply, page, clientOrigins);
    };
    if (!isFormTokenValid(cookieKeys, `reset:${token}`, readCookie(request, CSRF_COOKIE), request.body?.csrf)) {
      return render({ form: IdentityErrors.invalidForm().message }, 403);
    }
    const result = await service.resetPassword(ctx, { token, password: field(request.body, 'password') });
    if (result.status === 'rejected') return render(result.errors, 400);
    if (result.status !== 'done') return resetLinkProblem(reply, result.status);
    const page = messagePage(shell, {
      title: 'Password changed',
      paragraphs: ['Your password has been changed, and you have been signed out everywhere else.', 'Sign in with your new password from the shop.'],
      kind: 'ok',
      action: { label: 'Back to the shop', href: `${settings.publicUrl}/` },
    });
    return sendPage(reply, page, clientOrigins);
  });
}
