import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test, type Browser, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { overflowOf } from './reflow.ts';

/**
 * Staff's search synonyms: a search that found nothing, in the shop's reports, is one link away from
 * a group that makes it find something; a shopper's search for that word then finds the products.
 */
// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/synonyms-${name}.png`, fullPage: true, animations: 'disabled' });
const resultsHeading = (page: Page) => page.getByRole('heading', { level: 1 });
/**
 * A shopper new to the shop: a search page may be kept 60 s by a browser that saw it (as any listing
 * may), so each search after a change is a new visitor's.
 */
async function shopperSearch(browser: Browser, word: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/search?q=${word}`);
  return page;
}

test('staff add a synonym for a search that found nothing, from the report, and a shopper’s search for it then finds products', async ({ page, browser }) => {
  // One word no product has, new to every run (a group's words are single words to widen a search).
  const word = `cheval${Date.now().toString(36)}`;
  const first = await (await browser.newContext()).newPage();
  const events = first.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/events');
  await first.goto(`/search?q=${word}`);
  await expect(resultsHeading(first)).toHaveText(`No results for “${word}”`);
  await events;
  await first.context().close();

  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await expect(page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Search synonyms' })).toBeVisible();
  await page.goto('/staff/reports');
  const noResults = page.getByRole('region', { name: 'Searches with no results' });
  await noResults.getByRole('link', { name: `Add a synonym for “${word}”` }).click();
  await expect(page).toHaveURL(`/staff/search/synonyms?word=${word}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible();
  const words = page.getByLabel('Words that mean the same');
  await expect(words).toHaveValue(`${word}, `);
  // The groups the shop started with are listed.
  await expect(page.getByRole('list', { name: 'Words in group “toilet, loo, wc, pan”' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, 'new-desktop');

  // A word already in a group is refused in plain words, above the form and beside the field.
  await words.fill(`${word}, loo`);
  await page.getByRole('button', { name: 'Add group' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('“loo” is already in the group “toilet”, “loo”, “wc”, “pan”');
  await expect(words).toHaveAttribute('aria-invalid', 'true');
  await expect(words).toHaveValue(`${word}, loo`);
  await expectNoViolations(page);
  await screenshot(page, 'refused-desktop');

  await words.fill(`${word}, mirror`);
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Group added.' })).toBeVisible();
  await expect(page).toHaveURL('/staff/search/synonyms?done=added');
  // The form starts afresh for the next group.
  await expect(words).toHaveValue('');
  await expect(page.getByRole('list', { name: `Words in group “${word}, mirror”` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent changes' })).toContainText(`Added: ${word}, mirror`);

  // The shopper's search for the word now finds the mirrors.
  const shopper = await shopperSearch(browser, word);
  await expect(resultsHeading(shopper)).toHaveText(`Results for “${word}”`);
  await expect(
    shopper
      .getByRole('main')
      .getByRole('link', { name: /mirror/i })
      .first(),
  ).toBeVisible();
  await shopper.context().close();

  // Changed, then deleted: the word finds nothing again.
  await page.getByRole('link', { name: `Change group “${word}, mirror”` }).click();
  const inGroup = page.getByLabel('Words in this group');
  await expect(inGroup).toHaveValue(`${word}, mirror`);
  await inGroup.fill(`${word}, mirror, looking-glass`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Group changed.' })).toBeVisible();
  await expect(page.getByRole('list', { name: `Words in group “${word}, mirror, looking-glass”` })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, 'changed-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowOf(page)).toEqual({ overflow: 0, outside: '' });
  await screenshot(page, 'changed-phone');
  await page.goto(`/staff/search/synonyms?word=${word}`);
  await expect(page.getByLabel('Words that mean the same')).toHaveValue(`${word}, `);
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('Enter at least 2 words');
  expect(await overflowOf(page)).toEqual({ overflow: 0, outside: '' });
  await screenshot(page, 'refused-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('button', { name: `Delete group “${word}, mirror, looking-glass”` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Group deleted.' })).toBeVisible();
  const later = await shopperSearch(browser, word);
  await expect(resultsHeading(later)).toHaveText(`No results for “${word}”`);
  await later.context().close();
  expect(errors).toEqual([]);
});

test('the synonym screen works before its scripts load: a group added by a plain form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signIn(page, DEMO.staff.email);
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const before = await plain.newPage();
  const word = `psyche${Date.now().toString(36)}`;
  await before.goto(`/staff/search/synonyms?word=${word}`);
  await before.getByLabel('Words that mean the same').fill(`${word}, cheval glass`);
  await before.getByRole('button', { name: 'Add group' }).click();
  await expect(before.getByRole('status').filter({ hasText: 'Group added.' })).toBeVisible();
  await expect(before.getByRole('list', { name: `Words in group “${word}, cheval glass”` })).toBeVisible();
  // Said once: a reload shows the page without the notice.
  await before.reload();
  await expect(before.getByText('Group added.')).toHaveCount(0);
  await before.getByRole('button', { name: `Delete group “${word}, cheval glass”` }).click();
  await expect(before.getByRole('status').filter({ hasText: 'Group deleted.' })).toBeVisible();
  await plain.close();
  await context.close();
});
