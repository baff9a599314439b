import { expect as baseExpect, test, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, pageReady, signIn } from './auth.ts';
import { newContext, staffMailbox } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Sign-ins hash passwords and every change is a real API call: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// The cloakroom basin the product and basket specs use: sizes 400 mm (PL000109-1) and 500 mm (PL000109-2).
const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';
const BASIN_NAME = 'Tamar Trade Eden Cloakroom Basin';

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${name}.png`, fullPage: true, animations: 'disabled' });

const saveButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Save(d)? to wishlist$/ });
const items = (page: Page) => page.getByRole('region', { name: /products?$/ }).getByRole('listitem');

/**
 * Opens the basin and saves the chosen size to the wishlist from the product page, once its scripts
 * run: a guest's wishlist is kept by the browser, so a guest pressing Save before them is asked to sign in.
 */
async function saveBasin(page: Page, sku?: string) {
  await page.goto(sku ? `${BASIN}?sku=${sku}` : BASIN, { waitUntil: 'networkidle' });
  await pageReady(page);
  await expect(saveButton(page)).toBeEnabled();
  await saveButton(page).click();
  await expect(saveButton(page)).toHaveAttribute('aria-pressed', 'true');
}

test('a guest saves products with the heart, sees them on the wishlist, and moves one to the basket', { tag: '@phone' }, async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.goto('/wishlist', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expectNoViolations(page);

  // From a listing card: the heart is a toggle.
  await page.goto('/c/basins/cloakroom-basins', { waitUntil: 'networkidle' });
  await pageReady(page);
  const heart = page.getByRole('button', { name: `Save ${BASIN_NAME} to your wishlist` }).first();
  await expect(heart).toBeEnabled();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: `${BASIN_NAME} saved to your wishlist.` })).toBeVisible();

  // From the product page, the other size.
  await saveBasin(page, 'PL000109-2');

  await page.goto('/wishlist', { waitUntil: 'networkidle' });
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByRole('heading', { name: '2 products' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'wishlist');

  const second = items(page).filter({ hasText: 'PL000109-2' });
  await second.getByRole('combobox', { name: `Quantity of ${BASIN_NAME}` }).selectOption('3');
  await expect(second.getByRole('combobox', { name: `Quantity of ${BASIN_NAME}` })).toHaveValue('3');
  await second.getByRole('button', { name: `Add to basket: ${BASIN_NAME}` }).click();
  await expect(page.getByRole('dialog', { name: 'Your basket' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Basket (3 items)' })).toBeVisible();

  await items(page)
    .filter({ hasText: 'PL000109-1' })
    .getByRole('button', { name: `Remove ${BASIN_NAME}` })
    .click();
  await expect(items(page)).toHaveCount(1);
  // Saving needs an account: a guest is offered sign-in.
  await expect(page.getByRole('button', { name: 'Sign in to save' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a wishlist shared by e-mail is opened by its code in another browser', async ({ page, browser }, testInfo) => {
  await saveBasin(page);
  await page.goto('/wishlist', { waitUntil: 'networkidle' });
  await expect(items(page)).toHaveCount(1);

  const address = `friend-${testInfo.project.name}-${Date.now()}@example.com`;
  const share = page.getByRole('region', { name: 'Share by e-mail' });
  await share.getByRole('button', { name: 'Send wishlist' }).click();
  await expect(share.getByText('Enter an e-mail address.')).toBeVisible();
  await share.getByLabel('Their e-mail address').fill(address);
  await share.getByLabel('Your name').fill('Sam');
  await share.getByLabel('Message').fill('For the cloakroom');
  await share.getByRole('button', { name: 'Send wishlist' }).click();
  const sent = share.getByRole('status');
  await expect(sent).toContainText(`Sent to ${address}.`);
  const code = (await sent.textContent())!.match(/code ([A-Z0-9]{4}-[A-Z0-9]{4})/)![1]!;

  const mails = await staffMailbox(browser, testInfo, address);
  expect(mails).toEqual([expect.objectContaining({ template: 'wishlist.shared', subject: 'Sam shared a wishlist with you' })]);

  // Someone else, in another browser, follows the e-mail's link.
  const other = await newContext(browser, testInfo);
  const friend = await other.newPage();
  await friend.goto('/wishlist/shared?code=NOPE-NOPE', { waitUntil: 'networkidle' });
  await friend.getByRole('button', { name: 'Open shared wishlist' }).click();
  await expect(friend.getByText('We can’t find a shared wishlist with that code.')).toBeVisible();
  await expectNoViolations(friend);
  await friend.goto(`/wishlist/shared?code=${code}`, { waitUntil: 'networkidle' });
  await expect(friend.getByLabel('Share code')).toHaveValue(code);
  await friend.getByRole('button', { name: 'Open shared wishlist' }).click();
  await expect(friend).toHaveURL(/\/wishlist$/);
  await expect(items(friend)).toHaveCount(1);
  await expect(items(friend)).toContainText(BASIN_NAME);
  await other.close();
});

test('signing in keeps a guest wishlist, and a shopper saves it under a name', async ({ page }) => {
  await saveBasin(page);
  await signIn(page, DEMO.shopper.email);
  await page.goto('/wishlist', { waitUntil: 'networkidle' });
  await expect(items(page).filter({ hasText: BASIN_NAME }).first()).toBeVisible();
  const save = page.getByRole('region', { name: 'Save your wishlist' });
  await save.getByLabel('Wishlist name').fill('');
  await save.getByRole('button', { name: /wishlist$/ }).click();
  await expect(save.getByText('Give your wishlist a name')).toBeVisible();
  const name = `Cloakroom ${Date.now()}`;
  await save.getByLabel('Wishlist name').fill(name);
  await save.getByRole('button', { name: /wishlist$/ }).click();
  await expect(save.getByRole('status')).toHaveText(`Saved as “${name}”.`);
  await expect(page.getByRole('heading', { level: 1, name: `Wishlist: ${name}` })).toBeVisible();
  // The guest id is gone: the wishlist is the account's now.
  expect(await page.evaluate(() => localStorage.getItem('plumbline.wishlistId'))).toBeNull();
  await expectNoViolations(page);
});

test('a basket line is saved for later: it moves to the wishlist at its quantity', async ({ page }) => {
  await page.goto(BASIN, { waitUntil: 'networkidle' });
  const main = page.getByRole('main');
  await main.getByLabel('Quantity', { exact: true }).fill('2');
  await main.getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Your basket' })).toBeVisible();
  await page.goto('/basket', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: `Save for later ${BASIN_NAME}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${BASIN_NAME} moved to your wishlist.` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await page.goto('/wishlist', { waitUntil: 'networkidle' });
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).getByRole('combobox', { name: `Quantity of ${BASIN_NAME}` })).toHaveValue('2');
});
