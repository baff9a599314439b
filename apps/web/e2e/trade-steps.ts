import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { pageReady } from './auth.ts';
import { expect, main, registerAndSignIn, uniqueEmail } from './checkout-steps.ts';
import { staffPage } from './mailbox.ts';

/** A small, real PDF's first bytes: the shop reads a document's type from its content. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const applicationForm = (page: Page) => main(page).getByRole('form', { name: 'Trade account application' });

/** Everything an application needs, as a limited company with a proof document. */
export async function fillApplication(form: Locator, legalName: string, companyNumber = '01234567') {
  await form.getByLabel('Legal name').fill(legalName);
  await form.getByRole('radio', { name: 'Limited company' }).check();
  await form.getByLabel('Companies House number').fill(companyNumber);
  await form.getByLabel('Trade', { exact: true }).selectOption({ label: 'Plumber' });
  await form.getByLabel('Years trading').fill('8');
  await form.getByLabel('Employees').fill('3');
  await form.getByLabel('Expected monthly spend').fill('1,500');
  await form.getByLabel('Address line 1').fill('4 Canal Street');
  await form.getByLabel('Town or city').fill('Leeds');
  await form.getByLabel('Postcode').fill('LS1 4AP');
  await form.getByLabel('Contact name').fill('Robin Pipe');
  await form.getByLabel('Phone number').fill('07700 900123');
  await form.getByLabel('Gas Safe registration number (optional)').fill('123456');
  await form.getByLabel('Document 1: what it is').selectOption({ label: 'Proof of trade (invoice, business card or letterhead)' });
  await form.getByLabel('Document 1: file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
}

/** A reviewer, signed in in a browser of their own (mailbox.ts keeps the worker's sign-in). */
export { staffPage };

/** A reviewer, in a browser of their own, finds the application by the applicant's e-mail address and approves it on Silver. */
export async function approveOnSilver(browser: Browser, testInfo: TestInfo, email: string, legalName: string) {
  const staff = await staffPage(browser, testInfo);
  await staff.goto(`/staff/trade?q=${encodeURIComponent(email)}`);
  await main(staff).getByRole('link', { name: legalName }).filter({ visible: true }).click();
  const approve = main(staff).getByRole('form', { name: 'Approve' });
  await approve.getByLabel('Band').selectOption({ label: 'Silver (10% off)' });
  await approve.getByRole('button', { name: 'Approve application' }).click();
  await expect(main(staff).getByRole('status').filter({ hasText: 'Approved on Silver (10% off).' })).toBeVisible();
  return staff;
}

/** The trade terms, accepted on their page (the checkout then goes straight on to the payment). */
export async function acceptTerms(page: Page) {
  await page.goto('/trade/terms');
  await pageReady(page);
  await main(page)
    .getByRole('checkbox', { name: /^I have read the trade terms/ })
    .check();
  await main(page).getByRole('button', { name: 'Accept the trade terms' }).click();
  await expect(main(page).getByText(/^You accepted version \d+$/)).toBeVisible();
}

/** The trade dashboard's pay-on-account panel. */
export const creditRegion = (page: Page) => main(page).getByRole('region', { name: 'Pay on account (30 days)' });

/**
 * A newly approved limited company of its own (its own Companies House number: Two counts the credit used by the company,
 * whoever orders) that has applied to pay on account and verified its details with Two's sandbox; left on its trade dashboard.
 */
export async function verifiedOnAccount(page: Page, browser: Browser, testInfo: TestInfo, label: string, legalName: string) {
  const email = uniqueEmail(testInfo, label);
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Pipe');
  await page.goto('/trade/apply');
  await fillApplication(applicationForm(page), legalName, `7${String(Date.now()).slice(-7)}`);
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await (await approveOnSilver(browser, testInfo, email, legalName)).context().close();

  const credit = creditRegion(page);
  await tradeDashboard(page);
  await credit.getByRole('button', { name: 'Apply to pay on account' }).click();
  await credit.getByRole('link', { name: 'Verify your details with Two' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details are verified');
  await tradeDashboard(page);
  return { email, credit };
}

export async function tradeDashboard(page: Page) {
  await page.goto('/trade');
  await pageReady(page);
}

/** Staff's timeline of the business's trade account (a reviewer's browser of its own, to close after). */
export async function accountTimeline(browser: Browser, testInfo: TestInfo, email: string, legalName: string) {
  const staff = await staffPage(browser, testInfo);
  await staff.goto(`/staff/trade?q=${encodeURIComponent(email)}`);
  await main(staff).getByRole('link', { name: legalName }).filter({ visible: true }).click();
  await main(staff).getByRole('link', { name: 'See the trade account' }).click();
  return { staff, decisions: main(staff).getByRole('list', { name: 'Decisions, oldest first' }) };
}

/** A shown amount ("£1,234.50") in pence. */
export const shownPence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
