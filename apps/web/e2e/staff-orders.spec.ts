import { expect as baseExpect, test, type APIRequestContext, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, expectStaffPageNotFound, signIn, storedUser } from './auth.ts';
import { staffMailbox } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Each test signs in through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage, animations: 'disabled' });

async function search(page: Page, fields: { text?: string; status?: string }) {
  const form = page.getByRole('search', { name: 'Find orders' });
  if (fields.text !== undefined) await form.getByLabel('Order number, e-mail, name or order reference').fill(fields.text);
  if (fields.status !== undefined) await form.getByLabel('Status').selectOption({ label: fields.status });
  const before = page.url();
  await form.getByRole('button', { name: 'Search' }).click();
  // The results are read from the new address's page, never the one it replaces (which may match too).
  await expect(page).not.toHaveURL(before);
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

  await signIn(page, DEMO.staff.email);
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
  // The cleared page's own form (it starts again with any status), not the one it replaces.
  await expect(page).toHaveURL('/staff/orders');
  await expect(page.getByRole('search', { name: 'Find orders' }).getByLabel('Status')).toHaveValue('');
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

test('a shopper gets the shop’s 404 for the order screens, on the list and on an order', async ({ page }, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  await expect(page.getByRole('region', { name: 'Staff tools' })).toHaveCount(0);
  await expectStaffPageNotFound(page, '/staff/orders', ['Find orders']);
  await expect(page.getByRole('search', { name: 'Find orders' })).toHaveCount(0);
  await expectNoViolations(page);
  await screenshot(page, testInfo.project.name, 'staff-orders-shopper');
  await expectStaffPageNotFound(page, '/staff/orders/BP10000001', ['Handling orders']);
});

test('an order number that does not exist gets a way back to the search', async ({ page }) => {
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/orders/BP99999999');
  await expect(page.getByRole('heading', { name: 'No such order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find an order' })).toBeVisible();
});

test('an order someone else moved on meanwhile says so, and shows where it is now', async ({ page, request }, testInfo) => {
  const orderNumber = await placeTestOrder(request, { email: `moved-${testInfo.project.name}-${Date.now()}@example.com` });
  await signIn(page, DEMO.staff.email);
  await page.goto(`/staff/orders/${orderNumber}`);
  const panel = page.getByRole('region', { name: 'Next step' });
  await expect(panel.getByRole('radio', { name: 'Start picking' })).toBeVisible();

  // A colleague marks it delivered (straight through the API, with the same staff sign-in).
  const token = (await storedUser(page))!.access_token;
  const moved = await request.post(`/api/orders/Staff/Orders/${orderNumber}/Status`, {
    data: { status: 'delivered' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(moved.ok()).toBe(true);

  await panel.getByRole('radio', { name: 'Start picking' }).check();
  await panel.getByRole('button', { name: 'Start picking', exact: true }).click();
  await expect(panel.getByRole('alert')).toContainText('An order that is delivered cannot move to picking.');
  await expect(panel.getByRole('alert')).toBeFocused();
  await panel.getByRole('link', { name: 'See where it is now' }).click();
  await expect(panel).toContainText('The order is delivered: there are no more steps.');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(2);
});

const pounds = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

/** A new guest order, opened by order staff on its page; with its total as the API has it (read with the staff member's token). */
async function openNewOrder(page: Page, request: APIRequestContext, customer: { email: string; firstName: string; lastName: string }) {
  const orderNumber = await placeTestOrder(request, customer);
  await signIn(page, DEMO.staff.email);
  await page.goto(`/staff/orders/${orderNumber}`);
  const token = (await storedUser(page))!.access_token;
  const response = await page.request.get(`/api/orders/Staff/Orders/${orderNumber}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return { orderNumber, total: ((await response.json()) as { totals: { totalIncVat: number } }).totals.totalIncVat };
}

test('order staff cancel an order before dispatch, with a reason; the money, the stock and the customer are told', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const email = `cancel-${project}-${Date.now()}@example.com`;
  const errors = collectErrors(page);
  const { orderNumber, total } = await openNewOrder(page, request, { email, firstName: 'Cass', lastName: `Cancel${project}` });

  // Before dispatch the order can be cancelled, not refunded.
  const money = page.getByRole('region', { name: 'Cancel or refund' });
  await expect(money).toContainText(`cancelling refunds all ${pounds(total)}`);
  await expect(money.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  const cancel = money.getByRole('form', { name: 'Cancel order' });
  await expect(cancel).toContainText(`${pounds(total)} goes back to the customer’s Visa ending 4242`);

  // The reason is required: said at the field, which takes the keyboard.
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel.getByText('Give the reason, in a few words')).toBeVisible();
  await expect(cancel.getByLabel('Reason')).toBeFocused();
  await expect(cancel.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order-cancel-form', false);

  await cancel.getByLabel('Reason').fill('Customer rang to cancel');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText(`${orderNumber} is cancelled and ${pounds(total)} refunded.`)).toBeVisible();

  // Cancelled, refunded in full, listed, and nothing more to do.
  const progress = page.getByRole('region', { name: 'Progress' });
  await expect(progress).toContainText('This order was cancelled.');
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('heading', { name: 'Refunds' })).toBeFocused();
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds).toContainText(pounds(total));
  await expect(refunds).toContainText('Cancellation');
  await expect(refunds).toContainText('Customer rang to cancel');
  await expect(page.getByRole('region', { name: 'Payment and tracking' })).toContainText('Refunded in full');
  await expect(money).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Next step' })).toContainText('The order is cancelled, so it cannot move on.');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').last()).toContainText('Customer rang to cancel');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order-cancelled');

  // The customer: an e-mail, and the tracking page says so (without the staff reason).
  const mail = await staffMailbox(browser, testInfo, email);
  expect(mail.map((each) => each.template).toSorted()).toEqual(['order.cancelled', 'order.confirmation']);
  expect(mail.find((each) => each.template === 'order.cancelled')!.subject).toBe(`Your order ${orderNumber} has been cancelled`);
  await page.goto(`/track-order?orderNumber=${orderNumber}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}: Cancelled` })).toBeVisible();
  await expect(page.getByText(`This order was cancelled: ${pounds(total)} refunded to your card.`)).toBeVisible();
  await expect(page.getByText('Customer rang to cancel')).toHaveCount(0);
  await expectNoViolations(page);
  await screenshot(page, project, 'track-order-cancelled');
  expect(errors).toEqual([]);
});

test('order staff refund part of a dispatched order: the amount in pounds is checked at the field, and the refund is listed', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const project = testInfo.project.name;
  const email = `refund-${project}-${Date.now()}@example.com`;
  const errors = collectErrors(page);
  const { orderNumber, total } = await openNewOrder(page, request, { email, firstName: 'Rory', lastName: `Refund${project}` });
  await move(page, 'Mark dispatched', async (panel) => {
    await panel.getByLabel('Carrier').selectOption('Royal Mail');
    await panel.getByLabel('Tracking number').fill('RM123456785GB');
  });
  await expect(page.getByText(`${orderNumber} is dispatched.`)).toBeVisible();

  // After dispatch: a refund, not a cancellation.
  const money = page.getByRole('region', { name: 'Cancel or refund' });
  await expect(money).toContainText(`Nothing refunded yet. Up to ${pounds(total)} can still go back to the customer.`);
  await expect(money.getByRole('form', { name: 'Cancel order' })).toHaveCount(0);
  const refund = money.getByRole('form', { name: 'Refund' });
  await expect(refund).toContainText(`Up to ${pounds(total)} of the ${pounds(total)} paid can be refunded to the customer’s Visa ending 4242`);

  // More than was paid, and a figure that is not pounds and pence: said at the field.
  await refund.getByLabel('Amount (£)').fill('99999');
  await refund.getByLabel('Reason').fill('Scratched on arrival');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText(`Enter an amount of at most ${pounds(total).replace(/\.00$/, '')}`)).toBeVisible();
  await expect(refund.getByLabel('Amount (£)')).toBeFocused();
  await refund.getByLabel('Amount (£)').fill('5.505');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText(/at most 2 decimal places/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order-refund-form', false);

  await refund.getByLabel('Amount (£)').fill('£5.50');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText(`£5.50 refunded on ${orderNumber}.`)).toBeVisible();

  // Still dispatched; the part refund is listed, in the payment and in the history.
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('heading', { name: 'Refunds' })).toBeFocused();
  await expect(refunds.getByRole('listitem')).toHaveCount(1);
  await expect(refunds).toContainText('£5.50');
  await expect(refunds).toContainText('Scratched on arrival');
  await expect(page.getByRole('region', { name: 'Progress' }).getByText('Dispatched', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment and tracking' })).toContainText(`£5.50 of ${pounds(total)} refunded`);
  const last = page.getByRole('region', { name: 'History' }).getByRole('listitem').last();
  await expect(last).toContainText('Refund');
  await expect(last).toContainText('Partial refund: £5.50. Scratched on arrival');
  await expect(money).toContainText(`Up to ${pounds(total - 550)} can still go back`);
  await expect(money.getByRole('form', { name: 'Refund' }).getByLabel('Amount (£)')).toHaveValue('');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-order-part-refunded');

  const mail = await staffMailbox(browser, testInfo, email);
  expect(mail.map((each) => each.template).toSorted()).toEqual(['order.confirmation', 'order.dispatched', 'order.refunded']);
  expect(mail.find((each) => each.template === 'order.refunded')!.subject).toBe(`We have refunded £5.50 for order ${orderNumber}`);
  expect(errors).toEqual([]);
});
