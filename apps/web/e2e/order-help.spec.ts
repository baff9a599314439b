import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, pageReady, signIn, storedUser } from './auth.ts';
import { asStaff, emailedLink, newContext, staffMailbox } from './mailbox.ts';
import { visitorAddress } from './checkout-steps.ts';
import { placeTestOrder } from './orders.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

// Each test signs in through the provider's pages (password hashing included), on a machine that may be busy.
// Its tests share the one test address's order-tracking budget (20 calls a minute): one at a time, not side by side.
test.describe.configure({ timeout: 120_000, mode: 'default' });
// Each test from an address of its own: order help shares tracking's per-address budget (20 a minute),
// which the suite's calls from one loopback address would otherwise spend together.
test.beforeEach(async ({ page }, testInfo) => page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) }));
const expect = baseExpect.configure({ timeout: 15_000 });

/** Staff move the order on through the orders API, as the staff order page does. */
function staffAdvance(browser: Browser, testInfo: TestInfo, orderNumber: string, to: 'dispatched' | 'delivered') {
  return asStaff(browser, testInfo, async (request: APIRequestContext, headers) => {
    const post = async (data: Record<string, string>) => {
      const response = await request.post(`/api/orders/Staff/Orders/${orderNumber}/Status`, { data, headers });
      expect(response.ok(), await response.text()).toBe(true);
    };
    await post({ status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' });
    if (to === 'delivered') await post({ status: 'delivered' });
  });
}

/** A real 1 × 1 PNG: the API decodes every photo and keeps its pixels only. */
const photo = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
});

const helpWithOrder = (page: Page) => page.getByRole('region', { name: 'Help with this order' });

