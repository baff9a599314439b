import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { pageReady } from './auth.ts';
import { expect, main } from './checkout-steps.ts';
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
