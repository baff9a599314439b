import fs from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, expectStaffPageNotFound, signIn, storedUser } from './auth.ts';
import { newContext, staffMailbox } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts } from './slow-start.ts';

/**
 * The staff moderation screens (issue 21), by what a moderator sees: the pending queue with held
 * reviews saying why; publishing with an edit and a reply (then on the product page); rejecting a
 * held review for a listed reason (the author's e-mail in the mailbox); another moderator getting
 * there first; bulk publishing; the CSV download; a review's page with its history; a product's
 * insights. Reviews are written through the API by a customer first, each with a word of its own.
 */

// Staff and a customer sign in through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-staff-reviews-${name}.png`, fullPage: true, animations: 'disabled' });

/** Signs in `email` in a browser of its own and gives its access token's headers (the context stays open for the test). */
async function tokenOf(browser: Browser, testInfo: TestInfo, email: string): Promise<Record<string, string>> {
  const page = await (await newContext(browser, testInfo)).newPage();
  await signIn(page, email);
  return { authorization: `Bearer ${(await storedUser(page))!.access_token}` };
}

/** Product slugs from the sitemap, from the end of its first page (other tests review the first products). */
async function productSlugs(request: APIRequestContext, count: number): Promise<string[]> {
  const response = await request.get('/api/catalogue/Sitemap/Products?pageNumber=1');
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as { products: { slug: string }[] };
  return products.slice(-count).map((product) => product.slug);
}

interface Written {
  reviewId: string;
  slug: string;
  title: string;
}

