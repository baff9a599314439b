import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { fillCard, fillStripeCard, registerAndSignIn, uniqueEmail } from './checkout-steps.ts';
import { chooseFirstOpenDay, placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR, STRIPE_SHOP_PORT, STRIPE_STANDIN_PORT } from './pages.ts';

// A sign-in, an order, a change and a card payment with the bank's check, on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A basin waste (a parcel, in stock in the demo catalogue): what a customer forgot to order with their basin. */
const BASIN_WASTE = 'PL000656-1';
/** A basin tap: a parcel, so its standard delivery costs less than a specific day. */
const TAP = 'PL000436-1';
const STAND_IN = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-difference-${name}.png`, fullPage: true, animations: 'disabled' });

/** Signed in as the demo shopper, with an order of theirs placed. */
async function customerWithOrder(page: Page, options: { sku?: string } = {}) {
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  return placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token, ...(options.sku && { sku: options.sku }) });
}

/**
 * On the Stripe shop, a customer of the test's own, signed up and confirmed from the e-mail its mail relay
 * took, with an order placed through Stripe's stand-in: no other test's orders, cards or changes are theirs.
 */
async function newStripeCustomerWithOrder(page: Page, browser: Browser, testInfo: TestInfo, options: { sku?: string } = {}) {
  const email = uniqueEmail(testInfo, 'stripe-difference');
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Cardholder', true);
  // The sign-up's own address (a header browsers never send) would make Stripe.js's calls to Stripe cross-origin requests that need permission.
  await page.setExtraHTTPHeaders({});
  const { access_token } = (await storedUser(page))!;
  return placeTestOrder(page.request, { email, accessToken: access_token, stripeStandIn: STAND_IN, ...(options.sku && { sku: options.sku }) });
}

/** Adds the basin waste on the order's change page and completes: the difference to pay, as the page says it. */
async function addBasinWaste(page: Page, orderNumber: string) {
  await page.goto(`/account/orders/${orderNumber}`);
  await page.getByRole('link', { name: 'Change this order online' }).click();
  await expect(page.getByRole('heading', { name: `Change order ${orderNumber}` })).toBeVisible();
  await page.getByLabel('Product code to add').fill(BASIN_WASTE);
  await page.getByRole('button', { name: 'Add item' }).click();
  const toPay = page.getByText(/^Difference to pay: £[\d,]+\.\d\d$/);
  await expect(toPay).toBeVisible();
  const amount = (await toPay.textContent())!.replace('Difference to pay: ', '');
  await page.getByRole('button', { name: 'Complete changes' }).click();
  return amount;
}

/** The order page after the change: the same order number, now holding the basin waste. */
async function expectChanged(page: Page, orderNumber: string) {
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=changed$`));
  await expect(page.getByRole('main').getByText('Harlow & Finch Hexham Basin Waste').first()).toBeVisible();
}

