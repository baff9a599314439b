import { expect as baseExpect, test, type Page } from './test.ts';
import {
  atProviderSignIn,
  authNotice,
  collectErrors,
  DEMO,
  expectNoViolations,
  confirmProviderSignOut,
  fillProviderSignIn,
  header,
  pageReady,
  signInByRedirect,
  refreshTokensIssued,
  storedUser,
} from './auth.ts';
import { SCREENSHOT_DIR, SHORT_TOKEN_PORT, STRIPE_SHOP_PORT } from './pages.ts';

// Each test drives the provider's pages too (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 60_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * A page holding something typed and not sent (an order number on the tracking page), once its
 * scripts run: leaving it would lose that, so "Sign in" opens the provider in a popup there.
 */
async function withTypedWork(page: Page) {
  await page.goto('/track-order');
  await pageReady(page);
  await page.getByRole('main').getByLabel('Order number').fill('BP10000001');
}

const screenshot = (page: Page, project: string, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage, animations: 'disabled' });

/** Records the features every window.open is given, to check the popup's size. */
async function recordPopupFeatures(page: Page) {
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    (window as unknown as { popupFeatures: string[] }).popupFeatures = [];
    window.open = (url?: string | URL, target?: string, features?: string) => {
      (window as unknown as { popupFeatures: string[] }).popupFeatures.push(features ?? '');
      return open(url, target, features);
    };
  });
}

test('a first-time visitor is signed out at once, without fetching the sign-in code', async ({ page }) => {
  const errors = collectErrors(page);
  const providerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/identity/') || request.url().includes('/auth/silent-callback')) providerCalls.push(request.url());
  });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/');
  await expect(header.signIn(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Nobody ever signed in in this browser: no quiet sign-in round trip, and no OpenID client.
  expect(providerCalls).toEqual([]);
  expect(scripts.some((url) => /user-manager/.test(url))).toBe(false);
  expect(errors).toEqual([]);
});

test('a browser where someone signed in before is quietly found signed out, with no error', async ({ page, context, baseURL }) => {
  const errors = collectErrors(page);
  // The hint a sign-in leaves behind, with no session at the provider any more (it ended elsewhere).
  await context.addCookies([{ name: 'shop_signed_in', value: '1', url: baseURL! }]);
  const silentAnswers: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/silent-callback')) silentAnswers.push(request.url());
  });
  await page.goto('/');
  await expect(header.signIn(page)).toBeVisible();
  // The quiet sign-in attempt was made and answered "login_required": an anonymous session.
  expect(silentAnswers.some((url) => url.includes('error=login_required'))).toBe(true);
  await expect(page.getByText('Login failed')).toHaveCount(0);
  expect(await storedUser(page)).toBeNull();
  // The hint is gone, so the next page does not ask again.
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'shop_signed_in')).toBe(false);
  expect(errors).toEqual([]);
});

test('signing in by redirect from the account page shows the profile from the API', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  // The account is the signed-in shopper's: a visitor is taken straight to sign in, and back.
  await signInByRedirect(page, DEMO.shopper.email);
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details).toContainText(DEMO.shopper.name);
  await expect(details).toContainText(DEMO.shopper.email);
  await expect(details).toContainText('Retail');
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  // A shopper has no staff tools.
  await expect(page.getByRole('link', { name: 'Staff mailbox' })).toHaveCount(0);
  // The callback's code and state are gone from the address and the history.
  expect(page.url()).not.toContain('code=');
  await expectNoViolations(page);
  await screenshot(page, testInfo.project.name, 'account-signed-in');

  // No token is kept in the browser's storage: the web server's session holds it, in a cookie no script can read.
  const stored = await page.evaluate(() => [...Object.keys(sessionStorage), ...Object.keys(localStorage)]);
  expect(stored.filter((key) => key.startsWith('oidc.user'))).toEqual([]);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'shop_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('shop_session');

  // Reloading keeps the session without asking the provider again: the server draws the page for the shopper.
  const providerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/identity/auth') || request.url().includes('/identity/token')) providerCalls.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(DEMO.shopper.name);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  expect(providerCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('signing in from the header leaves for the provider and comes back to the page, on a phone too', { tag: '@phone' }, async ({ page }) => {
  const popups: Page[] = [];
  page.on('popup', (popup) => popups.push(popup));
  await page.goto('/help');
  await pageReady(page);
  await header.signIn(page).click();
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(page).toHaveURL('/help');
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  expect(popups).toEqual([]);
});

