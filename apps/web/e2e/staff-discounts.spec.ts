import fs from 'node:fs/promises';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { placeTestOrder } from './orders.ts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, expectStaffPageNotFound, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Each test signs in through the provider's pages (password hashing included), on a machine that may be busy;
// the first also places an order through the checkout's calls.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage, animations: 'disabled' });

/** The search form's fields and its submit button. */
async function search(page: Page, fields: { text?: string; channel?: string; status?: string }) {
  const form = page.getByRole('search', { name: 'Filter promotions' });
  if (fields.text !== undefined) await form.getByLabel('Code or description').fill(fields.text);
  if (fields.channel !== undefined) await form.getByLabel('Channel').selectOption({ label: fields.channel });
  if (fields.status !== undefined) await form.getByLabel('Status').selectOption({ label: fields.status });
  await form.getByRole('button', { name: 'Search' }).click();
}

test('a discount manager creates a promotion with issue codes, downloads them, sees a claim, edits it and finds it', async ({ page, request }, testInfo) => {
  const project = testInfo.project.name;
  const code = `LEAFLET${project.toUpperCase()}`;
  const errors = collectErrors(page);

  await signIn(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Discounts' }).click();
  await expect(page).toHaveURL('/staff/discounts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discounts');
  await expect(page.getByRole('link', { name: 'WELCOME10', exact: true })).toBeVisible();
  await expect(page.getByText(/^Promotions 1 to \d+ of \d+/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-discounts');

  // The form checks in the browser first, and says what is wrong next to each field and in a summary.
  await page.getByRole('link', { name: 'New promotion' }).click();
  await expect(page).toHaveURL('/staff/discounts/new');
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Create promotion' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'The promotion wasn’t created' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: /^Promotion code: Enter the code/ })).toBeVisible();
  await expect(page.getByLabel('Promotion code')).toHaveAttribute('aria-invalid', 'true');
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-discount-new-errors');

  await page.getByLabel('Description').fill('12.5% off: showroom leaflet');
  await page.getByRole('radio', { name: 'Percentage off' }).check();
  await page.getByLabel('Discount (%)').fill('12.5');
  await expect(page.getByText('Saved as 1,250 basis points')).toBeVisible();
  await page.getByLabel('Minimum spend (£)').fill('50');
  await page.getByLabel('Uses per customer (optional)').fill('1');
  await page.getByLabel('Only through single-use issue codes').check();
  await page.getByLabel('Single-use issue codes to generate').fill('100');
  // A code that is taken comes back from the API (409) and lands on its field.
  await page.getByLabel('Promotion code').fill('welcome10');
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText('A promotion with code "WELCOME10" already exists; choose another code.').first()).toBeVisible();
  await expect(page.getByLabel('Promotion code')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Promotion code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page).toHaveURL(`/staff/discounts/${code}?done=created`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(code);
  await expect(page.getByText(`${code} is created.`)).toBeVisible();
  await expect(page.getByText('100 issue codes: 100 available, 0 claimed, 0 withdrawn.')).toBeVisible();
  await screenshot(page, project, 'staff-discount-created-top', false);
  const codesTable = page.getByRole('table', { name: 'Issue codes, oldest first' });
  await expect(codesTable.getByRole('row')).toHaveCount(51);
  await expect(page.getByText('1–50 of 100')).toBeVisible();
  // Pages of codes are links: the page's address says which codes it shows.
  await page.getByRole('navigation', { name: 'Issue code pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/staff/discounts/${code}?page=2`);
  await expect(page.getByText('51–100 of 100')).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-discount-created');

  // The CSV is made on the server: a header row and one line per code, and the page stays where it is.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download codes (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^issue-codes-${code}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const lines = (await fs.readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(lines).toHaveLength(101);
  expect(lines[0]).toBe('Issue code,Promotion code,Status,Claimed at,Claim id');
  expect(lines[1]).toMatch(new RegExp(`^[2-9A-Z]{12},${code},available,,$`));

  // Withdrawing an unused code.
  const firstCode = lines[1]!.split(',')[0]!;
  await page.getByRole('navigation', { name: 'Issue code pages' }).getByRole('link', { name: 'Previous' }).click();
  await expect(page.getByText('1–50 of 100')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a code' }).fill(firstCode.toLowerCase().replace(/(.{4})(?!$)/g, '$1-'));
  await page.getByRole('button', { name: 'Show codes' }).click();
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.getByRole('button', { name: `Withdraw ${firstCode}` }).click();
  await expect(page.getByText('100 issue codes: 99 available, 0 claimed, 1 withdrawn.')).toBeVisible();
  await expect(page.getByText(`${firstCode} is withdrawn: it can no longer be used.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Reinstate ${firstCode}` })).toBeVisible();
  await expect(page.getByText('1–1 of 1')).toBeVisible();

  // Editing a term keeps the others.
  const terms = page.getByRole('form', { name: 'Promotion terms' });
  await expect(terms.getByLabel('Discount (%)')).toHaveValue('12.5');
  await expect(terms.getByLabel('Minimum spend (£)')).toHaveValue('50');
  await terms.getByLabel('Description').fill('12.5% off when you spend £50: showroom leaflet');
  await terms.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '12.5% off when you spend £50: showroom leaflet' })).toBeVisible();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff/discounts/${code}\\?find=[^&]+&done=saved$`));
  // The notice is said once: a reload shows the page as it is, without it, and the address loses it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: '12.5% off when you spend £50: showroom leaflet' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff/discounts/${code}\\?find=[^&]+$`));
  await expect(page.getByText('Your changes are saved.')).toHaveCount(0);
  await expect(page.getByText('12.5% off all products')).toBeVisible();

  // A shopper uses another of the codes at the checkout: the claim shows here.
  const usedCode = lines[2]!.split(',')[0]!;
  await placeTestOrder(request, { email: `claim-${testInfo.project.name}-${Date.now()}@example.com`, discountCode: usedCode });
  await page.reload();
  await expect(page.getByText('100 issue codes: 98 available, 1 claimed, 1 withdrawn.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Claims', exact: true }).getByText(usedCode).filter({ visible: true })).toHaveCount(1);

  // Ending it now, after a question on the page.
  await page.getByRole('link', { name: 'End it now' }).click();
  const question = page.getByRole('region', { name: `End ${code} now?` });
  await expect(question.getByRole('heading', { name: `End ${code} now?` })).toBeFocused();
  await expectNoViolations(page);
  await question.getByRole('button', { name: 'End it now' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByText(`${code} has ended: shoppers can no longer use it.`)).toBeVisible();
  await expect(page.getByRole('region', { name: '12.5% off when you spend £50: showroom leaflet' }).getByText('Expired', { exact: true })).toBeVisible();

  // The search finds it by code; the filters narrow the list and stay in the address.
  await page.getByRole('link', { name: 'All promotions' }).click();
  await search(page, { text: code.toLowerCase() });
  await expect(page).toHaveURL(`/staff/discounts?text=${code.toLowerCase()}`);
  await expect(page.getByRole('link', { name: code, exact: true })).toBeVisible();
  await expect(page.getByText('Promotion 1 of 1')).toBeVisible();

  // A whole issue code finds its promotion.
  await search(page, { text: firstCode });
  await expect(page.getByRole('link', { name: code, exact: true })).toBeVisible();
  await expect(page.getByText('Promotion 1 of 1')).toBeVisible();

  expect(errors).toEqual([]);
});

