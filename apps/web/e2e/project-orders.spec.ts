import { test, type Page } from './test.ts';
import { collectErrors, expectNoViolations } from './auth.ts';
import {
  addToBasket,
  BASIN_NAME,
  expect,
  expectConfirmation,
  fillAddress,
  fillCard,
  main,
  openCheckout,
  pay,
  payButton,
  registerAndSignIn,
  screenshot,
  section,
  uniqueEmail,
} from './checkout-steps.ts';

/**
 * "Add to project" from a basket line and from the quick view, and the orders a project remembers:
 * a new customer puts a basket line into a new project, adds the project all to the basket, checks
 * out, and finds the order on the project and the project on the order.
 */

// A sign-up confirmed by e-mail, a checkout paid by card and a dozen plain-form posts, on a busy machine.
test.describe.configure({ timeout: 240_000 });

const basketLine = (page: Page, name: string) =>
  main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test('a basket line goes into a new project; the project added all to the basket and checked out lists the order, and the order names it', async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectErrors(page);
  const email = uniqueEmail(testInfo, 'project-order');
  const projectName = `Flat 4 bathroom refit ${Date.now()}`;
  await registerAndSignIn(page, browser, testInfo, email, 'Robin Projects');

  // From the basket: the line's "Add to project" makes a new project on the spot.
  await addToBasket(page);
  await page.goto('/basket');
  const line = basketLine(page, BASIN_NAME);
  // The disclosure names the line's product to a screen reader: "Add to project Tamar Trade Eden Cloakroom Basin".
  await line.getByText(`Add to project ${BASIN_NAME}`).click();
  await line.getByLabel('Project', { exact: true }).selectOption({ label: 'New project…' });
  await line.getByLabel('New project name').fill(projectName);
  await line.getByLabel('Note (optional)').fill('Cloakroom');
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-add-to-project');
  await line.getByRole('button', { name: 'Add to project', exact: true }).click();
  await expect(page).toHaveURL(/\/basket\?/);
  const added = basketLine(page, BASIN_NAME)
    .getByRole('status')
    .filter({ hasText: `Added to ${projectName}.` });
  await expect(added).toBeVisible();
  await expect(basketLine(page, BASIN_NAME).getByText(`In ${projectName}`)).toBeVisible();
  await screenshot(page, testInfo, 'basket-added-to-project');

  // The project, added all to the basket: the basket now holds two basins.
  await added.getByRole('link', { name: projectName }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  await expect(
    main(page)
      .getByRole('listitem', { name: new RegExp(`^${BASIN_NAME}`) })
      .getByLabel('Note'),
  ).toHaveValue('Cloakroom');
  await main(page).getByRole('button', { name: 'Add all to basket' }).click();
  await expect(main(page).getByRole('status').getByText('Added 1 product to your basket.')).toBeVisible();

  // Checked out as a signed-in customer.
  await openCheckout(page);
  const details = section(page, 'Your details');
  await details.getByLabel('Phone number').fill('07700 900123');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await fillAddress(page);
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(payButton(page)).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page);
  const orderNumber = await expectConfirmation(page, email);

  // The project lists the order; the order names the project.
  await page.goto('/account/projects');
  await main(page).getByRole('link', { name: projectName }).click();
  const orders = main(page).getByRole('region', { name: 'Orders from this project' });
  await orders.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(main(page).getByText(`Placed from your project ${projectName}`)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'order-from-project');
  await main(page).getByRole('link', { name: projectName }).click();
  await expect(page.getByRole('heading', { level: 1, name: projectName })).toBeVisible();
  expect(errors).toEqual([]);
});

test('quick view on a listing adds the product to a project and goes on to its page, which says so', async ({ page, browser }, testInfo) => {
  const errors = collectErrors(page);
  const projectName = `Cloakroom ${Date.now()}`;
  await registerAndSignIn(page, browser, testInfo, uniqueEmail(testInfo, 'quick-view-project'), 'Robin Quickview');
  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  const opener = page.getByRole('button', { name: /^Quick view: / }).first();
  const productName = ((await opener.getAttribute('aria-label')) ?? '').replace('Quick view: ', '');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: productName });
  await dialog.getByText('Add to project', { exact: true }).first().click();
  await dialog.getByLabel('Project', { exact: true }).selectOption({ label: 'New project…' });
  await dialog.getByLabel('New project name').fill(projectName);
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'quick-view-add-to-project');
  await dialog.getByRole('button', { name: 'Add to project', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `Added to ${projectName}.` }),
  ).toBeVisible();
  await expect(main(page).getByText(`In ${projectName}`)).toBeVisible();
  expect(errors).toEqual([]);
});
