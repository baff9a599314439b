import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { newContext } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Two sign-ins through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage: true, animations: 'disabled' });

test('after 1 of 2 is cancelled before dispatch, the customer and the warehouse see 1 to send and 1 cancelled @phone', async ({ page, browser }, testInfo) => {
  const project = testInfo.project.name;
  const errors = collectErrors(page);
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token, quantity: 2 });
  const cancelled = await page.request.post(`/api/help-centre/Order/${orderNumber}/cancel`, {
    data: { lines: [{ position: 0, quantity: 1 }], reason: 'Ordered one too many' },
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);

  // The customer's order: 1 to come, 1 cancelled, and the line's total is for the 1.
  await page.goto(`/account/orders/${orderNumber}`);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByText(/^Qty 1 × £[\d,]+\.\d\d$/)).toBeVisible();
  await expect(items.getByText('1 cancelled', { exact: true })).toBeVisible();
  await expect(items.getByText(/^Qty 2 ×/)).toHaveCount(0);
  const unit = (await items.getByText(/^Qty 1 × /).textContent())!.replace('Qty 1 × ', '');
  await expect(items.getByRole('listitem').first().locator('p').last()).toHaveText(unit);
  // The totals are what is now paid: what was charged less the refund for the cancelled one.
  const pence = (text: string) => Math.round(Number(/£([\d,]+\.\d\d)/.exec(text)![1]!.replaceAll(',', '')) * 100);
  const charged = pence((await page.getByText(/^Placed .* · £/).textContent())!);
  const refunded = pence((await page.getByText(/^Refund: £/).textContent())!);
  const now = `£${((charged - refunded) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
  await expect(items).toContainText(new RegExp(`Total\\s*${now.replace('.', '\\.')}`));
  await expectNoViolations(page);
  await screenshot(page, project, 'account-order-line-part-cancelled');
  expect(errors).toEqual([]);

  // The staff order's items table, what the warehouse picks from: Qty 1, and the cancelled one named.
  const context = await newContext(browser, testInfo);
  const staff = await context.newPage();
  await signIn(staff, DEMO.staff.email);
  await staff.goto(`/staff/orders/${orderNumber}`);
  const table = staff.getByRole('table', { name: `Items in order ${orderNumber}` });
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^1\s*1 cancelled$/);
  await expect(row.getByRole('cell').last()).toHaveText(unit);
  await expect(staff.getByRole('region', { name: 'Items' })).toContainText(new RegExp(`Total\\s*${now.replace('.', '\\.')}`));
  await expectNoViolations(staff);
  await screenshot(staff, project, 'staff-order-line-part-cancelled');
  await context.close();
});
