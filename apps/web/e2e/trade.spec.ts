import { type Page, type TestInfo } from './test.ts';
import { test } from './test.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import {
  addBasin,
  BASIN,
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillAddress,
  fillCard,
  layoutShift,
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
import { holdScripts, slowCpu } from './slow-start.ts';
import { applicationForm, fillApplication, staffPage } from './trade-steps.ts';

/**
 * Trade accounts in the browser, by what people see: applying (and what a refused application
 * says), the reviewers' screens, a trade customer's prices, the trade terms at checkout and the
 * dashboard; and the whole journey of issue 19 from registering to buying again.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-trade-${name}.png`, fullPage: true, animations: 'disabled' });

const errorSummary = (page: Page) => main(page).getByRole('alert').filter({ hasText: 'There is a problem' });

test('a visitor who is not signed in is asked to sign in or create an account before applying', async ({ page }, testInfo) => {
  await page.goto('/trade/apply');
  await expect(main(page).getByRole('heading', { name: 'Sign in or create an account first' })).toBeVisible();
  const signInLink = main(page).getByRole('link', { name: 'Sign in or create an account' });
  await expect(signInLink).toHaveAttribute('href', '/auth/sign-in?returnTo=%2Ftrade%2Fapply');
  // The bands come from the API, lowest first.
  await expect(main(page).getByRole('complementary', { name: 'What happens next' }).getByRole('listitem').filter({ hasText: 'Silver' })).toContainText('10%');
  await scan(page);
  await screenshot(page, testInfo, 'apply-signed-out');

  // The trade hub says what trade accounts are, with the way to apply.
  await page.goto('/trade');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade accounts');
  await expect(main(page).getByRole('link', { name: 'Open a trade account' })).toHaveAttribute('href', '/trade/apply');
  await scan(page);
  await screenshot(page, testInfo, 'landing');

  await page.goto('/trade/apply');
  await main(page).getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(page).toHaveURL(/\/identity\/interaction\//);
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
});

test('a refused application says what to fix, beside each field and in a summary, and keeps what was typed', async ({ page }, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  await page.goto('/trade/apply');
  const form = applicationForm(page);
  await form.getByLabel('Trading name (optional)').fill('Sam’s Plumbing');
  await form.getByRole('radio', { name: 'Limited company' }).check();
  await form.getByLabel('Companies House number').fill('ABC');
  await form.getByLabel('Phone number').fill('123');
  // A file that is not what its name says: refused before anything is sent.
  await form.getByLabel('Document 1: file').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(errorSummary(page)).toBeVisible();
  await expect(errorSummary(page).getByRole('link', { name: 'The selected file must be a PDF, JPG or PNG' })).toBeVisible();
  await expect(form.getByLabel('Document 1: file')).toHaveAccessibleDescription(/The selected file must be a PDF, JPG or PNG/);

  // Without the document, the API's own words for each field, in the form's order.
  await form.getByLabel('Document 1: file').setInputFiles([]);
  await form.getByRole('button', { name: 'Send application' }).click();
  const problems = errorSummary(page).getByRole('link');
  await expect(problems.first()).toHaveText('Enter the business’s legal name');
  await expect(errorSummary(page)).toContainText('Enter a UK phone number, like 07700 900123 or 020 7946 0000');
  await expect(form.getByLabel('Legal name')).toHaveAccessibleDescription(/Enter the business’s legal name/);
  await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(/Enter a UK phone number/);
  // What was typed is still there.
  await expect(form.getByLabel('Trading name (optional)')).toHaveValue('Sam’s Plumbing');
  await expect(form.getByRole('radio', { name: 'Limited company' })).toBeChecked();
  await expect(form.getByLabel('Phone number')).toHaveValue('123');
  // A summary link takes the keyboard to its field.
  await problems.first().click();
  await expect(form.getByLabel('Legal name')).toBeFocused();
  await scan(page);
  await screenshot(page, testInfo, 'apply-refused');
});

test('the application form is drawn before the page’s scripts run: what is typed then survives them, and a press then is sent as a plain form', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  const release = await holdScripts(page);
  await page.goto('/trade/apply', { waitUntil: 'commit' });
  const form = applicationForm(page);
  await form.getByLabel('Legal name').fill('Early Bird Heating Ltd');
  await form.getByLabel('Town or city').fill('York');
  // Sent before any script: the server acts for the signed-in shopper, and the API's words come back with nothing typed lost.
  await form.getByRole('button', { name: 'Send application' }).click();
  // The phone box was left empty: the API's words for a missing answer, in the summary and beside the field.
  await expect(errorSummary(page)).toContainText('Enter a phone number');
  await expect(form.getByLabel('Phone number')).toHaveAccessibleDescription(/Enter a phone number/);
  await expect(form.getByLabel('Legal name')).toHaveValue('Early Bird Heating Ltd');
  await expect(form.getByLabel('Town or city')).toHaveValue('York');
  await screenshot(page, testInfo, 'apply-before-scripts');
  // "Find address" is a plain form too: the address chosen fills the fields, and nothing else typed is lost.
  await form.getByLabel('Find your address').fill('ls14ap');
  await form.getByRole('button', { name: 'Find address' }).click();
  await form.getByLabel(/^Choose your address \(\d+ found at LS1 4AP\)$/).selectOption({ index: 0 });
  await form.getByRole('button', { name: 'Use this address' }).click();
  await expect(form.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  await expect(form.getByLabel('Town or city')).toHaveValue('Leeds');
  await expect(form.getByLabel('Address line 1')).not.toHaveValue('');
  await expect(form.getByLabel('Legal name')).toHaveValue('Early Bird Heating Ltd');

  release();
  await pageReady(page);
  await expect(form.getByLabel('Legal name')).toHaveValue('Early Bird Heating Ltd');
});

test('reviewers see the queue with counts per status, filter and page it, and open an application with its documents and history', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/trade');
  const counts = main(page).getByRole('navigation', { name: 'Applications by status' });
  await expect(counts.getByRole('link', { name: /^Waiting for review \d+$/ })).toBeVisible();
  await expect(counts.getByRole('link', { name: /^Approved \d+$/ })).toBeVisible();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: /^Applications 1 to \d+ of \d+, newest first$/ }),
  ).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'staff-queue');

  // A status from its count; then the search form's status and sort.
  await counts.getByRole('link', { name: /^More information needed \d+$/ }).click();
  await expect(page).toHaveURL(/status=more_info_required/);
  const search = main(page).getByRole('search', { name: 'Find applications' });
  await expect(search.getByLabel('Status')).toHaveValue('more_info_required');
  await search.getByLabel('Sort').selectOption({ label: 'Name, A to Z' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/sort=name-asc/);
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: /name, a to z$/ }),
  ).toBeVisible();

  // Open one: what was sent, its documents and its history, and what can be done now.
  const first = page.locator('main a[href^="/staff/trade/applications/"]').filter({ visible: true }).first();
  await first.click();
  await expect(main(page).getByRole('heading', { name: 'What the applicant sent' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText('Application sent');
  await expect(main(page).getByText('Waiting for the applicant to answer your question.')).toBeVisible();
  await expect(main(page).getByRole('form', { name: 'Turn down' })).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'staff-application');
});

test('a reviewer sees a trade account with its band history and orders, and changing the band without a reason is refused', async ({ page }, testInfo) => {
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/trade/accounts?q=trade%40demo.test');
  await main(page).getByRole('link', { name: 'Taylor Trade Plumbing & Heating Ltd' }).click();
  await expect(main(page).getByRole('heading', { name: 'Taylor Trade Plumbing & Heating Ltd' })).toBeVisible();
  const band = main(page).getByRole('region', { name: 'Band and spend' });
  await expect(band.getByRole('heading', { name: 'Band history' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Latest orders' }).getByRole('listitem').first()).toContainText(/ex VAT/);

  const setBand = band.getByRole('form', { name: 'Set the band' });
  await setBand.getByLabel('Band').selectOption({ label: 'Platinum (15% off)' });
  await setBand.getByRole('button', { name: 'Set band' }).click();
  await expect(setBand.getByLabel('Reason')).toHaveAccessibleDescription(/Enter the reason for the change: it is kept in the band history/);
  const contact = main(page).getByRole('form', { name: 'Contact details' });
  await expect(contact.getByLabel('Contact name')).toHaveValue('Taylor Trade');
  await contact.getByLabel('Role (optional)').fill('Director');
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Contact details saved.' })).toBeVisible();
  // The provider's reset e-mail, or (the other screen size's run a moment ago) why not yet: either way said plainly.
  const reset = main(page).getByRole('form', { name: 'Reset password' });
  await reset.getByRole('button', { name: 'Send a password reset e-mail' }).click();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: 'We’ve sent a reset e-mail to trade@demo.test.' })
      .or(reset.getByRole('alert').filter({ hasText: 'A reset e-mail was sent to this account a short while ago' })),
  ).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'staff-account');
});

test('a trade customer sees their own prices ex VAT first, switches to inc VAT first, and the choice is drawn by the server from then on', async ({
  page,
}, testInfo) => {
  await signIn(page, DEMO.trade.email);
  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  const tile = main(page).getByRole('article').first();
  const trade = tile.getByText('Your trade price', { exact: true }).locator('..');
  await expect(trade).toContainText(/^Your trade price£[\d,.]+ex VAT£[\d,.]+ inc VATRetail price £[\d,.]+ ex VAT$/);
  await expect(trade).not.toContainText(/Save|was/);

  const toggle = page.getByRole('banner').getByRole('group', { name: /prices/ });
  await expect(toggle.getByRole('button', { name: 'ex VAT' })).toHaveAttribute('aria-pressed', 'true');
  await toggle.getByRole('button', { name: 'inc VAT' }).click();
  await expect(trade).toContainText(/^Your trade price£[\d,.]+inc VAT£[\d,.]+ ex VATRetail price £[\d,.]+ inc VAT$/);
  await scan(page);
  await screenshot(page, testInfo, 'listing-inc-vat');

  // Another page, drawn by the server before its scripts run: inc VAT first already, room kept for the trade price.
  const release = await holdScripts(page);
  await page.goto(BASIN, { waitUntil: 'domcontentloaded' });
  await expect(
    main(page)
      .getByText(/^£[\d,.]+inc VAT$/)
      .first(),
  ).toBeVisible();
  release();
  await expect(main(page).getByText('Your trade price', { exact: true }).first()).toBeVisible();
  expect(await layoutShift(page)).toBeLessThan(0.05);
  await page
    .getByRole('banner')
    .getByRole('group', { name: /prices/ })
    .getByRole('button', { name: 'ex VAT' })
    .click();
  await expect(main(page).getByText('Your trade price', { exact: true }).first().locator('..')).toContainText(/ex VAT.*inc VAT/s);
});

test('a trade customer’s dashboard shows spend, savings, band progress, orders and buy-again', { tag: '@phone' }, async ({ page }, testInfo) => {
  await signIn(page, DEMO.trade.email);
  // Drawn by the server: all of it is there before the page's scripts run, on a slow phone.
  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/trade', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your trade account');
  // The demo business's trading name, and its band as its two years of orders left it.
  await expect(main(page).getByRole('heading', { name: 'Taylor Trade', exact: true })).toBeVisible();
  await expect(
    main(page)
      .getByRole('definition')
      .filter({ hasText: /ex VAT: this sets your band/ }),
  ).toContainText(/£[\d,]+\.\d{2}/);
  const band = main(page).getByRole('region', { name: /^Your band: / });
  await expect(band.getByRole('progressbar', { name: /^Progress to .+ \([\d.]+% off\): \d+%$/ })).toBeVisible();
  await expect(band).toContainText(/Spend £[\d,.]+ more \(ex VAT\) over 12 months to reach /);
  const buyAgain = main(page).getByRole('region', { name: 'Buy again' });
  await expect(buyAgain.getByRole('listitem').first()).toContainText(/Ordered \d+ times|Ordered once/);
  await expect(buyAgain.getByRole('button', { name: 'Add all to basket' })).toBeVisible();
  const orders = main(page).getByRole('region', { name: 'Your orders' });
  await expect(orders.getByRole('listitem').first()).toContainText(/ex VAT/);
  await expect(orders.getByRole('navigation', { name: 'Order pages' })).toBeVisible();
  // Still no script: the header's search is the plain box it is before them.
  await expect(page.getByRole('search', { name: 'Search products and categories' }).getByRole('searchbox')).toBeVisible();
  release();
  await fullSpeed();
  await pageReady(page);
  await scan(page);
  await screenshot(page, testInfo, 'dashboard');

  // One line to the basket.
  await buyAgain
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Add to basket/, disabled: false }) })
    .first()
    .getByRole('button', { name: /^Add to basket/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Your basket' }).getByRole('status')).toContainText('Added to your basket');
});

test('the journey: apply with a document, answer a question, approved at Silver, then buy at trade prices and see it on the dashboard', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(CHECKOUT_TIMEOUT * 2);
  const email = uniqueEmail(testInfo, 'trade');
  const legalName = `Robin Pipe ${Date.now()} Ltd`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Pipe');

  // Apply, from the account page.
  await main(page).getByRole('link', { name: 'Open a trade account' }).click();
  await expect(page).toHaveURL('/trade/apply');
  await fillApplication(applicationForm(page), legalName);
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await expect(main(page).getByRole('status').filter({ hasText: 'Your application has been sent' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: legalName })).toContainText('Waiting for review');
  await expect(main(page).getByRole('region', { name: 'Documents' })).toContainText('invoice.pdf');
  await scan(page);
  await screenshot(page, testInfo, 'application-sent');

  // A reviewer asks a question.
  const staff = await staffPage(browser, testInfo);
  await staff.goto(`/staff/trade?q=${encodeURIComponent(email)}`);
  await main(staff).getByRole('link', { name: legalName }).filter({ visible: true }).click();
  const downloading = staff.waitForEvent('download');
  await main(staff).getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Download invoice.pdf' }).click();
  expect((await downloading).suggestedFilename()).toBe('invoice.pdf');
  const ask = main(staff).getByRole('form', { name: 'Ask for more information' });
  await ask.getByLabel('Question').fill('Please tell us which merchants you buy from today.');
  await ask.getByRole('button', { name: 'Send question' }).click();
  await expect(main(staff).getByRole('status').filter({ hasText: 'Your question has been sent to the applicant.' })).toBeVisible();

  // The applicant answers.
  await page.goto('/trade/application');
  const question = main(page).getByRole('region', { name: 'Our question' });
  await expect(question).toContainText('Please tell us which merchants you buy from today.');
  await question.getByRole('button', { name: 'Send answer' }).click();
  await expect(question.getByLabel('Your answer')).toHaveAccessibleDescription(/Enter your answer to our question/);
  await question.getByLabel('Your answer').fill('Mostly local merchants in Leeds.');
  await question.getByRole('button', { name: 'Send answer' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Your answer has been sent' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: legalName })).toContainText('Waiting for review');

  // Two reviewers at once: one approves at Silver, the other is told it was decided already.
  await staff.reload();
  const second = await staffPage(browser, testInfo);
  await second.goto(staff.url());
  await expect(main(second).getByRole('form', { name: 'Turn down' })).toBeVisible();
  const approve = main(staff).getByRole('form', { name: 'Approve' });
  await approve.getByLabel('Band').selectOption({ label: 'Silver (10% off)' });
  await approve.getByRole('button', { name: 'Approve application' }).click();
  await expect(main(staff).getByRole('status').filter({ hasText: 'Approved on Silver (10% off). The applicant has been e-mailed.' })).toBeVisible();
  await expect(main(staff).getByRole('region', { name: 'History' }).getByRole('listitem').last()).toContainText(
    new RegExp(`^Approved.* · by ${DEMO.staff.name}$`),
  );
  const turnDown = main(second).getByRole('form', { name: 'Turn down' });
  await turnDown.getByLabel('Reason').fill('Not a trade business.');
  await turnDown.getByRole('button', { name: 'Turn application down' }).click();
  await expect(turnDown.getByRole('alert')).toContainText(/already been approved|changed since you opened it/);
  await scan(second);
  await screenshot(second, testInfo, 'staff-conflict');
  await turnDown.getByRole('link', { name: 'See where it is now' }).click();
  await expect(main(second).getByText('This application has been decided: there is nothing more to do.')).toBeVisible();
  await staff.context().close();
  await second.context().close();

  // The customer, signed in all along, sees trade prices everywhere at once: no new sign-in.
  await page.goto('/trade/application');
  await expect(main(page).getByRole('region', { name: legalName })).toContainText('Your trade account is open on Silver (10% off)');
  await main(page).getByRole('link', { name: 'Go to your trade account' }).click();
  await expect(page).toHaveURL('/trade');
  await expect(main(page).getByRole('heading', { name: legalName })).toBeVisible();
  await expect(main(page).getByRole('status').filter({ hasText: 'Welcome to your trade account' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Buy again' })).toContainText('What your business orders most will show here');
  await screenshot(page, testInfo, 'dashboard-new');

  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  await expect(main(page).getByRole('article').first().getByText('Your trade price', { exact: true })).toBeVisible();
  await addBasin(page);
  await expect(main(page).getByText('Your trade price', { exact: true }).first().locator('..')).toContainText('Silver: 10% off the ex-VAT retail price');
  await page.goto('/basket');
  await expect(main(page).getByText('Silver: 10% off ex-VAT retail prices')).toBeVisible();
  await expect(main(page).getByRole('listitem').filter({ hasText: BASIN_NAME }).getByText('Your trade price')).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'basket');

  // Checkout asks for the trade terms before the payment.
  await openCheckout(page);
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(/Total ex VAT/);
  const details = section(page, 'Your details');
  await details.getByLabel('Phone number').fill('07700 900123');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await fillAddress(page);
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
  const terms = section(page, 'Payment').getByRole('form', { name: 'Accept the trade terms' });
  await expect(terms.getByRole('link', { name: /^Read the trade terms, version \d+ \(opens in a new tab\)$/ })).toHaveAttribute('href', '/trade/terms');
  await terms.getByRole('button', { name: 'Accept the trade terms' }).click();
  await expect(terms).toContainText('Error: Tick the box to accept the trade terms');
  await scan(page);
  await screenshot(page, testInfo, 'checkout-terms');
  await terms.getByRole('checkbox', { name: /^I have read the trade terms/ }).check();
  await terms.getByRole('button', { name: 'Accept the trade terms' }).click();
  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  const orderNumber = await expectConfirmation(page, email);

  // The dashboard: the order, the spend and the way to the next band, and the basin to buy again.
  await page.goto('/trade');
  await expect(main(page).getByRole('region', { name: 'Open orders (1)' })).toContainText(orderNumber);
  await expect(main(page).getByRole('definition').filter({ hasText: 'ex VAT, less refunds' }).first()).not.toContainText('£0.00');
  await expect(main(page).getByRole('progressbar', { name: /^Progress to Gold \(12\.5% off\): \d+%$/ })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Buy again' }).getByRole('listitem').filter({ hasText: BASIN_NAME })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'Your orders' })).toContainText(orderNumber);
  await scan(page);
  await screenshot(page, testInfo, 'dashboard-after-order');
});
