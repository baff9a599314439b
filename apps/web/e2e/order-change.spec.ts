import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { fillCard } from './checkout-steps.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// A sign-in through the provider's pages and two card round trips, on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('a customer adds an item to an undispatched order and pays the difference by card, then removes it and sees the refund', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token, quantity: 1 });

  await page.goto(`/account/orders/${orderNumber}`);
  await page.getByRole('link', { name: 'Change this order online' }).click();
  await expect(page.getByRole('heading', { name: `Change order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('No difference to pay')).toBeVisible();

  // Add the other finish of the basin by its code: the difference is shown, then paid with the sandbox card.
  await page.getByLabel('Product code to add').fill('PL000109-2');
  await page.getByRole('button', { name: 'Add item' }).click();
  const toPay = page.getByText(/^Difference to pay: £[\d,]+\.\d\d$/);
  await expect(toPay).toBeVisible();
  const amount = (await toPay.textContent())!.replace('Difference to pay: ', '');
  await page.getByRole('button', { name: 'Complete changes' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=changed$`));
  // The order's page says it was changed, once: the keyboard is on that notice, and a reload is the order's page alone.
  const changed = page.getByRole('status').filter({ hasText: 'Your order has been changed' });
  await expect(changed).toContainText('We have e-mailed you what changed.');
  await expect(page.locator(':focus')).toContainText('Your order has been changed');
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-order-changed.png`, animations: 'disabled' });
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(changed).toHaveCount(0);

  // The same order, now with two lines; take the added one off again: the difference is refunded.
  await page.getByRole('link', { name: 'Change this order online' }).click();
  const added = page.getByRole('listitem').filter({ hasText: 'PL000109-2' });
  await added.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText(/^Difference to refund: £[\d,]+\.\d\d$/)).toBeVisible();
  await page.getByRole('button', { name: 'Complete changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=changed$`));
  await expect(page.getByText(/^Refund: £/)).toBeVisible();
  expect(errors).toEqual([]);
});

test('staff change an order for a customer on the phone from /staff/orders: a dearer change waits for the customer, a cheaper one is made', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-order-change-${name}.png`, fullPage: true });
  const orderNumber = await placeTestOrder(page.request, { email: `phone-${testInfo.project.name}-${Date.now()}@example.com`, quantity: 2 });

  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/orders');
  const find = page.getByRole('search', { name: 'Find orders' });
  await find.getByLabel('Order number, e-mail, name or order reference').fill(orderNumber);
  await find.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: orderNumber }).click();
  await page.getByRole('link', { name: 'Change this order for the customer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Change order ${orderNumber}` })).toBeVisible();

  // Adding the other finish raises the total: no card is taken by phone, so it is not completed here.
  await page.getByLabel('Product code to add').fill('PL000109-2');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText(/^Difference to pay: £[\d,]+\.\d\d$/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'We cannot take a card over the phone.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete changes' })).toHaveCount(0);
  await expectNoViolations(page);
  await shot('staff-dearer');

  // Taken off again, and one basin fewer: the difference is refunded, and staff complete it.
  await page
    .getByRole('listitem')
    .filter({ hasText: 'PL000109-2' })
    .getByRole('button', { name: /^Remove / })
    .click();
  // As a person would, the next change waits for the page to show this one: a form sent while the last is
  // still on its way replaces it in the browser, and the one replaced may never reach the shop.
  await expect(page.getByText('No difference to pay')).toBeVisible();
  await page
    .getByLabel(/^Quantity of /)
    .first()
    .fill('1');
  await page.getByRole('button', { name: 'Update' }).first().click();
  await expect(page.getByText(/^Difference to refund: £[\d,]+\.\d\d$/)).toBeVisible();
  await shot('staff-cheaper');
  await page.getByRole('button', { name: 'Complete changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${orderNumber}\\?done=change$`));
  await expect(page.getByText(`${orderNumber} is changed.`)).toBeVisible();
  await expect(page.getByRole('list', { name: /^Status history and refunds/ })).toContainText(`Order changed by ${DEMO.staff.name} (staff)`);
  await expectNoViolations(page);
  await shot('staff-changed');
  expect(errors).toEqual([]);
});