test('signing in from the header opens a popup where leaving would lose what was typed', { tag: '@phone' }, async ({ page, isMobile }, testInfo) => {
  await recordPopupFeatures(page);
  await withTypedWork(page);
  const popupPromise = page.waitForEvent('popup');
  await header.signIn(page).click();
  const popup = await popupPromise;
  await fillProviderSignIn(popup, DEMO.trade.email);
  // The storefront closes the popup once it has the answer.
  await expect.poll(() => popup.isClosed()).toBe(true);

  const menuButton = header.accountMenu(page, DEMO.trade.name);
  await expect(menuButton).toBeVisible();
  await expect(page).toHaveURL('/track-order');
  await expect(page.getByRole('main').getByLabel('Order number')).toHaveValue('BP10000001');
  // Spec §9: 640 high; 800 wide on a desktop screen, 360 on a phone's.
  const features = await page.evaluate(() => (window as unknown as { popupFeatures: string[] }).popupFeatures);
  expect(features[0]).toContain('height=640');
  expect(features[0]).toContain(isMobile ? 'width=360' : 'width=800');

  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Signed in as')).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo.project.name, 'account-menu-open', false);
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText('Trade');
});

test('the sign-in popup opens at once even while the sign-in code is still on its way', async ({ page }) => {
  // The OpenID client is held back until the popup is open: a popup that waited for it never opens.
  let popupOpened = () => {};
  const heldUntilPopup = new Promise<void>((resolve) => (popupOpened = resolve));
  await page.route(/user-manager[^/]*\.js$/, async (route) => {
    await heldUntilPopup;
    await route.continue();
  });
  await withTypedWork(page);
  const popupPromise = page.waitForEvent('popup');
  await header.signIn(page).click();
  const popup = await popupPromise;
  popupOpened();
  await fillProviderSignIn(popup, DEMO.shopper.email);
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
});

test('a closed sign-in popup says "Login failed", and the shopper can retry', async ({ page }, testInfo) => {
  await withTypedWork(page);
  const firstPopup = page.waitForEvent('popup');
  await header.signIn(page).click();
  await (await firstPopup).close();

  const notice = authNotice(page);
  await expect(notice).toContainText('Login failed');
  await expect(notice).toContainText('The sign-in window was closed before you finished. Try again.');
  // The library's own message stays available for support.
  await notice.getByText('Details for our support team').click();
  await expect(notice.getByText('Popup closed by user')).toBeVisible();
  await expectNoViolations(page);
  // The notice is fixed to the window: the window is the picture.
  await screenshot(page, testInfo.project.name, 'login-failed', false);

  const retryPopup = page.waitForEvent('popup');
  await notice.getByRole('button', { name: 'Retry' }).click();
  const popup = await retryPopup;
  await fillProviderSignIn(popup, DEMO.shopper.email);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  await expect(page.getByText('Login failed')).toHaveCount(0);
});

test('the "Login failed" notice can be dismissed', async ({ page }) => {
  await withTypedWork(page);
  const popup = page.waitForEvent('popup');
  await header.signIn(page).click();
  await (await popup).close();
  await expect(authNotice(page)).toContainText('Login failed');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Login failed')).toHaveCount(0);
  await expect(header.signIn(page)).not.toHaveAttribute('aria-busy');
});

test('signing out ends the session at the provider and comes back to the home page', async ({ page }) => {
  const refreshTokens = refreshTokensIssued(page);
  await signInByRedirect(page, DEMO.shopper.email);
  const refresh_token = refreshTokens.at(-1);
  await header.accountMenu(page, DEMO.shopper.name).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await confirmProviderSignOut(page);
  await expect(page).toHaveURL('/');
  await expect(header.signIn(page)).toBeVisible();
  await expect(page.getByText('Sign-out failed')).toHaveCount(0);
  expect(await storedUser(page)).toBeNull();

  // The refresh token was revoked: the provider refuses it.
  const response = await page.request.post('/identity/token', {
    form: { grant_type: 'refresh_token', refresh_token: refresh_token!, client_id: 'storefront' },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).error).toBe('invalid_grant');

  // Signed out at the provider too: the account page asks for a sign-in again.
  await page.goto('/account');
  await atProviderSignIn(page);
});

