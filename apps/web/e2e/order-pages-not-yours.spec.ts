import { expect, test } from './test.ts';
import { DEMO, signIn, storedUser } from './auth.ts';
import { placeTestOrder } from './orders.ts';
import { holdScripts } from './slow-start.ts';

// Each test places a real order over HTTP first: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

const notFound = 'Sorry, we can’t find that page';

test('the thank-you page is a 404 for what cannot be an order number', async ({ page }, testInfo) => {
  const response = await page.goto('/checkout/confirmation/HELLO%3CSCRIPT%3E');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound);
  await expect(page.getByText('Thank you for your order')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-confirmation-not-an-order.png`), fullPage: true, animations: 'disabled' });
});

test('the thank-you page thanks no one for somebody else’s order, and thanks the tab that placed it', async ({ page, request }) => {
  const orderNumber = await placeTestOrder(request, { email: `not-yours-${Date.now()}@example.com` });

  // Another visitor, signed out, with the real number: a 404, not thanked, nothing about the order shown.
  const response = await page.goto(`/checkout/confirmation/${orderNumber}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound);
  await expect(page.getByText(`Your order number is ${orderNumber}`)).toHaveCount(0);

  // The tab that placed it keeps its number, as the checkout does when the order is placed.
  await page.evaluate((number) => sessionStorage.setItem('plumbline.placedOrderNumber', number), orderNumber);
  // …and tells the server so in its cookie (set by the checkout as the order is placed): no longer a 404.
  await page.context().addCookies([{ name: 'shop_placed_order', value: orderNumber, url: new URL('/checkout/confirmation', page.url()).href }]);
  expect((await page.reload())?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  await expect(page.getByText(`Your order number is ${orderNumber}`)).toBeVisible();
});

test('the signed-in customer is thanked for their own order in any tab', async ({ page }) => {
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token });

  // Found by the server for their session: thanked before the page's scripts run.
  const release = await holdScripts(page);
  const response = await page.goto(`/checkout/confirmation/${orderNumber}`, { waitUntil: 'commit' });
  expect(response?.status()).toBe(200);
  await expect(page.getByText(`Your order number is ${orderNumber}`)).toBeVisible();
  release();
});

test('a VAT invoice address opened directly is an HTML page, never an error with its stack', async ({ page, request }) => {
  const orderNumber = await placeTestOrder(request, { email: `invoice-${Date.now()}@example.com` });

  for (const path of [`/order-help/${orderNumber}/vat-invoice`, '/order-help/HELLO/vat-invoice']) {
    const direct = await request.get(path);
    expect(direct.headers()['content-type']).toContain('text/html');
    const body = await direct.text();
    expect(body).not.toMatch(/stack|Unexpected Server Error|did not provide a `?loader/i);
  }
  // Someone else's order: its page asks for the address it was placed with, and shows nothing of it.
  await page.goto(`/order-help/${orderNumber}/vat-invoice`);
  await expect(page).toHaveURL(new RegExp(`/order-help/${orderNumber}$`));
  await expect(page.getByRole('button', { name: 'Download VAT invoice' })).toHaveCount(0);
  // Not an order number at all: a 404 page.
  const malformed = await page.goto('/order-help/HELLO/vat-invoice');
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound);
});
