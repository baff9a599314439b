import { test, type Locator, type Page } from './test.ts';
import { collectErrors } from './auth.ts';
import {
  addBasin,
  CHECKOUT_TIMEOUT,
  expect,
  fillContact,
  main,
  openCheckout,
  registerAndSignIn,
  scan,
  screenshot,
  section,
  uniqueEmail,
  visitorAddress,
} from './checkout-steps.ts';

/**
 * The address forms outside checkout, by what people see: Enter in the postcode beside "Find address"
 * finds the addresses there rather than sending the whole form (the address book, the catalogue
 * request, the trade application, as checkout does), and the trade application's "Use a saved address"
 * fills the business's address from the address book.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

/** Types the postcode into "Find your address" and presses Enter there: the addresses found are offered to choose from. */
async function enterPostcode(page: Page, scope: Locator, postcode: string) {
  const field = scope.getByLabel('Find your address');
  await field.fill(postcode);
  await field.press('Enter');
  await expect(scope.getByLabel(/^Choose your address \(\d+ found at LS1 4AP\)$/)).toBeVisible();
}

test('Enter in the postcode finds addresses in the address book and the trade application; a saved address fills the forms’ fields', async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectErrors(page);
  await registerAndSignIn(page, browser, testInfo, uniqueEmail(testInfo, 'address-enter'), 'Robin Enter');

  // The address book: Enter finds; nothing is saved until "Save address".
  await page.goto('/account/addresses?add=1');
  const book = main(page);
  await book.getByLabel('Nickname (optional)').fill('Yard');
  await enterPostcode(page, book, 'ls14ap');
  await expect(page).toHaveURL(/\/account\/addresses\?add=1$/);
  await expect(book.getByRole('heading', { name: 'Add an address' })).toBeVisible();
  await expect(book.getByLabel('Nickname (optional)')).toHaveValue('Yard');
  await scan(page);
  await screenshot(page, testInfo, 'address-book-enter');
  await book.getByRole('button', { name: 'Use this address' }).click();
  await expect(book.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  const line1 = await book.getByLabel('Address line 1').inputValue();
  expect(line1).not.toBe('');
  await book.getByLabel('Full name').fill('Robin Enter');
  // Enter in any other field saves the address, as its own button does.
  await book.getByLabel('Full name').press('Enter');
  await expect(book.getByRole('listitem').filter({ hasText: 'Yard' })).toContainText(line1);

  // The trade application: Enter in the postcode finds, and sends nothing.
  await page.goto('/trade/apply');
  const form = page.getByRole('form', { name: 'Trade account application' });
  await form.getByLabel('Legal name').fill('Enter Key Plumbing Ltd');
  await enterPostcode(page, form, 'LS1 4AP');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Legal name')).toHaveValue('Enter Key Plumbing Ltd');

  // "Use a saved address": the address book's address fills the business's address.
  await form.getByLabel('Use a saved address').selectOption({ label: await savedOption(form, line1) });
  await form.getByRole('button', { name: 'Fill in this address' }).click();
  await expect(form.getByLabel('Address line 1')).toHaveValue(line1);
  await expect(form.getByLabel('Town or city')).toHaveValue('Leeds');
  await expect(form.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  await expect(form.getByLabel('Legal name')).toHaveValue('Enter Key Plumbing Ltd');
  await scan(page);
  await screenshot(page, testInfo, 'trade-apply-saved-address');

  // The printed-catalogue request offers it too, and sends nothing until asked.
  await page.goto('/catalogue');
  const request = main(page);
  await request.getByLabel('Full name').fill('Robin Enter');
  await request.getByLabel('Use a saved address').selectOption({ label: await savedOption(request, line1) });
  await request.getByRole('button', { name: 'Fill in this address' }).click();
  await expect(request.getByLabel('Address line 1')).toHaveValue(line1);
  await expect(request.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  await expect(request.getByLabel('Full name')).toHaveValue('Robin Enter');
  await expect(request.getByRole('heading', { name: /catalogue is (on its way|already)/ })).toHaveCount(0);
  await scan(page);
  await screenshot(page, testInfo, 'catalogue-request-saved-address');
  expect(errors).toEqual([]);
});

/** The picker's words for the address saved as "Yard": its nickname, then the address. */
async function savedOption(form: Locator, line1: string): Promise<string> {
  const options = await form.getByLabel('Use a saved address').locator('option').allTextContents();
  const option = options.find((text) => text.startsWith('Yard: ') && text.includes(line1));
  if (!option) throw new Error(`No saved address with ${line1} among ${options.join(' | ')}`);
  return option;
}

test('Enter in the catalogue request’s postcode finds addresses and does not send the request', async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  await page.goto('/catalogue');
  const form = main(page);
  await form.getByLabel('Full name').fill('Casey Enter');
  await enterPostcode(page, form, 'LS1 4AP');
  await expect(main(page).getByRole('heading', { name: 'Your catalogue is on its way' })).toHaveCount(0);
  await expect(form.getByLabel('Full name')).toHaveValue('Casey Enter');
  await form.getByRole('button', { name: 'Use this address' }).click();
  await expect(form.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  await expect(form.getByLabel('Full name')).toHaveValue('Casey Enter');
  await scan(page);
  await screenshot(page, testInfo, 'catalogue-enter');
});

test('at checkout, Enter in the postcode finds addresses, and Enter in another field goes on to delivery options', async ({ page }, testInfo) => {
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, uniqueEmail(testInfo, 'checkout-enter'));
  const step = section(page, 'Delivery address');
  await enterPostcode(page, step, 'LS1 4AP');
  await step.getByRole('button', { name: 'Use this address' }).click();
  await expect(step.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  await step.getByLabel('Town or city').press('Enter');
  await expect(section(page, 'Delivery')).toBeVisible();
  await expect(section(page, 'Delivery').getByRole('radio', { checked: true })).toHaveCount(1);
});
