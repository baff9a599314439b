import { test, type Page } from './test.ts';
import { DEMO, signIn } from './auth.ts';
import {
  addBasin,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  main,
  openCheckout,
  registerAndSignIn,
  scan,
  screenshot,
  section,
  uniqueEmail,
  visitorAddress,
} from './checkout-steps.ts';

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

/** A postcode of this run's own (the embedded lookup answers any valid one): one catalogue per address in six months. */
function freshPostcode(): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const n = Date.now();
  return `LS${1 + (n % 28)} ${(n >> 5) % 10}${letters[(n >> 9) % 20]}${letters[(n >> 14) % 20]}`;
}

async function findAddress(page: Page, scope: ReturnType<typeof main>, postcode: string) {
  await scope.getByLabel('Find your address').fill(postcode);
  await scope.getByRole('button', { name: 'Find address' }).click();
  await expect(scope.getByLabel(/^Choose your address \(\d+ found at /)).toBeVisible();
  await scope.getByRole('button', { name: 'Use this address' }).click();
}

test('a printed-catalogue request made with the postcode lookup appears in staff’s CSV, marked posted', async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  // One way to ask: the help centre's old form sends its links on to the catalogue page, and "Contact us" lists that page.
  await page.goto('/help/contact/catalogue-request');
  await expect(page).toHaveURL(/\/catalogue$/);
  await page.goto('/help/contact');
  await expect(main(page).getByRole('link', { name: /^Order a printed catalogue/ })).toHaveAttribute('href', '/catalogue');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Request a printed catalogue' }).click();
  await expect(page).toHaveURL(/\/catalogue$/);
  const name = `Casey Catalogue ${testInfo.project.name} ${Date.now()}`;
  const postcode = freshPostcode();
  await main(page).getByLabel('Full name').fill(name);
  await findAddress(page, main(page), postcode.toLowerCase().replace(' ', ''));
  await expect(main(page).getByLabel('Postcode', { exact: true })).toHaveValue(postcode);
  await expect(main(page).getByLabel('Full name')).toHaveValue(name);
  const line1 = await main(page).getByLabel('Address line 1').inputValue();
  await main(page).getByLabel('Bathrooms').check();
  await scan(page);
  await screenshot(page, testInfo, 'catalogue-request');
  await main(page).getByRole('button', { name: 'Request a catalogue' }).click();
  await expect(main(page).getByRole('heading', { name: 'Your catalogue is on its way' })).toBeVisible();

  await signIn(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Printed-catalogue requests' }).click();
  const row = main(page).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Not yet posted');
  await scan(page);
  await screenshot(page, testInfo, 'staff-catalogue-requests');
  const downloading = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download new requests (CSV) and mark posted' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^catalogue-requests-\d{12}\.csv$/);
  const csv = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(csv.split('\r\n')[0]).toBe('Name,Address line 1,Address line 2,Town,County,Postcode,Interests,Requested (UK time),UDPRN');
  const quoted = line1.includes(',') ? `"${line1}"` : line1;
  expect(csv).toContain(`${name},${quoted},,Leeds,,${postcode},Bathrooms,`);
  await page.reload();
  await expect(main(page).getByRole('row').filter({ hasText: name })).toContainText('Posted');

  // The requester, known only by their address, asks to be forgotten: staff find it by postcode and first line, and erase it.
  const erasure = main(page).getByRole('region', { name: 'Erase a requester’s details' });
  await erasure.getByLabel('Postcode').fill(postcode.toLowerCase());
  await erasure.getByLabel('Address line 1').fill(line1.toUpperCase());
  await erasure.getByRole('button', { name: 'Find at this address' }).click();
  await expect(erasure.getByRole('list', { name: 'Held at this address' })).toContainText(name);
  await scan(page);
  await screenshot(page, testInfo, 'staff-catalogue-erasure');
  await erasure.getByRole('button', { name: 'Erase all of it' }).click();
  await expect(erasure.getByRole('status')).toContainText(`Erased what we held at that address in ${postcode}`);
  await expect(main(page).getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('a customer finds an address by postcode at checkout, saves it, and is offered it first on the next order', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, 'address-book');
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Saver');
  const postcode = freshPostcode();

  /** The steps to the wallet's button, which places the order, as the customer gives step 2. */
  async function order(deliveryStep: (step: ReturnType<typeof section>) => Promise<void>) {
    await addBasin(page);
    await openCheckout(page);
    const details = section(page, 'Your details');
    await details.getByLabel('Phone number').fill('07700 900789');
    await details.getByRole('button', { name: 'Continue to delivery address' }).click();
    await deliveryStep(section(page, 'Delivery address'));
    await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
    await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
    await section(page, 'Payment')
      .getByRole('button', { name: /^Pay with Sandbox Pay, £[\d,.]+$/ })
      .click();
    await expectConfirmation(page, email);
  }

  let line1 = '';
  await order(async (step) => {
    await expect(step.getByRole('group', { name: 'Your saved addresses' })).toHaveCount(0);
    const save = step.getByLabel('Save this address to my address book');
    await expect(save).not.toBeChecked();
    await findAddress(page, step, postcode.toLowerCase().replace(' ', ''));
    await expect(step.getByLabel('Postcode', { exact: true })).toHaveValue(postcode);
    line1 = await step.getByLabel('Address line 1').inputValue();
    expect(line1).not.toBe('');
    await save.check();
    await scan(page);
    await screenshot(page, testInfo, 'address-found');
    await step.getByRole('button', { name: 'Continue to delivery options' }).click();
    await expect(section(page, 'Delivery address')).toContainText(postcode);
  });

  await order(async (step) => {
    const saved = step.getByRole('group', { name: 'Your saved addresses' });
    const offered = saved.getByRole('radio', { name: new RegExp(line1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(offered).toBeChecked();
    await expect(step.getByLabel('Address line 1')).toBeHidden();
    await scan(page);
    await screenshot(page, testInfo, 'saved-address-offered');
    await step.getByRole('button', { name: 'Continue to delivery options' }).click();
    await expect(section(page, 'Delivery address')).toContainText(postcode);
  });

  await page.goto('/account/addresses');
  await expect(main(page).getByRole('listitem').filter({ hasText: line1 })).toContainText('Default delivery');
});
