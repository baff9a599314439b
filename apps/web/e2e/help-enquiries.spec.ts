import { expect, test, type Page } from './test.ts';
import { DEMO, expectNoViolations, pageReady, signIn } from './auth.ts';
import { newContext, staffMailbox } from './mailbox.ts';

/**
 * The help centre's enquiries in the browser, by what people see (issue 20): a visitor asks to be
 * told when an out-of-stock product returns, staff restock it, and the e-mail arrives; and an
 * enquiry form refused and then sent, with its reference.
 */

/** Out of stock in the demo catalogue, with one offering, and used by no other browser test. */
const OUT_OF_STOCK = { sku: 'PL000047-1', slug: 'norland-hexham-toilet-seat-pl000047', name: 'Norland Hexham Toilet Seat' };

const main = (page: Page) => page.getByRole('main');
const uniqueEmail = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@visitor.example`;

test('a visitor asks to be told when an out-of-stock product is back, staff restock it, and the e-mail arrives', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('notify');
  await page.goto(`/p/${OUT_OF_STOCK.slug}`);
  await main(page).getByRole('link', { name: 'Notify me when it is back in stock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tell me when it is back in stock' })).toBeVisible();
  await expect(main(page).getByLabel('Product code')).toHaveValue(OUT_OF_STOCK.sku);
  await main(page).getByLabel('Your e-mail address').fill(email);
  await main(page).getByRole('button', { name: 'Notify me' }).click();
  const sent = main(page).getByRole('status').filter({ hasText: 'We will e-mail you' });
  await expect(sent).toContainText(/Your reference is HC-[2-9A-Z]{6}/);
  await expect(sent).toContainText(`when ${OUT_OF_STOCK.name} is back in stock`);

  // Staff record the delivery on the stock screen.
  const staffContext = await newContext(browser, testInfo);
  const staff = await staffContext.newPage();
  await signIn(staff, DEMO.staff.email);
  await staff.goto('/staff/stock');
  await pageReady(staff);
  await main(staff).getByLabel('Product code').fill(OUT_OF_STOCK.sku);
  await main(staff).getByRole('button', { name: 'Look up' }).click();
  await expect(main(staff).getByRole('heading', { name: OUT_OF_STOCK.name })).toBeVisible();
  await expect(main(staff)).toContainText('1 waiting for a back-in-stock e-mail');
  await main(staff).getByLabel('Quantity arrived').fill('6');
  await main(staff).getByRole('button', { name: 'Add stock' }).click();
  await expect(main(staff).getByRole('status')).toHaveText('Added 6. On hand is now 6.');
  await expectNoViolations(staff);
  await staffContext.close();

  // The polling job sends it once stock is back: wait for it in the staff mailbox.
  await expect
    .poll(async () => (await staffMailbox(browser, testInfo, email)).map((item) => item.subject), { timeout: 60_000, intervals: [2_000] })
    .toContain(`Back in stock: ${OUT_OF_STOCK.name}`);
});

test('an enquiry form says what is missing, then sends the enquiry and shows its reference', async ({ page }) => {
  await page.goto('/help');
  await main(page)
    .getByRole('link', { name: /Contact us/ })
    .click();
  await expect(page).toHaveURL(/\/help\/contact$/);
  await main(page)
    .getByRole('link', { name: /General enquiry/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'General enquiry' })).toBeVisible();
  await pageReady(page);
  await expectNoViolations(page);

  const form = main(page).getByRole('form', { name: 'General enquiry' });
  await form.getByLabel('Your name').fill('Gill Guest');
  await form.getByLabel('Your e-mail address').fill(uniqueEmail('enquiry'));
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  const problems = main(page).getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problems.getByRole('link', { name: 'Enter your message' })).toBeVisible();
  await expect(problems.getByRole('link', { name: 'Choose what your enquiry is about' })).toBeVisible();
  // What was typed is kept.
  await expect(form.getByLabel('Your name')).toHaveValue('Gill Guest');

  await form.getByLabel('What is it about?').selectOption({ label: 'Our website' });
  await form.getByLabel('Your message').fill('<b>Your search</b> finds everything');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  const sent = main(page).getByRole('status').filter({ hasText: 'Enquiry sent' });
  await expect(sent).toContainText(/Your reference is HC-[2-9A-Z]{6}/);
  await expect(sent).toContainText('We aim to answer by');
  await expectNoViolations(page);
});