/** A customer's review of a product, through the API: its id. */
async function writeReview(request: APIRequestContext, headers: Record<string, string>, slug: string, title: string, text: string): Promise<Written> {
  const response = await request.post('/api/reviews/Reviews/Source/Website', {
    headers,
    data: { slug, rating: 4, title, text, displayName: 'Taylor T.', town: 'Leeds' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { reviewId: ((await response.json()) as { reviewId: string }).reviewId, slug, title };
}

/** Searches the queue for words (in whichever tab is open). */
async function searchFor(page: Page, words: string) {
  const form = page.getByRole('search', { name: 'Search reviews' });
  await form.getByLabel('Words in the title or text').fill(words);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${words}`));
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test('a moderator publishes with an edit and a reply, rejects a held review, bulk-publishes, downloads the CSV and reads the insights', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const run = `${testInfo.project.name}${Date.now().toString(36)}`;
  const words = { edit: `edit${run}`, held: `held${run}`, bulk: `bulk${run}`, race: `race${run}` };
  const [editSlug, heldSlug, bulkSlug1, bulkSlug2, raceSlug] = await productSlugs(request, 5);
  const author = await tokenOf(browser, testInfo, DEMO.trade.email);
  const edit = await writeReview(request, author, editSlug!, 'Good basn', `Nice basin, ${words.edit}, easy to fit and the finish is lovely.`);
  const held = await writeReview(request, author, heldSlug!, 'Ring me', `Fitted it in an hour. ${words.held}: call me on 07700 900123 for tips.`);
  const bulk1 = await writeReview(request, author, bulkSlug1!, 'Bulk one', `Does the job well, ${words.bulk}, and it looks smart.`);
  const bulk2 = await writeReview(request, author, bulkSlug2!, 'Bulk two', `Sturdy and well packed, ${words.bulk}, fitted quickly.`);
  const race = await writeReview(request, author, raceSlug!, 'Race', `Two moderators at once, ${words.race}, one of them wins.`);
  const errors = collectErrors(page);

  // The queue, from the account's staff tools: pending reviews, oldest first, held ones saying why.
  await signIn(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(page).toHaveURL('/staff/reviews');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews');
  const tabs = page.getByRole('navigation', { name: 'Reviews by status' });
  await expect(tabs.getByRole('link', { name: /^Pending \d+ reviews$/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^Reviews 1 to \d+ of \d+, oldest first$/)).toBeVisible();
  await expect(page.getByText(/^Held: (link|phone number)$/).first()).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'queue');

  // A rating range the wrong way round is said at the top and beside the field.
  const search = page.getByRole('search', { name: 'Search reviews' });
  await search.getByLabel('Lowest rating').selectOption('5');
  await search.getByLabel('Highest rating').selectOption('1');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText('The lowest rating must be at or below the highest rating.');
  await expectNoViolations(page);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/staff/reviews');
  // The list read again by the server: the form drawn for it, fields cleared, before typing into it.
  await expect(search.getByLabel('Lowest rating')).toHaveValue('');
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toHaveCount(0);

  // Publish one with an edited title and a public reply.
  await searchFor(page, words.edit);
  await expect(page.getByText('Review 1 of 1, oldest first')).toBeVisible();
  const editCard = card(page, edit.title);
  await editCard.getByText('Publish…', { exact: true }).click();
  const publishForm = editCard.getByRole('form', { name: 'Publish' });
  await expect(publishForm.getByLabel('Title')).toHaveValue(edit.title);
  await publishForm.getByLabel('Title').fill('Good basin');
  await publishForm.getByLabel('Reply from Plumbline (optional)').fill('Thank you, Taylor: glad it went in easily.');
  await expectNoViolations(page);
  await publishForm.getByRole('button', { name: 'Publish review' }).click();
  const published = card(page, 'Good basin');
  await expect(published.getByRole('status')).toHaveText('Published, marked as edited.');
  await expect(published.getByText('Edited by Plumbline')).toBeVisible();
  await expect(published.getByText('Published', { exact: true })).toBeVisible();

  // Its page: the words shown, the author's own beside them, and the history.
  await published.getByRole('link', { name: 'Good basin', exact: true }).click();
  await expect(page).toHaveURL(`/staff/reviews/${edit.reviewId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Good basin' })).toBeVisible();
  const original = page.getByRole('region', { name: 'What the author wrote' });
  await expect(original.getByText(edit.title, { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Written by the author')).toBeVisible();
  await expect(history.getByText(`Published by ${DEMO.staff.name}`)).toBeVisible();
  await expect(history.getByText(/Published with an edited title/)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Take down' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'review');

  // The shop shows it: edited, with the reply.
  const shop = await (await newContext(browser, testInfo)).newPage();
  await shop.goto(`/p/${edit.slug}`);
  const shown = shop.getByRole('article').filter({ hasText: 'Good basin' });
  await expect(shown.getByText('Edited by Plumbline')).toBeVisible();
  await expect(shown.getByText('Thank you, Taylor: glad it went in easily.')).toBeVisible();
  await shop.context().close();

  // Reject the held one: a reason is needed, from the list, never "negative".
  await page.goto('/staff/reviews');
  await searchFor(page, words.held);
  const heldCard = card(page, held.title);
  await expect(heldCard.getByText('Held: phone number')).toBeVisible();
  await heldCard.getByText('Reject…', { exact: true }).click();
  const rejectForm = heldCard.getByRole('form', { name: 'Reject' });
  await expect(rejectForm.getByText('Reviews are never rejected for being negative')).toBeVisible();
  await expect(rejectForm.getByRole('link', { name: 'How we check reviews' })).toHaveAttribute('href', '/reviews-policy');
  await expect(rejectForm.getByRole('radio')).toHaveCount(5);
  await expect(rejectForm.getByRole('radio', { name: /negative/i })).toHaveCount(0);
  await rejectForm.getByRole('button', { name: 'Reject review' }).click();
  await expect(rejectForm.getByRole('alert')).toContainText('Choose a reason from the list');
  await rejectForm.getByRole('radio', { name: 'Contains personal data' }).check();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'reject');
  await rejectForm.getByRole('button', { name: 'Reject review' }).click();
  await expect(heldCard.getByRole('status')).toHaveText('Rejected. We have e-mailed the author the reason.');
  await expect(heldCard.getByText('Contains personal data')).toBeVisible();
  await expect(async () => {
    const mails = await staffMailbox(browser, testInfo, DEMO.trade.email);
    expect(mails).toContainEqual(expect.objectContaining({ subject: 'We could not publish your review', template: 'reviews.rejected' }));
  }).toPass({ timeout: 60_000 });

  // Another moderator gets there first: this one is told, and sees the review as it is now.
  await searchFor(page, words.race);
  const raceCard = card(page, race.title);
  await raceCard.getByText('Publish…', { exact: true }).click();
  const staffHeaders = { authorization: `Bearer ${(await storedUser(page))!.access_token}` };
  const first = await page.request.put(`/api/reviews/Reviews/Publish/${race.reviewId}`, { headers: staffHeaders, data: { version: 1 } });
  expect(first.status()).toBe(200);
  await raceCard.getByRole('form', { name: 'Publish' }).getByRole('button', { name: 'Publish review' }).click();
  await expect(raceCard.getByRole('alert').first()).toHaveText('Another moderator changed this review. Reload to see it.');
  await expect(raceCard.getByText('Published', { exact: true })).toBeVisible();
  await expect(raceCard.getByText('Publish…', { exact: true })).toHaveCount(0);

  // Two at once: select all on the page, publish, and the summary says what happened.
  await searchFor(page, words.bulk);
  await expect(page.getByText('Reviews 1 to 2 of 2, oldest first')).toBeVisible();
  const bulkBar = page.getByRole('region', { name: 'Moderate several reviews' });
  await bulkBar.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(bulkBar.getByText('2 selected')).toBeVisible();
  await expect(card(page, bulk1.title).getByRole('checkbox', { name: `Select “${bulk1.title}”` })).toBeChecked();
  await bulkBar.getByRole('button', { name: 'Publish selected' }).click();
  await expect(bulkBar.getByText('Published 2 reviews.')).toBeVisible();
  await expect(card(page, bulk2.title).getByText('Published', { exact: true })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'bulk');

  // The CSV of the search, every status: the columns, and the two reviews as published.
  await page
    .getByRole('navigation', { name: 'Reviews by status' })
    .getByRole('link', { name: /^All reviews/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`status=all&q=${words.bulk}`));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reviews-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'Review id,Date,Status,Product code,Product name,Rating,Title,Text,Author,Town,Verified purchase,Held reason,Rejection reason,Helpful votes',
  );
  expect(lines).toHaveLength(3);
  for (const written of [bulk1, bulk2]) {
    const line = lines.find((row) => row.startsWith(written.reviewId));
    expect(line).toContain(`,Published,`);
    expect(line).toContain(`,${written.title},`);
    expect(line).toContain(`,Taylor T.,Leeds,No,,,0`);
  }
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded 2 reviews.' })).toBeVisible();

  // A product's insights, from a review's product.
  await card(page, bulk1.title)
    .getByRole('link', { name: /^Product insights for / })
    .click();
  await expect(page).toHaveURL(/\/staff\/reviews\/insights\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product insights');
  await expect(page.getByRole('heading', { name: 'Rating by month' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Reviews and their average stars by month/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Words in 4 and 5 star reviews' })).toBeVisible();
  await expect(page.getByText('Published reviews', { exact: true })).toBeVisible();
  await page.getByText('The figures as a table').click();
  await expect(page.getByRole('table', { name: 'Reviews and average stars by month' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'insights');

  // And from the stock screen's product.
  const sku = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await page.goto(`/staff/stock?sku=${encodeURIComponent(sku)}`);
  await page.getByRole('link', { name: /^Review insights for / }).click();
  await expect(page).toHaveURL(`/staff/reviews/insights/${encodeURIComponent(sku)}`);
  await expect(page.getByRole('heading', { name: 'Rating by month' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('before the page’s scripts run, “Select all on this page” and “Publish selected” publish every review on the page, as a plain form', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const words = `all${testInfo.project.name}${Date.now().toString(36)}`;
  // Products the other test does not review (it takes the last five).
  const [slug1, slug2] = await productSlugs(request, 7);
  const author = await tokenOf(browser, testInfo, DEMO.trade.email);
  const one = await writeReview(request, author, slug1!, 'All one', `Solid and easy to fit, ${words}, would buy again.`);
  const two = await writeReview(request, author, slug2!, 'All two', `Good value and well made, ${words}, no complaints.`);

  await signIn(page, DEMO.staff.email);
  const release = await holdScripts(page);
  await page.goto(`/staff/reviews?q=${words}`, { waitUntil: 'commit' });
  await expect(page.getByText('Reviews 1 to 2 of 2, oldest first')).toBeVisible();
  const bulkBar = page.getByRole('region', { name: 'Moderate several reviews' });
  await bulkBar.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await bulkBar.getByRole('button', { name: 'Publish selected' }).click();
  await expect(bulkBar.getByText('Published 2 reviews.')).toBeVisible();
  await expect(card(page, one.title).getByText('Published', { exact: true })).toBeVisible();
  await expect(card(page, two.title).getByText('Published', { exact: true })).toBeVisible();
  // No script has run: the search box in the header is still the plain form.
  await expect(page.getByRole('search', { name: 'Search products and categories' }).getByRole('searchbox')).toBeVisible();
  release();
});

test('someone without the moderator role gets the shop’s 404 for the moderation screens', async ({ page }) => {
  await signIn(page, DEMO.shopper.email);
  for (const path of ['/staff/reviews', '/staff/reviews/insights/ANY-SKU']) await expectStaffPageNotFound(page, path, ['Moderating reviews']);
  await expectNoViolations(page);
});

test('the queue, a review and a product’s insights on a phone and a desktop @phone', async ({ page }, testInfo) => {
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/reviews?status=published');
  await expect(page.getByText(/^Reviews 1 to 20 of \d+, newest first$/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'published');
  const first = page.getByRole('article').first();
  await first.getByText('Take down…', { exact: true }).click();
  await expect(first.getByRole('form', { name: 'Take down' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'take-down');
  const insights = first.getByRole('link', { name: /^Product insights for / });
  const insightsPath = await insights.getAttribute('href');
  await first.getByRole('link', { name: /^Open review/ }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'published-review');
  await page.goto(insightsPath!);
  await expect(page.getByRole('img', { name: /^Reviews and their average stars by month/ })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'insights-demo');
});
