import { test, type Page, type TestInfo } from './test.ts';
import { pageReady } from './auth.ts';
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
import { SCREENSHOT_DIR } from './pages.ts';
import { acceptTerms, applicationForm, approveOnSilver, fillApplication } from './trade-steps.ts';

/**
 * Paying on account at checkout, by what a trade customer sees (decision 0088): a newly approved
 * company verifies with Two's sandbox and places an order on account, its credit used on the
 * dashboard; a company Two declines is told why beside the card, and pays by card.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT * 2 });

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-pay-on-account-${name}.png`, fullPage: true, animations: 'disabled' });

const onAccount = (page: Page) => section(page, 'Payment').getByRole('region', { name: 'Pay on account (30 days)' });

test('@phone an approved trade customer pays on account, and the dashboard shows the credit used', async ({ page, browser }, testInfo) => {
  // A company of its own: the demo's trade customer is the credit journey's (trade-credit.spec.ts).
  const email = uniqueEmail(testInfo, 'on-account');
  const legalName = `On Account ${Date.now()} Ltd`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Pipe');
  await page.goto('/trade/apply');
  // Its own Companies House number too: the provider counts the credit used by the company, whoever orders.
  await fillApplication(applicationForm(page), legalName, `7${String(Date.now()).slice(-7)}`);
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await (await approveOnSilver(browser, testInfo, email, legalName)).context().close();

  await page.goto('/trade');
  await pageReady(page);
  const credit = main(page).getByRole('region', { name: 'Pay on account (30 days)' });
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();
  await credit.getByRole('link', { name: 'Verify your details with Two' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details are verified');
  await page.goto('/trade');
  await pageReady(page);
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
  await expectConfirmation(page, email);

  await page.goto('/trade');
  await pageReady(page);
  const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  await expect(credit.getByRole('definition').nth(1)).toHaveText(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format((pence(before) - pence(amount)) / 100),
  );
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
