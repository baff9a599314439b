import { test, type Page } from './test.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import { expect, main } from './checkout-steps.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * The trade reviewers' pages are drawn by the server from their loaders, and a reviewer's step is a
 * plain form posted to the page (issue 35): on a slow machine, before any script has run, the queue
 * and an application show what they hold, and a step is taken and said to be done.
 */

// A sign-in through the provider with the CPU slowed: slow on a busy machine, as in its sibling files.
test.describe.configure({ timeout: 180_000 });

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });

test('the trade queue and an application show their data before the scripts run, and asking the applicant a question works as a plain form', async ({
  page,
}) => {
  await signIn(page, DEMO.staff.email);

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  // The seed's applications waiting for review, A to Z: the first is one no other test takes a step on.
  await page.goto('/staff/trade?status=submitted&sort=name-asc', { waitUntil: 'commit' });
  await expect(
    main(page)
      .getByRole('navigation', { name: 'Applications by status' })
      .getByRole('link', { name: /^Waiting for review \d+$/ }),
  ).toBeVisible();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: /^Applications 1 to \d+ of \d+, name, a to z$/ }),
  ).toBeVisible();
  await expect(main(page).getByRole('search', { name: 'Find applications' }).getByLabel('Status')).toHaveValue('submitted');
  const first = page.locator('main a[href^="/staff/trade/applications/"]').filter({ visible: true }).first();
  const legalName = (await first.textContent())?.trim() ?? '';
  expect(legalName).not.toBe('');
  await first.click();

  await expect(main(page).getByRole('heading', { level: 2, name: legalName })).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'What the applicant sent' })).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText('Application sent');

  // Sent empty, the API's words come back beside the field; then the question is sent.
  const ask = main(page).getByRole('form', { name: 'Ask for more information' });
  await ask.getByRole('button', { name: 'Send question' }).click();
  await expect(main(page).getByRole('form', { name: 'Ask for more information' }).getByLabel('Question')).toHaveAccessibleDescription(
    /Enter the question for the applicant/,
  );
  await main(page).getByRole('form', { name: 'Ask for more information' }).getByLabel('Question').fill('Which merchants do you buy from today?');
  await main(page).getByRole('form', { name: 'Ask for more information' }).getByRole('button', { name: 'Send question' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Your question has been sent to the applicant.' })).toBeVisible();
  await expect(main(page).getByText('Question asked: Which merchants do you buy from today?')).toBeVisible();
  await expect(main(page).getByText('Waiting for the applicant to answer your question.')).toBeVisible();
  await expect(page).toHaveURL(/\?done=ask$/);
  // All of it before any script: the header's search is still the plain box.
  await expect(searchForm(page).getByRole('searchbox')).toBeVisible();

  release();
  await fullSpeed();
  await pageReady(page);
  await expect(main(page).getByRole('status').filter({ hasText: 'Your question has been sent to the applicant.' })).toBeVisible();
});
