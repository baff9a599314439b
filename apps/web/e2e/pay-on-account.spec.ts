import { formatPenceShort } from '@shop/contracts';
import { test, type Page, type TestInfo } from './test.ts';
import { pageReady, storedUser } from './auth.ts';
import {
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillCard,
  main,
  pay,
  payButton,
  registerAndSignIn,
  scan,
  section,
  toPaymentSignedIn,
  uniqueEmail,
} from './checkout-steps.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import {
  acceptTerms,
  accountTimeline,
  applicationForm,
  approveOnSilver,
  fillApplication,
  shownPence,
  tradeDashboard,
  verifiedOnAccount,
} from './trade-steps.ts';

/**
 * Paying on account at checkout, by what a trade customer sees (decision 0088): a newly approved
 * company verifies with Two's sandbox and places an order on account, its credit used on the
 * dashboard; an order on account cancelled in the help centre is credited to the account with Two, its
 * credit free again and on staff's timeline (decision 0110); a company Two declines is told why beside the
 * card, and pays by card.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT * 2 });

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-pay-on-account-${name}.png`, fullPage: true, animations: 'disabled' });

const onAccount = (page: Page) => section(page, 'Payment').getByRole('region', { name: 'Pay on account (30 days)' });

test('@phone an approved trade customer pays on account, adds an item and upgrades the delivery on account, and the dashboard shows the credit used', async ({
  page,
  browser,
}, testInfo) => {
  // A company of its own: the demo's trade customer is the credit journey's (trade-credit.spec.ts).
  const legalName = `On Account ${Date.now()} Ltd`;
  const { email, credit } = await verifiedOnAccount(page, browser, testInfo, 'on-account', legalName);
  // The sandbox's standard limit for a company it has no test behaviour for: £5,000, none of it used.
  const before = await credit.getByRole('definition').nth(1).innerText();
  expect(before).toBe('£5,000.00');

  await acceptTerms(page);
  await toPaymentSignedIn(page);
  const account = onAccount(page);
  await expect(account).toContainText(`Available credit with Two: ${before}`);
  await expect(account).toContainText('it is due 30 days after we dispatch it');
  await expect(payButton(page)).toBeEnabled();
  await scan(page);
  await shot(page, testInfo, 'offered');

  const place = account.getByRole('button', { name: /^Place order on account: £[\d,.]+$/ });
  const amount = (await place.innerText()).replace('Place order on account: ', '');
  await place.click();
  const orderNumber = await expectConfirmation(page, email);

  // The order changed before dispatch: the added item's cost is agreed by Two and goes on the invoice, never on a card (decision 0101).
  await page.goto(`/account/orders/${orderNumber}`);
  await page.getByRole('link', { name: 'Change this order online' }).click();
  await expect(page.getByRole('heading', { name: `Change order ${orderNumber}` })).toBeVisible();
  await page.getByLabel('Product code to add').fill('PL000109-2');
  await page.getByRole('button', { name: 'Add item' }).click();
  // At trade prices it reads as the order page does: each price ex VAT first, the totals ex VAT, then the VAT and the total
  // with it; what goes on the invoice is inc VAT, and says so.
  const toAdd = page.getByText(/^Difference to add to the invoice on account \(inc VAT\): £[\d,]+\.\d\d$/);
  await expect(toAdd).toBeVisible();
  const added = (await toAdd.textContent())!.replace('Difference to add to the invoice on account (inc VAT): ', '');
  const addedLine = page.getByRole('listitem').filter({ hasText: 'PL000109-2' });
  await expect(addedLine).toContainText(/PL000109-2 · £[\d,]+\.\d\d ex VAT each \(£[\d,]+\.\d\d inc VAT\)/);
  await expect(addedLine.getByText(/^£[\d,]+\.\d\d ex VAT$/)).toBeVisible();
  const totals = page.getByRole('region', { name: 'New totals' });
  const figure = async (term: string) =>
    shownPence(
      await totals
        .locator('dl > div')
        .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole('definition')
        .innerText(),
    );
  const [exVat, vat, incVat] = [await figure('Total ex VAT'), await figure('VAT'), await figure('Total inc VAT')];
  expect(exVat + vat).toBe(incVat);
  expect(await figure('Subtotal ex VAT')).toBeGreaterThan(0);
  expect(incVat - (await figure('Paid so far, inc VAT'))).toBe(shownPence(added));
  await expect(main(page)).toContainText('Nothing is taken from a card.');
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await scan(page);
  await shot(page, testInfo, 'change');
  await page.getByRole('button', { name: 'Complete changes on account' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumber}\\?done=changed$`));

  await tradeDashboard(page);
  const pence = shownPence;
  await expect(credit.getByRole('definition').nth(1)).toHaveText(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format((pence(before) - pence(amount) - pence(added)) / 100),
  );

  // Another order on account, of a basin tap (a parcel, so a specific day costs more than its standard delivery), upgraded to a
  // specific day: agreed by Two on the invoice too, with no billing address or card step (decision 0104).
  const { access_token } = (await storedUser(page))!;
  const tapOrder = await placeTestOrder(page.request, { email, accessToken: access_token, sku: 'PL000436-1', onAccount: true });
  await page.goto(`/account/orders/${tapOrder}`);
  await page.getByRole('link', { name: 'Upgrade delivery' }).click();
  await expect(page.getByRole('heading', { name: `Upgrade delivery of order ${tapOrder}` })).toBeVisible();
  await page.getByRole('radio', { name: /^Specific day/ }).check();
  const openDay = page.getByRole('radiogroup', { name: 'Choose your delivery day (specific-day delivery)' }).getByRole('radio', { name: /£/ }).first();
  const dayName = (await openDay.getAttribute('aria-label'))!.split(',')[0]!;
  await openDay.check();
  await page.getByRole('button', { name: 'Choose this delivery' }).click();
  const toUpgrade = page.getByText(/^Difference to add to the invoice on account: £[\d,]+\.\d\d$/);
  await expect(toUpgrade).toBeVisible();
  const upgraded = (await toUpgrade.textContent())!.replace('Difference to add to the invoice on account: ', '');
  await expect(main(page)).toContainText('Nothing is taken from a card.');
  await expect(page.getByText('2. Billing address')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use the order’s billing address' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  const agree = page.getByRole('checkbox', {
    name: new RegExp(
      `^I agree to pay ${upgraded.replace(/[.,]/g, '\\$&')} more for Specific day.* on .+, added to this order’s invoice on account with Two\\.$`,
    ),
  });
  await expect(agree).not.toBeChecked();
  await scan(page);
  await shot(page, testInfo, 'upgrade');
  await agree.check();
  await page.getByRole('button', { name: 'Upgrade on account' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${tapOrder}\\?done=upgraded$`));
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByText('Specific day')).toBeVisible();
  await expect(delivery.getByText(`Arrives ${dayName}`)).toBeVisible();
  const placedLine = await main(page)
    .getByText(/^Placed .+ · £[\d,]+\.\d\d$/)
    .innerText();
  const tapTotal = placedLine.slice(placedLine.lastIndexOf('£'));

  // Staff's timeline of the trade account has both, each with the order, what it added and the new total agreed with Two.
  const { staff, decisions } = await accountTimeline(browser, testInfo, email, legalName);
  const money = (text: string) => formatPenceShort(pence(text));
  await expect(decisions).toContainText(
    `Order ${orderNumber} changed: ${money(added)} added and agreed by Two, new total on account ${formatPenceShort(pence(amount) + pence(added))}`,
  );
  await expect(decisions).toContainText(
    `Delivery of order ${tapOrder} upgraded: ${money(upgraded)} added and agreed by Two, new total on account ${money(tapTotal)}`,
  );
  await staff.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-pay-on-account-timeline.png`, fullPage: true, animations: 'disabled' });
  await staff.context().close();
});

test('a trade customer cancels an order on account in the help centre: credited to the account with Two, the credit free again, on staff’s timeline', async ({
  page,
  browser,
}, testInfo) => {
  const legalName = `Cancel On Account ${Date.now()} Ltd`;
  const { email, credit } = await verifiedOnAccount(page, browser, testInfo, 'on-account-cancel', legalName);
  const available = credit.getByRole('definition').nth(1);
  const before = await available.innerText();
  await acceptTerms(page);
  const { access_token } = (await storedUser(page))!;
  const orderNumber = await placeTestOrder(page.request, { email, accessToken: access_token, onAccount: true });
  await tradeDashboard(page);
  await expect(available).not.toHaveText(before);

  await page.goto(`/account/orders/${orderNumber}`);
  await main(page).getByRole('region', { name: 'Help with this order' }).getByRole('link', { name: 'Cancel items' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel items');
  await page.getByRole('group', { name: 'Which items?' }).getByRole('checkbox').first().check();
  await main(page).getByRole('button', { name: 'Cancel items' }).click();
  await expect(page.getByRole('heading', { name: 'Your items are cancelled' })).toBeVisible();
  // Said as a credit to the business's account with Two, never as money back to a card it did not use.
  const told = main(page).getByText(/^We have credited £[\d,]+\.\d\d to your account with Two: it comes off what your business owes for this order\.$/);
  await expect(told).toBeVisible();
  const credited = (await told.innerText()).match(/£[\d,]+\.\d\d/)![0];
  await expect(main(page)).not.toContainText('to the way you paid');
  // The amount in bold is a credit too, never "Refunded".
  await expect(main(page).getByText(`Credited to your account with Two ${credited}`, { exact: true })).toBeVisible();
  await expect(main(page)).not.toContainText('Refunded');
  await scan(page);
  await shot(page, testInfo, 'cancelled');

  // The whole order cancelled at Two at once: all of the credit is available again.
  await tradeDashboard(page);
  await expect(available).toHaveText(before);
  // Staff's timeline of the account says so, with the amount credited.
  const { staff, decisions } = await accountTimeline(browser, testInfo, email, legalName);
  await expect(decisions).toContainText(
    `Order ${orderNumber} cancelled: ${formatPenceShort(shownPence(credited))} credited to the account by Two, nothing left to pay on it`,
  );
  await staff.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-pay-on-account-credit.png`, fullPage: true, animations: 'disabled' });
  await staff.context().close();
});

test('a company Two declines is told why beside the card, and pays by card', async ({ page, browser }, testInfo) => {
  const email = uniqueEmail(testInfo, 'declined-credit');
  const legalName = `Low Score ${Date.now()} Ltd`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Pipe');
  await page.goto('/trade/apply');
  // The sandbox declines 99000003 for a low credit score.
  await fillApplication(applicationForm(page), legalName, '99000003');
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await (await approveOnSilver(browser, testInfo, email, legalName)).context().close();

  await page.goto('/trade');
  await pageReady(page);
  const credit = main(page).getByRole('region', { name: 'Pay on account (30 days)' });
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();
  await expect(credit).toContainText('on the business’s current credit record');
  await acceptTerms(page);

  await toPaymentSignedIn(page);
  const account = onAccount(page);
  await expect(account).toContainText('do not offer your business credit, so this order cannot go on account. Pay by card');
  await expect(account.getByRole('button', { name: /Place order on account/ })).toHaveCount(0);
  await scan(page);
  await shot(page, testInfo, 'declined');
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
});
