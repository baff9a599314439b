import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { registerAndSignIn, uniqueEmail } from './checkout-steps.ts';
import { chooseFirstOpenDay, placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR, STRIPE_SHOP_PORT, STRIPE_STANDIN_PORT } from './pages.ts';

// A new account (its verification e-mail), two orders and a bank's check, on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const bankCheck = (page: Page) => page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
const checkPage = (page: Page) => page.frameLocator('iframe[title="Your bank’s security check"]');

/**
 * A customer with a card kept at checkout pays an order change's difference with it, without typing
 * it again: a card whose bank asks for its check each time (3155), so the bank's dialog opens, is
 * closed once (nothing charged, said why), then passed, and the order is changed.
 */
test('a customer pays an order change’s difference with a saved card, answering the bank’s check', async ({ page, browser }, testInfo) => {
  const errors = collectErrors(page);
  const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-order-change-${name}.png`, fullPage: true });
  // A new account of its own: the card saved is nobody else's, and no other test's cards are offered.
  const email = uniqueEmail(testInfo, 'change-saved-card');
  await registerAndSignIn(page, browser, testInfo, email);
  const { access_token } = (await storedUser(page))!;
  // The card is kept, with consent, by paying for an order with it.
  const orderNumber = await placeTestOrder(page.request, { email, accessToken: access_token, saveCard: true, cardNumber: '4000 0025 0000 3155' });

  await page.goto(`/account/orders/${orderNumber}`);
  await page.getByRole('link', { name: 'Change this order online' }).click();
  await expect(page.getByRole('heading', { name: `Change order ${orderNumber}` })).toBeVisible();
  await page.getByLabel('Product code to add').fill('PL000109-2');
  await page.getByRole('button', { name: 'Add item' }).click();
  const toPay = page.getByText(/^Difference to pay: £[\d,]+\.\d\d$/);
  await expect(toPay).toBeVisible();
  const amount = (await toPay.textContent())!.replace('Difference to pay: ', '');
  await page.getByRole('button', { name: 'Complete changes' }).click();

  // The saved card is offered beside the card field; the card field is still there for another card.
  const saved = page.getByRole('group', { name: 'Pay with a saved card' });
  const payWithSaved = saved.getByRole('button', { name: `Pay ${amount} with Visa ending 3155` });
  await expect(payWithSaved).toBeVisible();
  await expect(page.frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeVisible();
  await expectNoViolations(page);
  await shot('saved-card');

  // Its bank asks for the check; closed before answering, nothing is taken and the page says so.
  await payWithSaved.click();
  await expect(bankCheck(page)).toBeVisible();
  await expect(checkPage(page).getByText('Visa card ending 3155')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bankCheck(page)).toBeHidden();
  await expect(page.getByRole('alert')).toHaveText('You closed your bank’s check before it finished, so you have not been charged. Press Pay to try again.');

  // Asked again, and passed: the order is changed and keeps its number.
  await page
    .getByRole('group', { name: 'Pay with a saved card' })
    .getByRole('button', { name: `Pay ${amount} with Visa ending 3155` })
    .click();
  await checkPage(page).getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=changed$`));
  // Opened again, the added item is on the order and nothing more is to pay.
  await page.getByRole('link', { name: 'Change this order online' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'PL000109-2' })).toBeVisible();
  await expect(page.getByText('No difference to pay')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('with Stripe', () => {
  // The shop configured for Stripe: its API and Stripe.js are the local stand-in's (Stripe is unreachable here).
  test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });
  const stripeChallenge = (page: Page) => page.frameLocator('iframe[title="Payment authentication challenge"]');
  const STAND_IN = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;
  // The first: runs against one stand-in (the desktop's and the phone's, side by side) keep the card more than once.
  const payWithSavedCard = (page: Page, amount: string) =>
    page
      .getByRole('group', { name: 'Pay with a saved card' })
      .getByRole('button', { name: `Pay ${amount} with Visa ending 3155` })
      .first()
      .click();

  /**
   * As above on the Stripe shop, by a trade customer: the saved card is charged by the shop's server, and its bank's
   * check is Stripe.js's to show (as at checkout), for an order change's difference and then a delivery upgrade's.
   */
  test('a trade customer pays an order change’s and a delivery upgrade’s difference with a saved card, passing Stripe’s bank check @phone', async ({
    page,
  }, testInfo) => {
    const errors = collectErrors(page);
    // The demo trade customer (a trade account is an application staff approve, not a sign-up), whose card is kept at
    // Stripe by paying for a trade-priced order with it: its cards are offered as a retail shopper's are.
    await signIn(page, DEMO.trade.email);
    const { access_token } = (await storedUser(page))!;
    const orderNumber = await placeTestOrder(page.request, {
      email: DEMO.trade.email,
      accessToken: access_token,
      saveCard: true,
      cardNumber: '4000 0025 0000 3155',
      stripeStandIn: STAND_IN,
    });

    await page.goto(`/account/orders/${orderNumber}/change`);
    await expect(page.getByRole('heading', { name: `Change order ${orderNumber}` })).toBeVisible();
    await page.getByLabel('Product code to add').fill('PL000109-2');
    await page.getByRole('button', { name: 'Add item' }).click();
    // At trade prices the difference says it is charged with VAT.
    const toPay = page.getByText(/^Difference to pay \(inc VAT\): £[\d,]+\.\d\d$/);
    const amount = (await toPay.textContent())!.replace('Difference to pay (inc VAT): ', '');
    await page.getByRole('button', { name: 'Complete changes' }).click();
    await payWithSavedCard(page, amount);
    await expect(stripeChallenge(page).getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-order-change-stripe-saved-card-check.png`, animations: 'disabled' });
    await stripeChallenge(page).getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=changed$`));
    await page.getByRole('link', { name: 'Change this order online' }).click();
    await expect(page.getByText('No difference to pay')).toBeVisible();

    // A basin tap's order (a parcel: a specific day costs more than its standard delivery), upgraded: the saved card asks again.
    const tapOrder = await placeTestOrder(page.request, { email: DEMO.trade.email, accessToken: access_token, sku: 'PL000436-1', stripeStandIn: STAND_IN });
    await page.goto(`/account/orders/${tapOrder}/upgrade-delivery`);
    await chooseFirstOpenDay(page);
    const upgrade = (await page.getByText(/^Difference to pay: £\d+\.\d\d$/).textContent())!.replace('Difference to pay: ', '');
    await page.getByRole('button', { name: 'Use the order’s billing address' }).click();
    await page.getByRole('checkbox', { name: /^I agree to pay / }).check();
    // The saved card is offered as the action answers, while the page's data is still loading after it: held here, the
    // card waits for it (a press would interrupt that load), and is offered once it has come.
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/upgrade-delivery\.data/, async (route) => {
      if (route.request().method() === 'GET') await loaded;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const savedCard = page
      .getByRole('group', { name: 'Pay with a saved card' })
      .getByRole('button', { name: `Pay ${upgrade} with Visa ending 3155` })
      .first();
    await expect(savedCard).toBeDisabled();
    release();
    await expect(savedCard).toBeEnabled();
    await page.unroute(/\/upgrade-delivery\.data/);
    await payWithSavedCard(page, upgrade);
    await stripeChallenge(page).getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${tapOrder}\\?done=upgraded$`));
    await expect(page.getByRole('region', { name: 'Delivery' }).getByText('Specific day')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
