import { expectNoViolations } from './axe.ts';
import { expect, test, type Page } from './test.ts';

// The header's search box as a WAI-ARIA combobox: suggestions from the catalogue while typing.

const searchBox = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });
const combobox = (page: Page) => searchBox(page).getByRole('combobox', { name: 'Search products and categories' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

test.beforeEach(async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  // The box becomes a combobox once the page's scripts have run.
  await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false', { timeout: 15_000 });
});

test('suggests products for a misspelling and opens one chosen with the keyboard', async ({ page }) => {
  const box = combobox(page);
  await box.fill('basn');
  const listbox = suggestions(page);
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(box).toHaveAttribute('aria-controls', 'site-search-suggestions');
  await expect(box).toHaveAttribute('aria-autocomplete', 'list');
  const products = listbox.getByRole('group', { name: 'Products' }).getByRole('option');
  await expect(products.first()).toContainText(/basin/i);
  await expect(products.first()).toContainText('£');
  await expect(listbox.getByRole('option').last()).toHaveText('See all results for “basn”');
  await expect(searchBox(page).getByRole('status')).toHaveText(/^\d+ suggestions?$/);

  // Down from the text box goes to the first option, up from the first wraps to the last.
  await box.press('ArrowDown');
  const first = products.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await box.press('ArrowUp');
  await expect(listbox.getByRole('option').last()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toBeFocused();

  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/p\//);
  await box.press('Enter');
  await expect(page).toHaveURL(href ?? '');
  await expect(listbox).toBeHidden();
});

test('Escape closes the suggestions, a second Escape clears the box', async ({ page }) => {
  const box = combobox(page);
  await box.fill('basin');
  await expect(suggestions(page)).toBeVisible();
  await box.press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('basin');
  await box.press('Escape');
  await expect(box).toHaveValue('');
});

test('Enter without a chosen suggestion searches for what was typed', async ({ page }) => {
  const box = combobox(page);
  await box.fill('basin');
  await expect(suggestions(page)).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=basin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “basin”');
  await expect(suggestions(page)).toBeHidden();
});

test('a category suggestion leads to its page, and leaving the box closes the list', async ({ page }) => {
  const box = combobox(page);
  await box.fill('pedestal');
  const category = suggestions(page)
    .getByRole('group', { name: 'Categories' })
    .getByRole('option', { name: /^Pedestal Basins/ });
  await expect(category).toHaveAttribute('href', '/c/basins/pedestal-basins');

  await box.press('Tab');
  await expect(suggestions(page)).toBeHidden();
  await box.focus();
  await box.press('ArrowDown');
  await expect(suggestions(page)).toBeVisible();

  await category.click();
  await expect(page).toHaveURL('/c/basins/pedestal-basins');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pedestal Basins');
});

test('says when nothing matches, and still offers the full search', async ({ page }) => {
  const box = combobox(page);
  await box.fill('qqqqzz');
  await expect(searchBox(page).getByRole('status')).toHaveText('No suggestions');
  await expect(suggestions(page).getByRole('option')).toHaveText(['See all results for “qqqqzz”']);
  await expect(page.getByText('No suggestions for “qqqqzz”.')).toBeVisible();
});

test('the open suggestions overlay the page and have no accessibility violations', { tag: '@phone' }, async ({ page, isMobile }) => {
  const main = page.locator('main');
  const before = await main.boundingBox();
  await combobox(page).fill('basin');
  const listbox = suggestions(page);
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await combobox(page).press('ArrowDown');
  // No layout shift: the list opens over the page.
  expect((await main.boundingBox())?.y).toBe(before?.y);

  const popup = await listbox.locator('..').boundingBox();
  const viewport = page.viewportSize();
  if (isMobile) {
    // On a phone the list spans the screen's width.
    expect(popup?.x).toBe(0);
    expect(popup?.width).toBe(viewport?.width);
  }
  const pictures = listbox.getByRole('group', { name: 'Products' }).locator('img');
  // A fixed 48 px box, its size known before the picture arrives.
  await expect(pictures.first()).toHaveAttribute('width', '48');
  expect((await pictures.first().boundingBox())?.width).toBe(48);

  await expectNoViolations(page);
});
