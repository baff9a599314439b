import { test, type Page, type Request } from '@playwright/test';
import { collectErrors } from './auth.ts';
import {
  addBasin,
  CHECKOUT_TIMEOUT,
  declinedThenPaid,
  expect,
  expectConfirmation,
  guestReadyToPay,
  openCheckout,
  pay,
  payButton,
  scan,
  screenshot,
  section,
  stepsBeforePayment,
  uniqueEmail,
} from './checkout-steps.ts';
import { STRIPE_SHOP_PORT, STRIPE_STANDIN_PORT } from './pages.ts';

// The shop configured for Stripe: its API and Stripe.js are the local stand-in's (Stripe is unreachable here).
test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const STAND_IN = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;
/** Stripe's Payment Element, in Stripe's own frame. */
const paymentElement = (page: Page) => page.frameLocator('iframe[title="Secure payment input frame"]');
const cardBox = (page: Page) => section(page, 'Payment').locator('div.relative', { has: page.locator('iframe[title="Secure payment input frame"]') });

async function fillStripeCard(page: Page, number: string) {
  const frame = paymentElement(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date').fill('1230');
  await frame.getByLabel('Security code').fill('123');
}

/** Every request this page makes, with its body, to check where card numbers go. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

test('a guest pays through Stripe’s Payment Element and gets an order number; the shop never sees the card number', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  const requests = recordRequests(page);
  const email = await guestReadyToPay(page, testInfo, 'stripe');

  // Stripe's form, from Stripe.js, inside the page's box: no sandbox frame and no sandbox wallet.
  const payment = section(page, 'Payment');
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await expect(payment.locator('iframe[title="Card details"]')).toHaveCount(0);
  await expect(payment.getByRole('button', { name: /Sandbox Pay/ })).toHaveCount(0);
  // The box was drawn at the form's height while Stripe.js loaded: the form fits it without growing it.
  const sizes = await cardBox(page).evaluate((box) => ({ height: box.getBoundingClientRect().height, minHeight: parseFloat(getComputedStyle(box).minHeight) }));
  expect(sizes.height).toBe(sizes.minHeight);

  await fillStripeCard(page, '4242 4242 4242 4242');
  await scan(page);
  await screenshot(page, testInfo, 'stripe-payment');
  // The payment step as the shopper sees it (a full-page picture may leave Stripe's frame blank).
  await payButton(page).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'stripe-payment-step', false);
  await pay(page);
  await expectConfirmation(page, email);

  // The card number stayed in Stripe's frame: Stripe.js confirmed with a payment method, and nothing the shop received held the number.
  const confirm = requests.find((request) => request.url().startsWith(`${STAND_IN}/v1/payment_intents/`) && request.url().endsWith('/confirm'));
  expect(new URLSearchParams(confirm?.postData() ?? '').get('payment_method')).toBe('pm_card_visa');
  const toShop = requests.filter((request) => request.url().startsWith(`http://127.0.0.1:${STRIPE_SHOP_PORT}/`));
  expect(toShop.length).toBeGreaterThan(0);
  for (const request of [...toShop, confirm!]) expect(`${request.url()} ${request.postData() ?? ''}`).not.toMatch(/4242 ?4242 ?4242 ?4242/);
  expect(errors).toEqual([]);
});

test('a declined card is said beside the button, and paying again with 4242 works', async ({ page }, testInfo) => {
  await declinedThenPaid(page, testInfo, 'stripe-declined', (number) => fillStripeCard(page, number));
});

test('a card that needs the bank’s check: Stripe.js shows it, and the order is placed once it is passed', async ({ page }, testInfo) => {
  const email = await guestReadyToPay(page, testInfo, 'stripe-3ds');
  await fillStripeCard(page, '4000 0025 0000 3155');
  await pay(page);

  const check = page.frameLocator('iframe[title="Payment authentication challenge"]');
  await expect(check.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(section(page, 'Payment').getByRole('status')).toContainText('Confirming your payment');
  await screenshot(page, testInfo, 'stripe-challenge', false);
  // Closing Stripe's check is the bank saying no: nothing taken, said beside the button, and paying again asks again.
  await page.getByRole('dialog', { name: 'Payment authentication' }).getByRole('button', { name: 'Close' }).click();
  await expect(section(page, 'Payment').getByRole('alert')).toHaveText('Your bank did not confirm the payment, so you have not been charged. Pay again to try once more, or use another card.');
  await pay(page);
  await check.getByRole('button', { name: 'Complete' }).click();
  await expectConfirmation(page, email);
});

test('when Stripe.js cannot be loaded the shopper is told, and trying again brings the card form', async ({ page }, testInfo) => {
  await page.route(`${STAND_IN}/v3/`, (route) => route.abort());
  await addBasin(page);
  await openCheckout(page);
  await stepsBeforePayment(page, uniqueEmail(testInfo, 'stripe-down'));
  const payment = section(page, 'Payment');
  await expect(payment.getByRole('alert')).toContainText('Card payment is unavailable just now.');
  await expect(payButton(page)).toBeDisabled();
  await scan(page);
  await screenshot(page, testInfo, 'stripe-unavailable');

  await page.unroute(`${STAND_IN}/v3/`);
  await payment.getByRole('button', { name: 'Try again' }).click();
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await expect(payment.getByRole('alert')).toHaveCount(0);
});
