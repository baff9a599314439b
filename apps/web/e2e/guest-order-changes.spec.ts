import { expect as baseExpect, test } from './test.ts';
import { collectErrors, expectNoViolations } from './auth.ts';
import { visitorAddress } from './checkout-steps.ts';
import { emailedLink } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// A staff sign-in (to read the mailbox) on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });
// From an address of its own: tracking and the link share a per-address budget (20 a minute).
test.beforeEach(async ({ page }, testInfo) => page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) }));
const expect = baseExpect.configure({ timeout: 15_000 });

test('a guest finds their order, is e-mailed a link to change it, and the link opens its change page and its delivery upgrade', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const errors = collectErrors(page);
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-guest-order-${name}.png`, fullPage: true });
  const email = `guest-change-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await placeTestOrder(request, { email });

  await page.goto('/track-order');
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  const offers = page.getByRole('region', { name: 'Change this order or its delivery' });
  // Offered while possible, saying until when; the number and address alone change nothing: the link is e-mailed.
  await expect(offers.getByText('until we start picking it')).toBeVisible();
  await expect(offers.getByText('until we dispatch it')).toBeVisible();
  await expectNoViolations(page);
  await shot('tracking');
  await offers.getByRole('button', { name: 'Change this order' }).click();
  await expect(page.getByText(/We have sent a link to g\*\*\*@example\.com to change this order\. It works for 24 hours\./)).toBeVisible();

  const link = await emailedLink(browser, testInfo, email, 'orders.manage-link', /https?:\/\/\S+\/order-help\/link\/[A-Za-z0-9_-]+\?to=change/);
  await page.goto(link);
  // The link leads straight to the order's change page, its token kept in a cookie of this order's pages only.
  await expect(page).toHaveURL(new RegExp(`/order-help/${orderNumber}/change$`));
  await expect(page.getByRole('heading', { level: 1, name: `Change order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(/^No difference to pay$/)).toBeVisible();
  await expectNoViolations(page);
  await shot('change');

  // The same link opens the order's other pages: its delivery upgrade too.
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-help/${orderNumber}$`));
  await page.getByRole('link', { name: 'Upgrade delivery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Upgrade delivery of order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeVisible();
  await shot('upgrade');
  expect(errors).toEqual([]);
});
