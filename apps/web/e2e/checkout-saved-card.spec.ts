import { test, type Page } from './test.ts';
import {
  addBasin,
  cardFrame,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillCard,
  openCheckout,
  pay,
  payButton,
  registerAndSignIn,
  scan,
  screenshot,
  section,
  stepsBeforePayment,
  toPaymentSignedIn,
  uniqueEmail,
} from './checkout-steps.ts';

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const bankCheck = (page: Page) => page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
const checkPage = (page: Page) => page.frameLocator('iframe[title="Your bank’s security check"]');

/**
 * A saved card whose bank wants a check each time (Stripe's 3155 test card): paying with it opens
 * the same bank-check dialog as the card form. A new account, so no other test's cards are offered.
 */
test('a saved card that needs the bank’s check: closed or failed charges nothing, passed places the order', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, 'saved-3ds');
  await registerAndSignIn(page, browser, testInfo, email);

  // First order: the card is kept with consent, after passing the check.
  await toPaymentSignedIn(page);
  await section(page, 'Payment').getByLabel('Save this card for next time').check();
  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4000 0025 0000 3155');
  await pay(page);
  await checkPage(page).getByRole('button', { name: 'Complete' }).click();
  await expectConfirmation(page, email);

  // Next time: the saved card, and its bank asks again.
  await toPaymentSignedIn(page);
  const saved = section(page, 'Payment').getByRole('group', { name: 'Pay with a saved card' });
  await expect(saved.getByRole('radio', { name: /^Visa ending 3155/ })).toBeChecked();
  const payWithSaved = saved.getByRole('button', { name: /^Pay £[\d,.]+ with Visa ending 3155$/ });
  await payWithSaved.click();
  await expect(bankCheck(page)).toBeVisible();
  await expect(checkPage(page).getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await expect(checkPage(page).getByText('Visa card ending 3155')).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'saved-card-challenge', false);

  // Closed before answering: nothing taken, said beside the saved card's button.
  await page.keyboard.press('Escape');
  await expect(bankCheck(page)).toBeHidden();
  await expect(saved.getByRole('alert')).toHaveText(
    'You closed your bank’s check before it finished, so you have not been charged. Pay again to try once more.',
  );
  await expect(payWithSaved).toBeEnabled();

  // The bank says no.
  await payWithSaved.click();
  await checkPage(page).getByRole('button', { name: 'Fail' }).click();
  await expect(bankCheck(page)).toBeHidden();
  await expect(saved.getByRole('alert')).toHaveText(
    'Your bank did not confirm the payment, so you have not been charged. Pay again to try once more, or use another card.',
  );
  await scan(page);
  await screenshot(page, testInfo, 'saved-card-check-failed');

  // Asked again, and passed: the order is placed.
  await payWithSaved.click();
  await checkPage(page).getByRole('button', { name: 'Complete' }).click();
  await expectConfirmation(page, email);
});

/** Issue 33: ticking the box after typing the card emptied the card field, and Pay then seemed to do nothing. */
test(
  'ticking “Save this card” after typing the card keeps what was typed, and Pay pays and keeps the card',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    const email = uniqueEmail(testInfo, 'save-after-typing');
    await registerAndSignIn(page, browser, testInfo, email);
    await toPaymentSignedIn(page);
    await fillCard(page, '4242 4242 4242 4242');
    await section(page, 'Payment').getByLabel('Save this card for next time').check();
    await expect(cardFrame(page).getByLabel('Card number')).toHaveValue(/^4242 ?4242 ?4242 ?4242$/);
    await expect(cardFrame(page).getByLabel('Security code')).toHaveValue('123');
    await scan(page);
    await screenshot(page, testInfo, 'save-card-ticked', false);
    await pay(page);
    await expectConfirmation(page, email);

    await toPaymentSignedIn(page);
    const saved = section(page, 'Payment').getByRole('group', { name: 'Pay with a saved card' });
    await expect(saved.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked();
  },
);

/** Issue 33: Pay pressed before the card form can take a card answers beside it, rather than seeming to do nothing. */
test('Pay pressed while the card form is still loading, or with the card not typed, says why; then it pays', { tag: '@phone' }, async ({ page }, testInfo) => {
  // The card form's page held back until Pay has been pressed: the form is still loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/payments\/sandbox\/elements\b/, async (route) => {
    await held;
    await route.continue();
  });
  const email = uniqueEmail(testInfo, 'pay-too-soon');
  await addBasin(page);
  await openCheckout(page);
  await stepsBeforePayment(page, email);
  const payment = section(page, 'Payment');
  await pay(page);
  await expect(payment.getByRole('alert')).toHaveText('The card form is still loading. Wait a moment for it to appear, then press Pay again.');
  await scan(page);
  await screenshot(page, testInfo, 'pay-while-loading', false);

  // Loaded but empty: the form shows what to type, and the page says so beside Pay.
  release();
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  // The form is there: "still loading" is no longer true, so it is no longer said.
  await expect(payment.getByText('The card form is still loading.', { exact: false })).toHaveCount(0);
  await pay(page);
  await expect(payment.getByRole('alert')).toHaveText('Check your card details: the card form shows what needs changing.');
  await expect(cardFrame(page).getByText('Enter your card number.')).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
});
