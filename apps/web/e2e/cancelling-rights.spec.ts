import { expect as baseExpect, test } from './test.ts';
import { DEMO, expectNoViolations, signIn } from './auth.ts';
import { emailedLink } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';

// Real orders placed over HTTP and a staff sign-in to read the mailbox: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('the order confirmation’s link opens the order, which a guest cancels without giving a reason @phone', async ({ page, request, browser }, testInfo) => {
  const email = `confirmation-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await placeTestOrder(request, { email });
  const link = await emailedLink(browser, testInfo, email, 'order.confirmation', /https?:\/\/\S+\/order-help\/link\/[A-Za-z0-9_-]+/);

  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/order-help/${orderNumber}$`));
  await page.getByRole('region', { name: 'Help with this order' }).getByRole('link', { name: 'Cancel items' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel items');
  const reason = page.getByLabel('Why are you cancelling? (optional)', { exact: true });
  await expect(reason).toHaveValue('');
  await expect(page.getByText('You do not have to give a reason.')).toBeVisible();
  await page.getByRole('group', { name: 'Which items?' }).getByRole('checkbox').first().check();
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-cancel-form.png`), fullPage: true, animations: 'disabled' });
  await page.getByRole('main').getByRole('button', { name: 'Cancel items' }).click();
  await expect(page.getByRole('heading', { name: /cancelled/ })).toBeVisible();
});

test('a signed-in customer finds a help form filled in with their name, e-mail address and the order', async ({ page }, testInfo) => {
  await signIn(page, DEMO.shopper.email);
  await page.goto('/help/contact/general-enquiry?orderNumber=bp-k7m-3qx-9p6');
  await expect(page.getByLabel('Your name', { exact: true })).toHaveValue(DEMO.shopper.name);
  await expect(page.getByLabel('Your e-mail address', { exact: true })).toHaveValue(DEMO.shopper.email);
  await expect(page.getByLabel('Order number (optional)', { exact: true })).toHaveValue('BP-K7M-3QX-9P6');
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-help-form-signed-in.png`), fullPage: true, animations: 'disabled' });
});
