import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { exportedRows } from './range-export.ts';
import { overflowOf } from './reflow.ts';

// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/desktop-staff-bought-together-${name}.png`, fullPage: true, animations: 'disabled' });

test('staff pin a product to another\'s "Frequently bought together" and see it on the product page; blocked, it goes', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/products');
  // Products two fifths and three fifths of the way through the range: away from those other journeys change.
  const exported = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const rows = exportedRows(await exported.text());
  const product = rows[Math.floor((rows.length * 2) / 5)]!;
  const others = rows.filter((row, index) => index >= Math.floor((rows.length * 3) / 5) && row.product_slug !== product.product_slug);
  const paired = others[0]!;
  const second = others.find((row) => row.product_slug !== paired.product_slug)!;

  await page.goto(`/staff/products?text=${encodeURIComponent(product.sku!)}`);
  await expect(page).toHaveURL(new RegExp(`[?&]text=${product.sku}(&|$)`));
  await page.getByRole('table', { name: 'Products, by name' }).getByRole('link', { name: product.product_name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.product_name!);
  const editor = page.url();
  await page.getByRole('link', { name: 'Frequently bought together' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently bought together');

  // A code no product has is refused beside the field, then the paired product's code pins it.
  const code = page.getByLabel('Variant code');
  await code.fill('NO-SUCH-CODE-9');
  await page.getByRole('button', { name: 'Pin product' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('No product has the code or name “NO-SUCH-CODE-9”');
  await code.fill(paired.sku!);
  await page.getByRole('button', { name: 'Pin product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pinned.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: paired.product_name });
  await expect(row).toContainText('Pinned by staff');
  await expect(row.getByRole('cell').first()).toHaveText('1');
  await code.fill(second.sku!);
  await page.getByRole('button', { name: 'Pin product' }).click();
  await expect(page.getByRole('row').filter({ hasText: second.product_name }).getByRole('cell').first()).toHaveText('2');
  await expectNoViolations(page);
  await screenshot(page, 'pinned');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowOf(page)).toEqual({ overflow: 0, outside: '' });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-staff-bought-together-pinned.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1366, height: 900 });

  // The shopper's page asks for the row as they scroll down to its carousels: the pinned products come first.
  await page.goto(`/p/${product.product_slug}`);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const together = page.getByRole('region', { name: 'Frequently bought together' });
  await expect(together.getByRole('group').nth(0)).toContainText(paired.product_name!);
  await expect(together.getByRole('group').nth(1)).toContainText(second.product_name!);

  // Blocked, it leaves the row at once; left to orders, the product is as orders have it.
  await page.goBack();
  await page.getByRole('button', { name: `Block ${paired.product_name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Blocked.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: paired.product_name })).toContainText('Not shown');
  await page.goto(`/p/${product.product_slug}`);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(together.getByRole('group').nth(0)).toContainText(second.product_name!);
  await expect(together.getByText(paired.product_name!)).toHaveCount(0);
  await page.goBack();
  for (const each of [paired, second]) {
    await page.getByRole('button', { name: `Leave to orders ${each.product_name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Left to orders.' })).toBeVisible();
  }
  // The product's change list says who pinned and blocked it.
  await page.goto(editor);
  await expect(page.getByText(`${paired.product_name} pinned in “Frequently bought together”`)).toBeVisible();
  expect(errors).toEqual([]);
});
