import { expect, test, type Page, type TestInfo } from './test.ts';
import { expectNoViolations } from './axe.ts';
import { atProviderSignIn, pageReady } from './auth.ts';
import { addBasin } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/** The shop's frame around its pages: the category menu, listings, checkout's own frame, the sign-in pages and file fields. */

/** The logo's link, named by its text and a visually hidden ", home page". */
const HOME = /^Plumbline\W+home page$/;

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-frame-${name}.png`, fullPage: true, animations: 'disabled' });

test('the desktop category menu lists each department’s types, by keyboard too', async ({ page, request }, testInfo) => {
  // The tree is not sent with every page (issue 36): before the scripts run "All categories" is a link to the page of them all.
  const home = await (await request.get('/')).text();
  expect(home).toContain('href="/categories"');
  expect(home).not.toContain('href="/c/toilets/wall-hung-toilets"');
  expect(await (await request.get('/categories')).text()).toContain('href="/c/toilets/wall-hung-toilets"');

  await page.goto('/', { waitUntil: 'networkidle' });
  const categories = page.getByRole('navigation', { name: 'Categories' });
  const summary = categories.getByRole('button', { name: 'All categories' });
  const panel = page.locator(`[id="${await summary.getAttribute('aria-controls')}"]`);
  const subCategory = categories.getByRole('link', { name: 'Wall Hung Toilets' });
  await expect(subCategory).toBeHidden();
  const before = await page.locator('main').boundingBox();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  await expect(subCategory).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Toilets', exact: true })).toBeVisible();
  await expect(categories.getByRole('link', { name: 'Electric Showers' })).toBeVisible();
  // The panel lies over the page: nothing below it moves.
  expect(await page.locator('main').boundingBox()).toEqual(before);
  // Tab goes from the department to its first type.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link', { name: 'Bathroom Suites', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(categories.getByRole('link', { name: 'Full Bathroom Suites' })).toBeFocused();
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-frame-mega-menu.png`, animations: 'disabled' });

  await subCategory.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/c/toilets/wall-hung-toilets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wall Hung Toilets');
  await expect(subCategory).toBeHidden();
});

test('the phone menu opens a department to its types with the keyboard', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const toilets = menu.getByText('Toilets', { exact: true });
  await toilets.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('link', { name: 'All Toilets', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Wall Hung Toilets' })).toBeVisible();
  await menu.getByRole('link', { name: 'Wall Hung Toilets' }).click();
  await expect(page).toHaveURL('/c/toilets/wall-hung-toilets');
});

/** How many product cards share the first row of the listing. */
async function cardsInFirstRow(page: Page): Promise<number> {
  const cards = page.locator('main h2:text-is("Products") + ul').getByRole('article');
  await expect(cards.nth(4)).toBeVisible();
  const tops = await cards.evaluateAll((articles) => articles.slice(0, 8).map((article) => Math.round(article.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

test('listings show four cards a row on a wide screen and two on a phone', { tag: '@phone' }, async ({ page, isMobile }, testInfo) => {
  for (const path of ['/c/toilets', '/search?q=shower', '/offers/bathroom-sale']) {
    await page.goto(path);
    expect(await cardsInFirstRow(page), path).toBe(isMobile ? 2 : 4);
  }
  // Each card still shows its picture, name and price.
  await page.goto('/c/toilets');
  const card = page.getByRole('article').first();
  await expect(card.getByRole('img').first()).toBeVisible();
  await expect(card.getByRole('heading')).toBeVisible();
  await expect(card.getByText(/£\d/).first()).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.width).toBeGreaterThan(isMobile ? 160 : 200);
  await expectNoViolations(page);
  await shot(page, testInfo, 'listing');
});

test('checkout shows the task alone: a slim header and footer without the shop’s menus', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await addBasin(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Secure checkout')).toBeVisible();
  await expect(banner.getByRole('link', { name: HOME })).toHaveAttribute('href', '/');
  await expect(banner.getByRole('link', { name: /Help|^0\d/ }).first()).toBeVisible();
  // Signing in part-way stays possible: saved addresses and cards.
  await expect(banner.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  // No search, category menu, basket or newsletter to wander off to.
  await expect(page.getByRole('navigation', { name: 'Categories' })).toHaveCount(0);
  await expect(page.getByRole('search')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByText('Bathroom ideas, new ranges and offers')).toHaveCount(0);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of sale' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy notice' })).toBeVisible();
  await expectNoViolations(page);
  await shot(page, testInfo, 'checkout');

  // The basket keeps the shop's full frame.
  await page.goto('/basket');
  await expect(page.getByRole('search')).toBeVisible();
});

test('the sign-in and register pages wear the shop’s font, logo and buttons', { tag: '@phone' }, async ({ page }, testInfo) => {
  await page.goto('/account');
  await atProviderSignIn(page);
  for (const name of ['sign-in', 'register']) {
    if (name === 'register') await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name === 'register' ? 'Create an account' : 'Sign in');
    const logo = page.getByRole('banner').getByRole('link', { name: HOME });
    await expect(logo.locator('svg')).toBeVisible();
    // The storefront's Inter, loaded from the shop itself, and its navy primary button. The heading
    // is in the page before its stylesheet has loaded, so the font is waited for, not read at once.
    await expect(page.locator('body')).toHaveCSS('font-family', /^"Inter Variable"/);
    expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"')))).toBe(true);
    const button = page.getByRole('button', { name: name === 'register' ? 'Create account' : 'Sign in', exact: true });
    await expect(button).toHaveCSS('background-color', 'rgb(15, 35, 57)');
    await expect(button).toHaveCSS('border-radius', '8px');
    await expectNoViolations(page);
    await shot(page, testInfo, name);
  }
});

const PHOTOS = 'Photos of the old item';
// Over the 5 MB limit, yet small enough for the test's browser to take quickly on a busy machine
// (a 30 MB file took 40 s just to hand over); the check is the same for any size over the limit.
const tooLarge = { name: 'old-boiler.png', mimeType: 'image/png', buffer: Buffer.alloc(8 * 1024 * 1024, 1) };

test('a photo over the limit is refused by its field as soon as it is chosen, and never sent', async ({ page }, testInfo) => {
  await page.goto('/help/contact/electrical-recycling');
  await pageReady(page);
  const sent: number[] = [];
  page.on('request', (request) => sent.push(request.postDataBuffer()?.length ?? 0));
  await page.getByLabel(PHOTOS).setInputFiles([tooLarge]);
  await expect(page.getByText('The selected file must be smaller than 5MB')).toBeVisible();
  await expect(page.getByLabel(PHOTOS)).toHaveAttribute('aria-invalid', 'true');
  expect(await page.getByLabel(PHOTOS).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
  await expectNoViolations(page);
  await shot(page, testInfo, 'upload-refused');

  await page.getByRole('button', { name: 'Send recycling request' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(Math.max(0, ...sent)).toBeLessThan(1024 * 1024);

  // The wrong kind of file, too.
  await page.getByLabel(PHOTOS).setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
  await expect(page.getByText('The selected file must be a JPG or PNG')).toBeVisible();
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('a photo over the limit is refused by the server, by its field', async ({ page }) => {
    await page.goto('/help/contact/electrical-recycling');
    await page.getByLabel(PHOTOS).setInputFiles([{ ...tooLarge, buffer: Buffer.alloc(6 * 1024 * 1024, 1) }]);
    await page.getByRole('button', { name: 'Send recycling request' }).click();
    await expect(page.getByText(/must be smaller than 5MB/).first()).toBeVisible();
  });
});
