import { test } from './test.ts';
import { DEMO, pageReady, signInByRedirect } from './auth.ts';
import { expect, main } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * Paying on account through Two's sandbox, from the trade dashboard, by what a trade customer sees:
 * applying (the company matched by its Companies House number), its credit, the link asked for again
 * too soon, and verifying with the provider. A sole trader's proposal is covered by the API's tests.
 */
test('a limited company applies to pay on account, sees its credit, and verifies with Two', async ({ page }, testInfo) => {
  await signInByRedirect(page, DEMO.trade.email);
  await page.goto('/trade');
  await pageReady(page);
  const credit = main(page).getByRole('region', { name: 'Pay on account (30 days)' });
  await expect(credit).toContainText('by its Companies House number, 09876543');
  await expect(credit.getByRole('definition').first()).toHaveText('£15,000.00');
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();

  await expect(credit.getByRole('status')).toContainText('Your application to pay on account has started');
  await expect(credit.getByRole('term').nth(1)).toHaveText('Available');
  await expect(credit.getByRole('definition').nth(1)).toHaveText('£12,500.00');
  await expect(credit.getByRole('definition').nth(2)).toHaveText('£5,000.00');
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
