import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, pageReady, signIn } from './auth.ts';
import { cardFrame, fillCard } from './checkout-steps.ts';
import { emailedLink, newContext } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts } from './slow-start.ts';

// Staff's and the mailbox's sign-ins and a card round trip, on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('staff make a dearer change for a customer on the phone and e-mail it to pay; the customer opens the e-mail and pays the difference', async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectErrors(page);
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-order-change-to-pay-${name}.png`, fullPage: true });
  // A customer of this test's own: a guest order, whose e-mail only this test reads.
  const email = `to-pay-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await placeTestOrder(page.request, { email, quantity: 1 });

  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/orders');
  const find = page.getByRole('search', { name: 'Find orders' });
  await find.getByLabel('Order number, e-mail, name or order reference').fill(orderNumber);
  await find.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: orderNumber }).click();
  await page.getByRole('link', { name: 'Change this order for the customer' }).click();
  await page.getByLabel('Product code to add').fill('PL000109-2');
  await page.getByRole('button', { name: 'Add item' }).click();
  const toPay = page.getByText(/^Difference to pay: £[\d,]+\.\d\d$/);
  await expect(toPay).toBeVisible();
  const amount = (await toPay.textContent())!.replace('Difference to pay: ', '');
  await page.getByRole('button', { name: 'E-mail the customer to pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${orderNumber}\\?done=change-sent$`));
  await expect(page.getByText(`The changes to ${orderNumber} have been e-mailed to the customer`)).toBeVisible();
  await shot('sent');

  // The customer, in a browser of their own, follows "Review and pay" in the e-mail: the changes staff made, the difference to pay.
  const link = await emailedLink(browser, testInfo, email, 'order.change-to-pay', /https?:\/\/\S+\/order-help\/link\/[A-Za-z0-9_-]+\?to=change/);
  const customer = await (await newContext(browser, testInfo)).newPage();
  const customerErrors = collectErrors(customer);
  // The page's scripts held back until the card field has loaded: they must still learn it is ready.
  const releaseScripts = await holdScripts(customer);
  await customer.goto(link);
  await expect(customer).toHaveURL(new RegExp(`/order-help/${orderNumber}/change$`));
  await expect(customer.getByText(`Difference to pay: ${amount}`)).toBeVisible();
  await expect(customer.getByRole('listitem').filter({ hasText: 'PL000109-2' })).toBeVisible();
  await customer.getByRole('button', { name: 'Complete changes' }).click();
  await expect(cardFrame(customer).getByLabel('Card number')).toBeVisible();
  releaseScripts();
  await pageReady(customer);
  await fillCard(customer, '4242 4242 4242 4242');
  await customer.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`/order-help/${orderNumber}\\?done=changed$`));
  await expect(customer.getByText('Your order has been changed')).toBeVisible();
  await expect(customer.locator(':focus')).toContainText('Your order has been changed');
  await expect(customer.getByText(/PL000109-2|Qty 1/).first()).toBeVisible();
  await customer.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-order-change-to-pay-paid.png`, fullPage: true });
  // Said once: a reload is the order alone.
  await customer.reload();
  await expect(customer).toHaveURL(new RegExp(`/order-help/${orderNumber}$`));
  await expect(customer.getByText(/PL000109-2|Qty 1/).first()).toBeVisible();
  await expect(customer.getByText('Your order has been changed')).toHaveCount(0);

  // Staff see the change made, by the customer, on the order.
  await page.goto(`/staff/orders/${orderNumber}`);
  await expect(page.getByRole('list', { name: /^Status history and refunds/ })).toContainText('Order changed');
  expect(errors).toEqual([]);
  expect(customerErrors).toEqual([]);
});
