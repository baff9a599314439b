import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { exportedRows } from './range-export.ts';

// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage: true, animations: 'disabled' });
/** Applies a checked file and follows its progress, as staff do with "Refresh to see progress", until it says it is applied. */
async function applyAndWait(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  await expect(async () => {
    await page
      .getByRole('link', { name: 'Refresh to see progress' })
      .click({ timeout: 1_000 })
      .catch(() => page.reload());
    await baseExpect(page.getByRole('region', { name: 'Status' }).getByText(/^Applied/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

const asPounds = (pence: number) => (pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 });

test('staff import a CSV with two bad rows, see them named, apply the rest, and the product page shows the new price', async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/products');

  // The export, as the page's link saves it: one row per variant.
  const exported = await page.request.get(
    await page
      .getByRole('link', { name: 'Export CSV' })
      .getAttribute('href')
      .then((href) => href!),
  );
  expect(exported.headers()['content-disposition']).toMatch(/^attachment; filename="range-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = await exported.text();
  expect(text.split('\r\n')[0]).toBe(
    'sku,product_slug,product_name,brand,category,description,family,variant_label,price_inc_vat_pence,price_ex_vat_pence,vat_rate,stock_on_hand,' +
      'price_starts_at,price_ends_at',
  );
  // Variants near the end of the range, of two products no other browser test edits.
  const rows = exportedRows(text).slice(-40);
  const good = rows.find((row) => row.stock_on_hand !== '')!;
  const other = rows.find((row) => row.product_slug !== good.product_slug)!;
  const newPrice = Number(good.price_inc_vat_pence) - 101;
  const file = [
    'sku,product_slug,price_inc_vat_pence,vat_rate',
    `${good.sku},${good.product_slug},${newPrice},standard`,
    `${other.sku},${other.product_slug},-5,standard`,
    'NOT-A-CODE,,100,standard',
  ].join('\n');

  await page.getByRole('link', { name: 'Import a file' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import products');
  // How to schedule a price, in the time the shop keeps.
  await expect(page.getByRole('region', { name: 'The columns' })).toContainText('a UK date and time such as 2026-12-01 09:00');
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

  await applyAndWait(page, 'Apply 1 change');
  await expect(page.getByText(/1 row changed across 1 product/)).toBeVisible();
  // Each change says it went in; nothing was refused while applying.
  await expect(page.getByRole('region', { name: 'Changes by line' }).getByRole('row').nth(1)).toContainText(/inc VAT\s*Applied$/);
  await expect(page.getByText('There is a problem')).toHaveCount(0);
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-import-applied');

  // The shop's product page shows the new price.
  await page.goto(`/p/${good.product_slug}?sku=${encodeURIComponent(good.sku!)}`);
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

test('the stock feed sets a product out of stock, and its product page says so', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  const { access_token } = (await storedUser(page))!;
  const bearer = { authorization: `Bearer ${access_token}` };

  // A product near the end of the range, away from the rows the import test above changes, held in stock.
  await page.goto('/staff/products');
  const exported = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const rows = exportedRows(await exported.text());
  const slug = rows.slice(-120, -60).find((row) => row.stock_on_hand !== '' && Number(row.stock_on_hand) > 0)!.product_slug!;
  const variants = rows.filter((row) => row.product_slug === slug);

  await page.goto(`/p/${slug}`);
  await expect(page.getByRole('main').getByText('Out of stock', { exact: true })).toHaveCount(0);

  // What a warehouse system posts: every variant of the product down to nothing on the shelf.
  const posted = await page.request.post('/api/catalogue/Staff/Feeds/PricesAndStock', {
    headers: { ...bearer, 'idempotency-key': `stock-out-${slug}-${Date.now()}` },
    data: { lines: variants.map((row) => ({ sku: row.sku, stockOnHand: 0 })) },
  });
  expect(posted.status()).toBe(200);
  expect(await posted.json()).toMatchObject({ changed: variants.length, refusals: [] });

  // The product page says so once the change reaches it (kept pages are forgotten on the change's notice).
  await expect(async () => {
    await page.reload();
    await baseExpect(page.getByRole('main').getByText('Out of stock', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('main').getByRole('button', { name: 'Out of stock', exact: true })).toBeDisabled();
  expect(errors).toEqual([]);
});

test('staff make a product with two finishes by file, and shoppers find it on its page', async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/products');
  const exported = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  // A brand and a sub-category as an export names them.
  const [{ brand, category }] = exportedRows(await exported.text()).slice(-1) as [Record<string, string>];
  const code = `FILE${Date.now().toString(36).toUpperCase()}`;
  const slug = `file-made-basin-${code.toLowerCase()}`;
  const file = [
    'sku,product_slug,product_name,brand,category,description,variant_label,price_inc_vat_pence,vat_rate,stock_on_hand',
    `${code}-WH,${slug},File Made Basin,"${brand}","${category}","A wall-hung basin, added from a file.",White,14900,standard,12`,
    `${code}-MB,${slug},,,,,Matt black,15900,standard,3`,
  ].join('\n');

  await page.getByRole('link', { name: 'Import a file' }).click();
  await page.getByLabel('CSV or JSON file').setInputFiles({ name: 'new-basin.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const changes = page.getByRole('region', { name: 'Changes by line' });
  await expect(changes).toContainText(`New product “File Made Basin” (${slug})`);
  await expect(changes).toContainText(`Variant ${code}-MB “Matt black” added at £159.00 inc VAT`);
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-import-new-product');

  await applyAndWait(page, 'Apply 2 changes');

  // The shop's page of the new product offers both finishes at their prices.
  await expect(async () => {
    await page.goto(`/p/${slug}`);
    await baseExpect(page.getByRole('heading', { level: 1 })).toHaveText('File Made Basin', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const main = page.getByRole('main');
  await expect(main.getByText(/^(Now )?£149\.00 including VAT$/).first()).toBeVisible();
  await main.getByText('Matt black', { exact: true }).first().click();
  await expect(main.getByText(/^(Now )?£159\.00 including VAT$/).first()).toBeVisible();
  await screenshot(page, project, 'product-made-by-file');
  expect(errors).toEqual([]);
});
