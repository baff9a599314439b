/**
 * Test helpers for signing in to the embedded provider without a browser: a cookie jar, a client
 * that follows the sign-in step by step, and `signIn(api, email, password)` returning real tokens.
 * Imported by tests only (any module's `*.api.test.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';
import vm from 'node:vm';
import type { TestApi } from '../../testing/test-api.ts';

/** What signing in needs of a running API: where it listens and its settings (a test API, or any composed server's). */
export type SignInTarget = Pick<TestApi, 'origin' | 'config'>;

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires?: number;
  httpOnly: boolean;
}

/** Cookies by name and path, sent by path prefix like a browser does for one host. */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(setCookies: readonly string[], now = Date.now()): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const cookie: StoredCookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), path: '/', httpOnly: false };
      for (const part of attributes) {
        const [key = '', ...rest] = part.trim().split('=');
        const value = rest.join('=');
        if (key.toLowerCase() === 'path') cookie.path = value || '/';
        if (key.toLowerCase() === 'expires') cookie.expires = Date.parse(value);
        if (key.toLowerCase() === 'max-age') cookie.expires = now + Number(value) * 1000;
        if (key.toLowerCase() === 'httponly') cookie.httpOnly = true;
      }
      const key = `${cookie.name}|${cookie.path}`;
      if (cookie.value === '' || (cookie.expires !== undefined && cookie.expires <= now)) this.#cookies.delete(key);
      else this.#cookies.set(key, cookie);
    }
  }

  /** The Cookie header for a request to `pathname`; `script: true` gives what `document.cookie` shows. */
  header(pathname: string, options: { script?: boolean } = {}, now = Date.now()): string {
    return [...this.#cookies.values()]
      .filter((cookie) => (cookie.expires === undefined || cookie.expires > now) && pathMatches(pathname, cookie.path))
      .filter((cookie) => !options.script || !cookie.httpOnly)
      .toSorted((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  delete(name: string): void {
    for (const [key, cookie] of this.#cookies) if (cookie.name === name) this.#cookies.delete(key);
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export interface BrowserResponse {
  status: number;
  url: string;
  headers: Headers;
  body: string;
  location: string | null;
}

/** A cookie-keeping HTTP client that does not follow redirects by itself. */
export class TestBrowser {
  readonly origin: string;
  readonly jar: CookieJar;

  /** Pass another browser's jar to continue its session on a second instance of the shop. */
  constructor(origin: string, jar = new CookieJar()) {
    this.origin = origin;
    this.jar = jar;
  }

  async request(url: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<BrowserResponse> {
    const target = new URL(url, this.origin);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.jar.header(target.pathname);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.jar.store(response.headers.getSetCookie());
    const location = response.headers.get('location');
    return {
      status: response.status,
      url: target.href,
      headers: response.headers,
      body: await response.text(),
      location: location ? new URL(location, target).href : null,
    };
  }

  get(url: string): Promise<BrowserResponse> {
    return this.request(url);
  }

  post(url: string, form: Record<string, string>): Promise<BrowserResponse> {
    return this.request(url, { form });
  }

  /**
   * Follows redirects on this origin until a page answers or the browser is sent elsewhere (the
   * storefront's callback): returns that last response.
   */
  async follow(response: BrowserResponse, limit = 10): Promise<BrowserResponse> {
    let current = response;
    for (let hops = 0; current.location && hops < limit; hops += 1) {
      if (new URL(current.location).origin !== this.origin) return current;
      current = await this.get(current.location);
    }
    return current;
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decode = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match ? decode(match[1]!) : undefined;
}

/** A page's form: its action and hidden fields (the first form, or the one whose action matches). */
export function readForm(html: string, actionIncludes?: string): { action: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((match) => match[0]);
  const form = forms.find((candidate) => !actionIncludes || (attribute(candidate, 'action') ?? '').includes(actionIncludes));
  if (!form) throw new Error(`no form${actionIncludes ? ` posting to …${actionIncludes}` : ''} on the page`);
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (name && attribute(input, 'type') === 'hidden') fields[name] = attribute(input, 'value') ?? '';
  }
  return { action: attribute(form, 'action') ?? '', fields };
}

/** The text of the page's alert (the form-level message), if any. */
export function alertText(html: string): string | null {
  const match = /<div class="alert[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match ? decode(match[1]!.replace(/<[^>]+>/g, '').trim()) : null;
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeOptions {
  redirectUri?: string;
  scope?: string;
  state?: string;
  nonce?: string;
  pkce?: Pkce | null;
  /** Further or overriding parameters (`prompt`, `code_challenge_method`…); undefined removes one. */
  params?: Record<string, string | undefined>;
}

/** The storefront's redirect callback as the provider knows it. */
export function callbackUri(api: SignInTarget, kind: 'callback' | 'popup-callback' | 'silent-callback' = 'callback'): string {
  return `${api.config.publicUrl}/auth/${kind}`;
}

export function authorizeUrl(api: SignInTarget, options: AuthorizeOptions = {}): string {
  const url = new URL('/identity/auth', api.origin);
  const params: Record<string, string | undefined> = {
    client_id: api.config.identity.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri ?? callbackUri(api),
    scope: options.scope ?? 'openid profile email offline_access',
    state: options.state ?? randomBytes(8).toString('hex'),
    nonce: options.nonce ?? randomBytes(8).toString('hex'),
    ...(options.pkce === null ? {} : { code_challenge: (options.pkce ?? createPkce()).challenge, code_challenge_method: 'S256' }),
    ...options.params,
  };
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export interface SignInResult {
  tokens: TokenResponse;
  /** The callback the provider sent the browser to, with `code`, `state`, `session_state`, `iss`. */
  callback: URL;
  sessionState: string;
  browser: TestBrowser;
}

/** POSTs a form to the token endpoint as the public storefront client. */
export async function tokenRequest(api: SignInTarget, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL('/identity/token', api.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: api.config.identity.clientId, ...form }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Starts an authorization request in `browser` and submits the sign-in form: returns the response
 * after the form (a redirect to the callback when the password was right, the form again if not).
 */
export async function submitSignIn(browser: TestBrowser, startUrl: string, email: string, password: string): Promise<BrowserResponse> {
  const page = await browser.follow(await browser.get(startUrl));
  if (page.status !== 200)
    throw new Error(
      `expected the sign-in page, got ${page.status}: ${alertText(page.body) ?? page.body.slice(0, 300)} ` +
        `${page.body.match(/Technical details[^<]*/)?.[0] ?? ''}`,
    );
  const form = readForm(page.body, '/login');
  return browser.post(form.action, { ...form.fields, email, password });
}

/** The sign-up page in `browser`, reached by the link on the sign-in page as a shopper would. */
export async function openSignUp(api: SignInTarget, browser: TestBrowser): Promise<BrowserResponse> {
  const signInPage = await browser.follow(await browser.get(authorizeUrl(api)));
  const link = /href="([^"]*\/register)"/.exec(signInPage.body)?.[1];
  if (!link) throw new Error('the sign-in page has no link to create an account');
  const page = await browser.get(link);
  if (page.status !== 200) throw new Error(`expected the sign-up page, got ${page.status}`);
  return page;
}

/**
 * The whole authorization code + PKCE flow for one account, as the storefront runs it: returns
 * the tokens, the callback and the browser (with its provider session) for further steps.
 */
export async function signIn(api: SignInTarget, email: string, password: string, options: AuthorizeOptions = {}): Promise<SignInResult> {
  const browser = new TestBrowser(api.origin);
  const pkce = options.pkce ?? createPkce();
  const redirectUri = options.redirectUri ?? callbackUri(api);
  const afterForm = await submitSignIn(browser, authorizeUrl(api, { ...options, pkce, redirectUri }), email, password);
  if (afterForm.status !== 303) throw new Error(`sign-in as ${email} failed (${afterForm.status}): ${alertText(afterForm.body)}`);
  const end = await browser.follow(afterForm);
  if (!end.location?.startsWith(redirectUri)) throw new Error(`sign-in did not reach the callback: ${end.status} ${end.location}`);
  const callback = new URL(end.location);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`the callback carries no code: ${callback.href}`);
  const { status, body } = await tokenRequest(api, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: pkce.verifier,
  });
  if (status !== 200) throw new Error(`token exchange failed (${status}): ${JSON.stringify(body)}`);
  return { tokens: body as unknown as TokenResponse, callback, sessionState: callback.searchParams.get('session_state') ?? '', browser };
}

/**
 * Runs the check-session frame's own script (from the page the provider serves) the way a browser
 * would, with `document.cookie` from the browser's jar, and posts it one message from `origin`:
 * resolves with the frame's answer (`unchanged`, `changed` or `error`).
 */
export async function askCheckSessionFrame(frameHtml: string, browser: TestBrowser, message: unknown, origin: string): Promise<string> {
  const script = /<script>([\s\S]*?)<\/script>/.exec(frameHtml)?.[1];
  if (!script) throw new Error('the check-session frame has no script');
  let listener: ((event: unknown) => void) | undefined;
  const window = {
    crypto: globalThis.crypto,
    addEventListener: (type: string, handler: (event: unknown) => void) => {
      if (type === 'message') listener = handler;
    },
  };
  const document = { cookie: browser.jar.header('/identity/session/check', { script: true }) };
  vm.runInNewContext(script, { window, document, TextEncoder });
  if (!listener) throw new Error('the check-session frame does not listen for messages');
  const handler = listener;
  return new Promise((resolve) => {
    handler({ data: message, origin, source: { postMessage: (answer: string) => resolve(answer) } });
  });
}
