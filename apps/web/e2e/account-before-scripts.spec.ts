import { expect as baseExpect, test, type Page } from './test.ts';
import { confirmProviderSignOut, DEMO, fillProviderSignIn, pageReady, signInByRedirect, storedUser } from './auth.ts';
import { placeTestOrder } from './orders.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * The signed-in shopper's account pages are drawn by the server from their session (decision 0063):
 * with the page's scripts held back and the CPU slowed as a mid-range phone's, each shows its data,
 * and a saved card can be changed with the page's plain forms.
 */

// A sign-in through the provider and two orders placed over HTTP: slow on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const main = (page: Page) => page.getByRole('main');

/** A new tab of the signed-in browser whose scripts do not run until `release`. */
async function tabWithoutScripts(page: Page) {
  const tab = await page.context().newPage();
  await slowCpu(tab);
  const release = await holdScripts(tab);
  return { tab, release };
}

test('a signed-in shopper’s account, orders, order and saved cards show before the page’s scripts run, and a card is changed with plain forms', async ({
  page,
}) => {
  await signInByRedirect(page, DEMO.shopper.email);
  const { access_token: accessToken } = (await storedUser(page))!;
  await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken, saveCard: true });
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken, saveCard: true, cardNumber: '5555 5555 5555 4444' });

  const { tab, release } = await tabWithoutScripts(page);
  // The header's search box is still a plain one: the page's scripts have not run.
  const scriptsHeldBack = () => expect(tab.getByRole('search', { name: 'Search products and categories' }).getByRole('combobox')).toHaveCount(0);

  await tab.goto('/account', { waitUntil: 'commit' });
  // The header names the shopper from the first paint, as the server's session does.
  await expect(tab.getByRole('banner').getByRole('link', { name: 'Your account: Sam' })).toBeVisible();
  const details = main(tab).getByRole('region', { name: 'Your details' });
  await expect(details).toContainText(DEMO.shopper.name);
  await expect(details).toContainText(DEMO.shopper.email);
  await expect(main(tab).getByRole('region', { name: 'Your orders' })).toContainText(`Latest order ${orderNumber}`);
  await expect(main(tab).getByRole('status')).toHaveCount(0);
  await scriptsHeldBack();

  await tab.goto('/account/orders', { waitUntil: 'commit' });
  await expect(main(tab).getByRole('link', { name: `View order ${orderNumber}` })).toBeVisible();
  await scriptsHeldBack();

  await tab.goto(`/account/orders/${orderNumber}`, { waitUntil: 'commit' });
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(main(tab).getByRole('region', { name: 'Payment' })).toContainText('Mastercard ending 4444');
  await scriptsHeldBack();

  // Someone else's order number: the page says so, with a 404.
  const missing = await tab.goto('/account/orders/BP99999999', { waitUntil: 'commit' });
  expect(missing?.status()).toBe(404);
  await expect(main(tab).getByRole('heading', { name: 'We couldn’t find that order' })).toBeVisible();

  await tab.goto('/account/cards', { waitUntil: 'commit' });
  const mastercard = main(tab).getByRole('region', { name: 'Mastercard ending 4444' }).first();
  await expect(main(tab).getByRole('region', { name: 'Visa ending 4242' }).first()).toBeVisible();
  await scriptsHeldBack();

  // Plain forms: make the Mastercard the default, then remove it after the question.
  await mastercard.getByRole('button', { name: 'Make default: Mastercard ending 4444' }).click();
  await expect(main(tab).getByRole('status')).toHaveText('Mastercard ending 4444 is now your default card.');
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await mastercard.getByRole('button', { name: 'Remove: Mastercard ending 4444' }).click();
  await expect(mastercard.getByRole('heading', { name: 'Remove Mastercard ending 4444?' })).toBeVisible();
  await mastercard.getByRole('button', { name: 'Remove card' }).click();
  await expect(main(tab).getByRole('status')).toHaveText('Mastercard ending 4444 is removed from your account.');
  await expect(tab).toHaveURL(/\/account\/cards\?done=removed/);
  await scriptsHeldBack();

  // The billing address form: the API's words beside the field, what was typed kept.
  const visa = main(tab).getByRole('region', { name: 'Visa ending 4242' }).first();
  await visa.getByRole('button', { name: 'Change billing address: Visa ending 4242' }).click();
  const form = visa.getByRole('form', { name: 'Billing address' });
  await form.getByLabel('Name on the card').fill('');
  await form.getByLabel('Address line 1').fill('3 Mill Lane');
  await form.getByRole('button', { name: 'Save billing address' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'There is a problem' }).getByRole('link', { name: 'Enter the name on the card' })).toBeVisible();
  await expect(form.getByLabel('Address line 1')).toHaveValue('3 Mill Lane');
  await scriptsHeldBack();

  release();
  await tab.close();
});

test('a visitor who is not signed in opening their orders is taken to sign in and brought back to them', async ({ page }) => {
  await page.goto('/account/orders');
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your orders');
});

test('"Sign out" pressed before the page’s scripts run ends the session as a plain form, the provider’s too', async ({ page }) => {
  await signInByRedirect(page, DEMO.shopper.email);
  const { tab, release } = await tabWithoutScripts(page);
  await tab.goto('/account', { waitUntil: 'commit' });
  await main(tab).getByRole('region', { name: 'Finished?' }).getByRole('button', { name: 'Sign out' }).click();
  // The provider asks before ending its own session, then sends the browser back to the shop.
  await confirmProviderSignOut(tab);
  await expect(tab).toHaveURL(/\/$/);
  // Drawn signed out from the first paint: the server no longer has a session, nor the browser its hint.
  await expect(tab.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  expect((await tab.context().cookies()).map((cookie) => cookie.name)).not.toContain('shop_session');
  release();
  // The provider's session ended too: the account asks for a password again, not a quiet sign-in.
  await tab.goto('/account');
  await expect(tab).toHaveURL(/\/identity\/interaction\//, { timeout: 60_000 });
  await expect(tab.getByLabel('Password')).toBeVisible();
  await tab.close();
});

test('"Sign out" on the account page, once its scripts run, signs out through the page’s client', async ({ page }) => {
  await signInByRedirect(page, DEMO.shopper.email);
  await pageReady(page);
  const revoked = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith('/identity/token/revocation'));
  await main(page).getByRole('region', { name: 'Finished?' }).getByRole('button', { name: 'Sign out' }).click();
  // The client revokes the tokens it holds before leaving for the provider (a plain form could not).
  await revoked;
  await confirmProviderSignOut(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a signed-in customer’s enquiry form is filled in with their name and address from the first paint, and what they type then is kept', async ({ page }) => {
  await signInByRedirect(page, DEMO.shopper.email);
  const { tab, release } = await tabWithoutScripts(page);
  await tab.goto('/help/contact/general-enquiry', { waitUntil: 'commit' });
  const form = main(tab).getByRole('form', { name: 'General enquiry' });
  await expect(form.getByLabel('Your name')).toHaveValue(DEMO.shopper.name);
  await expect(form.getByLabel('Your e-mail address')).toHaveValue(DEMO.shopper.email);
  await form.getByLabel('Your message').fill('Do you deliver to Orkney?');
  release();
  await pageReady(tab);
  // The page's scripts draw the same form: nothing typed is replaced.
  await expect(form.getByLabel('Your message')).toHaveValue('Do you deliver to Orkney?');
  await expect(form.getByLabel('Your name')).toHaveValue(DEMO.shopper.name);
  await tab.close();
});
