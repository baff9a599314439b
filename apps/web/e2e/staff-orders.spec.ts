import { expect as baseExpect, test, type Page } from '@playwright/test';
import { collectErrors, DEMO, expectNoViolations, signInByRedirect, storedUser } from './auth.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Each test signs in through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage, animations: 'disabled' });

async function search(page: Page, fields: { text?: string; status?: string }) {
  const form = page.getByRole('search', { name: 'Find orders' });
  if (fields.text !== undefined) await form.getByLabel('Order number, e-mail or name').fill(fields.text);
  if (fields.status !== undefined) await form.getByLabel('Status').selectOption({ label: fields.status });
  await form.getByRole('button', { name: 'Search' }).click();
}

/** Chooses a move in the "Next step" panel and presses its button. */
async function move(page: Page, action: string, fill: (panel: ReturnType<Page['getByRole']>) => Promise<void> = async () => {}) {
  const panel = page.getByRole('region', { name: 'Next step' });
  await panel.getByRole('radio', { name: action, exact: true }).check();
  await fill(panel);
  await panel.getByRole('button', { name: action, exact: true }).click();
  return panel;
}

test('order staff find an order by number and e-mail, pick, dispatch and deliver it, and see its history', async ({ page, request }, testInfo) => {
  const project = testInfo.project.name;
  const email = `orders-${project}-${Date.now()}@example.com`;
  const orderNumber = await placeTestOrder(request, { email, firstName: 'Robin', lastName: `Basin${project}` });
  const errors = collectErrors(page);

  await signInByRedirect(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/staff/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expect(page.getByText(/^Orders? \d+( to \d+)? of \d+, newest first$/)).toBeVisible();
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-orders');

  // By number (typed in lower case), then by e-mail: the filters live in the address.
  await search(page, { text: orderNumber.toLowerCase() });
  await expect(page).toHaveURL(`/staff/orders?q=${orderNumber.toLowerCase()}`);
  await expect(page.getByText('Order 1 of 1, newest first')).toBeVisible();
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await search(page, { text: email, status: 'Order placed' });
  await expect(page.getByText('Order 1 of 1, newest first')).toBeVisible();
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await search(page, { status: 'Delivered' });
  await expect(page.getByRole('heading', { name: 'No orders match' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-orders-none');
  await page.getByRole('link', { name: 'Clear filters' }).first().click();
  await search(page, { text: `basin${project}` });
  await page.getByRole('link', { name: orderNumber }).click();

  // The order: customer, delivery, billing, lines, totals, payment, and where it is.
  await expect(page).toHaveURL(`/staff/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress.getByText('Order placed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Customer' })).toContainText(`Robin Basin${project}`);
  await expect(page.getByRole('region', { name: 'Customer' }).getByRole('link', { name: email })).toBeVisible();
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('1 High Street');
  await expect(delivery).toContainText('LS1 4AP');
  await expect(delivery.getByText('Billing address')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('PL000109-1');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('Includes VAT');
  await expect(page.getByRole('region', { name: 'Payment and tracking' })).toContainText(/ending 4242/);
  await expect(page.getByRole('region', { name: 'Payment and tracking' })).toContainText('Not dispatched yet');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order');

  // Straight to picking, with a note for the history.
  await move(page, 'Start picking', (panel) => panel.getByLabel('Note (optional)').fill('Picked from bay 4'));
  await expect(page.getByText(`${orderNumber} is being picked.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next step' })).toBeFocused();
  await expect(progress.getByText('Being picked', { exact: true }).first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Picked from bay 4');
  const panel = page.getByRole('region', { name: 'Next step' });
  await expect(panel.getByRole('radio')).toHaveCount(2);
  await expect(panel.getByRole('radio', { name: 'Mark processing' })).toHaveCount(0);

  // Dispatching needs the carrier and the tracking number: the API says so next to the fields.
  await move(page, 'Mark dispatched');
  await expect(panel.getByRole('alert')).toHaveText('Enter the carrier and tracking number to mark the order dispatched.');
  await expect(panel.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByText('Enter the tracking number')).toBeVisible();
  await expect(panel.getByText('Choose the carrier')).toBeVisible();
  await expect(panel.getByLabel('Carrier')).toBeFocused();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order-dispatch-errors');

  await panel.getByLabel('Carrier').selectOption('DPD');
  await panel.getByLabel('Tracking number').fill('15501234567890');
  await panel.getByRole('button', { name: 'Mark dispatched', exact: true }).click();
  await expect(page.getByText(`${orderNumber} is dispatched.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment and tracking' }).getByRole('link', { name: /15501234567890/ })).toHaveAttribute(
    'href',
    'https://track.dpd.co.uk/parcels/15501234567890',
  );

  await move(page, 'Mark delivered', (next) => next.getByLabel('Note (optional)').fill('Left with neighbour at no. 3'));
  await expect(page.getByText(`${orderNumber} is delivered.`)).toBeVisible();
  await expect(panel).toContainText('The order is delivered: there are no more steps.');
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history.getByRole('listitem').last()).toContainText('Left with neighbour at no. 3');
  await expect(progress.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order-delivered');

  // The list shows where it is now.
  await page.getByRole('link', { name: 'All orders' }).click();
  await search(page, { text: orderNumber, status: 'Delivered' });
  await expect(page.getByText('Order 1 of 1, newest first')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a shopper is told they need a staff account, on the list and on an order', async ({ page }, testInfo) => {
  await signInByRedirect(page, DEMO.shopper.email);
  await expect(page.getByRole('region', { name: 'Staff tools' })).toHaveCount(0);
  await page.goto('/staff/orders');
  await expect(page.getByRole('heading', { name: 'You need a staff account' })).toBeVisible();
  await expect(page.getByRole('search', { name: 'Find orders' })).toHaveCount(0);
  await expectNoViolations(page);
  await screenshot(page, testInfo.project.name, 'staff-orders-shopper');
  await page.goto('/staff/orders/BP10000001');
  await expect(page.getByRole('heading', { name: 'You need a staff account' })).toBeVisible();
});

test('an order number that does not exist gets a way back to the search', async ({ page }) => {
  await signInByRedirect(page, DEMO.staff.email);
  await page.goto('/staff/orders/BP99999999');
  await expect(page.getByRole('heading', { name: 'No such order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find an order' })).toBeVisible();
});

test('an order someone else moved on meanwhile says so, and shows where it is now', async ({ page, request }, testInfo) => {
  const orderNumber = await placeTestOrder(request, { email: `moved-${testInfo.project.name}-${Date.now()}@example.com` });
  await signInByRedirect(page, DEMO.staff.email);
  await page.goto(`/staff/orders/${orderNumber}`);
  const panel = page.getByRole('region', { name: 'Next step' });
  await expect(panel.getByRole('radio', { name: 'Start picking' })).toBeVisible();

  // A colleague marks it delivered (straight through the API, with the same staff sign-in).
  const token = (await storedUser(page))!.access_token;
  const moved = await request.post(`/api/orders/Staff/Orders/${orderNumber}/Status`, { data: { status: 'delivered' }, headers: { authorization: `Bearer ${token}` } });
  expect(moved.ok()).toBe(true);

  await panel.getByRole('radio', { name: 'Start picking' }).check();
  await panel.getByRole('button', { name: 'Start picking', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('An order that is delivered cannot move to picking.');
  await expect(panel.getByRole('alert')).toBeFocused();
  await panel.getByRole('button', { name: 'See where it is now' }).click();
  await expect(panel).toContainText('The order is delivered: there are no more steps.');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
});
