import { test, type Page } from './test.ts';
import { collectErrors } from './auth.ts';
import {
  addBasin,
  CHECKOUT_TIMEOUT,
  expect,
  fillAddress,
  fillContact,
  openCheckout,
  openSummary,
  scan,
  screenshot,
  section,
  uniqueEmail,
} from './checkout-steps.ts';

/**
 * The delivery step of a large item (the basin goes by the large-item services): the checkout starts
 * on the cheapest standard delivery and the order summary charges the same; an option that cannot
 * be had says why and shows no price. Both widths: on a phone the summary is a closed panel.
 */
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const KERBSIDE = 'Standard large item (kerbside)';
const HIGHLANDS_REASON = 'Our couriers take only standard deliveries to the Scottish Highlands.';

/** The price on an option's card, as the shopper reads it: "£29.95" or "Free". */
const priceOn = async (page: Page, name: RegExp) => {
  const label = section(page, 'Delivery')
    .locator('label')
    .filter({ has: page.getByRole('radio', { name }) });
  return (await label.getByText(/^(£[\d,.]+|Free)$/).textContent())!;
};

test('a large item starts on standard large-item delivery, and the summary charges the same', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, uniqueEmail(testInfo, 'kerbside'));
  // Before there is an address, there is no delivery price to show.
  await expect(await openSummary(page)).toContainText('Not chosen yet');
  await fillAddress(page);

  const delivery = section(page, 'Delivery');
  const kerbside = delivery.getByRole('radio', { name: new RegExp(`^${KERBSIDE.replace(/[()]/g, '\\$&')}`) });
  await expect(kerbside).toBeChecked();
  await expect(delivery.getByRole('radio', { name: /^Saturday delivery/ })).not.toBeChecked();
  const price = await priceOn(page, /^Standard large item/);
  expect(price).toMatch(/^£\d+\.\d{2}$/);

  const summary = await openSummary(page);
  await expect(summary.getByRole('term').filter({ hasText: `Delivery: ${KERBSIDE}` })).toBeVisible();
  await expect(summary.getByRole('definition').filter({ hasText: price })).toBeVisible();
  await expect(summary).not.toContainText('Choose an option');
  await scan(page);
  await screenshot(page, testInfo, 'delivery-default');

  // Kept as it is: the step is done with the same option and price.
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Delivery')).toContainText(`${KERBSIDE} · ${price}`);
  await expect(summary).toContainText(`Delivery: ${KERBSIDE}`);
  expect(errors).toEqual([]);
});

test('to a Highlands postcode, options that cannot be had say "Not available" and why, with no price', async ({ page }, testInfo) => {
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, uniqueEmail(testInfo, 'highlands'));
  await fillAddress(page, 'IV2 3AA');

  const delivery = section(page, 'Delivery');
  await expect(delivery.getByRole('group', { name: 'How would you like it delivered to IV2 3AA?' })).toBeVisible();
  for (const name of [/^Saturday delivery/, /^Specific day/]) {
    const radio = delivery.getByRole('radio', { name });
    await expect(radio).toBeDisabled();
    await expect(radio).toHaveAccessibleDescription(HIGHLANDS_REASON);
    const card = delivery.locator('label').filter({ has: page.getByRole('radio', { name }) });
    await expect(card.getByText('Not available', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('£');
  }
  // The kerbside lorry still goes there, surcharged, and is where the checkout starts.
  const kerbside = delivery.getByRole('radio', { name: /^Standard large item/ });
  await expect(kerbside).toBeChecked();
  const price = await priceOn(page, /^Standard large item/);
  await expect(await openSummary(page)).toContainText(price);
  await scan(page);
  await screenshot(page, testInfo, 'delivery-highlands');
});
