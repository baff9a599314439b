import { expectNoViolations } from './axe.ts';
import { expect, test, type Page } from './test.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Trade customers search by the code the product page and the basket show: the demo's cloakroom
// basin is PL000109, in 400 mm (PL000109-1, its default) and 500 mm (PL000109-2). The header's
// search looks the same at every width, so one width is enough.

const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';
const searchBox = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });
const textBox = (page: Page) => searchBox(page).getByRole('searchbox', { name: 'Search products and categories' });
const combobox = (page: Page) => searchBox(page).getByRole('combobox', { name: 'Search products and categories' });
const productSuggestions = (page: Page) =>
  page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('group', { name: 'Products' }).getByRole('option');

async function expectBasinWithSize(page: Page, sku: string, size: string) {
  await expect(page).toHaveURL(`${BASIN}?sku=${sku}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tamar Trade Eden Cloakroom Basin' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: size })).toBeChecked();
  await expect(page.getByRole('row', { name: `Product code ${sku}` })).toBeVisible();
}

test('a variant code typed in any case, without its dash, opens the product with that variant chosen', async ({ page }, testInfo) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  // The box becomes a combobox once the page's scripts have run.
  await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false', { timeout: 15_000 });
  await combobox(page).fill('pl0001092');
  await combobox(page).press('Enter');
  await expectBasinWithSize(page, 'PL000109-2', '500 mm');
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-code-search-variant.png`, animations: 'disabled' });
});

test('a partial code suggests the products it starts, each shown with its code', async ({ page }, testInfo) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false', { timeout: 15_000 });
  await combobox(page).fill('PL00010');
  const products = productSuggestions(page);
  await expect(products).toHaveCount(6);
  await expect(products.first()).toContainText('(PL000100)');
  await expect(products.last()).toContainText('(PL000105)');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-code-search-suggestions.png`, animations: 'disabled' });

  await combobox(page).fill('PL000109-');
  const basin = products.filter({ hasText: 'Tamar Trade Eden Cloakroom Basin (PL000109)' });
  await expect(basin).toBeVisible();
  await expectNoViolations(page);
  await basin.click();
  await expect(page).toHaveURL(BASIN);

  // A whole variant code suggests that variant, and its suggestion opens it.
  await combobox(page).fill('PL000109-2');
  await products.filter({ hasText: '(PL000109-2)' }).click();
  await expect(page).toHaveURL(`${BASIN}?sku=PL000109-2`);
});

test.describe('before scripts load', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form goes straight to the product a variant code names', async ({ page }) => {
    await page.goto('/');
    await textBox(page).fill('PL000109-1');
    await textBox(page).press('Enter');
    await expectBasinWithSize(page, 'PL000109-1', '400 mm');
  });
});
