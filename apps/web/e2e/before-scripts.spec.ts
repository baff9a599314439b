import { test, type Page } from '@playwright/test';
import { DEMO, fillProviderSignIn, header } from './auth.ts';
import { addBasin, BASIN_NAME, CHECKOUT_TIMEOUT, expect, main, section } from './checkout-steps.ts';
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
