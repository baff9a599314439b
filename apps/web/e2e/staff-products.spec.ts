import { londonSortableDateTime } from '@shop/contracts';
import { addToBasket, CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { exportedRows } from './range-export.ts';

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

    await signIn(page, DEMO.staff.email);
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
    // What customers may return, saved with the rest of the details.
    const returns = details.getByLabel('Returns');
    const returnsBefore = (await returns.locator('option:checked').textContent())!;
    const returnsAfter = returnsBefore === 'Returnable' ? 'Sealed for hygiene: returnable only unopened' : 'Returnable';
    await returns.selectOption(returnsAfter);
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your changes are saved' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Name: “${oldName}” → “${newName}”`);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Returns: ${returnsBefore} → ${returnsAfter}`);
    await expect(details.getByLabel('Returns').locator('option:checked')).toHaveText(returnsAfter);

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

test('staff withdraw a product from sale: its page is gone, the range says so, a basket holding it names it; put back, it is on the shop again', async ({
  page,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/products');

  // A product away from the end of the range that the import and feed tests change.
  const exported = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const rows = exportedRows(await exported.text());
  // One in stock, so a shopper's basket can hold it.
  const chosen = rows.slice(0, -199).findLast((row) => Number(row.stock_on_hand) > 0)!;
  const [sku, slug, name, label] = [chosen.sku, chosen.product_slug, chosen.product_name, chosen.variant_label];
  await page.goto(`/p/${slug}`);
  await expect(page.getByRole('button', { name: /^(Add to basket|Out of stock)$/ })).toBeVisible();
  // A shopper of their own (a guest) holds it in their basket.
  const shopper = await browser.newPage();
  await addToBasket(shopper, `/p/${slug}?sku=${encodeURIComponent(sku!)}`, name);

  await page.goto('/staff/products');
  const filters = page.getByRole('search', { name: 'Find a product' });
  await filters.getByLabel('Name or code').fill(sku!);
  await filters.getByRole('button', { name: 'Search' }).click();
  // The found product, not the first of the whole range still on screen while the search loads.
  await expect(page).toHaveURL(new RegExp(`[?&]text=${sku}(&|$)`));
  const list = project === 'phone' ? page.getByRole('list', { name: 'Products, by name' }) : page.getByRole('table', { name: 'Products, by name' });
  await list.getByRole('link', { name, exact: true }).first().click();

  const sale = page.getByRole('form', { name: 'On sale' });
  await sale.getByRole('button', { name: 'Withdraw from sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^It is withdrawn from sale\./ })).toBeVisible();
  await expect(page.getByText(/^Withdrawn from sale on .+: shoppers cannot find or buy it\.$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See it on the shop' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Withdrew it from sale' }).first()).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-product-withdrawn');

  // The range list marks it.
  await page.goto(`/staff/products?text=${encodeURIComponent(sku!)}`);
  await expect(list.getByText('Withdrawn from sale')).toBeVisible();

  // The shop no longer shows it (its page is forgotten on the change's notice).
  const shop = await page.context().newPage();
  await expect(async () => {
    const response = await shop.goto(`/p/${slug}`);
    baseExpect(response!.status()).toBe(404);
  }).toPass({ timeout: 60_000 });
  await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();

  // The shopper's mini basket still names it, by its product and variant, as no longer available, with no price.
  await shopper.goto('/', { waitUntil: 'networkidle' });
  await shopper
    .getByRole('banner')
    .getByRole('button', { name: /^Basket \(/ })
    .click();
  const held = shopper.getByRole('dialog', { name: 'Your basket' }).getByRole('listitem').filter({ hasText: name! });
  await expect(held).toContainText('No longer available');
  await expect(held).toContainText(label!);
  await expect(held.getByRole('link')).toHaveCount(0);
  await expect(held.getByText('£')).toHaveCount(0);
  // It was all the basket held: nothing to pay for, so no way to the checkout, and the basket says why.
  const drawer = shopper.getByRole('dialog', { name: 'Your basket' });
  await expect(drawer.getByRole('link', { name: 'Checkout' })).toHaveCount(0);
  await expect(drawer.getByText(/^Nothing in your basket can be bought at the moment\./)).toBeVisible();
  await expectNoViolations(shopper);
  await screenshot(shopper, project, 'mini-basket-withdrawn-line');
  // The basket page's check takes it out, saying which product it was (not its code).
  await shopper.goto('/basket');
  const named = label ? `${name} (${label})` : name;
  await expect(shopper.getByRole('main').getByText(`${named} is no longer available and has been removed.`)).toBeVisible();
  await expect(shopper.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await screenshot(shopper, project, 'basket-withdrawn-line-removed');
  await shopper.context().close();

  await list.getByRole('link', { name, exact: true }).first().click();
  await page.getByRole('form', { name: 'Withdrawn from sale' }).getByRole('button', { name: 'Put back on sale' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^It is back on sale\./ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See it on the shop' })).toBeVisible();
  await expect(async () => {
    const response = await shop.goto(`/p/${slug}`);
    baseExpect(response!.status()).toBe(200);
  }).toPass({ timeout: 60_000 });
  await expect(shop.getByRole('button', { name: /^(Add to basket|Out of stock)$/ })).toBeVisible();
  expect(errors).toEqual([]);
});

/** Finds a product of the range's export by its code in the product list, and opens it in the editor. */
async function openInEditor(page: Page, project: string, product: Record<string, string>) {
  await page.goto('/staff/products');
  const filters = page.getByRole('search', { name: 'Find a product' });
  await filters.getByLabel('Name or code').fill(product.sku!);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]text=${product.sku}(&|$)`));
  const list = project === 'phone' ? page.getByRole('list', { name: 'Products, by name' }) : page.getByRole('table', { name: 'Products, by name' });
  await list.getByRole('link', { name: product.product_name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.product_name!);
}

test('staff add an essential item to a product by its name, and the product page lists it; a bundle item needs one within its bundle', async ({
  page,
}, testInfo) => {
  // Two products' editors and their shop pages, on a machine that may be busy.
  test.slow();
  const project = testInfo.project.name;
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/products');

  // Products of their own per project, away from both ends of the range that other tests change.
  const exported = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const products = [...new Map(exportedRows(await exported.text()).map((row) => [row.product_slug, row])).values()];
  const at = Math.floor(products.length / 3) + (project === 'phone' ? 2 : 0);
  const [product, item] = [products[at]!, products[at + 1]!];

  await openInEditor(page, project, product);

  const section = page.getByRole('region', { name: 'Essentials' });
  const add = page.getByRole('form', { name: 'Add an essential item' });
  // An item no product is refused beside its field, what else was typed kept.
  await add.getByLabel('Item').fill('no such item anywhere');
  await add.getByLabel('Why it fits').fill('Fits its 32 mm outlet');
  await add.getByRole('button', { name: 'Add essential item' }).click();
  await expect(add.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('No product has the code or name “no such item anywhere”');
  await expect(add.getByLabel('Why it fits')).toHaveValue('Fits its 32 mm outlet');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-product-essential-refused');

  // Picked by its name, as recommended.
  await add.getByLabel('Item').fill(item.product_name!);
  await add.getByLabel('Required or recommended').selectOption('Recommended');
  await add.getByRole('button', { name: 'Add essential item' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The essential item is added' })).toBeVisible();
  const listed = section.getByRole('list', { name: 'Recommended essential items' }).getByRole('listitem').filter({ hasText: item.product_name! });
  await expect(listed).toContainText('Why it fits: Fits its 32 mm outlet');
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Essential item added: “${item.product_name}”`);
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-product-essentials');

  // Changed where it is: made required, two of them.
  await listed.locator('summary').click();
  const change = listed.getByRole('form', { name: /^Change / });
  await change.getByLabel('Required or recommended').selectOption('Required');
  await change.getByLabel('Quantity').fill('2');
  await change.getByRole('button', { name: /^Save changes/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The essential item is changed' })).toBeVisible();
  const required = section.getByRole('list', { name: 'Required essential items' }).getByRole('listitem').filter({ hasText: item.product_name! });
  await expect(required).toContainText('Qty 2');
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('changed: recommended → required, quantity 1 → 2');
  await expectNoViolations(page);

  // The shop's product page lists it under "Essential items".
  await page.getByRole('link', { name: 'See it on the shop' }).click();
  const essentials = page.getByRole('region', { name: 'Essential items' });
  await expect(essentials.getByRole('listitem').filter({ hasText: item.product_name! })).toContainText('Required');
  await expect(essentials.getByRole('listitem').filter({ hasText: item.product_name! })).toContainText('Fits its 32 mm outlet');

  // A bundle: its first item held twice, and needing the same item within this bundle only; the bundle's page lists it.
  const suite = products.filter((row) => /suites/i.test(row.category!))[project === 'phone' ? 1 : 0]!;
  await openInEditor(page, project, suite);
  const held = page.getByRole('list', { name: 'What the bundle holds' }).getByRole('listitem').first();
  const quantity = held.getByRole('form', { name: /^Change how many / });
  await held.locator('summary', { hasText: /^Change how many/ }).click();
  await quantity.getByLabel('Quantity').fill('2');
  await quantity.getByRole('button', { name: /^Save quantity/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The bundle’s quantity is changed' })).toBeVisible();
  await expect(held).toContainText('Qty 2');
  await held.locator('summary', { hasText: /^Add an essential item/ }).click();
  const within = held.getByRole('form', { name: /^Add an essential item .* needs in this bundle$/ });
  await within.getByLabel('Item').fill(item.product_name!);
  await within.getByLabel('Why it fits').fill('Only in this suite');
  await within.getByRole('button', { name: /^Add essential item/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The essential item is added for that product in this bundle' })).toBeVisible();
  const needed = held
    .getByRole('list', { name: /needs in this bundle$/ })
    .getByRole('listitem')
    .filter({ hasText: item.product_name! });
  await expect(needed).toContainText('Why it fits: Only in this suite');
  await expect(page.getByRole('region', { name: 'Changes' })).toContainText('within the bundle added');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-product-bundle-essentials');
  await page.getByRole('link', { name: 'See it on the shop' }).click();
  const suiteEssentials = page.getByRole('region', { name: 'Essential items' });
  await expect(suiteEssentials.getByRole('listitem').filter({ hasText: item.product_name! })).toContainText('Only in this suite');
  await page.goBack();
  await needed.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The essential item is removed for that product in this bundle' })).toBeVisible();
  await expect(
    held
      .getByRole('list', { name: /needs in this bundle$/ })
      .getByRole('listitem')
      .filter({ hasText: item.product_name! }),
  ).toHaveCount(0);
  expect(errors).toEqual([]);
});
