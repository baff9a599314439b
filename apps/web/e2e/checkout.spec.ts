import { test } from './test.ts';
import { collectErrors, DEMO, header, pageReady, signIn } from './auth.ts';
import {
  addBasin,
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  completeSteps,
  declinedThenPaid,
  expect,
  expectConfirmation,
  fillAddress,
  fillCard,
  fillContact,
  guestReadyToPay,
  layoutShift,
  main,
  openCheckout,
  pay,
  newAccountPassword,
  registerAndSignIn,
  payButton,
  scan,
  screenshot,
  section,
  toPaymentSignedIn,
  uniqueEmail,
  WALLET_FAILED,
} from './checkout-steps.ts';
import { staffMailbox } from './mailbox.ts';

// Every step is a real API call and paying goes through the sandbox gateway: slow on a busy machine.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

test('a guest checks out step by step, pays by card and tracks the order', { tag: '@phone' }, async ({ page, browser }, testInfo) => {
  const errors = collectErrors(page);
  const email = uniqueEmail(testInfo, 'guest');

  // An empty basket has nothing to check out.
  await page.goto('/checkout');
  await expect(main(page).getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Start shopping' })).toBeVisible();

  await addBasin(page);
  // The wallet provider's script cannot be reached: the shopper is told, and the card still works.
  await page.route('**/api/payments/sandbox/wallet.js', (route) => route.abort());
  await openCheckout(page);
  expect(await layoutShift(page)).toBeLessThan(0.1);
  await scan(page);
  await screenshot(page, testInfo, '1-details');

  // Step 1: a phone number that is not a UK one is refused beside the field.
  await fillContact(page, email, '12345');
  await expect(section(page, 'Your details').getByLabel('Phone number')).toHaveAccessibleDescription(
    /Error: Enter a UK phone number, like 07700 900123 or 020 7946 0000$/,
  );
  await expect(section(page, 'Your details').getByLabel('Phone number')).toHaveAttribute('aria-invalid', 'true');
  await scan(page);
  await fillContact(page, email);

  // Step 2: so is a postcode that is not a UK one.
  await expect(section(page, 'Delivery address').getByLabel('Full name')).toHaveValue('Alex Guest');
  await fillAddress(page, '12345');
  const postcode = section(page, 'Delivery address').getByLabel('Postcode');
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toHaveAccessibleDescription(/Error: .*not a UK postcode/);
  await scan(page);
  await screenshot(page, testInfo, '2-address-invalid');
  await fillAddress(page);

  // Step 3: the basket's options as radio cards, one chosen.
  const delivery = section(page, 'Delivery');
  await expect(delivery.getByRole('radio').first()).toBeVisible();
  await expect(delivery.getByRole('radio', { checked: true })).toHaveCount(1);
  await scan(page);
  await screenshot(page, testInfo, '3-delivery');
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();

  // Step 4: billing as delivery.
  const billing = section(page, 'Billing');
  await expect(billing.getByLabel('My billing address is the same as my delivery address')).toBeChecked();
  await scan(page);
  await billing.getByRole('button', { name: 'Continue to payment' }).click();

  // Finished steps show what was entered, with a way to change it.
  await expect(section(page, 'Your details')).toContainText(email);
  await expect(section(page, 'Delivery address')).toContainText('SW1A 1AA');
  await expect(section(page, 'Your details').getByRole('button', { name: 'Change your details' })).toBeVisible();

  // Step 5: the wallet's failure is said, and paying by card goes on.
  const payment = section(page, 'Payment');
  await expect(payment.getByText(WALLET_FAILED, { exact: true })).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await scan(page);
  await screenshot(page, testInfo, '5-payment');
  await pay(page);

  const orderNumber = await expectConfirmation(page, email);
  await scan(page);
  await screenshot(page, testInfo, 'confirmation');

  const mails = await staffMailbox(browser, testInfo, email);
  expect(mails.map((mail) => mail.subject)).toContain(`Order confirmed: ${orderNumber}`);

  // Tracking: the number comes from the link, the e-mail is typed.
  await main(page).getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(/\/track-order\?orderNumber=BP-\w{3}-\w{3}-\w{3}$/);
  await expect(main(page).getByLabel('Order number')).toHaveValue(orderNumber);
  await main(page).getByLabel('E-mail address').fill('someone-else@plumbline.test');
  await main(page).getByRole('button', { name: 'Track order' }).click();
  await expect(main(page).getByRole('alert')).toContainText('We couldn’t find an order with that number and e-mail address');
  await main(page).getByLabel('E-mail address').fill(email);
  await main(page).getByRole('button', { name: 'Track order' }).click();
  await expect(main(page).getByRole('heading', { name: `Order ${orderNumber}: Order placed` })).toBeVisible();
  await expect(main(page).getByRole('listitem').filter({ hasText: 'Order placed' })).toHaveAttribute('aria-current', 'step');
  await expect(main(page)).toContainText(BASIN_NAME);
  await scan(page);
  await screenshot(page, testInfo, 'tracking');

  // The API's refusals (too many lookups, unreachable) are worded by the page's action: track-order.test.ts.
  expect(errors.filter((error) => !error.includes('wallet'))).toEqual([]);
});

test('a card that needs the bank’s check places the order once the check is completed', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'challenge');
  await addBasin(page);
  await openCheckout(page);
  // Specific-day delivery, its day chosen with the keyboard: the next open day after the first.
  await completeSteps(page, email, async () => {
    const delivery = section(page, 'Delivery');
    await delivery.getByRole('radio', { name: /^Specific day/ }).check();
    const days = delivery.getByRole('radiogroup', { name: 'Choose your delivery day' });
    const openDays = days.getByRole('radio', { name: /£/ });
    await openDays.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect(openDays.nth(1)).toBeChecked();
    await expect(delivery.getByText(/^Delivery on /)).toBeVisible();
    await scan(page);
    await screenshot(page, testInfo, 'specific-day');
  });
  await expect(section(page, 'Delivery')).toContainText('Specific day');
  await fillCard(page, '4000 0025 0000 3155');
  await pay(page);

  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  await expect(dialog).toBeVisible();
  const challenge = page.frameLocator('iframe[title="Your bank’s security check"]');
  await expect(challenge.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(section(page, 'Payment').getByRole('status')).toContainText('Waiting for your bank’s security check');
  await scan(page);
  await screenshot(page, testInfo, 'challenge', false);
  await challenge.getByRole('button', { name: 'Complete' }).click();

  await expectConfirmation(page, email);
});

