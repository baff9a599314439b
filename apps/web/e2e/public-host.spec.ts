import { test } from './test.ts';
import { collectErrors, DEMO, fillProviderSignIn, header } from './auth.ts';
import {
  addBasin,
  BASIN,
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  completeSteps,
  expect,
  expectConfirmation,
  fillCard,
  pay,
  payButton,
  screenshot,
  section,
  uniqueEmail,
} from './checkout-steps.ts';
import { PORT } from './pages.ts';

/**
 * The shop under test is at PUBLIC_URL http://127.0.0.1:$PORT; `localhost` is the same machine under
 * its other loopback name. Opened there, every page lands on PUBLIC_URL before sign-in, the card
 * field or the basket can break (decision 0052).
 */
const PUBLIC = `http://127.0.0.1:${PORT}`;
const OTHER_NAME = `http://localhost:${PORT}`;

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

test('a shopper who opens the shop at its other loopback name lands on its address, keeps the basket and pays by card', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.goto(`${OTHER_NAME}${BASIN}`);
  await expect(page).toHaveURL(`${PUBLIC}${BASIN}`);
  await addBasin(page);

  // A link or bookmark under the other name keeps the basket: it is the same page on PUBLIC_URL.
  await page.goto(`${OTHER_NAME}/checkout`);
  await expect(page).toHaveURL(`${PUBLIC}/checkout`);
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(BASIN_NAME);

  const email = uniqueEmail(testInfo, 'other-name');
  await completeSteps(page, email);
  // The card field's frame loads (its frame-ancestors name PUBLIC_URL) and Pay is offered.
  await expect(section(page, 'Payment').frameLocator('iframe[title="Card details"]').getByLabel('Card number')).toBeVisible();
  await expect(payButton(page)).toBeEnabled();
  await screenshot(page, testInfo, 'other-name-payment', false);
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
  expect(errors).toEqual([]);
});

test('a customer who opens the account page at the other loopback name signs in and stays signed in', async ({ page }) => {
  // Sent to PUBLIC_URL's account page, which sends a visitor who is not signed in to sign in (decision 0063).
  await page.goto(`${OTHER_NAME}/account`);
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(page).toHaveURL(`${PUBLIC}/account`);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();

  // Opened again under the other name, the page is PUBLIC_URL's, where the session is.
  await page.goto(`${OTHER_NAME}/account`);
  await expect(page).toHaveURL(`${PUBLIC}/account`);
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
});
