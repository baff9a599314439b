import { londonSortableDateTime } from '@shop/contracts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signInByRedirect } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage: true, animations: 'disabled' });

const pounds = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);
const asPounds = (pence: number) => (pence / 100).toFixed(2);
/** `2026-11-27T10:05`, the London clock now (the form's times are UK time), to the minute: a start already reached. */
const londonNow = () => londonSortableDateTime(new Date()).replace(' ', 'T');

test(
  'staff rename a product and cut a price from now; the product page shows it, with "was" only as the rule allows',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const errors = collectErrors(page);

    await signInByRedirect(page, DEMO.staff.email);
    await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL('/staff/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
    await expect(page.getByText(/^Products 1 to 25 of \d+, by name$/)).toBeVisible();
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-products');

    // Nothing found says so, with the way back.
    const filters = page.getByRole('search', { name: 'Find a product' });
    await filters.getByLabel('Name or code').fill('no such product anywhere');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
    await screenshot(page, project, 'staff-products-none');
    await page.getByRole('link', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL('/staff/products');

    const list = project === 'phone' ? page.getByRole('list', { name: 'Products, by name' }) : page.getByRole('table', { name: 'Products, by name' });
    const first = list.getByRole('link').first();
    const oldName = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldName);
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product');

    // The name: empty is refused in a summary linked to the field, what else was typed kept.
    const details = page.getByRole('form', { name: 'Details' });
    await details.getByLabel('Name').fill('');
    await details.getByLabel('Description').fill('Kept while the name is fixed.');
    await details.getByRole('button', { name: 'Save details' }).click();
    const detailsProblem = details.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(detailsProblem.getByRole('link', { name: 'Enter the product name' })).toBeVisible();
    await expect(details.getByLabel('Description')).toHaveValue('Kept while the name is fixed.');
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-errors');
    const newName = `${oldName} (${project} edit)`;
    await details.getByLabel('Name').fill(newName);
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes are saved' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Name: “${oldName}” → “${newName}”`);

    // A price cut from now (its start is this minute), for a week.
    const priceForm = page.getByRole('form', { name: 'Change a price' });
    const variant = priceForm.getByLabel('Variant');
    const sku = await variant.inputValue();
    const before = pounds(/now £([\d,]+\.\d{2})/.exec((await variant.locator('option:checked').textContent())!)![1]!);
    const cut = Math.floor(before * 0.8);
    await priceForm.getByLabel('Price inc VAT (£)').fill('-5');
    await priceForm.getByRole('button', { name: 'Save price' }).click();
    await expect(priceForm.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('Enter an amount of £0 or more');
    await priceForm.getByLabel('Price inc VAT (£)').fill(asPounds(cut));
    await priceForm.getByLabel('Starts (UK time)').fill(londonNow());
    await priceForm.getByRole('button', { name: 'Save price' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The price is saved' })).toBeVisible();
    const prices = page.getByRole('region', { name: 'Prices and their history' });
    const variantPrices = prices
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: new RegExp(`\\(${sku}\\)`) }) })
      .first();
    await expect(variantPrices).toContainText(`£${asPounds(cut)} inc VAT`);
    // What the rule allows, as the editor says it: the earlier price was charged 28 days or more just before.
    const wasShown = (await variantPrices.textContent())!.includes(`shown as “was £${asPounds(before)}”`);
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-priced');

    // The shop's product page, as a shopper sees it: the new name and price, and "was" only when allowed.
    const shopHref = await page.getByRole('link', { name: 'See it on the shop' }).getAttribute('href');
    await page.goto(`${shopHref}?sku=${encodeURIComponent(sku)}`);
    const main = page.getByRole('main');
    await expect(async () => {
      await page.reload();
      await baseExpect(main.getByRole('heading', { level: 1 })).toHaveText(newName);
      await baseExpect(main.getByText(new RegExp(`^(Now )?£${asPounds(cut)} including VAT$`)).first()).toBeVisible();
    }).toPass({ timeout: 60_000 });
    const was = main.getByText(`, was £${asPounds(before)}`, { exact: false }).first();
    if (wasShown) await expect(was).toBeAttached();
    else await expect(main.getByText(`£${asPounds(before)}`)).toHaveCount(0);
    expect(errors).toEqual([]);
  },
);
