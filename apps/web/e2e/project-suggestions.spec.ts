import type { EssentialItems } from '@shop/contracts';
import { expect as baseExpect, test, type Page, type TestInfo } from './test.ts';
import { collectErrors, expectNoViolations, pageReady } from './auth.ts';
import { registerAndSignIn, uniqueEmail } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts } from './slow-start.ts';
import { applicationForm, approveOnSilver, fillApplication } from './trade-steps.ts';

/**
 * "Complete your bathroom" on a project's page, by what a trade customer sees: a project holding a
 * basin lists what the basin needs or goes with at their own (trade) prices; "Add to project",
 * pressed before the page's scripts have loaded, puts the item in the project and it is suggested no more.
 */

// A sign-in and a few plain-form posts on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// The cloakroom basin the product, basket and projects specs use (default size PL000109-1).
const BASIN = { slug: 'tamar-trade-eden-cloakroom-basin-pl000109', sku: 'PL000109-1', name: 'Tamar Trade Eden Cloakroom Basin' };

const main = (page: Page) => page.getByRole('main');
const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-project-suggestions-${name}.png`, fullPage: true, animations: 'disabled' });

const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
/** The pence an amount shown as "£1,234.56" stands for. */
const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

test('a project with a basin suggests what it needs at the customer’s prices; added, the item is in the project and no longer suggested', async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectErrors(page);
  const projectName = `Cloakroom refit ${Date.now()}`;
  // The basin's essential items as its product page lists them, with their retail prices.
  const essentials = (await (await page.request.get(`/api/catalogue/Products/EssentialItems?sku=${BASIN.sku}`)).json()) as EssentialItems;
  const retail = new Map(essentials.items.map(({ product }) => [product.productName, product.price.priceIncTax]));
  expect(retail.size).toBeGreaterThan(0);

  // A trade customer of the test's own (approved on Silver): the demo trade customer's projects are projects.spec.ts's.
  const email = uniqueEmail(testInfo, 'project-suggestions');
  const legalName = `Cloakroom Fitters ${Date.now()} Ltd`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Fitter');
  await page.goto('/trade/apply');
  await fillApplication(applicationForm(page), legalName);
  await applicationForm(page).getByRole('button', { name: 'Send application' }).click();
  await expect(page).toHaveURL(/\/trade\/application\?sent=1$/);
  await (await approveOnSilver(browser, testInfo, email, legalName)).context().close();
  await page.goto(`/p/${BASIN.slug}`);
  await pageReady(page);
  const box = main(page).locator('#add-to-project');
  await box.getByText('Add to project', { exact: true }).first().click();
  await box.getByLabel('Project', { exact: true }).selectOption({ label: 'New project…' });
  await box.getByLabel('New project name').fill(projectName);
  await box.getByRole('button', { name: 'Add to project' }).click();
  await main(page).getByRole('status').getByRole('link', { name: projectName }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();

  const complete = main(page).getByRole('region', { name: 'Complete your bathroom' });
  const suggestions = complete.getByRole('listitem');
  await expect(suggestions.first()).toBeVisible();
  const first = suggestions.first();
  const itemName = (await first.getAttribute('aria-label'))!;
  // One of the basin's essential items, shown at the trade customer's price, below retail.
  expect(retail.has(itemName)).toBe(true);
  expect(pence(await first.getByText(/^£/).innerText())).toBeLessThan(retail.get(itemName)!);
  await expectNoViolations(page);
  await screenshot(page, testInfo, '1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page);
  await screenshot(page, testInfo, '390');
  await page.setViewportSize({ width: 1366, height: 900 });

  // Pressed before the page's scripts arrive: a plain form.
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await complete.getByRole('button', { name: `Add to project ${itemName}` }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Added to the project.' })).toBeVisible();
  release();
  await expect(
    main(page)
      .getByRole('region', { name: 'Products' })
      .getByRole('listitem', { name: startingWith(itemName) }),
  ).toBeVisible();
  await expect(main(page).getByRole('listitem', { name: startingWith(BASIN.name) })).toBeVisible();
  await expect(complete.getByRole('listitem', { name: itemName })).toHaveCount(0);
  expect(errors).toEqual([]);
});
