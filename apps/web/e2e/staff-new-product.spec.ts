import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A small PNG: the shop keeps it re-encoded, without metadata. */
const PICTURE = {
  name: 'matt-black.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWKSLdjxH4SZGKAAAAAA//885LJUAAAABklEQVQDADqGBI07KS4AAAAAAElFTkSuQmCC', 'base64'),
};

/** A second picture, 3 px wide, so the page's order can be told from the first's 2 px. */
const WIDER_PICTURE = {
  name: 'matt-black-wide.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWOQgwEGOAsAFSwCHYOfeTwAAAAASUVORK5CYII=', 'base64'),
};
const widthOf = (image: ReturnType<Page['getByRole']>) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth);

const screenshot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage: true, animations: 'disabled' });

test(
  'staff add a product without scripts, then a second finish with its picture, and the shop offers both finishes on its page',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    const project = testInfo.project.name;
    const errors = collectErrors(page);
    // Codes of this run only: the test reads no state another test changes.
    const code = `NP${Date.now().toString(36).toUpperCase()}${project.slice(0, 2).toUpperCase()}`;
    const name = `Harbour Pedestal Basin ${code}`;

    await signIn(page, DEMO.staff.email);
    await page.goto('/staff/products');
    await page.getByRole('navigation', { name: 'Add, import and export' }).getByRole('link', { name: 'Add a product' }).click();
    await expect(page).toHaveURL('/staff/products/new');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a product');
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-new');

    // The form is plain HTML: it works before (or without) the page's scripts.
    const noScripts = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
    });
    const plain = await noScripts.newPage();
    await plain.goto('/staff/products/new');
    const form = plain.getByRole('form', { name: 'The product' });
    await form.getByLabel('Description').fill('A compact pedestal basin in vitreous china, 500 mm wide.');
    await form.getByLabel('Brand').selectOption({ index: 1 });
    await form.getByLabel('Category').selectOption({ label: 'Pedestal Basins' });
    // A finish or a size: what it is shows from what is typed, so the fieldset and its field name both.
    const first = form.getByRole('group', { name: 'Its first variant' });
    await first.getByLabel('Code').fill(`${code}-WH`);
    await first.getByLabel('Finish or size', { exact: true }).fill('White');
    await first.getByLabel('Price inc VAT (£)').fill('0');
    await first.getByLabel('Stock on hand').fill('12');
    await form.getByRole('button', { name: 'Add product' }).click();
    // Refused, it says why in a summary linked to each field, in the order of the fields, and keeps what was typed.
    const problem = plain.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(problem.getByRole('link')).toHaveText(['Enter the product name', 'Enter a price more than £0']);
    await expect(first.getByLabel('Code')).toHaveValue(`${code}-WH`);
    await expect(form.getByLabel('Description')).toHaveValue('A compact pedestal basin in vitreous china, 500 mm wide.');
    await screenshot(plain, project, 'staff-product-new-errors');
    await form.getByLabel('Name').fill(name);
    await first.getByLabel('Price inc VAT (£)').fill('149.00');
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(plain.getByRole('status').filter({ hasText: 'The product is added and on sale' })).toBeVisible();
    const productUrl = plain.url();
    await noScripts.close();

    // Its page, with scripts: a second finish, its code first refused as taken.
    await page.goto(productUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Product added; Variant ${code}-WH “White” added at £149.00 inc VAT`);
    const finish = page.getByRole('form', { name: 'Add a finish' });
    await finish.getByLabel('Code').fill(`${code}-WH`);
    await finish.getByLabel('Finish').fill('Matt black');
    await finish.getByLabel('Price inc VAT (£)').fill('179.00');
    await finish.getByLabel('Stock on hand').fill('5');
    await finish.getByRole('button', { name: 'Add finish' }).click();
    await expect(
      finish.getByRole('alert').getByRole('link', { name: `The code "${code}-WH" is already used by another variant: enter a different code.` }),
    ).toBeVisible();
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-finish-errors');
    await finish.getByLabel('Code').fill(`${code}-MB`);
    await finish.getByRole('button', { name: 'Add finish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The finish is added' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Prices and their history' }).getByRole('heading', { name: `Matt black (${code}-MB)` })).toBeVisible();
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-finished');

    // A picture of the second finish; none chosen is refused first.
    const picture = page.getByRole('form', { name: 'Add a picture' });
    await picture.getByLabel('Finish').selectOption({ label: `Matt black (${code}-MB)` });
    await picture.getByRole('button', { name: 'Add picture' }).click();
    await expect(picture.getByRole('alert').getByRole('link', { name: 'Choose a picture: a JPG or PNG of 5 MB or less.' })).toBeVisible();
    await picture.getByLabel('Picture').setInputFiles([PICTURE]);
    await picture.getByRole('button', { name: 'Add picture' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The picture is added' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Picture of ${code}-MB “Matt black” added`);
    const pictures = page.getByRole('region', { name: 'Pictures' });
    const matt = pictures.getByRole('list', { name: `Pictures of Matt black (${code}-MB)` });
    await picture.getByLabel('Finish').selectOption({ label: `Matt black (${code}-MB)` });
    await picture.getByLabel('Picture').setInputFiles([WIDER_PICTURE]);
    await picture.getByRole('button', { name: 'Add picture' }).click();
    await expect(matt.getByRole('listitem')).toHaveCount(2);
    await expect(matt.getByRole('listitem').first()).toContainText('Picture 1 of 2 · shown first');
    await expect.poll(() => widthOf(matt.getByRole('img').first())).toBe(2);

    // The wider picture put first, without scripts: a plain form, posted and answered with the page.
    const reordering = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
    });
    const plainPage = await reordering.newPage();
    await plainPage.goto(productUrl);
    await plainPage.getByRole('button', { name: `Move up picture 2 of Matt black (${code}-MB)` }).click();
    await expect(plainPage.getByRole('status').filter({ hasText: 'The pictures are in their new order' })).toBeVisible();
    await expect(plainPage.getByRole('region', { name: 'Changes' })).toContainText(`Picture 2 of ${code}-MB “Matt black” moved to first place`);
    await reordering.close();

    // The other one removed, once its removal is confirmed.
    await page.reload();
    await expect.poll(() => widthOf(matt.getByRole('img').first())).toBe(3);
    await matt.getByRole('link', { name: `Remove picture 2 of Matt black (${code}-MB)` }).click();
    const confirm = pictures.getByRole('group', { name: 'Remove picture 2 of Matt black?' });
    await expect(confirm.getByRole('heading')).toBeFocused();
    await expect(confirm).toContainText('Its file is deleted');
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-picture-remove');
    await confirm.getByRole('link', { name: 'No, keep it' }).click();
    await expect(confirm).toBeHidden();
    await expect(matt.getByRole('listitem')).toHaveCount(2);
    await matt.getByRole('link', { name: `Remove picture 2 of Matt black (${code}-MB)` }).click();
    await confirm.getByRole('button', { name: 'Yes, remove it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The picture is removed' })).toBeVisible();
    await expect(matt.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Changes' })).toContainText(`Picture 2 of ${code}-MB “Matt black” removed`);
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-product-pictures');

    // The shop's product page, as a shopper sees it: both finishes, each at its price.
    await page.getByRole('link', { name: 'See it on the shop' }).click();
    await expect(page).toHaveURL(/\/p\/harbour-pedestal-basin-/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(async () => {
      await page.reload();
      await baseExpect(main.getByRole('group', { name: /^Finish/ }).getByRole('radio')).toHaveCount(2);
    }).toPass({ timeout: 60_000 });
    const finishes = main.getByRole('group', { name: /^Finish/ });
    await expect(finishes.getByRole('radio', { name: 'White' })).toBeChecked();
    await expect(main.getByText(/^(Now )?£149\.00 including VAT$/).first()).toBeVisible();
    await finishes.getByText('Matt black').click();
    await expect(main.getByText(/^(Now )?£179\.00 including VAT$/).first()).toBeVisible();
    // The chosen finish's picture, as uploaded, put first and left alone (within the minute the editor says).
    const shown = main.getByRole('img', { name: `${name} in Matt black` }).first();
    await expect(async () => {
      if ((await widthOf(shown)) !== 3) {
        await page.reload();
        await finishes.getByText('Matt black').click();
      }
      await baseExpect.poll(() => widthOf(shown), { timeout: 5_000 }).toBe(3);
    }).toPass({ timeout: 60_000 });
    await screenshot(page, project, 'product-new-two-finishes');
    expect(errors).toEqual([]);
  },
);
