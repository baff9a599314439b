import { test, type Page } from '@playwright/test';
import { collectErrors } from './auth.ts';
import {
  addBasin,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillAddress,
  fillCard,
  fillContact,
  main,
  openCheckout,
  pay,
  payButton,
  scan,
  screenshot,
  section,
  stepsBeforePayment,
  uniqueEmail,
} from './checkout-steps.ts';

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

/** What the steps, the order summary and the confirmation say in place of a delivery address. */
const COLLECT_FROM = 'Click & collect from the trade counter';
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

test('a guest collects from the trade counter: no delivery address is asked, and the order is placed', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  const email = uniqueEmail(testInfo, 'collect');
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, email);

  // Step 2: collecting asks for no address, and says where and when.
  const step = section(page, 'Delivery address');
  await step.getByRole('radio', { name: COLLECT_FROM }).check();
  await expect(step.getByLabel('Address line 1')).toHaveCount(0);
  await expect(step.getByText('The Plumbline trade counter')).toBeVisible();
  await expect(step.getByText(/^Ready \w+day \d+ \w+$/)).toBeVisible();
  await expect(step).toContainText(`We’ll e-mail ${email} when your order is ready for Alex Guest to collect`);
  await scan(page);
  await screenshot(page, testInfo, 'collect');
  await step.getByRole('button', { name: 'Continue to billing' }).click();

  // The steps say collection; billing asks for the card's address, with no "same as delivery".
  const billing = section(page, 'Billing');
  await expect(billing.getByLabel('Full name')).toHaveValue('Alex Guest');
  await expect(billing.getByLabel('My billing address is the same as my delivery address')).toHaveCount(0);
  await expect(section(page, 'Collection')).toContainText(COLLECT_FROM);
  await expect(section(page, 'Collection')).toContainText(/Ready \w+day/);
  await expect(section(page, 'Delivery')).toContainText('Click & collect (trade counter)');
  await expect(summary(page)).toContainText(COLLECT_FROM);
  await scan(page);
  await billing.getByLabel('Address line 1').fill('10 Test Street');
  await billing.getByLabel('Town or city').fill('London');
  await billing.getByLabel('Postcode').fill('SW1A 1AA');
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(section(page, 'Billing')).toContainText('Alex Guest, 10 Test Street, London, SW1A 1AA');

  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
  const collection = main(page).getByRole('region', { name: 'Collection' });
  await expect(collection).toContainText(COLLECT_FROM);
  await expect(collection).toContainText(/Ready \w+day/);
  await expect(collection).toContainText('We’ll e-mail you when it’s ready to collect');
  await scan(page);
  await screenshot(page, testInfo, 'collect-confirmation');
  expect(errors).toEqual([]);
});

test('choosing click & collect drops the delivery address, and choosing delivery again asks for it', async ({ page }, testInfo) => {
  await addBasin(page);
  await openCheckout(page);
  await stepsBeforePayment(page, uniqueEmail(testInfo, 'collect-switch'));
  await expect(payButton(page)).toBeEnabled();

  // Changed to click & collect at the delivery step: the address and "billing as delivery" go.
  await section(page, 'Delivery').getByRole('button', { name: 'Change delivery' }).click();
  await section(page, 'Delivery').getByRole('radio', { name: /^Click & collect/ }).check();
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Collection')).toContainText(COLLECT_FROM);
  await expect(section(page, 'Collection')).not.toContainText('SW1A 1AA');
  const billing = section(page, 'Billing');
  await expect(billing.getByLabel('Address line 1')).toBeVisible();
  await expect(billing.getByLabel('My billing address is the same as my delivery address')).toHaveCount(0);

  // Back to a delivered option: the address is asked for again before anything else.
  await section(page, 'Delivery').getByRole('button', { name: 'Change delivery' }).click();
  await section(page, 'Delivery').getByRole('radio', { name: /^Standard/ }).check();
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to delivery address' }).click();
  const address = section(page, 'Delivery address');
  await expect(address.getByLabel('Address line 1')).toHaveValue('');
  await expect(address.getByRole('radio', { name: 'Deliver to an address' })).toBeChecked();
  await scan(page);
  await fillAddress(page);
  await expect(section(page, 'Delivery address')).toContainText('SW1A 1AA');
  await expect(summary(page)).not.toContainText(COLLECT_FROM);
  // Billing chosen as "the same as delivery" earlier holds again, now there is a delivery address.
  await expect(section(page, 'Billing')).toContainText('Same as the delivery address');
  await expect(payButton(page)).toBeEnabled();
});
