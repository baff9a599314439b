import { test, type Page } from './test.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import { CHECKOUT_TIMEOUT, expect, main } from './checkout-steps.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * The discount pages are drawn by the server from their loaders, and a discount manager's step is a
 * plain form posted to the page (issue 35): on a slow machine, before any script has run, the list
 * shows its promotions, and a new promotion is refused in its form and then created.
 */

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });

test('the promotions list shows its data before the scripts run, and a new promotion is created as a plain form', async ({ page }) => {
  await signIn(page, DEMO.staff.email);
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

test('a promotion’s page takes its steps as plain forms before the scripts run: more codes, a withdrawn code, a claim looked up, ended', async ({ page }) => {
  // Eight pages with the CPU slowed, each drawn after a step.
  test.setTimeout(CHECKOUT_TIMEOUT);
  await signIn(page, DEMO.staff.email);
  const code = `STEPS${Date.now().toString(36).toUpperCase()}`;

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/staff/discounts/new', { waitUntil: 'commit' });
  const form = main(page).getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Promotion code').fill(code);
  await form.getByLabel('Description').fill('10% off: plain forms');
  await form.getByLabel('Discount (%)').fill('10');
  await form.getByLabel('Single-use issue codes to generate').fill('3');
  await form.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page).toHaveURL(`/staff/discounts/${code}?done=created`);
  await expect(main(page).getByText('3 issue codes: 3 available, 0 claimed, 0 withdrawn.')).toBeVisible();

  // More codes: a refusal comes back beside the field, then the codes are made.
  const more = main(page).getByRole('form', { name: 'Generate more issue codes' });
  await more.getByLabel('Generate more single-use codes').fill('none');
  await more.getByRole('button', { name: 'Generate codes' }).click();
  await expect(main(page).getByRole('form', { name: 'Generate more issue codes' }).getByLabel('Generate more single-use codes')).toHaveAccessibleDescription(
    /Enter a whole number/,
  );
  await main(page).getByLabel('Generate more single-use codes').fill('2');
  await main(page).getByRole('button', { name: 'Generate codes' }).click();
  await expect(main(page).getByText('2 new issue codes generated.')).toBeVisible();
  await expect(main(page).getByText('5 issue codes: 5 available, 0 claimed, 0 withdrawn.')).toBeVisible();

  // A code withdrawn from its row, the list filtered to withdrawn codes by a plain search form.
  const first = (await main(page).getByRole('table', { name: 'Issue codes, oldest first' }).getByRole('cell').first().textContent())!.trim();
  await main(page)
    .getByRole('button', { name: `Withdraw ${first}` })
    .click();
  await expect(main(page).getByText(`${first} is withdrawn: it can no longer be used.`)).toBeVisible();
  await main(page).getByLabel('Show', { exact: true }).selectOption({ label: 'Withdrawn' });
  await main(page).getByRole('button', { name: 'Show codes' }).click();
  await expect(page).toHaveURL(`/staff/discounts/${code}?show=voided&find=`);
  await expect(main(page).getByText('1–1 of 1')).toBeVisible();
  await expect(main(page).getByRole('button', { name: `Reinstate ${first}` })).toBeVisible();

  // A claim number that is not one is refused by the lookup, in its words.
  await main(page).getByLabel('Find a claim by its number').fill('abc');
  await main(page).getByRole('button', { name: 'Find claim' }).click();
  await expect(main(page).getByLabel('Find a claim by its number')).toHaveAccessibleDescription(/Enter a whole number/);

  // Ended, after the question on the page.
  await main(page).getByRole('link', { name: 'End it now' }).click();
  const question = main(page).getByRole('region', { name: `End ${code} now?` });
  await question.getByRole('button', { name: 'End it now' }).click();
  await expect(main(page).getByText(`${code} has ended: shoppers can no longer use it.`)).toBeVisible();
  await expect(main(page).getByText('Expired', { exact: true })).toBeVisible();
  // Said once: reloaded, the page comes without the notice, and its address without `?done=`.
  await page.reload({ waitUntil: 'commit' });
  await expect(page).toHaveURL(`/staff/discounts/${code}`);
  await expect(main(page).getByText('Expired', { exact: true })).toBeVisible();
  await expect(main(page).getByText(`${code} has ended`)).toHaveCount(0);
  // All of it before any script: the header's search is still the plain box.
  await expect(searchForm(page).getByRole('searchbox')).toBeVisible();

  release();
  await fullSpeed();
  await pageReady(page);
  await expect(main(page).getByRole('button', { name: `Reinstate ${first}` })).toBeVisible();
});
