import { test, type Page, type TestInfo } from '@playwright/test';
import { DEMO, fillProviderSignIn, header } from './auth.ts';
import { addBasin, BASIN_NAME, CHECKOUT_TIMEOUT, expect, fillAddress, fillContact, main, openCheckout, scan, screenshot, section, uniqueEmail } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * Pages paint before their scripts run (docs/decisions/0014); on a slow phone a shopper types and
 * presses before then. These tests slow the CPU six times, as a mid-range phone, and hold the page's
 * scripts back until the shopper has acted, so what they do certainly happens before hydration; then
 * they check it took effect.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

/** Chromium's CPU six times slower. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Holds the page's scripts back; the returned function lets them (and every later page's) through. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Step 2's choice, and the branch its details name. */
const COLLECT_FROM = 'Click & collect from the trade counter';
const BRANCH = 'Plumbline Leeds trade counter';

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

test('what is typed into the header search before the scripts run is suggested for once they do', async ({ page }) => {
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/help', { waitUntil: 'commit' });
  // Before the scripts: a plain search box.
  const box = searchForm(page).getByRole('searchbox');
  await box.pressSequentially('basin');
  await expect(box).toHaveValue('basin');

  release();
  const combobox = searchForm(page).getByRole('combobox', { name: 'Search products and categories' });
  await expect(combobox).toHaveValue('basin');
  await expect(suggestions(page)).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(suggestions(page).getByRole('group', { name: 'Products' }).getByRole('option').first()).toContainText(/basin/i);
  await expect(suggestions(page).getByRole('option').last()).toHaveText('See all results for “basin”');
});

test('typing into the header search while the page is still waking up gets suggestions', async ({ page }) => {
  await slowCpu(page);
  await page.goto('/help', { waitUntil: 'commit' });
  // Straight after the first paint, whatever state the scripts are in.
  await searchForm(page).getByLabel('Search products and categories').pressSequentially('shower');
  await expect(suggestions(page)).toBeVisible();
  await expect(suggestions(page).getByRole('option').last()).toHaveText('See all results for “shower”');
});