test('signing out in another tab is noticed within seconds', async ({ page, context }) => {
  await signInByRedirect(page, DEMO.shopper.email);

  // A second tab finds the provider's session with its quiet sign-in attempt.
  const other = await context.newPage();
  await other.goto('/');
  await expect(header.accountMenu(other, DEMO.shopper.name)).toBeVisible();
  await header.accountMenu(other, DEMO.shopper.name).click();
  await other.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await confirmProviderSignOut(other);
  await expect(header.signIn(other)).toBeVisible();

  // The first tab's session-check frame notices (checked every 2 s) without a reload.
  await page.bringToFront();
  await expect(header.signIn(page)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Login failed')).toHaveCount(0);
  expect(await storedUser(page)).toBeNull();
});

test('the session is renewed silently before the access token expires', async ({ page }) => {
  test.setTimeout(90_000);
  const shop = `http://127.0.0.1:${SHORT_TOKEN_PORT}`;
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await page.goto(`${shop}/account`);
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(page.getByRole('region', { name: 'Your details' })).toContainText(DEMO.shopper.name);
  const first = (await storedUser(page))!;
  const navigationsAfterSignIn = navigations.length;

  // 70-second tokens: the expiring notice comes 60 s before expiry, so a renewal about 10 s in.
  await expect.poll(async () => (await storedUser(page))?.access_token, { timeout: 40_000, intervals: [1000] }).not.toBe(first.access_token);
  const renewed = (await storedUser(page))!;
  expect(renewed.profile.sub).toBe(first.profile.sub);
  expect(navigations.length).toBe(navigationsAfterSignIn);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  await expect(page.getByText('Login failed')).toHaveCount(0);

  // The renewed token works with the API.
  const profile = await page.request.get(`${shop}/api/accounts/api/UserProfile`, {
    headers: { authorization: `Bearer ${renewed.access_token}` },
  });
  expect(profile.status()).toBe(200);
});

test('a renewal that fails says "Login failed", and Retry renews through the hidden frame', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const shop = `http://127.0.0.1:${SHORT_TOKEN_PORT}`;
  const refreshTokens = refreshTokensIssued(page);
  await page.goto(`${shop}/account`);
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  const first = { ...(await storedUser(page))!, refresh_token: refreshTokens.at(-1) };

  // The provider forgets the refresh token (as when it is revoked elsewhere), so the renewal fails.
  const revoked = await page.request.post(`${shop}/identity/token/revocation`, {
    form: { token: first.refresh_token!, token_type_hint: 'refresh_token', client_id: 'storefront' },
  });
  expect(revoked.ok()).toBe(true);
  const notice = authNotice(page);
  await expect(notice).toContainText('Login failed', { timeout: 40_000 });
  await expect(notice).toContainText('We couldn’t keep you signed in. Try again, or sign in again.');
  await expect(notice.getByText('invalid_grant', { exact: false })).toBeAttached();
  await screenshot(page, testInfo.project.name, 'renewal-failed', false);

  // The provider's session is still there: the hidden frame gets new tokens without a page change.
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Login failed')).toHaveCount(0);
  await expect.poll(async () => (await storedUser(page))?.access_token).not.toBe(first.access_token);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
  await expect(page).toHaveURL(`${shop}/account`);
});

