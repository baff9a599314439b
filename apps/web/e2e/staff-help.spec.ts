import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, expectStaffPageNotFound, fillProviderSignIn, signIn } from './auth.ts';
import { asStaff, newContext } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * The staff help inbox and the customer's reply link (issue 20), by what people see: a customer's
 * enquiry lands in the inbox; staff open it and reply; the reply arrives by e-mail with a link; the
 * customer follows it and answers; staff see the answer and close the request.
 */

// Staff sign in through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-staff-help-${name}.png`, fullPage: true, animations: 'disabled' });

/** A guest's general enquiry, sent as the help centre's form sends it: its reference. */
async function sendEnquiry(request: APIRequestContext, emailAddress: string, message: string): Promise<string> {
  const response = await request.post('/api/help-centre/Enquiry/general-enquiry', {
    data: { name: 'Robin Reply', emailAddress, topic: 'product', message },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

/** The reply link in the staff reply e-mail to `to`, read as staff through the mailbox. */
function replyLink(browser: Browser, testInfo: TestInfo, to: string): Promise<string> {
  return asStaff(browser, testInfo, async (request, headers) => {
    let link: string | undefined;
    await expect(async () => {
      const list = await request.get(`/api/notifications/Mailbox?to=${encodeURIComponent(to)}`, { headers });
      const items = ((await list.json()) as { items: { id: string; template: string }[] }).items;
      const reply = items.find((item) => item.template === 'help-centre.staff-reply');
      expect(reply, `a reply e-mail to ${to}`).toBeDefined();
      const { text } = (await (await request.get(`/api/notifications/Mailbox/${reply!.id}`, { headers })).json()) as { text: string };
      link = /https?:\/\/\S+\/help\/reply\/[A-Za-z0-9_-]+/.exec(text)?.[0];
      expect(link, 'the reply link in the e-mail').toBeDefined();
    }).toPass();
    return link!;
  });
}

test('staff answer an enquiry by e-mail, the customer replies through the link, and staff close it', async ({ page, browser, request }, testInfo) => {
  const emailAddress = `help-${testInfo.project.name}-${Date.now()}@example.com`;
  const reference = await sendEnquiry(request, emailAddress, 'Does the Oval basin come with a waste? <b>Thanks</b>');
  const errors = collectErrors(page);

  // Staff find it in the inbox from their account's staff tools.
  await signIn(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Help inbox' }).click();
  await expect(page).toHaveURL('/staff/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help inbox');
  await expect(page.getByRole('heading', { name: /past their answering time|Nothing is past its answering time/ })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filter the help inbox' });
  await filters.getByLabel('Type').selectOption({ label: 'General enquiry' });
  await filters.getByLabel('Status').selectOption({ label: 'New' });
  await filters.getByLabel('Reference').fill(reference.toLowerCase());
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(`/staff/help?type=GENERAL_ENQUIRY&status=new&reference=${reference.toLowerCase()}`);
  await expect(page.getByText('Request 1 of 1, newest first')).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'inbox');
  await page.getByRole('link', { name: reference }).first().click();

  // The request: what the customer wrote (as text, not markup), and the steps.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Help request ${reference}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByText('Does the Oval basin come with a waste? <b>Thanks</b>')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What the customer sent' }).getByText(emailAddress)).toBeVisible();
  await page.getByRole('form', { name: 'Assign', exact: true }).getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The request is assigned to you.' })).toBeVisible();
  const replyForm = page.getByRole('form', { name: 'Reply to the customer' });
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await expect(replyForm.getByText('Enter your message').first()).toBeVisible();
  await replyForm.getByLabel('Your reply').fill('Yes: a chrome click-clack waste is in the box.');
  await replyForm.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your reply has been e-mailed to the customer.' })).toBeVisible();
  await expect(page.getByText('Waiting for customer').first()).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'request');

  // The customer follows the link in the e-mail and answers, in a browser of their own.
  const link = await replyLink(browser, testInfo, emailAddress);
  const customer = await (await newContext(browser, testInfo)).newPage();
  await customer.goto(new URL(link).pathname);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Your general enquiry');
  await expect(customer.getByText('Yes: a chrome click-clack waste is in the box.')).toBeVisible();
  await expect(customer.getByText('Stevie Staff')).toHaveCount(0);
  await customer.getByRole('button', { name: 'Send reply' }).click();
  await expect(customer.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await customer.getByLabel('Your reply').fill('Lovely, I will order two.');
  await customer.getByRole('button', { name: 'Send reply' }).click();
  await expect(customer.getByText('Thank you: we have your reply')).toBeVisible();
  await expect(customer.getByText('Lovely, I will order two.')).toBeVisible();
  await expectNoViolations(customer);
  await screenshot(customer, testInfo, 'reply');

  // Staff see the answer in the thread, and close the request.
  await page.reload();
  await expect(conversation.getByText('Lovely, I will order two.')).toBeVisible();
  await expect(page.getByText('In progress').first()).toBeVisible();
  await page.getByRole('button', { name: 'Close request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The request is closed.' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reopen' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a reply link that was replaced, or never issued, says what to do instead', async ({ page }) => {
  const response = await page.goto('/help/reply/not-a-real-link-aaaaaaaaaaaa');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await expect(page.getByText('Use the link in our latest e-mail about your request.')).toBeVisible();
  await expectNoViolations(page);
});

test('a shopper opening the help inbox gets the shop’s 404, with no staff data in the page', async ({ page, request }, testInfo) => {
  const emailAddress = `help-hidden-${testInfo.project.name}-${Date.now()}@example.com`;
  const reference = await sendEnquiry(request, emailAddress, 'Is the Oval basin frost-proof?');
  await signIn(page, DEMO.shopper.email);
  for (const path of ['/staff/help', `/staff/help/${reference}`]) {
    await expectStaffPageNotFound(page, path, ['Help inbox', reference, emailAddress, 'frost-proof']);
    await expect(page.getByRole('search', { name: 'Filter the help inbox' })).toHaveCount(0);
  }
  await expectNoViolations(page);
});

test('a signed-out visitor opening the help inbox is taken to sign in and brought back to it', async ({ page }) => {
  await page.goto('/staff/help?status=new');
  await fillProviderSignIn(page, DEMO.staff.email);
  await expect(page).toHaveURL('/staff/help?status=new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help inbox');
  await expect(page.getByRole('search', { name: 'Filter the help inbox' }).getByLabel('Status')).toHaveValue('new');
});
