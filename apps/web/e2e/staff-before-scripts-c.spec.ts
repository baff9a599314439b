import { test, type Page } from './test.ts';
import { DEMO, pageReady, signInByRedirect } from './auth.ts';
import { expect, main } from './checkout-steps.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * The discount pages are drawn by the server from their loaders, and a discount manager's step is a
 * plain form posted to the page (issue 35): on a slow machine, before any script has run, the list
 * shows its promotions, and a new promotion is refused in its form and then created.
 */

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });

test('the promotions list shows its data before the scripts run, and a new promotion is created as a plain form', async ({ page }) => {
  await signInByRedirect(page, DEMO.staff.email);
  // Letters and digits only, new on each run.
  const code = `EARLY${Date.now().toString(36).toUpperCase()}`;

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/staff/discounts?text=welcome10', { waitUntil: 'commit' });
  await expect(main(page).getByRole('link', { name: 'WELCOME10', exact: true })).toBeVisible();
  await expect(main(page).getByText('Promotion 1 of 1')).toBeVisible();

  await page.goto('/staff/discounts/new', { waitUntil: 'commit' });
  const form = main(page).getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Promotion code').fill('welcome10');
  await form.getByLabel('Description').fill('£5 off: early bird');
  await form.getByRole('radio', { name: 'Fixed amount off' }).check();
  await form.getByLabel('Discount (£)').fill('5');
  // The list of SKUs shows by CSS once specific products are chosen, with no script.
  await expect(form.getByLabel('Products, categories or brands')).toBeHidden();
  await form.getByLabel('What it discounts').selectOption({ label: 'Specific products (SKUs)' });
  await form.getByLabel('Products, categories or brands').fill('BATH-001');
  await form.getByLabel('Single-use issue codes to generate').fill('3');

  // A code that is taken: the API's words come back beside the field, with what was typed.
  await form.getByRole('button', { name: 'Create promotion' }).click();
  const refused = main(page).getByRole('form', { name: 'New promotion' });
  await expect(refused.getByRole('alert').filter({ hasText: 'The promotion wasn’t created' })).toBeVisible();
  await expect(refused.getByLabel('Promotion code')).toHaveAccessibleDescription(/already exists; choose another code/);
  await expect(refused.getByLabel('Description')).toHaveValue('£5 off: early bird');
  await expect(refused.getByLabel('SKUs')).toHaveValue('BATH-001');
  await expect(refused.getByRole('radio', { name: 'Fixed amount off' })).toBeChecked();

  await refused.getByLabel('Promotion code').fill(code.toLowerCase());
  await refused.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page).toHaveURL(`/staff/discounts/${code}?done=created`);
  // All of it before any script: the header's search is still the plain box.
  await expect(searchForm(page).getByRole('searchbox')).toBeVisible();

  release();
  await fullSpeed();
  await pageReady(page);
  await expect(main(page).getByText(`${code} is created.`)).toBeVisible();
  await expect(main(page).getByText('£5.00 off specific products (skus)')).toBeVisible();
  await expect(main(page).getByText('3 issue codes: 3 available, 0 claimed, 0 withdrawn.')).toBeVisible();
});
