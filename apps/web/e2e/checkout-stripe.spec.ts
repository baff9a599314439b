import { test, type Page, type Request } from './test.ts';
import { collectErrors } from './auth.ts';
import {
  addBasin,
  CHECKOUT_TIMEOUT,
  declinedThenPaid,
  expect,
  expectConfirmation,
  fillStripeCard,
  guestReadyToPay,
  openCheckout,
  pay,
  payButton,
  paymentElement,
  scan,
  screenshot,
  section,
  stepsBeforePayment,
  uniqueEmail,
  WALLET_FAILED,
} from './checkout-steps.ts';
import { STRIPE_SHOP_PORT, STRIPE_STANDIN_PORT } from './pages.ts';

// The shop configured for Stripe: its API and Stripe.js are the local stand-in's (Stripe is unreachable here).
test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const STAND_IN = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;
const cardBox = (page: Page) => section(page, 'Payment').locator('div.relative', { has: page.locator('iframe[title="Secure payment input frame"]') });
/** Stripe's Express Checkout Element, in Stripe's own frame: the stand-in plays a browser with Google Pay holding the 4242 card. */
const EXPRESS_FRAME = 'iframe[title="Secure express checkout frame"]';
const googlePay = (page: Page) => page.frameLocator(EXPRESS_FRAME).getByRole('button', { name: 'Buy with Google Pay' });
const walletBox = (page: Page) => section(page, 'Payment').locator('div.relative', { has: page.locator(EXPRESS_FRAME) });
const googlePaySheet = (page: Page) => page.frameLocator('iframe[title="Google Pay payment sheet"]');
/** The boxes kept for Stripe's frames while Stripe.js loads: each frame fits its box without growing it. */
const boxSizes = (box: ReturnType<Page['locator']>) =>
  box.evaluate((element) => ({ height: element.getBoundingClientRect().height, minHeight: parseFloat(getComputedStyle(element).minHeight) }));
/**
 * Once the frame has reported its laid-out height (a busy machine may paint one resize late), the
 * box is exactly its reserved height. The box is brought into view first, as a shopper would see
 * it: Chromium does not render a cross-origin frame that is out of view, so it would not report.
 */
const expectFitsItsBox = async (box: ReturnType<Page['locator']>) => {
  await box.scrollIntoViewIfNeeded();
  await expect
    .poll(
      async () => {
        const { height, minHeight } = await boxSizes(box);
        return height - minHeight;
      },
      { message: 'the frame grew its reserved box' },
    )
    .toBe(0);
};
const isConfirm = (request: Request) => request.url().startsWith(`${STAND_IN}/v1/payment_intents/`) && request.url().endsWith('/confirm');

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
  await expectFitsItsBox(cardBox(page));

  await fillStripeCard(page, '4242 4242 4242 4242');
  await scan(page);
  await screenshot(page, testInfo, 'stripe-payment');
  // The payment step as the shopper sees it (a full-page picture may leave Stripe's frame blank).
  await payButton(page).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'stripe-payment-step', false);
  await pay(page);
  await expectConfirmation(page, email);

  // The card number stayed in Stripe's frame: Stripe.js confirmed with a payment method, and nothing the shop received held the number.
  const confirm = requests.find(isConfirm);
  expect(new URLSearchParams(confirm?.postData() ?? '').get('payment_method')).toBe('pm_card_visa');
  const toShop = requests.filter((request) => request.url().startsWith(`http://127.0.0.1:${STRIPE_SHOP_PORT}/`));
  expect(toShop.length).toBeGreaterThan(0);
  for (const request of [...toShop, confirm!]) expect(`${request.url()} ${request.postData() ?? ''}`).not.toMatch(/4242 ?4242 ?4242 ?4242/);
  expect(errors).toEqual([]);
});

