import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signInByRedirect } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage: true, animations: 'disabled' });
const asPounds = (pence: number) => (pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 });

test('staff import a CSV with two bad rows, see them named, apply the rest, and the product page shows the new price', async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const errors = collectErrors(page);
  await signInByRedirect(page, DEMO.staff.email);
  await page.goto('/staff/products');

  // The export, as the page's link saves it: one row per variant.
  const exported = await page.request.get(
    await page
      .getByRole('link', { name: 'Export CSV' })
      .getAttribute('href')
      .then((href) => href!),
  );
  expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="range-\d{4}-\d{2}-\d{2}\.csv"$/);
  const [header, ...lines] = (await exported.text()).trim().split('\r\n');
  expect(header).toBe('sku,product_slug,product_name,brand,category,variant_label,price_inc_vat_pence,price_ex_vat_pence,vat_rate,stock_on_hand');
  // Variants near the end of the range, of two products no other browser test edits.
  const rows = lines.slice(-40).map((line) => line.split(','));
  const good = rows.find((row) => !row.join(',').includes('"') && row[9] !== '')!;
  const other = rows.find((row) => !row.join(',').includes('"') && row[1] !== good[1])!;
  const newPrice = Number(good[6]) - 101;
  const file = [
    'sku,product_slug,price_inc_vat_pence,vat_rate',
    `${good[0]},${good[1]},${newPrice},standard`,
    `${other[0]},${other[1]},-5,standard`,
    'NOT-A-CODE,,100,standard',
  ].join('\n');

  await page.getByRole('link', { name: 'Import a file' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import products');
  await page.getByLabel('CSV or JSON file').setInputFiles({ name: 'price-cut.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Check the file' }).click();

  // The dry run: the two bad rows named by line, column and reason; nothing changed yet.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import of price-cut.csv');
  const refused = page.getByRole('region', { name: 'Refused rows by line' });
  await expect(refused.getByRole('row').nth(1)).toContainText(/3\s*price_inc_vat_pence\s*Enter the price of more than 0/);
  await expect(refused.getByRole('row').nth(2)).toContainText('No variant has the code “NOT-A-CODE”');
  await expect(page.getByRole('region', { name: 'Changes by line' })).toContainText(`£${asPounds(newPrice)} inc VAT`);
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-import-checked');

  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(async () => {
    await page
      .getByRole('link', { name: 'Refresh to see progress' })
      .click({ timeout: 1_000 })
      .catch(() => page.reload());
    await baseExpect(page.getByText(/^Applied/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(/1 row changed across 1 product/)).toBeVisible();
  await screenshot(page, project, 'staff-import-applied');

  // The shop's product page shows the new price.
  await page.goto(`/p/${good[1]}?sku=${encodeURIComponent(good[0]!)}`);
  await expect(async () => {
    await page.reload();
    await baseExpect(
      page
        .getByRole('main')
        .getByText(new RegExp(`^(Now )?£${asPounds(newPrice).replace('.', '\\.')} including VAT$`))
        .first(),
    ).toBeVisible();
  }).toPass({ timeout: 60_000 });
  expect(errors).toEqual([]);
});
