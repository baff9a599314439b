import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { fillCard } from './checkout-steps.ts';
import { chooseFirstOpenDay, placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// A sign-in through the provider's pages, a card payment and the bank's check, on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A basin tap: a parcel, so its standard delivery costs less than a specific day. */
const TAP = 'PL000436-1';

test('a customer upgrades to a specific day, pays with a card that asks for the bank’s check, and sees the day on the order and its tracking @phone', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token, sku: TAP });

  await page.goto(`/account/orders/${orderNumber}`);
  await expect(page.getByText('Choose a faster or specific-day delivery, until we dispatch the order.')).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade delivery' }).click();
  await expect(page.getByRole('heading', { name: `Upgrade delivery of order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('You can upgrade the delivery of this order until we dispatch it.')).toBeVisible();

  // Specific day, on the first open day of the calendar.
  const dayName = await chooseFirstOpenDay(page);
  await expect(page.getByText(/^Difference to pay: £\d+\.\d\d$/)).toBeVisible();
  const toPay = (await page.getByText(/^Difference to pay: /).textContent())!.replace('Difference to pay: ', '');
  await expect(page.getByRole('definition').filter({ hasText: dayName })).toBeVisible();

  await page.getByRole('button', { name: 'Use the order’s billing address' }).click();
  // The extra payment is agreed to by ticking the box: never ticked for the customer.
  const agree = page.getByRole('checkbox', { name: new RegExp(`^I agree to pay ${toPay.replace('.', '\\.')} more for Specific day`) });
  await expect(agree).not.toBeChecked();
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath('upgrade-delivery.png'), fullPage: true, animations: 'disabled' });
  await agree.check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await fillCard(page, '4000 0025 0000 3155');
  await page.getByRole('button', { name: `Pay ${toPay}`, exact: true }).click();
  const challenge = page.frameLocator('iframe[title="Your bank’s security check"]');
  await expect(challenge.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete' }).click();

  // The order page: the same order, coming on the agreed day.
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=upgraded$`));
  await expect(page.getByRole('status').filter({ hasText: 'Your delivery has been upgraded' })).toContainText('We have e-mailed you what changed.');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-delivery-upgraded.png`, animations: 'disabled' });
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByText('Specific day')).toBeVisible();
  await expect(delivery.getByText(`Arrives ${dayName}`)).toBeVisible();

  // Tracking says the same day.
  await page.goto(`/track-order?orderNumber=${orderNumber}`);
  await page.getByRole('main').getByLabel('E-mail address').fill(DEMO.shopper.email);
  await page.getByRole('main').getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('main').getByRole('definition').filter({ hasText: dayName })).toBeVisible();
  expect(errors).toEqual([]);
});
