import fs from 'node:fs/promises';
import { expect, test } from './test.ts';
import { DEMO, signIn } from './auth.ts';
import { expectNoViolations } from './axe.ts';
import { emailedLinks, newContext } from './mailbox.ts';
import { API_DOWN_PORT, SCREENSHOT_DIR } from './pages.ts';

test.describe('server rendering', () => {
  test('the home page HTML already holds the header, category navigation and footer', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<header');
    expect(html).toMatch(/<nav aria-label="Categories"/);
    expect(html).toContain('href="/c/toilets"');
    // The phone drawer's links are drawn when it is first opened, not sent with every page.
    expect(html).not.toContain('aria-label="Shop by category"');
    expect(html).toContain('<footer');
    expect(html).toContain('Delivery information');
    expect(html).toMatch(/<title>Plumbline<\/title>/);
    // The frame is written in place (not streamed out of order behind a script), so it shows without JavaScript.
    const outlined = html.indexOf('<template');
    expect(outlined === -1 || outlined > html.indexOf('</footer>')).toBe(true);
    // Scripts come after the first paint: no preloads in the page; the module script waits for a frame, then adds them.
    expect(html).not.toContain('<link rel="modulepreload"');
    // The script tag carries the response's nonce (content security policy) before or after its type.
    const moduleScript = html.slice(html.search(/<script[^>]*type="module"/));
    expect(html.search(/<script[^>]*type="module"/)).toBeGreaterThan(-1);
    expect(moduleScript.indexOf('requestAnimationFrame')).toBeGreaterThan(-1);
    expect(moduleScript.indexOf('requestAnimationFrame')).toBeLessThan(moduleScript.indexOf('"modulepreload"'));
    expect(moduleScript).not.toMatch(/^\s*import \* as/m);
  });

  test('an unknown address answers 404 inside the shop layout', async ({ page, request }) => {
    expect((await request.get('/no-such-page')).status()).toBe(404);
    expect((await request.get('/c/no-such-category')).status()).toBe(404);
    expect((await request.get('/c/toilets/no-such-type')).status()).toBe(404);

    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, we can’t find that page');
    await expect(page).toHaveTitle('Page not found | Plumbline');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('search', { name: 'Search the shop' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

test('a shopper goes from the home page to a category, a type, and back', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page
    .locator('#shop-by-category')
    .getByRole('link', { name: /^Toilets/ })
    .click();
  await expect(page).toHaveURL('/c/toilets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toilets');
  await expect(page).toHaveTitle('Toilets | Plumbline');
  await expect(page.locator('main').getByRole('status')).toHaveText(/^Showing 1–24 of \d+ products$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toBeVisible();

  await page.getByRole('link', { name: 'Close Coupled Toilets' }).click();
  await expect(page).toHaveURL('/c/toilets/close-coupled-toilets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Close Coupled Toilets');
  await expect(breadcrumb.getByRole('link', { name: 'Toilets' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Toilets');
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything for a better bathroom');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search box finds categories', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search products and categories' });
    await search.getByRole('searchbox').fill('shower');
    await search.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/search?q=shower');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “shower”');
    await expect(page.locator('main').getByRole('link', { name: /^Showers/ })).toBeVisible();
    await expect(search.getByRole('searchbox')).toHaveValue('shower');

    await search.getByRole('searchbox').fill('xyzzy');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'No results for “xyzzy”' })).toBeVisible();
  });

  test('the newsletter page signs up on the server', async ({ page }) => {
    await page.goto('/newsletter');
    const pageForm = page.locator('main').getByRole('form', { name: 'Newsletter sign-up' });
    await pageForm.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await pageForm.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/newsletter');
    await expect(pageForm.getByText('Enter an email address in the correct format, like name@example.com')).toBeVisible();
    await expect(pageForm.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');

    await pageForm.getByRole('textbox', { name: 'Email address' }).fill('sam.nojs@example.co.uk');
    await pageForm.getByRole('button', { name: 'Sign up' }).click();
    await expect(pageForm.getByRole('status')).toHaveText('Check your email: we’ve sent a link to confirm your subscription to sam.nojs@example.co.uk.');
    await expect(pageForm.getByRole('textbox', { name: 'Email address' })).not.toHaveAttribute('aria-invalid');
  });
});

test('the newsletter form answers inline', async ({ page }) => {
  await page.goto('/newsletter', { waitUntil: 'networkidle' });
  const form = page.locator('main').getByRole('form', { name: 'Newsletter sign-up' });
  const email = form.getByRole('textbox', { name: 'Email address' });

  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByText('Enter your email address')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Enter your email address/);

  await email.fill('sam@example');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByText('Enter an email address in the correct format, like name@example.com')).toBeVisible();

  await email.fill('sam.inline@example.co.uk');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByRole('status')).toHaveText('Check your email: we’ve sent a link to confirm your subscription to sam.inline@example.co.uk.');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL('/newsletter');
});