test('a guest asks for a link from order tracking, opens it, and reports a damaged basin with two photos', async ({ page, request, browser }, testInfo) => {
  const email = `damaged-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await placeTestOrder(request, { email });
  await staffAdvance(browser, testInfo, orderNumber, 'delivered');
  const errors = collectErrors(page);

  await page.goto('/track-order');
  await page.getByLabel('Order number').fill(orderNumber);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) })).toBeVisible();
  // The number and address track the order; changing it takes the link we e-mail (decision 0049).
  await helpWithOrder(page).getByRole('button', { name: 'E-mail me a link to manage this order' }).click();
  await expect(page.getByText('We have sent a link to d***@example.com to manage this order. It works for 24 hours.')).toBeVisible();

  const link = await emailedLink(browser, testInfo, email, 'orders.manage-link', /https?:\/\/\S+\/order-help\/link\/[A-Za-z0-9_-]+/);
  const token = link.split('/').at(-1)!;
  await page.goto(link);
  // The token became a cookie of this order's pages only, out of scripts' reach, and left the address and the page.
  await expect(page).toHaveURL(new RegExp(`/order-help/${orderNumber}$`));
  await expect(page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}: Delivered`) })).toBeVisible();
  expect(await page.content()).not.toContain(token);
  const cookie = (await page.context().cookies()).find((each) => each.name === 'order_link');
  expect(cookie).toMatchObject({ value: token, httpOnly: true, path: `/order-help/${orderNumber}`, sameSite: 'Lax' });
  await helpWithOrder(page).getByRole('link', { name: 'Report damaged or missing items' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Report damaged or missing items');
  // Sent with nothing chosen: the error summary says what to fix.
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();

  await page.getByRole('radio', { name: 'Damaged' }).check();
  await page.getByRole('group', { name: 'Which items?' }).getByRole('checkbox').first().check();
  await page.getByLabel('Describe the problem').fill('The basin arrived with a crack across the bowl.');
  await page.getByRole('group', { name: 'Did you sign the delivery note as damaged?' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Photos (optional)').setInputFiles([photo('crack.png'), photo('box.png')]);
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Send report' }).click();

  await expect(page.getByRole('heading', { name: 'We have your request' })).toBeVisible();
  const reference = (await page.getByText(/Your reference is HC-/).textContent())!.match(/HC-[A-Z0-9]{6}/)![0];
  const emails = await staffMailbox(browser, testInfo, email);
  expect(emails.some((each) => each.template === 'help-centre.acknowledgement' && each.subject.includes(reference))).toBe(true);
  expect(errors).toEqual([]);

  // A link copied only in part opens nothing, and says what to do.
  await page.goto(`/order-help/link/${token.slice(0, -2)}`);
  await expect(page).toHaveURL(/\/order-help\/link\?problem=invalid$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
});

test('a signed-in shopper cancels an undispatched order without giving a reason and sees the refund', async ({ page }) => {
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token });

  await page.goto(`/account/orders/${orderNumber}`);
  await helpWithOrder(page).getByRole('link', { name: 'Cancel items' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel items');
  await page.getByRole('group', { name: 'Which items?' }).getByRole('checkbox').first().check();
  // The Consumer Contracts Regulations ask no reason: the field says it is optional, and is left blank.
  await expect(page.getByLabel('Why are you cancelling? (optional)', { exact: true })).toHaveValue('');
  await page.getByRole('main').getByRole('button', { name: 'Cancel items' }).click();

  await expect(page.getByRole('heading', { name: 'Your items are cancelled' })).toBeVisible();
  await expect(page.getByText(/^Refunded £\d/)).toBeVisible();
  await expect(page.getByText(/Your reference is HC-/)).toBeVisible();
});

test('a shopper returns an unwanted item and downloads a VAT invoice', async ({ page, browser }, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token });
  await staffAdvance(browser, testInfo, orderNumber, 'delivered');

  await page.goto(`/account/orders/${orderNumber}`);
  await helpWithOrder(page).getByRole('link', { name: 'Return unwanted items' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return unwanted items');
  await page.getByRole('group', { name: 'Which items?' }).getByRole('checkbox').first().check();
  await page.getByRole('radio', { name: 'I changed my mind' }).check();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Request a return' }).click();
  await expect(page.getByRole('heading', { name: 'Your return is requested' })).toBeVisible();
  await expect(page.getByText(/^Returns reference: RT-[A-Z0-9]{6}$/)).toBeVisible();
  const reference = (await page.getByText(/Your reference is HC-/).textContent())!.match(/HC-[A-Z0-9]{6}/)![0];

  await page.goto(`/account/orders/${orderNumber}`);
  const download = page.waitForEvent('download');
  await helpWithOrder(page).getByRole('button', { name: 'Download VAT invoice' }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{7}\.pdf$/);

  // Staff authorise the return, then mark it received, which refunds it.
  const staff = await newContext(browser, testInfo);
  const staffPage = await staff.newPage();
  await signIn(staffPage, DEMO.staff.email);
  await staffPage.goto(`/staff/help/${reference}/return`);
  await expect(staffPage.getByRole('heading', { name: /^Return RT-/ })).toBeVisible();
  await expect(staffPage.getByRole('table', { name: 'Items to come back' })).toContainText('PL000109-1');
  await expectNoViolations(staffPage);
  await staffPage.getByRole('button', { name: 'Authorise return' }).click();
  await expect(staffPage.getByText('Authorised', { exact: true })).toBeVisible();
  await staffPage.getByRole('button', { name: 'Mark received and refund' }).click();
  await expect(staffPage.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(staffPage.getByText(/^Refunded \d/)).toBeVisible();
  await staff.close();
});

/** Holds the page's scripts back, on a CPU six times slower (a mid-range phone); the returned function lets both go. */
async function beforeScripts(page: Page): Promise<() => Promise<void>> {
  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  return async () => {
    release();
    await fullSpeed();
  };
}

test('a signed-in shopper’s order help pages show the order before the page’s scripts run, and its form is sent as a plain form', async ({ page }) => {
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token });

  const letGo = await beforeScripts(page);
  // The order's own page: what can be done with it, for its owner, drawn by the server.
  await page.goto(`/order-help/${orderNumber}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Order ${orderNumber}: `) })).toBeVisible();
  await expect(page.getByText('This order is on your account')).toBeVisible();
  await helpWithOrder(page).getByRole('link', { name: 'Ask about this order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ask about this order');
  await expect(page.getByRole('form', { name: 'Ask about this order' })).toContainText(orderNumber);
  // Sent with nothing typed: the API's words, drawn by the server.
  await page.getByRole('form', { name: 'Ask about this order' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await page.getByRole('form', { name: 'Ask about this order' }).getByLabel('Your question').fill('Can it be left with a neighbour?');
  await page.getByRole('form', { name: 'Ask about this order' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'We have your request' })).toBeVisible();
  await expect(page.getByText(/Your reference is HC-/)).toBeVisible();
  // All of it before any script: the header's search is still the plain box.
  await expect(page.getByRole('search', { name: 'Search products and categories' }).getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your order' })).toHaveAttribute('href', `/account/orders/${orderNumber}`);

  await letGo();
  await pageReady(page);
  await expect(page.getByRole('heading', { name: 'We have your request' })).toBeVisible();
});
