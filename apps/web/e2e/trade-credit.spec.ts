import { test, type Page } from './test.ts';
import { pageReady } from './auth.ts';
import { CHECKOUT_TIMEOUT, expect, expectConfirmation, main, registerAndSignIn, scan, section, toPaymentSignedIn, uniqueEmail } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { overflowOf } from './reflow.ts';
import { acceptTerms, applicationForm, approveOnSilver, fillApplication, staffPage } from './trade-steps.ts';

/**
 * Paying on account through Two's sandbox, from the trade dashboard, by what a trade customer sees:
 * applying (the company matched by its Companies House number), its credit, the link asked for again
 * too soon, and verifying with the provider; a sole trader's proposal, accepted, and an order paid on
 * account, with what is due on the dashboard.
 */

const creditRegion = (page: Page) => main(page).getByRole('region', { name: 'Pay on account (30 days)' });

async function dashboard(page: Page) {
  await page.goto('/trade');
  await pageReady(page);
}
test('a limited company applies to pay on account, sees its credit, and verifies with Two', async ({ page, browser }, testInfo) => {
  test.setTimeout(CHECKOUT_TIMEOUT * 2);
  // A customer and company of its own (a Companies House number no other test uses): the provider counts credit per company.
  const email = uniqueEmail(testInfo, 'credit-company');
  const legalName = `Credit Check ${Date.now()} Ltd`;
  const companyNumber = `6${String(Date.now()).slice(-7)}`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Pipe');
  await page.goto('/trade/apply');
  await fillApplication(applicationForm(page), legalName, companyNumber);
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await (await approveOnSilver(browser, testInfo, email, legalName)).context().close();
  await dashboard(page);
  const credit = main(page).getByRole('region', { name: 'Pay on account (30 days)' });
  await expect(credit).toContainText(`by its Companies House number, ${companyNumber}`);
  // The sandbox's standard terms for a company it has no test behaviour for.
  await expect(credit.getByRole('definition').first()).toHaveText('£5,000.00');
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();

  await expect(credit.getByRole('status')).toContainText('Your application to pay on account has started');
  await expect(credit.getByRole('term').nth(1)).toHaveText('Available');
  await expect(credit.getByRole('definition').nth(1)).toHaveText('£5,000.00');
  await expect(credit.getByRole('definition').nth(2)).toHaveText('£2,500.00');
  await expect(credit.getByRole('definition').nth(3)).toHaveText('£0.00');
  // The link went when the customer user was made: asking again at once is refused in plain words.
  await credit.getByRole('button', { name: 'Resend the link' }).click();
  await expect(credit.getByRole('alert')).toContainText('We sent you the link less than 5 minutes ago');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-credit.png`, fullPage: true, animations: 'disabled' });

  await credit.getByRole('link', { name: 'Verify your details with Two' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details are verified');
  await page.getByRole('link', { name: 'Back to your trade dashboard' }).click();
  await expect(main(page).getByRole('region', { name: 'Pay on account (30 days)' })).toContainText('Your details are verified with Two.');
});

test('a sole trader sends Two a proposal, is accepted, verifies and pays an order on account, and sees what is due', async ({ page, browser }, testInfo) => {
  test.setTimeout(CHECKOUT_TIMEOUT * 2);
  // A customer and business of its own: the provider counts credit per business.
  const email = uniqueEmail(testInfo, 'sole-trader');
  const legalName = `Sol Tiler ${Date.now()}`;
  await registerAndSignIn(page, browser, testInfo, email, 'Sol Tiler');
  await page.goto('/trade/apply');
  const application = applicationForm(page);
  await fillApplication(application, legalName, '');
  await application.getByRole('radio', { name: 'Sole trader' }).check();
  await application.getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await (await approveOnSilver(browser, testInfo, email, legalName)).context().close();

  await dashboard(page);
  const credit = creditRegion(page);
  await expect(credit).toContainText('Sole traders send Two a short proposal');
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();
  await expect(credit.getByRole('status')).toHaveText('Your application to pay on account has started');
  // Redirected after the post: a reload sends nothing again, and the notice is said once.
  await page.reload();
  await pageReady(page);
  await expect(credit.getByRole('status')).toHaveCount(0);

  const proposal = credit.getByRole('form', { name: 'Your proposal to Two' });
  await proposal.getByLabel('Trading name').fill(`${legalName} Tiling`);
  await proposal.getByLabel('Trading address line 1').fill('4 Canal Street');
  await proposal.getByLabel('Trading address town or city').fill('Leeds');
  await proposal.getByLabel('Trading address postcode').fill('LS1 4AP');
  await proposal.getByLabel('Your full name').fill('Sol Tiler');
  await proposal.getByLabel('Date of birth').fill('1984-05-17');
  await proposal.getByLabel('Home address line 1').fill('9 Park Row');
  await proposal.getByLabel('Home address town or city').fill('Leeds');
  await proposal.getByLabel('Home address postcode').fill('LS1 5HD');
  await proposal.getByRole('button', { name: 'Send your proposal' }).click();
  await expect(credit.getByRole('status')).toHaveText('Your proposal has been sent to Two');
  await expect(credit).toContainText('Your proposal to Two: Sent to Two');

  // Two's sandbox reviews a proposal, then accepts it: the dashboard says so once it has.
  await expect(async () => {
    await dashboard(page);
    await expect(credit).toContainText('Your proposal to Two: Accepted', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();
  await credit.getByRole('link', { name: 'Verify your details with Two' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details are verified');
  await dashboard(page);
  // The sandbox's limit for an accepted sole trader.
  await expect(credit.getByRole('definition').first()).toHaveText('£3,000.00');

  await acceptTerms(page);
  await toPaymentSignedIn(page);
  const account = section(page, 'Payment').getByRole('region', { name: 'Pay on account (30 days)' });
  const place = account.getByRole('button', { name: /^Place order on account: £[\d,.]+$/ });
  const amount = (await place.innerText()).replace('Place order on account: ', '');
  await place.click();
  const orderNumber = await expectConfirmation(page, email);

  await dashboard(page);
  const owed = main(page).getByRole('region', { name: 'Orders on account' });
  await expect(owed.getByRole('listitem').filter({ hasText: orderNumber })).toContainText(`Due 30 days after we dispatch it`);
  await expect(owed.getByRole('listitem').filter({ hasText: orderNumber })).toContainText(`${amount} to pay`);
  await expect(owed.getByRole('definition').nth(2)).toContainText(amount);
  await scan(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-credit-sole-trader.png`, fullPage: true, animations: 'disabled' });

  // Staff's exposure report has the business, with what its order has in use.
  const staff = await staffPage(browser, testInfo);
  /** Staff's page at a phone's width too (390 px): nothing wider than the screen, axe clean, and a screenshot to look at; then back. */
  const atPhoneWidth = async (name: string) => {
    const wide = staff.viewportSize()!;
    await staff.setViewportSize({ width: 390, height: 844 });
    expect(await overflowOf(staff)).toEqual({ overflow: 0, outside: '' });
    await scan(staff);
    await staff.screenshot({ path: `${SCREENSHOT_DIR}/390-trade-credit-${name}.png`, fullPage: true, animations: 'disabled' });
    await staff.setViewportSize(wide);
  };
  await staff.goto('/staff/trade/exposure');
  await pageReady(staff);
  const row = main(staff)
    .getByRole('row')
    .filter({ has: staff.getByRole('link', { name: legalName }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText(amount);
  await scan(staff);
  await staff.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-credit-exposure.png`, fullPage: true, animations: 'disabled' });

  // Staff make the sandbox send the order's dispatch; its webhook (sent twice) is listed with what it did.
  await staff.goto('/staff/trade/webhooks');
  await pageReady(staff);
  const send = main(staff).getByRole('form', { name: 'Send a sandbox event' });
  await send.getByLabel('Event', { exact: true }).selectOption({ label: 'Order dispatched (the term starts)' });
  await send.getByLabel('Order number (order events)').fill(orderNumber);
  await send.getByRole('button', { name: 'Send the event' }).click();
  await expect(main(staff).getByRole('status')).toContainText('The sandbox is sending the event');
  const received = main(staff).getByRole('list', { name: 'Webhooks received, newest first' }).getByRole('listitem').filter({ hasText: orderNumber });
  await expect(async () => {
    await staff.reload();
    await expect(received.filter({ hasText: 'Order dispatched' }).first()).toContainText('Applied', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await scan(staff);
  await staff.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-credit-webhooks.png`, fullPage: true, animations: 'disabled' });
  await atPhoneWidth('webhooks');

  // The trade account's page has our approval and Two's steps in one timeline.
  await staff.goto('/staff/trade/exposure');
  await main(staff).getByRole('link', { name: legalName }).click();
  const decisions = main(staff).getByRole('list', { name: 'Decisions, oldest first' });
  await expect(decisions.getByRole('listitem').first()).toContainText('Trade account approved on Silver');
  await expect(decisions).toContainText('Sole trader’s proposal sent to Two');
  await expect(decisions).toContainText('Two accepted the sole trader’s proposal');
  await expect(decisions).toContainText('Order dispatched');
  await scan(staff);
  await staff.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-credit-timeline.png`, fullPage: true, animations: 'disabled' });
  await atPhoneWidth('timeline');
  await staff.context().close();
});
