import { expect, test } from './test.ts';

// The base components in a real browser, on the component examples page.
test.beforeEach(async ({ page }) => {
  await page.goto('/styleguide', { waitUntil: 'networkidle' });
});

test('the dialog traps focus, closes on Esc and gives focus back', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Open a dialog' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delivery terms' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'I understand' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a toast is announced in the live region', async ({ page }) => {
  await page.getByRole('button', { name: 'Show a toast' }).click();
  await expect(page.locator('[aria-live="polite"][role="status"]').last()).toContainText('This is a toast message.');
});

test('the carousel moves with its previous and next buttons', { tag: '@phone' }, async ({ page }) => {
  const carousel = page.getByRole('region', { name: 'Example slides' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(carousel.getByRole('group', { name: '1 of 5' })).toBeVisible();
  const previous = carousel.getByRole('button', { name: 'Previous slides' });
  await expect(previous).toBeDisabled();
  await carousel.getByRole('button', { name: 'Next slides' }).click();
  await expect(previous).toBeEnabled();
});

test('pagination marks the current page and links to the others', async ({ page }) => {
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL('/styleguide?page=2');
  await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('form fields describe their errors', async ({ page }) => {
  const email = page.locator('main').getByRole('textbox', { name: 'Email address' });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Enter an email address in the correct format/);
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription('For example, SW1A 1AA');
  await expect(page.getByRole('img', { name: '4.5 out of 5 stars, 128 reviews' })).toBeVisible();
});