test('a bank check closed part-way can be continued, survives a reload, and any card still pays', async ({ page }, testInfo) => {
  const email = await guestReadyToPay(page, testInfo, 'unfinished-check');
  await fillCard(page, '4000 0025 0000 3155');
  await pay(page);
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
  const challenge = page.frameLocator('iframe[title="Your bank’s security check"]');
  await expect(challenge.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();

  // Closed with ×: the shopper is told nothing was taken, and the check is offered again.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const payment = section(page, 'Payment');
  await expect(payment.getByRole('alert')).toContainText('You closed your bank’s check before it finished, so you have not been charged.');
  await payment.getByRole('button', { name: 'Continue the bank check' }).click();
  await expect(challenge.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A reload finds the same payment still waiting for the bank, and says so.
  await page.reload();
  await expect(payment.getByText('Your bank’s security check is not finished.')).toBeVisible();
  await expect(payment.getByRole('button', { name: 'Continue the bank check' })).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await scan(page);
  await screenshot(page, testInfo, 'unfinished-check');

  // Paying with another card simply works.
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
});

test('a declined card is said beside the button, and paying again with another card works', async ({ page }, testInfo) => {
  await declinedThenPaid(page, testInfo, 'declined', (number) => fillCard(page, number));
});

test('a signed-in shopper finds their details filled in and their order on the account page', async ({ page }, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  await addBasin(page);
  await openCheckout(page);
  const details = section(page, 'Your details');
  await expect(details.getByLabel('E-mail address')).toHaveValue(DEMO.shopper.email);
  await expect(details.getByLabel('First name')).toHaveValue('Sam');
  await details.getByLabel('Phone number').fill('020 7946 0000');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await fillAddress(page);
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
  // This time with the wallet button, which pays with the card the wallet holds.
  const wallet = section(page, 'Payment').getByRole('button', { name: /^Pay with Sandbox Pay, £[\d,.]+$/ });
  await expect(wallet).toBeVisible();
  await screenshot(page, testInfo, 'wallet');
  await wallet.click();
  const orderNumber = await expectConfirmation(page, DEMO.shopper.email);

  await page.goto('/account');
  const orders = main(page).getByRole('region', { name: 'Your orders' });
  await expect(orders).toContainText(orderNumber);
  await orders.getByRole('link', { name: 'All your orders' }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(main(page).getByRole('link', { name: `View order ${orderNumber}` })).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'account-orders');
});

test('a guest who signs in part-way through a step keeps what they typed: the provider opens in a popup', async ({ page, browser }, testInfo) => {
  // An account of its own, made in another browser, so no earlier basket of its own takes over the checkout.
  const email = uniqueEmail(testInfo, 'part-way');
  const elsewhere = await browser.newContext();
  await registerAndSignIn(await elsewhere.newPage(), browser, testInfo, email, 'Robin Partway');
  await elsewhere.close();

  await addBasin(page);
  await openCheckout(page);
  await pageReady(page);
  await section(page, 'Your details').getByLabel('Phone number').fill('07700 900456');
  const popupPromise = page.waitForEvent('popup');
  await header.signIn(page).click();
  const popup = await popupPromise;
  await popup.getByLabel('E-mail address').fill(email);
  await popup.getByLabel('Password').fill(newAccountPassword(testInfo));
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(header.accountMenu(page, 'Robin Partway')).toBeVisible();
  await expect(page).toHaveURL('/checkout');
  // The basket is now the shopper's; the step still holds what was typed.
  const details = section(page, 'Your details');
  await expect(details.getByLabel('Phone number')).toHaveValue('07700 900456');
  await details.getByLabel('E-mail address').fill(email);
  await details.getByLabel('First name').fill('Robin');
  await details.getByLabel('Last name').fill('Partway');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await expect(section(page, 'Your details')).toContainText('07700 900456');
});

test('a signed-in shopper saves a card with consent and pays with it next time', async ({ page }, testInfo) => {
  await signIn(page, DEMO.trade.email);
  await toPaymentSignedIn(page);
  const payment = section(page, 'Payment');
  await payment.getByLabel('Save this card for next time').check();
  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, DEMO.trade.email);

  // Next time the card is offered, and paying with it places the order.
  await toPaymentSignedIn(page);
  const saved = section(page, 'Payment').getByRole('group', { name: 'Pay with a saved card' });
  await expect(saved.getByRole('radio', { name: /^Visa ending 4242/ }).first()).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'saved-card');
  await saved.getByRole('button', { name: /^Pay £[\d,.]+ with Visa ending 4242$/ }).click();
  await expectConfirmation(page, DEMO.trade.email);
});