test.describe('the staff mailbox', () => {
  test('shows staff the e-mails the shop sent, and one e-mail in full', async ({ page }, testInfo) => {
    // Something to read: a password-reset e-mail for the shopper.
    await page.goto('/identity/password/forgot');
    await page.getByLabel('E-mail address').fill(DEMO.shopper.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    await signInByRedirect(page, DEMO.staff.email);
    await expect(page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Staff mailbox' })).toBeVisible();
    await header.accountMenu(page, DEMO.staff.name).click();
    await page.getByRole('banner').getByRole('link', { name: 'Staff mailbox' }).click();
    await expect(page).toHaveURL('/staff/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff mailbox');

    await page.getByRole('searchbox', { name: 'Recipient’s e-mail address' }).fill(DEMO.shopper.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(`/staff/mailbox?to=${encodeURIComponent(DEMO.shopper.email)}`);
    const table = page.getByRole('table');
    // Only e-mails to that address (each browser project asked for one).
    const rows = table.getByRole('row');
    await expect(rows.nth(1)).toContainText(DEMO.shopper.email);
    for (const row of (await rows.all()).slice(1)) await expect(row).toContainText(DEMO.shopper.email);
    await expectNoViolations(page);
    await screenshot(page, testInfo.project.name, 'staff-mailbox');

    await table.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/staff\/mailbox\/[0-9a-f-]{36}$/);
    const frame = page.locator('iframe[title^="E-mail:"]');
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await expect(page.frameLocator('iframe[title^="E-mail:"]').locator('a[href*="/identity/password/reset"]').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Plain-text version' })).toContainText('/identity/password/reset');
    // This test shop has no e-mail server: the mailbox is its delivery, and says why it shows the link.
    await expect(page.getByText('One-time links shown.')).toBeVisible();
    // The e-mail's own markup is the notifications module's; the page around it is checked here.
    await expectNoViolations(page, ['iframe']);
    await screenshot(page, testInfo.project.name, 'staff-mailbox-email');

    await page.getByRole('link', { name: 'Back to the mailbox' }).click();
    await expect(page).toHaveURL(`/staff/mailbox?to=${encodeURIComponent(DEMO.shopper.email)}`);
  });

  test.describe('in a shop that sends its e-mail', () => {
    test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });

    test('hides the password-reset link from staff, in the e-mail and its plain text', async ({ page }, testInfo) => {
      await page.goto('/identity/password/forgot');
      await page.getByLabel('E-mail address').fill(DEMO.shopper.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();

      await signInByRedirect(page, DEMO.staff.email);
      await page.goto(`/staff/mailbox?to=${encodeURIComponent(DEMO.shopper.email)}`);
      // The reset e-mail is the newest to the shopper (each browser project asked for one).
      await page.getByRole('table').getByRole('link', { name: 'Reset your Plumbline password' }).first().click();
      await expect(page).toHaveURL(/\/staff\/mailbox\/[0-9a-f-]{36}$/);
      await expect(page.getByText('One-time links hidden.')).toBeVisible();
      const plain = page.getByRole('region', { name: 'Plain-text version' });
      await expect(plain).toContainText('[one-time link hidden]');
      await expect(plain).not.toContainText('/identity/password/reset');
      const email = page.frameLocator('iframe[title^="E-mail:"]');
      await expect(email.getByText('[one-time link hidden]').first()).toBeVisible();
      await expect(email.locator('a[href*="/identity/password/reset"]')).toHaveCount(0);
      await expectNoViolations(page, ['iframe']);
      await screenshot(page, testInfo.project.name, 'staff-mailbox-email-links-hidden');
    });
  });

  test('is refused to a shopper', async ({ page }, testInfo) => {
    await signInByRedirect(page, DEMO.shopper.email);
    // A shopper is answered as the API answers them: the shop's 404, with nothing of the staff pages in it.
    const answer = await page.goto('/staff/mailbox');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Sorry, we can’t find that page' })).toBeVisible();
    // No e-mail of the outbox (each is to a demo.test address) and no loaded staff data is in the answer.
    const html = await answer!.text();
    expect(html).not.toContain('demo.test');
    expect(html).not.toContain('viewer');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoViolations(page);
    await screenshot(page, testInfo.project.name, 'staff-mailbox-refused');

    // The API refuses the shopper's token too.
    const { access_token } = (await storedUser(page))!;
    const response = await page.request.get('/api/notifications/Mailbox', { headers: { authorization: `Bearer ${access_token}` } });
    expect(response.status()).toBe(403);
  });
});

test('the session is only started by the shop’s own pages, with a token the API accepts', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const post = (headers: Record<string, string>, data: unknown) =>
    page.request.post('/auth/session', { headers: { 'content-type': 'application/json', ...headers }, data });

  // Another site's page cannot sign a shopper in with someone else's token (login forgery), nor read the session.
  const crossSite = await post({ origin: 'https://elsewhere.example' }, { accessToken: 'x.y.z' });
  expect(crossSite.status()).toBe(403);
  expect(crossSite.headers()['content-type']).toContain('application/problem+json');
  expect(await crossSite.json()).toMatchObject({ code: 'SESSION_CROSS_SITE' });
  expect((await page.request.get('/auth/session', { headers: { 'sec-fetch-site': 'cross-site' } })).status()).toBe(403);

  // A token the API does not accept starts nothing.
  const forged = await post({ origin }, { accessToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJzb21lb25lIn0.' });
  expect(forged.status()).toBe(401);
  expect(await forged.json()).toMatchObject({ code: 'SESSION_NOT_SIGNED_IN', detail: 'You are not signed in. Sign in and try again.' });
  expect(forged.headers()['set-cookie']).toContain('shop_session=; Max-Age=0');
  const garbled = await post({ origin }, 'not json');
  expect(garbled.status()).toBe(400);

  // A page of a visitor who is not signed in gets nothing back.
  expect((await page.request.get('/auth/session', { headers: { origin } })).status()).toBe(401);
});
