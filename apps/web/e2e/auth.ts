import { createHash, randomBytes } from 'node:crypto';
import { expect as baseExpect, type APIResponse, type Locator, type Page } from '@playwright/test';
import { isTraceSnapshotFetch } from './test.ts';

// Signing in includes the provider's password hashing: slow on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The demo accounts the provider seeds (apps/api/src/modules/identity/identity.seed.ts). */
export const DEMO = {
  shopper: { email: 'shopper@demo.test', name: 'Sam Shopper' },
  trade: { email: 'trade@demo.test', name: 'Taylor Trade' },
  staff: { email: 'staff@demo.test', name: 'Stevie Staff' },
} as const;
export const DEMO_PASSWORD = 'demo-password';

/** The header's account item in each state. */
export const header = {
  /** A link, so it works before the page's scripts run. */
  signIn: (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }),
  accountMenu: (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` }),
};

/**
 * Waits for the page's scripts to have run: the header's search box becomes a combobox as the shop's
 * frame hydrates (checkout's slim header, without a search box, is marked instead).
 */
export async function pageReady(page: Page) {
  const search = page.getByRole('search', { name: 'Search products and categories' }).getByRole('combobox');
  await expect(search.or(page.locator('header[data-hydrated]'))).toBeVisible();
}

/**
 * Waits to be at the provider's sign-in form (/identity/interaction/…). A page that sends a visitor
 * to sign in does so once its scripts have run, which takes a while on a busy machine.
 */
export async function atProviderSignIn(page: Page) {
  await expect(page).toHaveURL(/\/identity\/interaction\//, { timeout: 60_000 });
}

/** The provider's sign-in form (at /identity/interaction/…). */
export async function fillProviderSignIn(page: Page, email: string) {
  await atProviderSignIn(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The provider asks before ending its session (its end-session page). */
export async function confirmProviderSignOut(page: Page) {
  await expect(page).toHaveURL(/\/identity\/session\/end/);
  await page.getByRole('button', { name: 'Sign out' }).click();
}

/** Signs in by redirect from the account page (which sends a signed-out visitor to sign in), and waits to be back on it. */
export async function signInByRedirect(page: Page, email: string) {
  await page.goto('/account');
  await fillProviderSignIn(page, email);
  // The address changes once the account page's data has loaded after the sign-in (the callback page
  // says "Taking you back" meanwhile): on a machine busy with other suites that can pass 15 s.
  await expect(page).toHaveURL(/\/account$/, { timeout: 30_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/**
 * The storefront's authorization code + PKCE flow (decision 0063) as the page's own client runs it, over HTTP in this page's
 * browser context, so its cookies (the provider's session, the storefront's) are the ones the pages would leave: `atForm`
 * is given the provider's sign-in form and answers with the redirect its submission gave (the provider's pages are
 * sign-in.spec.ts's, account-before-scripts.spec.ts's and `signUpByHand`'s). Ends on the account page, signed in.
 */
async function authorizeOverHttp(page: Page, atForm: (form: APIResponse, html: string) => Promise<APIResponse>) {
  const { request } = page.context();
  const origin = new URL((await request.get('/api/health')).url()).origin;
  const redirectUri = `${origin}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('/identity/auth', origin);
  authorize.search = new URLSearchParams({
    client_id: 'storefront',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  // Redirects are followed by hand, up to the storefront's callback, which is the page's client's to finish.
  const follow = async (first: APIResponse) => {
    let answer = first;
    for (let hop = 0; answer.status() >= 300 && answer.status() < 400 && hop < 10; hop += 1) {
      const next = new URL(answer.headers().location!, answer.url()).href;
      if (next.startsWith(redirectUri)) return next;
      answer = await request.get(next, { maxRedirects: 0 });
    }
    return answer;
  };
  const form = await follow(await request.get(authorize.href, { maxRedirects: 0 }));
  if (typeof form === 'string') throw new Error('the provider skipped its sign-in form');
  const callback = await follow(await atForm(form, await form.text()));
  if (typeof callback !== 'string') throw new Error(`the provider did not send the browser back to the shop (${callback.status()} at ${callback.url()})`);
  const returned = new URL(callback).searchParams;
  const tokens = await request.post('/identity/token', {
    form: { client_id: 'storefront', grant_type: 'authorization_code', code: returned.get('code')!, redirect_uri: redirectUri, code_verifier: verifier },
  });
  baseExpect(tokens.status(), 'the token exchange').toBe(200);
  const { access_token, id_token } = (await tokens.json()) as { access_token: string; id_token: string };
  const session = await request.post('/auth/session', {
    headers: { origin, 'sec-fetch-site': 'same-origin' },
    data: { accessToken: access_token, idToken: id_token, sessionState: returned.get('session_state') ?? '' },
  });
  baseExpect(session.status(), 'the storefront session').toBe(204);
  // The page's client marks the browser as one someone signed in on (lib/auth/session-hint.ts).
  await page.context().addCookies([{ name: 'shop_signed_in', value: '1', url: origin }]);
  await page.goto('/account');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** The hidden fields of the provider's form posting to `action` (its form token), with `fields` beside them. */
function formFields(html: string, action: RegExp, fields: Record<string, string>) {
  const found = new RegExp(`<form\\b[^>]*action="([^"]*${action.source})"`).exec(html)?.[1];
  if (!found) return null;
  const form: Record<string, string> = { ...fields };
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form[name!] = value!;
  return { action: found, form };
}

/**
 * Signs in as someone who did so earlier, over HTTP as the page's own client would (`authorizeOverHttp`): a journey that is not
 * about signing in starts signed in without drawing the account, provider and callback pages, three page loads each, most of a
 * browser test's cost. Signing in through those pages is sign-in.spec.ts's and account-before-scripts.spec.ts's (`signInByRedirect`).
 */
export async function signIn(page: Page, email: string) {
  await authorizeOverHttp(page, async (form, html) => {
    const login = formFields(html, /\/login/, { email, password: DEMO_PASSWORD });
    if (!login) throw new Error(`no sign-in form at ${form.url()} (${form.status()})`);
    const answer = await page.context().request.post(new URL(login.action, form.url()).href, { form: login.form, maxRedirects: 0 });
    if (answer.status() < 300 || answer.status() >= 400) throw new Error(`signing in as ${email} was refused (${answer.status()})`);
    return answer;
  });
}

/**
 * A new account, signed up and confirmed over HTTP as the provider's pages would post them (`authorizeOverHttp`): the sign-up
 * form from `address` (sign-ups are counted per address), then `confirmationLink(email)` opened in the same browser, which signs
 * in. Ends on the account page, signed in. Signing up through the pages is `signUpByHand`'s (checkout-steps.ts).
 */
export async function signUp(
  page: Page,
  account: { email: string; name: string; password: string; address: string },
  confirmationLink: (email: string) => Promise<string>,
) {
  const { request } = page.context();
  await authorizeOverHttp(page, async (form) => {
    const register = await request.get(`${form.url()}/register`);
    const signUpForm = formFields(await register.text(), /\/register/, { name: account.name, email: account.email, password: account.password });
    if (!signUpForm) throw new Error(`no sign-up form at ${register.url()} (${register.status()})`);
    const headers = { 'x-forwarded-for': account.address };
    const sent = await request.post(new URL(signUpForm.action, register.url()).href, { form: signUpForm.form, headers, maxRedirects: 0 });
    baseExpect(sent.status(), `signing up as ${account.email}`).toBe(200);
    baseExpect(await sent.text(), 'the provider’s answer to the sign-up').toContain('Check your e-mail');
    return request.get(await confirmationLink(account.email), { maxRedirects: 0 });
  });
}

/**
 * The tokens the web server's session holds for this browser (decision 0063), asked for as the
 * page's own client asks: the browser keeps none in its storage.
 */
export function storedUser(page: Page): Promise<{ access_token: string; id_token?: string; profile: Record<string, unknown> } | null> {
  return page.evaluate(async () => {
    const response = await fetch('/auth/session', { cache: 'no-store' });
    return response.ok ? response.json() : null;
  });
}

/** The refresh tokens the provider hands the page's client (kept in the page's memory only), latest last. */
export function refreshTokensIssued(page: Page): string[] {
  const tokens: string[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('/identity/token') || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as { refresh_token?: string } | null;
    if (body?.refresh_token) tokens.push(body.refresh_token);
  });
  return tokens;
}

/** The page-wide sign-in notice, always in the page as a live region. */
export const authNotice = (page: Page): Locator => page.locator('[aria-live="assertive"]').filter({ has: page.getByText(/Login failed|Sign-out failed/) });

export { expectNoViolations } from './axe.ts';

/** Script errors and console errors, to check a page ran cleanly. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource') && !isTraceSnapshotFetch(message.text()))
      errors.push(message.text());
  });
  return errors;
}

/**
 * A staff page opened by someone without its role: the shop's 404, as the API answers them, with
 * none of the page in the answer (decision 0063). `absent` is text of the page that must not be there.
 */
export async function expectStaffPageNotFound(page: Page, path: string, absent: readonly string[] = []) {
  const answer = await page.goto(path);
  baseExpect(answer?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, we can’t find that page');
  const html = await answer!.text();
  for (const text of absent) baseExpect(html, `${path} without ${text}`).not.toContain(text);
}
