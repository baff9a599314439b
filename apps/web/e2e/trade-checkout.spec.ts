import { test, type Locator, type Page, type TestInfo } from './test.ts';
import {
  addBasin,
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillAddress,
  fillCard,
  main,
  openCheckout,
  pay,
  payButton,
  registerAndSignIn,
  scan,
  section,
  uniqueEmail,
} from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts } from './slow-start.ts';
import { applicationForm, approveOnSilver, fillApplication } from './trade-steps.ts';

/**
 * Issue 33's trade checkout, by what people see: a customer approved while signed in has trade
 * prices and pages at once (no new sign-in), their band by its name, their business as the company,
 * gives their own order reference (PO or job number), and reads it with ex-VAT figures on the
 * confirmation and order pages; staff find the order by that reference.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT * 2 });

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-checkout-${name}.png`, fullPage: true, animations: 'disabled' });

/** An amount as shown ("£1,234.56") in pence. */
const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** The amount a totals list gives for a term ("Total ex VAT"), in pence. */
async function amountFor(totals: Locator, term: string): Promise<number> {
  const row = totals.locator('div').filter({
    has: totals
      .page()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) }),
  });
  return pence(await row.getByRole('definition').innerText());
}

/** The trade figures a totals list shows: the lines ex VAT add up to the subtotal, and the total ex VAT and the VAT to the total inc VAT. */
async function expectTradeTotals(area: Locator) {
  const lineExVat = pence(
    await area
      .getByText(/^£[\d,.]+ ex VAT$/)
      .first()
      .innerText(),
  );
  const totals = area.locator('dl').last();
  expect(await amountFor(totals, 'Subtotal ex VAT')).toBe(lineExVat);
  const [exVat, vat, incVat] = await Promise.all([amountFor(totals, 'Total ex VAT'), amountFor(totals, 'VAT'), amountFor(totals, 'Total inc VAT')]);
  expect(exVat + vat).toBe(incVat);
  expect(vat).toBeGreaterThan(0);
}

test('@phone approved while signed in, a customer buys at trade prices with their own order reference, read back ex VAT; staff find it by it', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'trade-po');
  const legalName = `Robin Pipe ${Date.now()} Ltd`;
  const reference = `PO-${Date.now() % 100_000} / Job 12`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Pipe');
  await page.goto('/trade/apply');
  await fillApplication(applicationForm(page), legalName);
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);

  // Approved by a reviewer in another browser while the customer stays signed in here.
  const staff = await approveOnSilver(browser, testInfo, email, legalName);

  // No new sign-in: the trade account, trade prices and the band by its name at once.
  await page.goto('/trade/application');
  await expect(main(page).getByRole('region', { name: legalName })).toContainText('Your trade account is open on Silver (10% off)');
  await expect(main(page).getByRole('button', { name: /Sign in again/ })).toHaveCount(0);
  await main(page).getByRole('link', { name: 'Go to your trade account' }).click();
  await expect(main(page).getByRole('heading', { name: legalName })).toBeVisible();
  await addBasin(page);
  const tradePrice = main(page).getByText('Your trade price', { exact: true }).first().locator('..');
  await expect(tradePrice).toContainText('Silver: 10% off the ex-VAT retail price');
  await expect(main(page)).not.toContainText(/Band T\d/);

  // The trade terms, accepted on their page before its scripts run, as a plain form (a box left
  // unticked is refused first); checkout then goes straight on to the payment.
  const release = await holdScripts(page);
  await page.goto('/trade/terms', { waitUntil: 'commit' });
  await main(page).getByRole('button', { name: 'Accept the trade terms' }).click();
  await expect(main(page).getByRole('form', { name: 'Accept the trade terms' })).toContainText('Error: Tick the box to accept the trade terms');
  await main(page)
    .getByRole('checkbox', { name: /^I have read the trade terms/ })
    .check();
  await main(page).getByRole('button', { name: 'Accept the trade terms' }).click();
  await expect(main(page).getByText(/^You accepted version \d+$/)).toBeVisible();
  await expect(main(page).getByRole('form', { name: 'Accept the trade terms' })).toHaveCount(0);
  release();

  // Checkout: the band by name, the business as the company, and their own order reference.
  await openCheckout(page);
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('1 item, at your trade prices (Silver)');
  const details = section(page, 'Your details');
  await details.getByLabel('Phone number').fill('07700 900123');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await expect(section(page, 'Delivery address').getByLabel('Company (optional)')).toHaveValue(legalName);
  await fillAddress(page);
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  const billing = section(page, 'Billing');
  const referenceField = billing.getByLabel('Your order reference (PO or job number) (optional)');
  await expect(referenceField).toHaveAccessibleDescription(/Up to 35 characters/);
  // Refused by the API, said by the field and in the summary in its words.
  await referenceField.fill('PO <1>');
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  const refusal = "Your order reference can only include letters, numbers, spaces and . / # & ( ) _ : , ' + -";
  await expect(billing.getByRole('alert').getByRole('link', { name: refusal })).toBeVisible();
  await expect(referenceField).toHaveAccessibleDescription(/Error: Your order reference can only include letters, numbers, spaces/);
  await scan(page);
  await screenshot(page, testInfo, 'billing-refused');
  await referenceField.fill(reference);
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(billing).toContainText(`Your order reference: ${reference}`);
  await screenshot(page, testInfo, 'billing-done');

  await expect(payButton(page)).toBeEnabled();
  await expect(section(page, 'Payment').getByRole('form', { name: 'Accept the trade terms' })).toHaveCount(0);
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  const orderNumber = await expectConfirmation(page, email);

  // The confirmation: the reference, each line ex VAT, the subtotal ex VAT, the VAT and the total inc VAT.
  await expect(main(page).getByText(`Your order reference: ${reference}`)).toBeVisible();
  await expectTradeTotals(main(page).getByRole('region', { name: 'What you ordered' }));
  await scan(page);
  await screenshot(page, testInfo, 'confirmation');

  // The order page reads the same.
  await page.goto(`/account/orders/${orderNumber}`);
  await expect(main(page).getByText(`Your order reference: ${reference}`)).toBeVisible();
  const items = main(page).getByRole('region', { name: 'Items' });
  await expect(items).toContainText(BASIN_NAME);
  await expectTradeTotals(items);
  await scan(page);
  await screenshot(page, testInfo, 'order');

  // Staff find the order by the customer's reference, and see it on the order.
  await staff.goto('/staff/orders');
  const search = staff.getByRole('search', { name: 'Find orders' });
  await search.getByLabel('Order number, e-mail, name or order reference').fill(reference);
  await search.getByRole('button', { name: 'Search' }).click();
  await main(staff).getByRole('link', { name: orderNumber }).filter({ visible: true }).click();
  await expect(main(staff).getByRole('region', { name: 'Customer' })).toContainText(`Customer’s order reference${reference}`);
  await screenshot(staff, testInfo, 'staff-order');
  await staff.context().close();
});