test('a guest pays with Google Pay from Stripe’s Express Checkout Element, above the card form, and gets an order number', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  const requests = recordRequests(page);
  const email = await guestReadyToPay(page, testInfo, 'stripe-wallet');

  // The wallet's button, drawn by the same Stripe.js in its own frame, under the same heading as the sandbox's, before the card form.
  const payment = section(page, 'Payment');
  const heading = payment.getByRole('heading', { name: 'Express checkout' });
  await expect(heading).toBeVisible();
  await expect(googlePay(page)).toBeVisible();
  expect((await heading.boundingBox())!.y).toBeLessThan((await payment.getByRole('heading', { name: 'Pay by card' }).boundingBox())!.y);
  // The box kept for the button while Stripe.js loaded is the button's height: nothing moved when it came.
  await expectFitsItsBox(walletBox(page));
  await scan(page);
  await heading.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'stripe-express-checkout', false);

  // Closing the wallet's sheet takes nothing: no problem is shown and the card form is still there.
  const amount = (await payButton(page).textContent())!.replace('Pay ', '');
  await googlePay(page).click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(googlePaySheet(page).getByRole('heading', { name: /^Pay / })).toBeVisible();
  await expect(googlePaySheet(page).getByText(amount, { exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(payment.getByRole('alert')).toHaveCount(0);
  expect(requests.filter(isConfirm)).toEqual([]);

  // Approving pays with the wallet's card: the same payment, then the order.
  await googlePay(page).click();
  await expect(googlePaySheet(page).getByText(/^Visa .*4242$/)).toBeVisible();
  await screenshot(page, testInfo, 'stripe-google-pay-sheet', false);
  await googlePaySheet(page).getByRole('button', { name: 'Continue' }).click();
  await expectConfirmation(page, email);
  const confirms = requests.filter(isConfirm);
  expect(confirms.map((request) => new URLSearchParams(request.postData() ?? '').get('payment_method'))).toEqual(['pm_card_visa']);
  expect(errors).toEqual([]);
});

test('when the Express Checkout Element cannot load, or the device has no wallet, the card form still works', async ({ page }, testInfo) => {
  // Its frame cannot be reached: Stripe.js reports a load error, and the shopper is told in the wallet's place.
  await page.route(`${STAND_IN}/elements/express-checkout*`, (route) => route.abort());
  await guestReadyToPay(page, testInfo, 'stripe-wallet-down');
  const payment = section(page, 'Payment');
  await expect(payment.getByRole('alert')).toHaveText(WALLET_FAILED);
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await scan(page);

  // A browser without Google Pay (nor any other wallet): Stripe shows no buttons, so the section goes.
  await page.unroute(`${STAND_IN}/elements/express-checkout*`);
  await page.addInitScript(() => Reflect.deleteProperty(window, 'PaymentRequest'));
  await page.reload();
  await expect(section(page, 'Payment')).toBeVisible();
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await expect(payment.getByRole('heading', { name: 'Express checkout' })).toBeHidden();
  await expect(payment.getByRole('alert')).toHaveCount(0);
  await fillStripeCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expect(page).toHaveURL(/\/checkout\/confirmation\/BP-\w{3}-\w{3}-\w{3}$/);
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
  await expect(section(page, 'Payment').getByRole('alert')).toHaveText(
    'Your bank did not confirm the payment, so you have not been charged. Pay again to try once more, or use another card.',
  );
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
  await expect(payment.getByRole('alert').filter({ hasText: 'Card payment is unavailable just now.' })).toBeVisible();
  // The wallet comes from the same Stripe.js: its place says so, as the sandbox's does.
  await expect(payment.getByRole('alert').filter({ hasText: WALLET_FAILED })).toHaveText(WALLET_FAILED);
  // Pay is never a dead button: pressed now, it says what to do.
  await payButton(page).click();
  await expect(payment.getByRole('alert').filter({ hasText: 'The card form couldn’t be loaded: press Try again above it, then pay.' })).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'stripe-unavailable');

  await page.unroute(`${STAND_IN}/v3/`);
  await payment.getByRole('button', { name: 'Try again' }).click();
  await expect(paymentElement(page).getByLabel('Card number')).toBeVisible();
  await expect(googlePay(page)).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await expect(payment.getByRole('alert')).toHaveCount(0);
});
