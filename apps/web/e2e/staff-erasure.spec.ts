import { expect as baseExpect, test, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { newAccountPassword, registerAndSignIn } from './checkout-steps.ts';
import { newContext } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * UK GDPR erasure by what people see (issue 34, decision 0058): a customer asks, through the help
 * centre, for their account to be deleted; staff open the request from the inbox, read on the
 * erasure screen what will be erased and what is kept and why, confirm, and see what was done; the
 * customer can no longer sign in.
 */

// A sign-up, a staff sign-in and two provider sign-in attempts (password hashing each time), on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const main = (page: Page) => page.getByRole('main');
const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-staff-erasure-${name}.png`, fullPage: true, animations: 'disabled' });

test('a customer asks to be erased, staff review what goes and what stays, erase it, and the customer can no longer sign in @phone', async ({
  page,
  browser,
}, testInfo) => {
  const email = `erase-${testInfo.project.name}-${Date.now()}@shopper.example`;
  const name = 'Erin Erasure';
  await registerAndSignIn(page, browser, testInfo, email, name);

  // The customer asks through the help centre's form, signed in, so it is already known to be them.
  await page.goto('/help/contact');
  await main(page)
    .getByRole('link', { name: /Delete my account and personal data/ })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete my account and personal data');
  await expect(main(page).getByLabel('Your e-mail address')).toHaveValue(email);
  await main(page).getByLabel('Why do you want your account deleted?').fill('I have finished my bathroom and no longer need an account.');
  await main(page).getByRole('button', { name: 'Ask for my account to be deleted' }).click();
  const sent = main(page).getByRole('status').filter({ hasText: 'Deletion request sent' });
  await expect(sent).toContainText(/Your reference is HC-[2-9A-Z]{6}/);
  const reference = /HC-[2-9A-Z]{6}/.exec((await sent.textContent()) ?? '')![0];

  // Staff find it in the inbox.
  const staffContext = await newContext(browser, testInfo);
  const staff = await staffContext.newPage();
  const errors = collectErrors(staff);
  await signIn(staff, DEMO.staff.email);
  await staff.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Help inbox' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Help inbox');
  const filters = staff.getByRole('search', { name: 'Filter the help inbox' });
  await filters.getByLabel('Type').selectOption({ label: 'Account deletion request' });
  await filters.getByLabel('Reference').fill(reference);
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(staff.getByText('Request 1 of 1, newest first')).toBeVisible();
  await staff.getByRole('link', { name: reference }).first().click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Help request ${reference}`);
  await staff.getByRole('link', { name: 'Review the erasure' }).click();

  // The erasure screen: the account, what will be erased, and what is kept with its legal reason.
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Erasure request ${reference}`);
  await expect(main(staff).getByText(`Asked by ${email}. Their identity is confirmed.`)).toBeVisible();
  const erase = staff.getByRole('region', { name: 'What will be erased' });
  await expect(erase).toContainText(`The account of ${name} (${email}).`);
  await expect(erase.getByRole('listitem').filter({ hasText: 'The account: name, e-mail address and password' })).toContainText('anonymised');
  const keep = staff.getByRole('region', { name: 'What must be kept' });
  await expect(keep.getByRole('listitem').filter({ hasText: 'Orders and their VAT invoices' })).toContainText(
    /kept, 6 years after each order\. HMRC VAT records/,
  );
  const stores = staff.getByRole('region', { name: 'Every store of personal data, and what erasure will do' });
  const row = (label: string | RegExp) => stores.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: label }) });
  await expect(row(/^The account: name, e-mail address and password/).getByRole('cell')).toHaveText(['1', 'Anonymised', /.+/]);
  await expect(row(/^Orders and their VAT invoices/).getByRole('cell')).toHaveText(['0', 'Kept', /^6 years after each order: .*HMRC/]);
  await expectNoViolations(staff);
  await screenshot(staff, testInfo, 'before');

  // Confirmed: the screen says what was done, and offers nothing more to do.
  await staff.getByRole('button', { name: 'Erase personal data' }).click();
  const erasedOn = main(staff)
    .getByRole('status')
    .filter({ hasText: /^Erased on / });
  await expect(erasedOn).toHaveText(/^Erased on \d{1,2} \w+ \d{4} at \d\d:\d\d\.$/);
  await expect(staff.getByRole('region', { name: 'What was erased' })).toContainText(
    'The account is erased: it keeps its id, with no name, e-mail address or password.',
  );
  await expect(staff.getByRole('region', { name: 'What is kept' }).getByRole('listitem').filter({ hasText: 'Orders and their VAT invoices' })).toBeVisible();
  const done = staff.getByRole('region', { name: 'What the erasure did, store by store' });
  await expect(
    done
      .getByRole('row')
      .filter({ has: staff.getByRole('rowheader', { name: /^The account: name, e-mail address and password/ }) })
      .getByRole('cell'),
  ).toHaveText(['1', 'Anonymised', /.+/]);
  await expect(done).toContainText('Outside the database: 0 uploaded files removed, 0 payment provider customers deleted.');
  await expect(staff.getByRole('button', { name: 'Erase personal data' })).toHaveCount(0);
  await expect(staff.getByRole('region', { name: 'Still to delete' })).toHaveCount(0);
  await expectNoViolations(staff);
  await screenshot(staff, testInfo, 'after');
  expect(errors).toEqual([]);
  await staffContext.close();

  // The customer's password no longer opens an account.
  const later = await newContext(browser, testInfo);
  const customer = await later.newPage();
  await customer.goto('/account');
  await expect(customer).toHaveURL(/\/identity\/interaction\//);
  await customer.getByLabel('E-mail address').fill(email);
  await customer.getByLabel('Password').fill(newAccountPassword(testInfo));
  await customer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(customer.getByText('The e-mail address or password is not right.')).toBeVisible();
  await expect(customer).toHaveURL(/\/identity\/interaction\//);
  await later.close();
});