test('a discount manager narrows the promotions by status, channel and running dates, and is told when none match', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/discounts');
  await search(page, { text: 'welcome10' });
  await expect(page).toHaveURL('/staff/discounts?text=welcome10');
  await expect(page.getByRole('link', { name: 'WELCOME10', exact: true })).toBeVisible();
  await expect(page.getByText('Promotion 1 of 1')).toBeVisible();

  await page.goto('/staff/discounts');
  await search(page, { status: 'Expired' });
  await expect(page).toHaveURL('/staff/discounts?status=expired');
  await expect(page.getByRole('link', { name: 'SPRING20', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WELCOME10', exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Status')).toHaveValue('expired');

  await search(page, { status: 'Any status', channel: 'Trade site' });
  await expect(page).toHaveURL('/staff/discounts?channel=200');
  await expect(page.getByRole('link', { name: 'TRADE5', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WELCOME10', exact: true })).toHaveCount(0);

  // Dates: promotions running on some day in the spring sale (demo data: 120 to 60 days ago).
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const form = page.getByRole('search', { name: 'Filter promotions' });
  await form.getByLabel('Running from').fill(day(80));
  await form.getByLabel('Running to').fill(day(90));
  await search(page, { channel: 'All channels' });
  await expect(form.getByText('Choose a day on or after “Running from”')).toBeVisible();
  await form.getByLabel('Running to').fill(day(80));
  await form.getByLabel('Running from').fill(day(90));
  await search(page, {});
  await expect(page).toHaveURL(`/staff/discounts?from=${day(90)}&to=${day(80)}`);
  await expect(page.getByRole('link', { name: 'SPRING20', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'WELCOME10', exact: true })).toHaveCount(0);

  await search(page, { text: 'no such promotion' });
  await expect(page.getByRole('heading', { name: 'No promotions match' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL('/staff/discounts');
  await expect(page.getByRole('link', { name: 'SUMMER15', exact: true })).toBeVisible();

  expect(errors).toEqual([]);
});

test('a shopper gets the shop’s 404 for the discount pages', async ({ page }, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  await expect(page.getByRole('region', { name: 'Staff tools' })).toHaveCount(0);
  for (const path of ['/staff/discounts', '/staff/discounts/new', '/staff/discounts/WELCOME10']) {
    await expectStaffPageNotFound(page, path, ['Managing discounts']);
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  await expectNoViolations(page);
  await screenshot(page, testInfo.project.name, 'staff-discounts-refused');
});
