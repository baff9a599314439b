import { expect as baseExpect, test, type Page } from './test.ts';
import { DEMO, expectNoViolations, pageReady, signIn } from './auth.ts';
import { addBasin, CHECKOUT_TIMEOUT, openCheckout, section, stepsBeforePayment, uniqueEmail } from './checkout-steps.ts';
import { acceptOptionalCookies, SCREENSHOT_DIR, STRIPE_SHOP_PORT } from './pages.ts';

/**
 * What the shop promises on screen, it keeps: every link to tracking reaches the tracker, the
 * contact page says how to reach a person, the legal pages exist and are linked where a shopper
 * agrees to them, and no badge or price claims a way to pay that checkout does not offer.
 */

const expect = baseExpect.configure({ timeout: 15_000 });

// The demonstration shop details (SHOP_* settings' defaults: apps/api/src/config.ts).
const DEMO_SHOP = {
  phone: '0113 496 0000',
  tel: 'tel:+441134960000',
  email: 'help@plumbline.example',
  hours: 'Monday to Friday 8am to 6pm, Saturday 9am to 1pm',
  company: 'Plumbline is a trading name of Plumbline Retail Ltd, registered in England and Wales, company number 00000000.',
};

const footer = (page: Page) => page.getByRole('contentinfo');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test('"Track my order" in the footer and in the help centre opens the tracker', async ({ page }) => {
  await page.goto('/');
  await footer(page).getByRole('navigation', { name: 'Help & advice' }).getByRole('link', { name: 'Track my order' }).click();
  await expect(page).toHaveURL('/track-order');
  await expect(page.getByRole('button', { name: 'Track order' })).toBeVisible();
  await expect(page.getByLabel(/E-mail address/)).toBeVisible();

  await page.goto('/help');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Track my order/ })
    .click();
  await expect(page).toHaveURL('/track-order');

  // The old help page's address, from bookmarks and search engines, leads there too.
  const old = await page.request.get('/help/track-order', { maxRedirects: 0 });
  expect([old.status(), old.headers().location]).toEqual([301, '/track-order']);
});

test('the contact page and the footer say how to reach a person', async ({ page }, testInfo) => {
  await page.goto('/');
  const contactBand = footer(page).getByRole('region', { name: 'Questions about an order or a product?' });
  await expect(contactBand.getByRole('link', { name: DEMO_SHOP.phone })).toHaveAttribute('href', DEMO_SHOP.tel);
  await expect(contactBand.getByRole('link', { name: DEMO_SHOP.email })).toHaveAttribute('href', `mailto:${DEMO_SHOP.email}`);
  await expect(contactBand).toContainText(DEMO_SHOP.hours);
  await expect(footer(page)).toContainText(DEMO_SHOP.company);
  await expect(footer(page).locator('address')).toContainText('Unit 4 Canal Wharf');

  await footer(page).getByRole('link', { name: 'Contact us' }).click();
  await expect(h1(page)).toHaveText('Contact us');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: DEMO_SHOP.phone })).toHaveAttribute('href', DEMO_SHOP.tel);
  await expect(main.getByText(`Lines are open ${DEMO_SHOP.hours}.`)).toBeVisible();
  await expect(main.getByRole('link', { name: DEMO_SHOP.email })).toHaveAttribute('href', `mailto:${DEMO_SHOP.email}`);
  await expect(main.locator('address')).toHaveText(/Plumbline Retail Ltd\s*Unit 4 Canal Wharf\s*Leeds\s*LS11 5PS/);
  await expect(main).not.toContainText(/opens? soon/i);
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-promises-contact.png`, fullPage: true, animations: 'disabled' });
});

test('the footer shows only the ways to pay checkout takes, and the legal pages', async ({ page }) => {
  await page.goto('/');
  await expect(footer(page).getByRole('list', { name: 'Ways to pay' }).getByRole('listitem')).toHaveText(['Visa', 'Mastercard', 'American Express']);
  await expect(page.getByText(/PayPal|Klarna|\/month/)).toHaveCount(0);

  const legal = footer(page).getByRole('navigation', { name: 'Legal' });
  for (const [link, says] of [
    ['Terms of sale', ['Consumer Contracts Regulations 2013', 'Consumer Rights Act 2015', DEMO_SHOP.company]],
    ['Privacy notice', ['Information Commissioner’s Office', 'six years', DEMO_SHOP.company]],
    ['Cookie notice', ['strictly necessary', 'shop_signed_in', DEMO_SHOP.phone]],
    ['How we check reviews', ['Verified purchase', 'never hide, delay or reject a review because it is negative', DEMO_SHOP.phone]],
  ] as const) {
    await legal.getByRole('link', { name: link }).click();
    await expect(h1(page)).toHaveText(link);
    for (const words of says) await expect(page.getByRole('main')).toContainText(words);
  }
});

test('the cookie notice lists the payment provider’s cookies only where Stripe takes the payments', async ({ page }) => {
  await page.goto('/cookies');
  await expect(page.getByRole('main')).not.toContainText('__stripe');
  await page.goto(`http://127.0.0.1:${STRIPE_SHOP_PORT}/cookies`);
  const stripeCookies = page.getByRole('list', { name: 'Cookies our payment provider sets' });
  await expect(stripeCookies.locator('code')).toHaveText(['__stripe_mid', '__stripe_sid']);
});

