import { test, type Page } from '@playwright/test';
import {
  cardFrame,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillCard,
  pay,
  payButton,
  registerAndSignIn,
  scan,
  screenshot,
  section,
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
test('ticking “Save this card” after typing the card keeps what was typed, and Pay pays and keeps the card', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, 'save-after-typing');
  await registerAndSignIn(page, browser, testInfo, email);
  await toPaymentSignedIn(page);
  await fillCard(page, '4242 4242 4242 4242');
  await section(page, 'Payment').getByLabel('Save this card for next time').check();
  await expect(cardFrame(page).getByLabel('Card number')).toHaveValue(/^4242 ?4242 ?4242 ?4242$/);
  await expect(cardFrame(page).getByLabel('Security code')).toHaveValue('123');
  await pay(page);
  await expectConfirmation(page, email);

  await toPaymentSignedIn(page);
  const saved = section(page, 'Payment').getByRole('group', { name: 'Pay with a saved card' });
  await expect(saved.getByRole('radio', { name: /^Visa ending 4242/ })).toBeChecked();
});