test('"Sign in" pressed before the scripts run signs in and comes back to the page', async ({ page }, testInfo) => {
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/help', { waitUntil: 'commit' });
  // The server knows nobody signed in here: it is "Sign in" from the first paint, not "Account".
  await header.signIn(page).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fhelp$/);
  await expect(page.getByRole('heading', { name: 'Taking you to sign in…' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-sign-in-starting.png`, animations: 'disabled' });

  release();
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(page).toHaveURL('/help');
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
});

/** A guest with a basin opens the checkout and types step 1 before its scripts run; returns what lets them run. */
async function detailsBeforeScripts(page: Page, email: string, firstName: string, lastName: string) {
  await addBasin(page);
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/checkout', { waitUntil: 'commit' });
  // The server drew the guest's checkout: step 1 is a form before any script runs.
  const details = section(page, 'Your details');
  await details.getByLabel('E-mail address').fill(email);
  await details.getByLabel('First name').fill(firstName);
  await details.getByLabel('Last name').fill(lastName);
  await details.getByLabel('Phone number').fill('07700 900123');
  return release;
}

test('checkout details typed before the scripts run survive them, and "Continue" saves them', async ({ page }) => {
  const release = await detailsBeforeScripts(page, 'early@plumbline.test', 'Early', 'Bird');
  const details = section(page, 'Your details');
  release();
  // The scripts take over (their search box becomes a combobox): nothing typed is lost.
  await expect(searchForm(page).getByRole('combobox')).toBeVisible();
  await expect(details.getByLabel('E-mail address')).toHaveValue('early@plumbline.test');
  await expect(details.getByLabel('Last name')).toHaveValue('Bird');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();

  await expect(section(page, 'Delivery address').getByLabel('Address line 1')).toBeVisible();
  const done = section(page, 'Your details');
  await expect(done).toContainText('Early Bird');
  await expect(done).toContainText('early@plumbline.test');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(BASIN_NAME);
});

test('"Continue" pressed before the scripts run saves the step as a plain form', async ({ page }) => {
  const release = await detailsBeforeScripts(page, 'plain@plumbline.test', 'Plain', 'Form');
  await section(page, 'Your details').getByRole('button', { name: 'Continue to delivery address' }).click();

  // The page's action saved it: the next page, still without scripts, has the address step open.
  await expect(section(page, 'Delivery address').getByLabel('Address line 1')).toBeVisible();
  await expect(section(page, 'Your details')).toContainText('plain@plumbline.test');
  release();
  await expect(main(page).getByRole('region', { name: /^Step 1: Your details \(done\)$/ })).toBeVisible();
});

/**
 * A guest with a basin whose checkout has its details (and, with `address`, its delivery address)
 * saved with the scripts, then opens it again with a slow CPU and the scripts held back.
 */
async function checkoutBeforeScripts(page: Page, testInfo: TestInfo, label: string, { address }: { address: boolean }) {
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, uniqueEmail(testInfo, label));
  if (address) await fillAddress(page);
  await expect(section(page, address ? 'Delivery' : 'Delivery address').getByRole('radio', { checked: true }).first()).toBeVisible();
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/checkout', { waitUntil: 'commit' });
  return release;
}

/** The scripts have taken over: their search box is a combobox. */
const hydrated = (page: Page) => expect(searchForm(page).getByRole('combobox')).toBeVisible();

test('click & collect chosen before the scripts run survives them, and "Continue" saves it', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-collect', { address: false });
  const step = section(page, 'Delivery address');
  await step.getByRole('radio', { name: COLLECT_FROM }).check();
  // The stylesheet alone swaps the address for the branch's details and words the button.
  await expect(step.getByLabel('Address line 1')).toBeHidden();
  await expect(step.getByRole('definition').filter({ hasText: BRANCH })).toBeVisible();
  await expect(step.getByRole('button', { name: 'Continue to billing' })).toBeVisible();

  release();
  await hydrated(page);
  await expect(step.getByRole('radio', { name: COLLECT_FROM })).toBeChecked();
  await expect(step.getByLabel('Address line 1')).toBeHidden();
  await step.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Collection')).toContainText(`Click & collect from the ${BRANCH}`);
  await expect(section(page, 'Billing').getByLabel('Address line 1')).toBeVisible();
});

test('a delivery day chosen before the scripts run survives them, and "Continue" saves it', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-day', { address: true });
  const delivery = section(page, 'Delivery');
  await delivery.getByRole('radio', { name: /^Specific day/ }).check();
  // The server drew the calendar; the stylesheet opens it.
  const day = delivery.getByRole('radiogroup', { name: 'Choose your delivery day' }).getByRole('radio', { name: /£/ }).nth(1);
  await day.check();
  const dayName = (await day.getAttribute('aria-label'))!.split(',')[0]!;
  await expect(delivery.getByRole('radio', { name: /^Standard/ })).not.toBeChecked();
  await screenshot(page, testInfo, 'day-before-scripts', false);

  release();
  await hydrated(page);
  await expect(delivery.getByRole('radio', { name: /^Specific day/ })).toBeChecked();
  await expect(day).toBeChecked();
  // The page read the day from the form once its scripts ran.
  await expect(delivery.getByText(`Delivery on ${dayName}`)).toBeVisible();
  await scan(page);
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Billing').getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(section(page, 'Delivery')).toContainText('Specific day');
  await expect(section(page, 'Delivery')).toContainText(dayName);
});

test('a delivery option chosen and sent before the scripts run is saved as a plain form', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-option', { address: true });
  const delivery = section(page, 'Delivery');
  await delivery.getByRole('radio', { name: /^Saturday delivery/ }).check();
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();

  // The page's action saved it: the next page, still without scripts, has billing open.
  await expect(section(page, 'Billing').getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(section(page, 'Delivery')).toContainText('Saturday delivery');
  release();
  await expect(main(page).getByRole('region', { name: /^Step 3: Delivery \(done\)$/ })).toBeVisible();
});
