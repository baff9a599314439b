import { expectNoViolations } from './axe.ts';
import { expect, test } from '@playwright/test';
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
    const moduleScript = html.slice(html.indexOf('<script type="module"'));
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

  test('the newsletter page validates on the server', async ({ page }) => {
    // Not linked from the shop until sign-up opens (it stores nothing yet).
    await page.goto('/newsletter');
    const pageForm = page.locator('main').getByRole('form', { name: 'Newsletter sign-up' });
    await pageForm.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await pageForm.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/newsletter');
    await expect(pageForm.getByText('Enter an email address in the correct format')).toBeVisible();
    await expect(pageForm.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('aria-invalid', 'true');

    await pageForm.getByRole('textbox', { name: 'Email address' }).fill('sam@example.co.uk');
    await pageForm.getByRole('button', { name: 'Sign up' }).click();
    await expect(pageForm.getByText('Newsletter sign-up opens soon')).toBeVisible();
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

  await email.fill('sam@example.co.uk');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(form.getByRole('status')).toContainText('Newsletter sign-up opens soon');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL('/newsletter');
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
  await page.goto('/', { waitUntil: 'networkidle' });
  const categories = page.getByRole('navigation', { name: 'Categories' });
  const summary = categories.getByText('All categories');
  await summary.focus();
  await page.keyboard.press('Enter');
  const panelLink = categories.getByRole('link', { name: /Extractor Fans/ });
  await expect(panelLink).toBeVisible();
  // Its pictures are drawn on opening, not sent with every page.
  await expect(panelLink.locator('svg')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(panelLink).toBeHidden();
  await expect(summary).toBeFocused();

  await summary.click();
  await panelLink.click();
  await expect(page).toHaveURL('/c/extractor-fans');
  await expect(panelLink).toBeHidden();
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
