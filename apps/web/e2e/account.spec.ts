import { test, type Page, type TestInfo } from './test.ts';
import { storedUser } from './auth.ts';
import {
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  expect,
  expectConfirmation,
  fillCard,
  main,
  pay,
  payButton,
  registerAndSignIn,
  signUpByHand,
  scan,
  section,
  toPaymentSignedIn,
  uniqueEmail,
} from './checkout-steps.ts';
import { asStaff } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Each test makes its own account (sign-up, e-mail confirmation) and pays: slow on a busy machine.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const screenshot = (page: Page, testInfo: TestInfo, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-account-${name}.png`, fullPage, animations: 'disabled' });

const accessToken = async (page: Page) => (await storedUser(page))!.access_token;
const card = (page: Page, name: string) => main(page).getByRole('region', { name, exact: true });
const notice = (page: Page) => main(page).getByRole('status').filter({ hasText: /\S/ });

test('a customer sees the cards they saved at checkout, makes one the default, changes a billing address and removes cards', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'cards');
  // The one journey that signs up through the provider's pages: the others sign up over HTTP (registerAndSignIn).
  await signUpByHand(page, browser, testInfo, email, 'Robin Cardholder');

  // From the account page; nothing saved yet.
  await main(page).getByRole('region', { name: 'Saved cards' }).getByRole('link', { name: 'Your saved cards' }).click();
  await expect(page).toHaveURL(/\/account\/cards$/);
  await expect(main(page).getByRole('heading', { name: 'You have no saved cards' })).toBeVisible();
  await expect(main(page).getByText('You can save a card when you pay.')).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'cards-empty');

  // A card saved at checkout, with consent; and a second one on another order.
  await toPaymentSignedIn(page);
  await section(page, 'Payment').getByLabel('Save this card for next time').check();
  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
  await placeTestOrder(page.request, { email, accessToken: await accessToken(page), saveCard: true, cardNumber: '5555 5555 5555 4444' });

  await page.goto('/account/cards');
  await expect(main(page).getByRole('heading', { name: '2 saved cards' })).toBeVisible();
  const visa = card(page, 'Visa ending 4242');
  const mastercard = card(page, 'Mastercard ending 4444');
  await expect(visa.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa.getByText('Expires 12/2030')).toBeVisible();
  await expect(mastercard.getByText('Default', { exact: true })).toHaveCount(0);
  await scan(page);
  await screenshot(page, testInfo, 'cards');

  // The default: the other card, first in the list from now on.
  await mastercard.getByRole('button', { name: 'Make default: Mastercard ending 4444' }).click();
  await expect(notice(page)).toHaveText('Mastercard ending 4444 is now your default card.');
  await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
  await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(
    main(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('region') })
      .first()
      .getByRole('heading', { level: 2 }),
  ).toHaveText('Mastercard ending 4444');
  await expect(mastercard.getByRole('heading', { name: 'Mastercard ending 4444' })).toBeFocused();

  // The billing address: the API's words, beside each field and in the summary, until it is right.
  await visa.getByRole('button', { name: 'Change billing address: Visa ending 4242' }).click();
  const form = visa.getByRole('form', { name: 'Billing address' });
  await form.getByLabel('Name on the card').fill('');
  await form.getByLabel('Address line 1').fill('2 Low Road');
  await form.getByLabel('Town or city').fill('York');
  await form.getByLabel('Postcode').fill('QO1 7HH');
  await form.getByRole('button', { name: 'Save billing address' }).click();
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Enter the name on the card' })).toBeVisible();
  await expect(form.getByLabel('Name on the card')).toHaveAttribute('aria-invalid', 'true');
  await summary.getByRole('link', { name: 'Enter the name on the card' }).click();
  await expect(form.getByLabel('Name on the card')).toBeFocused();
  await page.keyboard.type('Robin Cardholder');
  await form.getByRole('button', { name: 'Save billing address' }).click();
  const postcodeProblem = '"QO1 7HH" is not a UK postcode: it cannot start with Q, V or X. Use a UK postcode such as "SW1A 1AA" or "IV2 3AB".';
  await expect(summary.getByRole('link', { name: postcodeProblem })).toBeVisible();
  await expect(form.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Name on the card')).not.toHaveAttribute('aria-invalid');
  await scan(page);
  await screenshot(page, testInfo, 'cards-billing-error');
  await form.getByLabel('Postcode').fill('yo1 7hh');
  await form.getByRole('button', { name: 'Save billing address' }).click();
  await expect(notice(page)).toHaveText('The billing address of Visa ending 4242 is updated.');
  await expect(form).toBeHidden();
  await expect(visa.locator('address')).toHaveText(['Robin Cardholder', '2 Low Road', 'York', 'YO1 7HH'].join(''));

  // Removing asks first; keeping the card changes nothing.
  await visa.getByRole('button', { name: 'Remove: Visa ending 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Visa ending 4242?' });
  await expect(dialog).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'cards-remove-dialog', false);
  await dialog.getByRole('button', { name: 'Keep card' }).click();
  await expect(dialog).toBeHidden();
  await expect(visa).toBeVisible();
  await visa.getByRole('button', { name: 'Remove: Visa ending 4242' }).click();
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(notice(page)).toHaveText('Visa ending 4242 is removed from your account.');
  await expect(visa).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: '1 saved card' })).toBeFocused();

  // The last one, the default: the page is back to saying how to save one.
  await mastercard.getByRole('button', { name: 'Remove: Mastercard ending 4444' }).click();
  await page.getByRole('dialog', { name: 'Remove Mastercard ending 4444?' }).getByRole('button', { name: 'Remove card' }).click();
  await expect(main(page).getByRole('heading', { name: 'You have no saved cards' })).toBeVisible();

  // And checkout offers no saved card any more.
  await toPaymentSignedIn(page);
  await expect(payButton(page)).toBeVisible();
  await expect(section(page, 'Payment').getByRole('group', { name: 'Pay with a saved card' })).toHaveCount(0);
});

test('a customer opens an order from their orders and sees its items, delivery, payment, progress and tracking without typing their e-mail', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'order-page');
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Basin');
  const orderNumber = await placeTestOrder(page.request, { email, accessToken: await accessToken(page), firstName: 'Robin', lastName: 'Basin' });

  // From the account page to the list, and from the list to the order.
  await page.goto('/account');
  await expect(main(page).getByRole('region', { name: 'Your orders' })).toContainText(orderNumber);
  await expect(main(page).getByRole('region', { name: 'Saved cards' }).getByRole('link', { name: 'Your saved cards' })).toBeVisible();
  await scan(page);
  await screenshot(page, testInfo, 'page');
  await main(page).getByRole('region', { name: 'Your orders' }).getByRole('link', { name: 'All your orders' }).click();
  await main(page)
    .getByRole('link', { name: `View order ${orderNumber}` })
    .click();
  await expect(page).toHaveURL(`/account/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);

  const items = main(page).getByRole('region', { name: 'Items' });
  await expect(items.getByRole('link', { name: BASIN_NAME, exact: true })).toBeVisible();
  await expect(items.getByRole('link', { name: `Write a review of ${BASIN_NAME}` })).toBeVisible();
  await expect(items.getByText(/^Qty 1 × £[\d,.]+$/)).toBeVisible();
  await expect(items.locator('img')).toHaveCount(1);
  await expect(items.getByText('VAT included')).toBeVisible();
  const delivery = main(page).getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('1 High Street');
  await expect(delivery).toContainText('LS1 4AP');
  await expect(main(page).getByRole('region', { name: 'Payment' })).toContainText(/£[\d,.]+ paid by Visa ending 4242/);
  const progress = main(page).getByRole('region', { name: 'Progress' });
  await expect(progress.getByRole('listitem').filter({ hasText: 'Order placed' })).toHaveAttribute('aria-current', 'step');
  await expect(main(page).getByRole('region', { name: 'Tracking' })).toContainText('Not dispatched yet.');

  // Staff pick and dispatch it; the customer's page then has the carrier's tracking, and no e-mail is asked for.
  await asStaff(browser, testInfo, async (request, headers) => {
    for (const data of [{ status: 'picking' }, { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' }]) {
      expect((await request.post(`/api/orders/Staff/Orders/${orderNumber}/Status`, { data, headers })).ok()).toBe(true);
    }
  });
  await page.reload();
  const tracking = main(page).getByRole('region', { name: 'Tracking' });
  await expect(tracking).toContainText('DPD: 15501234567890');
  await expect(tracking.getByRole('link', { name: 'Track with DPD (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://track.dpd.co.uk/parcels/15501234567890',
  );
  await expect(progress.getByRole('listitem').filter({ hasText: 'Dispatched' })).toHaveAttribute('aria-current', 'step');
  await expect(progress.getByRole('listitem').filter({ hasText: 'Being picked' })).toContainText('(done)');
  await expect(main(page).getByLabel(/e-mail/i)).toHaveCount(0);
  await scan(page);
  await screenshot(page, testInfo, 'order');

  // An order collected from the trade counter: where, when and its hours, in place of an address.
  const collected = await placeTestOrder(page.request, { email, accessToken: await accessToken(page), collect: true });
  await page.goto(`/account/orders/${collected}`);
  const collection = main(page).getByRole('region', { name: 'Collection' });
  await expect(collection).toContainText('Plumbline Leeds trade counter, Unit 4 Canal Wharf, Leeds LS11 5PS');
  await expect(collection).toContainText(/Ready to collect from .+ (today|tomorrow|on \w+day \d{1,2} \w+)/);
  await expect(collection.getByRole('list', { name: 'Opening hours' })).toContainText('Monday to Friday: 7am to 5pm');
  await expect(main(page).getByRole('region', { name: 'Tracking' })).toHaveText(
    /Nothing to track: you collect this order from the Plumbline Leeds trade counter\./,
  );
  await scan(page);
  await screenshot(page, testInfo, 'order-collect');

  // Someone else's order, or none: the same answer, with the ways on.
  const guestOrder = await placeTestOrder(page.request, { email: uniqueEmail(testInfo, 'someone-else') });
  for (const other of [guestOrder, 'BP99999999']) {
    await page.goto(`/account/orders/${other}`);
    await expect(main(page).getByRole('heading', { name: 'We couldn’t find that order' })).toBeVisible();
    await expect(main(page).getByText(`There is no order ${other} on your account.`, { exact: false })).toBeVisible();
  }
  await scan(page);
  // The panel's way back (the breadcrumbs above it have the same link).
  await main(page).getByRole('link', { name: 'Your orders', exact: true }).last().click();
  await expect(page).toHaveURL(/\/account\/orders$/);
});