test.describe('with the sandbox gateway', () => {
  // At 1366 px only: the sandbox's card form and bank check at 390 px are delivery-upgrade.spec.ts's (@phone).
  test('a customer adds a basin waste to an undispatched order and pays the difference with a new card that asks for the bank’s check', async ({
    page,
  }, testInfo) => {
    const errors = collectErrors(page);
    const orderNumber = await customerWithOrder(page);
    const amount = await addBasinWaste(page, orderNumber);

    // The card form as checkout shows it, with the wallet above it.
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay with Sandbox Pay, ${amount}` })).toBeVisible();
    await fillCard(page, '4000 0025 0000 3155');
    await expectNoViolations(page);
    await shot(page, testInfo, 'change-card');
    await page.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();

    // Closed before answering: nothing taken, said beside the button, and the check can be taken up again.
    const bankCheck = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
    const challenge = page.frameLocator('iframe[title="Your bank’s security check"]');
    await expect(challenge.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await bankCheck.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'You closed your bank’s check before it finished' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue the bank check' }).click();
    await expect(challenge.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await expectNoViolations(page);
    await shot(page, testInfo, 'change-bank-check');
    await challenge.getByRole('button', { name: 'Complete' }).click();

    await expectChanged(page, orderNumber);
    expect(errors).toEqual([]);
  });

  test('a customer pays an order change’s difference with the wallet button', async ({ page }) => {
    const errors = collectErrors(page);
    const orderNumber = await customerWithOrder(page);
    const amount = await addBasinWaste(page, orderNumber);
    await page.getByRole('button', { name: `Pay with Sandbox Pay, ${amount}` }).click();
    await expectChanged(page, orderNumber);
    expect(errors).toEqual([]);
  });
});

test.describe('with Stripe', () => {
  // The shop configured for Stripe: its API and Stripe.js are the local stand-in's (Stripe is unreachable here).
  test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });
  const stripeChallenge = (page: Page) => page.frameLocator('iframe[title="Payment authentication challenge"]');

  test('a customer adds a basin waste and pays the difference in Stripe’s card form with a card that asks for the bank’s check @phone', async ({
    page,
    browser,
  }, testInfo) => {
    const errors = collectErrors(page);
    const orderNumber = await newStripeCustomerWithOrder(page, browser, testInfo);
    const amount = await addBasinWaste(page, orderNumber);

    await fillStripeCard(page, '4000 0025 0000 3155');
    await expectNoViolations(page);
    await shot(page, testInfo, 'stripe-change-card');
    await page.getByRole('button', { name: `Pay ${amount}`, exact: true }).click();
    await expect(stripeChallenge(page).getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    // One bank check for the one payment: a second drawn over it would take the press meant for the first.
    const bankCheck = page.getByRole('dialog', { name: 'Payment authentication' });
    await expect(bankCheck).toHaveCount(1);
    await stripeChallenge(page).getByRole('button', { name: 'Complete' }).click();
    // The bank's answer closes its check: the press reached the bank's page, and the change is then made.
    await expect(bankCheck).toHaveCount(0);
    await expectChanged(page, orderNumber);
    expect(errors).toEqual([]);
  });

  test('a customer pays an order change’s difference with Google Pay, which Stripe offers on this device', async ({ page, browser }, testInfo) => {
    const errors = collectErrors(page);
    const orderNumber = await newStripeCustomerWithOrder(page, browser, testInfo);
    const amount = await addBasinWaste(page, orderNumber);
    const googlePay = page.frameLocator('iframe[title="Secure express checkout frame"]').getByRole('button', { name: 'Buy with Google Pay' });
    await expect(page.getByRole('heading', { name: 'Express checkout' })).toBeVisible();
    await googlePay.click();
    const sheet = page.frameLocator('iframe[title="Google Pay payment sheet"]');
    await expect(sheet.getByText(amount, { exact: true })).toBeVisible();
    await sheet.getByRole('button', { name: 'Continue' }).click();
    await expectChanged(page, orderNumber);
    expect(errors).toEqual([]);
  });

  // At 1366 px only: Stripe's card form and bank check on an order's page at 390 px are the basin waste test's above (@phone).
  test('a customer upgrades delivery and pays in Stripe’s card form with a card that asks for the bank’s check', async ({ page, browser }, testInfo) => {
    const errors = collectErrors(page);
    const orderNumber = await newStripeCustomerWithOrder(page, browser, testInfo, { sku: TAP });
    await page.goto(`/account/orders/${orderNumber}/upgrade-delivery`);
    const dayName = await chooseFirstOpenDay(page);
    const toPay = (await page.getByText(/^Difference to pay: £\d+\.\d\d$/).textContent())!.replace('Difference to pay: ', '');
    await page.getByRole('button', { name: 'Use the order’s billing address' }).click();
    await page.getByRole('checkbox', { name: /^I agree to pay / }).check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await fillStripeCard(page, '4000 0025 0000 3155');
    await expectNoViolations(page);
    await shot(page, testInfo, 'stripe-upgrade-card');
    await page.getByRole('button', { name: `Pay ${toPay}`, exact: true }).click();
    await expect(stripeChallenge(page).getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await stripeChallenge(page).getByRole('button', { name: 'Complete' }).click();

    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=upgraded$`));
    await expect(page.getByRole('region', { name: 'Delivery' }).getByText(`Arrives ${dayName}`)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