test('a shopper signs up in the footer, confirms by the e-mailed link, staff see it, and the shopper unsubscribes', async ({ page, browser }, testInfo) => {
  // Two people, a mailbox and three accessibility checks: as the other journeys that read mail and sign staff in.
  test.setTimeout(90_000);
  const address = `footer-${Date.now()}@example.co.uk`;
  await page.goto('/help', { waitUntil: 'networkidle' });
  const form = page.getByRole('contentinfo').getByRole('form', { name: 'Newsletter sign-up' });
  // The footer's code loads as it nears the window (lib/lazy-component.tsx). A field typed in before then keeps it the plain form,
  // which answers on the /newsletter page (the "without JavaScript" test): this journey is the inline answer, so it waits for the
  // code to have drawn the form, which is then React's own element.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const drawnByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  // The form is replaced as the code draws it: an element read at that moment is gone, and read again.
  await expect.poll(() => form.evaluate(drawnByReact).catch(() => false)).toBe(true);
  await form.getByRole('textbox', { name: 'Email address' }).fill(address);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByRole('status')).toHaveText(`Check your email: we’ve sent a link to confirm your subscription to ${address}.`);
  await expect(page).toHaveURL('/help');

  const [confirmLink, unsubscribeLink] = await emailedLinks(browser, testInfo, address, 'accounts.newsletter-confirm', [
    /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/,
    /https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/,
  ]);
  const heading = page.getByRole('heading', { level: 1 });
  const main = page.locator('main');
  // Opening the link only asks: a mail scanner following it subscribes nobody.
  await page.goto(confirmLink!);
  await expect(heading).toHaveText('Confirm your subscription');
  await expect(main).toContainText(address);
  await expectNoViolations(page);
  await main.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(heading).toHaveText('You’re subscribed');
  await expect(main.getByRole('status')).toContainText(`we will send the Plumbline newsletter to ${address}`);
  await page.goto(confirmLink!);
  await expect(heading).toHaveText('You’re subscribed');

  // Staff find the address, confirmed, and it is in the CSV of confirmed subscribers.
  const staff = await newContext(browser, testInfo);
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.staff.email);
  await staffPage.goto(`/staff/newsletter?email=${encodeURIComponent(address)}`);
  const row = staffPage.getByRole('region', { name: 'Subscribers' }).getByRole('row').filter({ hasText: address });
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('Footer form');
  const downloading = staffPage.waitForEvent('download');
  await staffPage.getByRole('link', { name: 'Download confirmed subscribers (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(lines[0]).toBe('Email address,Confirmed (UK time),Signed up with');
  expect(lines.some((line) => line.startsWith(`${address},`))).toBe(true);
  await expectNoViolations(staffPage);

  await page.goto(unsubscribeLink!);
  await expect(heading).toHaveText('Unsubscribe from the newsletter');
  await main.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(heading).toHaveText('You have unsubscribed');
  await expect(main.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/newsletter');
  await expectNoViolations(page);

  await staffPage.reload();
  await expect(row).toContainText('Unsubscribed');
  await staff.close();
});

test('a newsletter link that does not work says so and offers to sign up again', async ({ page }) => {
  await page.goto('/newsletter/confirm?token=no-such-link');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await expect(page.locator('main').getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/newsletter');
  await page.goto('/newsletter/unsubscribe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
});

test('the phone menu opens and closes from the keyboard', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');

  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('navigation', { name: 'Shop by category' }).getByText('Toilets', { exact: true })).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Focus moves into the dialog and Tab keeps it there.
  await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  // Opening a category in the menu and following a link closes the menu.
  await page.keyboard.press('Enter');
  await menu.getByText('Taps', { exact: true }).click();
  await menu.getByRole('link', { name: 'All Taps' }).click();
  await expect(page).toHaveURL('/c/taps');
  await expect(menu).toBeHidden();
});

test('the desktop "All categories" menu opens and closes with Esc', async ({ page }) => {
  const pictures: string[] = [];
  page.on('request', (request) => request.url().includes('/images/categories/') && pictures.push(request.url()));
  // A page with no category tiles of its own: the menu's pictures are the only ones.
  await page.goto('/help', { waitUntil: 'networkidle' });
  expect(pictures, 'a closed menu fetches none of its pictures').toEqual([]);
  const categories = page.getByRole('navigation', { name: 'Categories' });
  const summary = categories.getByRole('button', { name: 'All categories' });
  await summary.focus();
  await page.keyboard.press('Enter');
  const panelLink = categories.getByRole('link', { name: /Extractor Fans/ });
  await expect(panelLink).toBeVisible();
  // Its pictures are fetched on opening, not sent with every page.
  await expect.poll(() => panelLink.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(panelLink).toBeHidden();
  await expect(summary).toBeFocused();

  await summary.click();
  await panelLink.click();
  await expect(page).toHaveURL('/c/extractor-fans');
  await expect(panelLink).toBeHidden();
});

test.describe('before the scripts run', () => {
  test.use({ javaScriptEnabled: false });

  test('"All categories" leads to the page of every department and its types', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All categories' }).click();
    await expect(page).toHaveURL('/categories');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All categories');
    await page.getByRole('main').getByRole('link', { name: 'Extractor Fans' }).click();
    await expect(page).toHaveURL('/c/extractor-fans');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extractor Fans');
  });
});

test('when the catalogue is unreachable the shop shows a friendly error page', async ({ page, request }, testInfo) => {
  const storefrontAlone = `http://127.0.0.1:${API_DOWN_PORT}`;
  expect((await request.get(`${storefrontAlone}/`)).status()).toBe(503);

  const response = await page.goto(`${storefrontAlone}/c/toilets`);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The shop is taking a short break');
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/c/toilets');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-error-503.png`, fullPage: true });
});
