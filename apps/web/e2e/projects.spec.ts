import { expect as baseExpect, test, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, fillProviderSignIn, pageReady } from './auth.ts';
import { emailedLink, newContext } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts } from './slow-start.ts';

/**
 * Projects shared between installer and homeowner, by what people see: a trade customer makes a
 * project from a product page, adds three products with notes, swaps one to another size and shares
 * it to view with a homeowner, who opens it from the e-mail at their own (retail) prices, copies it
 * and adds it all to the basket, told which line is out of stock.
 */

// Two sign-ins (password hashing), a share e-mail read through the mailbox, and a dozen plain-form posts.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// The cloakroom basin the product and basket specs use: sizes 400 mm (PL000109-1) and 500 mm (PL000109-2).
const BASIN = { slug: 'tamar-trade-eden-cloakroom-basin-pl000109', name: 'Tamar Trade Eden Cloakroom Basin', swappedTo: 'PL000109-2' };
const SHOWER = { slug: 'brookvale-eden-mixer-shower-pl000256', name: 'Brookvale Eden Mixer Shower' };
/** Out of stock in the demo catalogue, with one offering. */
// Out of stock in the demo catalogue, with one offering, and used by no other browser test (help-enquiries.spec.ts restocks its own).
const SEAT = { slug: 'porthmoor-eden-pan-connector-pl000675', name: 'Porthmoor Eden Pan Connector', line: 'Porthmoor Eden Pan Connector (Chrome)' };

const main = (page: Page) => page.getByRole('main');
const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-projects-${name}.png`, fullPage: true, animations: 'disabled' });

/** "Add to project" on a product page: the disclosure's form, to a new project (named) or the one chosen. */
async function addToProject(page: Page, slug: string, note: string, newProject?: string) {
  // The first time, the form is filled in before the page's scripts arrive: what was chosen and typed stays when they do.
  const release = newProject ? await holdScripts(page) : undefined;
  await page.goto(`/p/${slug}`, { waitUntil: release ? 'commit' : 'load' });
  const box = main(page).locator('#add-to-project');
  await box.getByText('Add to project', { exact: true }).first().click();
  if (newProject) {
    await box.getByLabel('Project', { exact: true }).selectOption({ label: 'New project…' });
    await box.getByLabel('New project name').fill(newProject);
  }
  await box.getByLabel('Note (optional)').fill(note);
  if (release) {
    release();
    await pageReady(page);
    await expect(box.getByLabel('New project name')).toHaveValue(newProject!);
    await expect(box.getByLabel('Note (optional)')).toHaveValue(note);
  }
  await box.getByRole('button', { name: 'Add to project' }).click();
}

/** The pence an amount shown as "£1,234.56" stands for. */
const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const shown = (amount: number) => `£${(amount / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a trade customer shares a project with a homeowner, who sees their own prices, copies it and adds it all to the basket', async ({
  browser,
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const projectName = `Flat 4 bathroom refit ${Date.now()}`;
  // Signing in from the projects page (the account section sends a visitor to sign in and back).
  await page.goto('/account/projects');
  await fillProviderSignIn(page, DEMO.trade.email);
  await expect(page.getByRole('heading', { level: 1, name: 'Your projects' })).toBeVisible({ timeout: 60_000 });
  await expect(main(page).getByRole('heading', { name: 'Shared with me' })).toBeVisible();
  await expectNoViolations(page);

  await addToProject(page, BASIN.slug, 'En-suite, left of window', projectName);
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `Added to ${projectName}.` }),
  ).toBeVisible();
  // Among the projects the product is in (the demo trade customer's others may hold it too: project-suggestions.spec.ts).
  await expect(main(page).getByText(/^In /).getByRole('link', { name: projectName })).toBeVisible();
  await addToProject(page, SHOWER.slug, 'Main bathroom');
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `Added to ${projectName}.` }),
  ).toBeVisible();
  await addToProject(page, SEAT.slug, 'Cloakroom WC');
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `Added to ${projectName}.` }),
  ).toBeVisible();

  await main(page).getByRole('status').getByRole('link', { name: projectName }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  const basinLine = main(page).getByRole('listitem', { name: new RegExp(`^${BASIN.name}`) });
  await expect(basinLine.getByLabel('Note')).toHaveValue('En-suite, left of window');
  await basinLine.getByLabel('Other size or finish').selectOption(BASIN.swappedTo);
  await basinLine.getByRole('button', { name: /^Change/ }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Size or finish changed' })).toBeVisible();
  const swapped = main(page).getByRole('listitem', { name: new RegExp(`^${BASIN.name}`) });
  await expect(swapped.getByText(`Code ${BASIN.swappedTo}`)).toBeVisible();
  await expect(swapped.getByLabel('Note')).toHaveValue('En-suite, left of window');
  const tradeUnit = pence((await swapped.getByText(/^1 × £/).innerText()).split('×')[1]!);

  await main(page).getByLabel('Their e-mail address').fill(DEMO.shopper.email);
  await main(page).getByRole('button', { name: 'Share', exact: true }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Shared. We have e-mailed them a link' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: `Stop sharing with ${DEMO.shopper.email}` })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'owner');

  // The homeowner opens the e-mail's link in their own browser and signs in on the way.
  const link = await emailedLink(browser, testInfo, DEMO.shopper.email, 'projects.shared', /https?:\/\/\S+\/account\/projects\/[\w-]+/);
  const retail = (await (await page.request.get(`/api/catalogue/Products/Summaries?slug=${BASIN.slug}`)).json()) as {
    offerings: { sku: string; price: { priceIncTax: number } }[];
  };
  const retailUnit = retail.offerings.find((offering) => offering.sku === BASIN.swappedTo)!.price.priceIncTax;
  expect(tradeUnit).toBeLessThan(retailUnit);
  const homeContext = await newContext(browser, testInfo);
  const home = await homeContext.newPage();
  await home.goto(new URL(link).pathname);
  await fillProviderSignIn(home, DEMO.shopper.email);
  await expect(home.getByRole('heading', { level: 1, name: projectName })).toBeVisible({ timeout: 60_000 });
  await expect(main(home).getByText(`Shared with you by ${DEMO.trade.name}.`)).toBeVisible();
  const seen = main(home).getByRole('listitem', { name: new RegExp(`^${BASIN.name}`) });
  await expect(seen.getByText(`1 × ${shown(retailUnit)}`)).toBeVisible();
  await expect(main(home)).not.toContainText(shown(tradeUnit));
  await expect(main(home).getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expectNoViolations(home);
  await screenshot(home, testInfo, 'shared-view');

  await main(home).getByRole('button', { name: 'Copy into my projects' }).click();
  await expect(main(home).getByRole('status').filter({ hasText: 'Copied into your projects' })).toBeVisible();
  await expect(main(home).getByText('Shared with you by')).toHaveCount(0);
  await main(home).getByRole('button', { name: 'Add all to basket' }).click();
  const report = main(home).getByRole('status');
  await expect(report.getByText('Added 2 products to your basket.')).toBeVisible();
  await expect(report.getByRole('listitem')).toHaveText([`${SEAT.line} is out of stock, so it was not added.`]);
  await screenshot(home, testInfo, 'added-all');
  await homeContext.close();
  expect(errors).toEqual([]);
});