test('no link in the header or footer leads to a page that is not open yet', async ({ page }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('header a[href^="/"], footer a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => (link as HTMLAnchorElement).getAttribute('href')!))]);
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(await response.text(), href).not.toMatch(/opens? soon|coming soon/i);
  }
});

test('checkout’s "By paying you agree to our terms of sale" opens the terms', async ({ page }, testInfo) => {
  test.setTimeout(CHECKOUT_TIMEOUT);
  await addBasin(page);
  await openCheckout(page);
  await stepsBeforePayment(page, uniqueEmail(testInfo, 'terms'));
  const terms = section(page, 'Payment').getByRole('link', { name: 'terms of sale (opens in a new tab)' });
  await expect(terms).toBeVisible();
  const opened = page.waitForEvent('popup');
  await terms.click();
  const termsPage = await opened;
  await expect(h1(termsPage)).toHaveText('Terms of sale');
  await expect(termsPage.getByRole('heading', { name: 'Your right to cancel (consumers)' })).toBeVisible();
  // The checkout stays where it was, in its own tab.
  await expect(section(page, 'Payment')).toBeVisible();
});

test('creating an account links the terms of sale and the privacy notice', async ({ page, baseURL }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/identity\/interaction\//);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(h1(page)).toHaveText('Create an account');
  const form = page.locator('main');
  await expect(form.getByRole('link', { name: 'terms of sale' })).toHaveAttribute('href', `${baseURL}/terms`);
  await expect(form.getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', `${baseURL}/privacy`);
  await expectNoViolations(page);
  await form.getByRole('link', { name: 'privacy notice' }).click();
  await expect(h1(page)).toHaveText('Privacy notice');
});

test('the save-basket dialog gives the number to call', async ({ page }) => {
  await addBasin(page);
  await page.goto('/basket');
  // The dialog is the scripts' way (before them, the page comes back with the code: before-scripts.spec.ts).
  await pageReady(page);
  await page.getByRole('button', { name: 'Save basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save your basket' });
  await expect(dialog.getByTestId('retrieval-code')).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(dialog).toContainText(`or read it to our team on ${DEMO_SHOP.phone} (${DEMO_SHOP.hours}) for advice on what is in it.`);
  await expect(dialog.getByRole('link', { name: DEMO_SHOP.phone })).toHaveAttribute('href', DEMO_SHOP.tel);
});

test('the cookie notice lists every cookie and stored item a shopping and sign-in journey leaves', async ({ page, context }) => {
  test.setTimeout(60_000);
  const storedKeys = () => page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  // A guest who accepted cookies that remember them, a guest basket and a viewed product, then signing in
  // (the provider's cookies and the tab's tokens), which takes the guest basket over.
  await acceptOptionalCookies(context);
  await addBasin(page);
  const beforeSignIn = await storedKeys();
  await signIn(page, DEMO.shopper.email);
  const stored = [...new Set([...beforeSignIn, ...(await storedKeys())])];
  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  expect(cookies).toEqual(expect.arrayContaining(['shop_signed_in', 'shop_session', '_session']));
  expect(stored).toEqual(expect.arrayContaining(['plumbline.basketId', 'plumbline.recently-viewed']));
  // The tokens are not in the browser's storage: the shop_session cookie, which no script can read, keeps them.
  expect(stored.some((key) => key.startsWith('oidc.user:'))).toBe(false);

  await page.goto('/cookies');
  const listed = await page.getByRole('main').locator('li code').allInnerTexts();
  for (const name of [...cookies, ...stored]) {
    // Names ending in "." or ":" stand for the keys that start with them.
    expect(
      listed.some((listedName) => listedName === name || (/[.:]$/.test(listedName) && name.startsWith(listedName))),
      name,
    ).toBe(true);
  }
});
