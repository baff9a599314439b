import { expectNoViolations } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, signInByRedirect } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// A cloakroom basin from the deterministic demo catalogue: sizes 400 mm (default) and 500 mm,
// a required waste among its essential items, and large-item delivery.
const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';

/**
 * Opens the basin and waits for hydration: the page records the viewed sku in an effect, so once
 * it is in local storage the variant picker and the postcode form answer to clicks.
 */
async function openBasin(page: Page) {
  await page.goto(BASIN, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.localStorage.getItem('plumbline.recently-viewed')?.includes('PL000109'));
}

test.describe.configure({ timeout: 60_000 });

test('the product page is server-rendered with its details and structured data', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openBasin(page);

  await expect(page).toHaveTitle('Tamar Trade Eden Cloakroom Basin | Plumbline');
  await expect(page.getByRole('heading', { level: 1, name: 'Tamar Trade Eden Cloakroom Basin' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Basins', exact: true })).toHaveAttribute('href', '/c/basins');
  await expect(breadcrumb.getByRole('link', { name: 'Cloakroom Basins' })).toHaveAttribute('href', '/c/basins/cloakroom-basins');
  await expect(page.getByText(/^Save £[\d,.]+ \(\d+%\)$/).first()).toBeVisible();
  await expect(page.getByText(/ex VAT$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to basket' })).toBeEnabled();
  await expect(page.getByRole('table')).toContainText('Vitreous China');

  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = structured.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Product');
  expect(product).toMatchObject({ name: 'Tamar Trade Eden Cloakroom Basin', sku: 'PL000109-1', brand: { name: 'Tamar Trade' } });
  expect(product.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/products\//);
  expect(product.offers[0]).toMatchObject({ priceCurrency: 'GBP', availability: expect.stringMatching(/^https:\/\/schema\.org\//) });
  expect(product.offers[0].price).toMatch(/^\d+\.\d{2}$/);

  await expectNoViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-product.png`, fullPage: true, animations: 'disabled' });
  expect(errors).toEqual([]);
});

test('a trade customer sees the trade price of the chosen size; a guest does not', async ({ page }, testInfo) => {
  await openBasin(page);
  await expect(page.getByText('Trade price', { exact: true })).toHaveCount(0);

  await signInByRedirect(page, DEMO.trade.email);
  await openBasin(page);
  // The product's own price comes first; the carousels below carry trade prices too.
  const trade = page.getByText('Trade price', { exact: true }).first().locator('..');
  await expect(trade).toContainText(/£[\d,]+\.\d{2}\s*ex VAT/);
  await expect(trade).toContainText(/£[\d,]+\.\d{2} inc VAT/);
  await expect(trade).toContainText('5% trade discount (band T1)');
  const before = await trade.innerText();
  await page.getByRole('group', { name: /^Size/ }).getByText('500 mm').click();
  await expect(page).toHaveURL(/\?sku=PL000109-2$/);
  await expect(trade).not.toHaveText(before);
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-product-trade.png`, fullPage: true, animations: 'disabled' });
});

test('no price offers "£x/month": checkout offers no finance', async ({ page }) => {
  // The dearest bathroom suite, where a finance claim would be: neither its card nor its page makes one.
  await page.goto('/c/bathroom-suites?sort=3');
  const card = page.getByRole('region', { name: 'Bathroom Suites' }).getByRole('article').first();
  await expect(card).toContainText('inc. VAT');
  await expect(page.getByText(/\/month|APR/)).toHaveCount(0);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/p\//);
  await expect(page.getByText(/ex VAT/).first()).toBeVisible();
  await expect(page.getByText(/\/month|APR|Representative example/)).toHaveCount(0);
});

test('an unknown product is a real 404', async ({ page }) => {
  const response = await page.goto('/p/no-such-product');
  expect(response?.status()).toBe(404);
});

test('picking another size puts its sku in the address and shows its price and stock', async ({ page }) => {
  await openBasin(page);
  const size = page.getByRole('group', { name: /^Size/ });
  await expect(size.getByRole('radio', { name: '400 mm' })).toBeChecked();
  const priceBefore = await page.getByText(/ex VAT$/).first().textContent();

  await size.getByText('500 mm').click();
  await expect(page).toHaveURL(/\?sku=PL000109-2$/);
  await expect(size.getByRole('radio', { name: '500 mm' })).toBeChecked();
  await expect(page.getByText(/ex VAT$/).first()).not.toHaveText(priceBefore ?? '');
  await expect(page.getByText(/^(In stock|Low stock|Made to order|Out of stock)/).first()).toBeVisible();

  // The address is shareable: the server renders the chosen size.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: '500 mm' })).toBeChecked();
});

test('delivery options for a Highlands postcode show the surcharge and restrictions', async ({ page }) => {
  await openBasin(page);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Delivery to mainland Great Britain');

  const postcode = delivery.getByRole('textbox', { name: 'Your postcode' });
  await postcode.fill('nonsense');
  await delivery.getByRole('button', { name: 'Check' }).click();
  await expect(postcode).toHaveAccessibleDescription(/Enter a real UK postcode/);

  await postcode.fill('IV2 3AA');
  await delivery.getByRole('button', { name: 'Check' }).click();
  await expect(delivery).toContainText('Delivery to IV2 3AA (the Scottish Highlands)');
  await expect(delivery).toContainText('include the delivery surcharge for the Scottish Highlands');
  await expect(delivery).toContainText('Our couriers take only standard deliveries to the Scottish Highlands.');
});

test('essential items are listed, required first, linking to their products', async ({ page }) => {
  await openBasin(page);
  const essentials = page.getByRole('region', { name: 'Essential items' });
  const first = essentials.getByRole('listitem').first();
  await expect(first).toContainText('Required');
  await expect(first).toContainText('Why it fits');
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/p\//);
});

test('quick view opens from a listing card, loads the product and gives focus back on close', async ({ page, isMobile }) => {
  test.skip(isMobile, 'Listing cards leave quick view out on phones: the product page is one tap away.');
  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  const opener = page.getByRole('button', { name: /^Quick view: / }).first();
  const label = (await opener.getAttribute('aria-label')) ?? '';
  const productName = label.replace('Quick view: ', '');
  const dialog = page.getByRole('dialog', { name: productName });
  // A click before hydration does nothing; try again until the dialog opens.
  await expect(async () => {
    await opener.click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute('href', /^\/p\//);
  await expect(dialog.getByText(/ex VAT$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoViolations(page);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
