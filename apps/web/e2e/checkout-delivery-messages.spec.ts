import { test, type Locator, type Page } from './test.ts';
import { collectErrors, expectNoViolations } from './auth.ts';
import {
  addToBasket,
  BASIN,
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  expect,
  fillAddress,
  fillContact,
  main,
  openCheckout,
  openSummary,
  payButton,
  screenshot,
  section,
  SHOWER,
  SHOWER_NAME,
  uniqueEmail,
} from './checkout-steps.ts';

/**
 * Issue 33, item 6: what the basket, the checkout, the help centre and the product page say about
 * delivery agree with each other and with what is charged. Both widths: on a phone the checkout's
 * summary is a closed panel and the basket's summary sits under the lines.
 */
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const basketSummary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

/** One of a product in the basket, and the basket page's summary. */
async function basketWith(page: Page, path: string, name: string) {
  await addToBasket(page, path, name);
  await page.goto('/basket');
  return basketSummary(page);
}

/** The amount beside a summary's term ("Total inc VAT", "Delivery: …"), as the shopper reads it. */
const amountOf = (summary: Locator, term: string | RegExp) =>
  summary
    .locator('dl > div')
    .filter({ has: summary.page().getByRole('term').filter({ hasText: term }) })
    .getByRole('definition');

const pence = async (amount: Locator) => Math.round(Number((await amount.textContent())!.replace(/[^\d.]/g, '')) * 100);
const pounds = (value: number) => `£${(value / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

async function applyCode(page: Page, code: string) {
  await basketSummary(page).getByRole('textbox', { name: 'Discount code' }).fill(code);
  await basketSummary(page).getByRole('button', { name: 'Apply' }).click();
}

/** Applies a code the basket takes; a refusal fails the test with what the shopper was told. */
async function applyTakenCode(page: Page, code: string) {
  await applyCode(page, code);
  const summary = basketSummary(page);
  const refused = summary.locator('[id$="-error"]');
  await expect(summary.getByText(`${code} applied`).or(refused)).toBeVisible();
  expect(await refused.count(), `refused: ${(await refused.allTextContents()).join(' ')}`).toBe(0);
}

test(
  'FREEDELIVERY on a large item makes its delivery free and asks for no more spend, in the basket and at checkout',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    const summary = await basketWith(page, BASIN, BASIN_NAME);
    // Before the code, the kerbside lorry costs something and the bar says how far free delivery is.
    await expect(summary.getByText(/^Spend £[\d,.]+ more for free delivery$/)).toBeVisible();
    const delivery = await pence(amountOf(summary, /^Delivery \(estimate\): Standard large item/));
    expect(delivery).toBeGreaterThan(0);

    await applyTakenCode(page, 'FREEDELIVERY');
    await expect(amountOf(summary, 'Discount (FREEDELIVERY)')).toHaveText(`−${pounds(delivery)}`);
    const subtotal = await pence(amountOf(summary, /^Subtotal/));
    await expect(amountOf(summary, 'Total inc VAT')).toHaveText(pounds(subtotal));
    // The code takes the delivery off, never off the goods the threshold counts: nothing more to spend.
    await expect(summary.getByText(/more for free delivery/)).toHaveCount(0);
    await expect(summary.getByText('Your order qualifies for free delivery to most of mainland Great Britain.')).toBeVisible();
    await expectNoViolations(page);
    await screenshot(page, testInfo, 'basket-free-delivery-code');

    // At checkout the chosen delivery is taken off just the same, and the total is what Pay charges.
    await openCheckout(page);
    await fillContact(page, uniqueEmail(testInfo, 'freedelivery'));
    await fillAddress(page);
    await expect(section(page, 'Delivery').getByRole('radio', { checked: true })).toHaveAccessibleName(/^Standard large item/);
    const checkoutSummary = await openSummary(page);
    await expect(amountOf(checkoutSummary, /^Discount$/)).toHaveText(`−${pounds(delivery)}`);
    await expect(amountOf(checkoutSummary, /^Total$/)).toHaveText(pounds(subtotal));
    await expect(checkoutSummary.getByText(/more for free delivery/)).toHaveCount(0);
    await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
    await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
    await expect(payButton(page)).toHaveText(`Pay ${pounds(subtotal)}`);
    expect(errors).toEqual([]);
  },
);

test('a large item whose delivery becomes free drops FREEDELIVERY saying delivery is already free', async ({ page }, testInfo) => {
  const summary = await basketWith(page, BASIN, BASIN_NAME);
  await applyTakenCode(page, 'FREEDELIVERY');
  await expect(amountOf(summary, 'Discount (FREEDELIVERY)')).toBeVisible();

  // Enough basins for free kerbside delivery: the code has nothing left to take off, and says why.
  const quantity = page.getByRole('region', { name: /^Items/ }).getByRole('textbox', { name: /^Quantity of / });
  await quantity.fill('4');
  await quantity.press('Enter');
  await expect(amountOf(summary, /^Delivery \(estimate\)/)).toHaveText('Free');
  const changes = main(page).getByRole('region', { name: 'Changes to your basket' });
  await expect(changes).toContainText('The code FREEDELIVERY no longer applies: Delivery is already free on this basket');
  await expect(main(page).getByText(/nothing in your basket qualifies/i)).toHaveCount(0);
  await expect(summary.getByText(/more for free delivery/)).toHaveCount(0);
  await screenshot(page, testInfo, 'basket-code-dropped-delivery-free');
});

test(
  'a parcel basket already delivered free: a delivery code says so, and a £9.95 specific day shows in the summary at once and is what is charged',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    const summary = await basketWith(page, SHOWER, SHOWER_NAME);
    await expect(amountOf(summary, 'Delivery (estimate): Standard delivery')).toHaveText('Free');
    await applyCode(page, 'FREEDELIVERY');
    const field = summary.getByRole('textbox', { name: 'Discount code' });
    await expect(summary.getByText(/Delivery is already free on this basket/)).toBeVisible();
    await expect(summary.getByText(/nothing in your basket qualifies/i)).toHaveCount(0);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page);
    await screenshot(page, testInfo, 'basket-delivery-already-free');

    await openCheckout(page, SHOWER_NAME);
    await fillContact(page, uniqueEmail(testInfo, 'specific-day'));
    await fillAddress(page);
    const delivery = section(page, 'Delivery');
    await expect(delivery.getByRole('radio', { checked: true })).toHaveAccessibleName(/^Standard delivery/);
    const checkoutSummary = await openSummary(page);
    await expect(amountOf(checkoutSummary, 'Delivery: Standard delivery')).toHaveText('Free');
    const goods = await pence(amountOf(checkoutSummary, /^Subtotal$/));
    await expect(amountOf(checkoutSummary, /^Total$/)).toHaveText(pounds(goods));

    // Picked, not yet sent: the summary's delivery line and total change at once.
    await delivery.getByRole('radio', { name: /^Specific day/ }).check();
    await expect(amountOf(checkoutSummary, 'Delivery: Specific day (Mon–Fri)')).toHaveText('£9.95');
    await expect(amountOf(checkoutSummary, /^Total$/)).toHaveText(pounds(goods + 995));
    await expect(checkoutSummary.getByText('Delivery: Standard delivery')).toHaveCount(0);
    // The day chosen under it changes nothing in the summary: every open day costs the same.
    await delivery
      .getByRole('radiogroup', { name: 'Choose your delivery day' })
      .getByRole('radio', { name: /£9\.95$/ })
      .first()
      .check();
    await expect(delivery.getByText(/^Delivery on /)).toBeVisible();
    await expect(amountOf(checkoutSummary, /^Total$/)).toHaveText(pounds(goods + 995));
    await expectNoViolations(page);
    await screenshot(page, testInfo, 'specific-day-picked');

    // Sent: the same figures, and Pay charges that total.
    await delivery.getByRole('button', { name: 'Continue to billing' }).click();
    await expect(section(page, 'Delivery')).toContainText('Specific day');
    await expect(amountOf(checkoutSummary, 'Delivery: Specific day (Mon–Fri)')).toHaveText('£9.95');
    await expect(amountOf(checkoutSummary, /^Total$/)).toHaveText(pounds(goods + 995));
    await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
    await expect(payButton(page)).toHaveText(`Pay ${pounds(goods + 995)}`);
    await screenshot(page, testInfo, 'payment-specific-day');
    expect(errors.filter((error) => !error.includes('wallet'))).toEqual([]);
  },
);

test('the help centre and the product page say the same about the Channel Islands and the Isles of Scilly', async ({ page }, testInfo) => {
  await page.goto('/help/delivery');
  const zones = main(page).getByRole('listitem');
  const channelIslands = zones.filter({ hasText: 'the Channel Islands' });
  const scilly = zones.filter({ hasText: 'the Isles of Scilly' });
  await expect(channelIslands).toHaveText('We do not deliver to the Channel Islands (outside the UK VAT area): click & collect only.');
  await expect(scilly).toHaveText(/^Delivery to the Isles of Scilly adds £25 for parcels or £95 for large items/);
  const sentences = { 'GY1 1AA': (await channelIslands.textContent())!, 'TR21 0AA': (await scilly.textContent())! };

  await page.goto(SHOWER, { waitUntil: 'networkidle' });
  const delivery = main(page).getByRole('region', { name: 'Delivery' });
  for (const [postcode, sentence] of Object.entries(sentences)) {
    await delivery.getByRole('textbox', { name: 'Your postcode' }).fill(postcode);
    await delivery.getByRole('button', { name: 'Check' }).click();
    await expect(delivery.getByText(postcode, { exact: true })).toBeVisible();
    await expect(delivery).toContainText(sentence);
  }
  await screenshot(page, testInfo, 'product-delivery-scilly', false);
});
