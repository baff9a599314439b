import { expect as baseExpect, test, type Page } from './test.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import { placeTestOrder } from './orders.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * Staff pages are drawn by the server for the signed-in member of staff (decision 0063): with the
 * page's scripts held back and the CPU slowed as a mid-range phone's, a list and a record show their
 * data, and a step on the record is a plain form posted to the page, which comes back with a notice.
 */

// A sign-in through the provider and an order placed over HTTP: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const main = (page: Page) => page.getByRole('main');
/** The header's search box is still a plain one: the page's scripts have not run. */
const scriptsHeldBack = (page: Page) => expect(page.getByRole('search', { name: 'Search products and categories' }).getByRole('combobox')).toHaveCount(0);

test('the staff order search and an order show their data before the scripts run, and moving the order on works as a plain form', async ({
  page,
  request,
}, testInfo) => {
  const email = `early-order-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await placeTestOrder(request, { email, firstName: 'Eddie', lastName: 'Early' });
  await signIn(page, DEMO.staff.email);

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/staff/orders', { waitUntil: 'commit' });
  // Searched as a plain form, the empty status field goes no further than the address a scripted search lands on.
  const find = main(page).getByRole('search', { name: 'Find orders' });
  await find.getByLabel('Order number, e-mail, name or order reference').fill(orderNumber);
  await find.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/staff/orders?q=${orderNumber}`);
  await expect(main(page).getByText('Order 1 of 1, newest first')).toBeVisible();
  await main(page).getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(main(page).getByRole('region', { name: 'Customer' })).toContainText('Eddie Early');
  await scriptsHeldBack(page);

  // Dispatching without the tracking number: refused by the API, said in the form, before any script.
  const panel = main(page).getByRole('region', { name: 'Next step' });
  await panel.getByRole('radio', { name: 'Mark dispatched' }).check();
  await panel.getByLabel('Carrier').selectOption('DPD');
  await panel.getByRole('button', { name: 'Mark dispatched', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText('Enter the carrier and tracking number to mark the order dispatched.');
  await expect(panel.getByText('Enter the tracking number')).toBeVisible();
  // What was typed and chosen is still there.
  await expect(panel.getByLabel('Carrier')).toHaveValue('DPD');
  await expect(panel.getByRole('radio', { name: 'Mark dispatched' })).toBeChecked();

  await panel.getByRole('radio', { name: 'Start picking' }).check();
  await panel.getByLabel('Note (optional)').fill('Picked before the scripts ran');
  await panel.getByRole('button', { name: 'Start picking', exact: true }).click();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `${orderNumber} is being picked.` }),
  ).toBeVisible();
  await expect(page).toHaveURL(`/staff/orders/${orderNumber}?done=picking`);
  await expect(main(page).getByRole('region', { name: 'History' })).toContainText('Picked before the scripts ran');
  await expect(panel.getByRole('radio', { name: 'Start picking' })).toHaveCount(0);
  await scriptsHeldBack(page);

  // Once the scripts run, the page is the same.
  release();
  await fullSpeed();
  await pageReady(page);
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `${orderNumber} is being picked.` }),
  ).toBeVisible();
});

test('the stock screen looks a product code up and records stock that arrived before the scripts run', async ({ page }) => {
  await signIn(page, DEMO.staff.email);
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/staff/stock', { waitUntil: 'commit' });
  // An unknown code: the API's words, from the server.
  await main(page).getByLabel('Product code').fill('NO-SUCH-CODE');
  await main(page).getByRole('button', { name: 'Look up' }).click();
  await expect(page).toHaveURL('/staff/stock?sku=NO-SUCH-CODE');
  await expect(main(page).getByRole('alert')).toContainText('We do not sell a product with that code');
  await main(page).getByLabel('Product code').fill('PL000109-1');
  await main(page).getByRole('button', { name: 'Look up' }).click();
  await expect(main(page).getByRole('link', { name: /^Review insights for / })).toBeVisible();
  const onHand = Number(await main(page).getByText('On hand', { exact: true }).locator('xpath=following-sibling::dd').textContent());

  // Nothing, then a quantity that is not one: said at the field; then 3 arrive.
  const form = main(page).getByRole('form', { name: 'Add stock' });
  await form.getByLabel('Quantity arrived').fill('two');
  await form.getByRole('button', { name: 'Add stock' }).click();
  await expect(form.getByText('Enter how many arrived, as a whole number')).toBeVisible();
  await expect(form.getByLabel('Quantity arrived')).toHaveValue('two');
  await form.getByLabel('Quantity arrived').fill('3');
  await form.getByRole('button', { name: 'Add stock' }).click();
  await expect(main(page).getByRole('status')).toHaveText(`Added 3. On hand is now ${onHand + 3}.`);
  await expect(form.getByLabel('Quantity arrived')).toHaveValue('');
  await scriptsHeldBack(page);
  release();
});

test('the newsletter list shows its sign-ups before the scripts run, and its CSV downloads from a plain link', async ({ page, request }, testInfo) => {
  const email = `early-news-${testInfo.project.name}-${Date.now()}@example.com`;
  expect((await request.post('/api/accounts/api/Newsletters', { data: { email } })).status()).toBe(202);
  await signIn(page, DEMO.staff.email);
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/staff/newsletter', { waitUntil: 'commit' });
  await main(page).getByLabel('Status').selectOption({ label: 'Waiting for confirmation' });
  await main(page).getByLabel('Email address contains').fill(email);
  await main(page).getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(`/staff/newsletter?status=pending&email=${encodeURIComponent(email)}`);
  await expect(main(page).getByText(/^Showing 1 to 1 of 1\. In all: /)).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Subscribers' }).getByRole('row').filter({ hasText: email })).toContainText('Waiting for confirmation');

  const downloading = page.waitForEvent('download');
  await main(page).getByRole('link', { name: 'Download confirmed subscribers (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  await scriptsHeldBack(page);
  release();
});
