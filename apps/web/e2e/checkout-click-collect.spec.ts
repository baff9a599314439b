import { test, type Page } from './test.ts';
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

/** The choice at the address step. */
const COLLECT_FROM = 'Click & collect from the trade counter';
/** What the steps, the order summary and the confirmation say in place of a delivery address. */
const BRANCH = 'Plumbline Leeds trade counter';
const BRANCH_ADDRESS = 'Unit 4 Canal Wharf, Leeds LS11 5PS';
const OPENING_HOURS = ['Monday to Friday: 7am to 5pm', 'Saturday: 8am to midday', 'Closed on Sundays and bank holidays'];
/** An hour after ordering while the counter is open, else after it opens: today, tomorrow or a named day. */
const READY = /Ready to collect from (\d{1,2}(:30)?[ap]m|midday) (today|tomorrow|on \w+day \d{1,2} \w+)/;
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

test('a guest collects from the trade counter: no delivery address is asked, and the order is placed', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  const email = uniqueEmail(testInfo, 'collect');
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, email);

  // Step 2: collecting asks for no address, and says where (the branch, its address and hours) and when.
  const step = section(page, 'Delivery address');
  await step.getByRole('radio', { name: COLLECT_FROM }).check();
  // (The address fields stay in the form, hidden: switching back to delivery finds what was typed.)
  await expect(step.getByLabel('Address line 1')).toBeHidden();
  await expect(step.getByRole('definition').filter({ hasText: BRANCH })).toContainText(BRANCH_ADDRESS);
  for (const line of OPENING_HOURS) await expect(step.getByText(line, { exact: true })).toBeVisible();
  await expect(step.getByText(new RegExp(`^${READY.source}$`))).toBeVisible();
  await expect(step).toContainText(`We’ll e-mail ${email} when your order is ready for Alex Guest to collect`);
  await scan(page);
  await screenshot(page, testInfo, 'collect');
  await step.getByRole('button', { name: 'Continue to billing' }).click();

  // The steps say collection; billing asks for the card's address, with no "same as delivery".
  const billing = section(page, 'Billing');
  await expect(billing.getByLabel('Full name')).toHaveValue('Alex Guest');
  await expect(billing.getByLabel('My billing address is the same as my delivery address')).toHaveCount(0);
  await expect(section(page, 'Collection')).toContainText(`Click & collect from the ${BRANCH}`);
  await expect(section(page, 'Collection')).toContainText(BRANCH_ADDRESS);
  await expect(section(page, 'Collection')).toContainText(READY);
  await expect(section(page, 'Delivery')).toContainText('Click & collect (trade counter)');
  await expect(summary(page)).toContainText(`${BRANCH}, ${BRANCH_ADDRESS}`);
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
  await expect(collection).toContainText(`${BRANCH}, ${BRANCH_ADDRESS}`);
  await expect(collection).toContainText(READY);
  await expect(collection.getByRole('list', { name: 'Opening hours' })).toHaveText(OPENING_HOURS.join(''));
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
  await section(page, 'Delivery')
    .getByRole('radio', { name: /^Click & collect/ })
    .check();
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Collection')).toContainText(BRANCH);
  await expect(section(page, 'Collection')).not.toContainText('SW1A 1AA');
  const billing = section(page, 'Billing');
  await expect(billing.getByLabel('Address line 1')).toBeVisible();
  await expect(billing.getByLabel('My billing address is the same as my delivery address')).toHaveCount(0);

  // Back to a delivered option: the address is asked for again before anything else.
  await section(page, 'Delivery').getByRole('button', { name: 'Change delivery' }).click();
  await section(page, 'Delivery')
    .getByRole('radio', { name: /^Standard/ })
    .check();
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to delivery address' }).click();
  const address = section(page, 'Delivery address');
  await expect(address.getByLabel('Address line 1')).toHaveValue('');
  await expect(address.getByRole('radio', { name: 'Deliver to an address' })).toBeChecked();
  await scan(page);
  await fillAddress(page);
  await expect(section(page, 'Delivery address')).toContainText('SW1A 1AA');
  await expect(summary(page)).not.toContainText(BRANCH);
  // Billing chosen as "the same as delivery" earlier holds again, now there is a delivery address.
  await expect(section(page, 'Billing')).toContainText('Same as the delivery address');
  await expect(payButton(page)).toBeEnabled();
});
