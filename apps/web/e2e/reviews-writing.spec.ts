import { request as apiRequest, test, type Page, type TestInfo } from './test.ts';
import { collectErrors, expectNoViolations, storedUser } from './auth.ts';
import { BASIN, BASIN_NAME, CHECKOUT_TIMEOUT, expect, main, registerAndSignIn, visitorAddress, uniqueEmail } from './checkout-steps.ts';
import { asStaff, newContext } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * Writing a review from the shop (issue 21), by what people see: a customer who bought the basin
 * follows "Write a review" from their order, is told what is missing, writes a verified review with
 * a photo and sees it is waiting to be checked; once a moderator publishes it (through the API
 * here: the moderation screen has tests of its own), it shows on the product page with
 * "Verified purchase" and its photo, and "Helpful? Yes" counts a person once, with scripts or without.
 */

// A new account, an order, and a moderator's sign-in: slow on a busy machine.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-reviews-writing-${name}.png`, fullPage: true, animations: 'disabled' });

/** The page as a phone shows it too: the form's layout changes there (one column, stars wrapping). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  await screenshot(page, testInfo, name);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo, `${name}-390`);
  await page.setViewportSize(size);
}

/** A 2×2 blue PNG, as Chromium's canvas writes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWKSLdjxH4SZGKAAAAAA//885LJUAAAABklEQVQDADqGBI07KS4AAAAAAElFTkSuQmCC',
  'base64',
);
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

test('a customer writes a verified review with a photo from their order; published, it shows with its photo and counts helpful votes once', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'review');
  const title = `Neat little basin ${Date.now()}`;
  await registerAndSignIn(page, browser, testInfo, email, 'Rowan Reviewer');
  const orderNumber = await placeTestOrder(page.request, { email, accessToken: (await storedUser(page))!.access_token, firstName: 'Rowan' });
  const errors = collectErrors(page);

  // From the order, to the form for that line: verified, about the basin, named from the account.
  await page.goto(`/account/orders/${orderNumber}`);
  await main(page)
    .getByRole('link', { name: `Write a review of ${BASIN_NAME}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`${BASIN}/review\\?order=${orderNumber}&sku=PL000109-1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write a review');
  const reviewed = main(page).getByRole('region', { name: 'The product you are reviewing' });
  await expect(reviewed.getByRole('link', { name: BASIN_NAME })).toBeVisible();
  await expect(reviewed.getByText('Verified purchase')).toBeVisible();
  await expect(reviewed).toContainText(`from your order ${orderNumber}`);
  const form = main(page).getByRole('form', { name: 'Your review' });
  await expect(form.getByLabel('Display name')).toHaveValue('Rowan');
  await expect(form.getByText('Between 20 and 2,000 characters')).toBeVisible();
  await expectNoViolations(page);
  await screenshots(page, testInfo, 'form');

  // Sent with nothing chosen: every problem at the top, each beside its field, in the API's words.
  await form.getByRole('button', { name: 'Submit review' }).click();
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  for (const problem of ['Choose an overall rating from 1 to 5 stars', 'Enter a title for your review', 'Write your review']) {
    await expect(summary.getByRole('link', { name: problem })).toBeVisible();
  }
  await expect(form.getByRole('group', { name: 'Overall rating' })).toContainText('Error: Choose an overall rating from 1 to 5 stars');
  await summary.getByRole('link', { name: 'Enter a title for your review' }).click();
  await expect(form.getByLabel('Title')).toBeFocused();
  await expectNoViolations(page);
  await screenshots(page, testInfo, 'errors');

  // Filled in, with a "photo" that is not an image: refused before anything is sent.
  await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '4 stars: Good' }).check();
  await form.getByLabel('Title').fill(title);
  const text = form.getByLabel('Your review');
  await text.fill('Too short');
  await expect(form.getByText('Enter at least 11 more characters')).toBeVisible();
  await text.fill('Fitted it in the cloakroom in an afternoon. The glaze is even and the waste fitted first time. <b>Recommended</b>.');
  await expect(form.getByText(/You have 1,8\d\d characters remaining/)).toBeVisible();
  await form.getByRole('group', { name: 'Quality (optional)' }).getByRole('radio', { name: '5 stars: Excellent' }).check();
  await form.getByRole('group', { name: 'Would you recommend it to a friend? (optional)' }).getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('Town (optional)').fill('Leeds');
  const photos = form.getByLabel('Photos (optional)');
  await photos.setInputFiles([{ name: 'not-a-photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text') }]);
  const chosen = form.getByRole('list', { name: 'Photos you have chosen' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(summary.getByRole('link', { name: 'The selected file must be a JPG or PNG' })).toBeVisible();

  // The wrong file taken out, two photos added one after the other, and one of them removed again.
  await chosen.getByRole('button', { name: 'Remove photo not-a-photo.png' }).click();
  await expect(chosen).toHaveCount(0);
  await photos.setInputFiles([photo('fitted.png')]);
  await photos.setInputFiles([photo('spare.png')]);
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await chosen.getByRole('button', { name: 'Remove photo spare.png' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen).toContainText('fitted.png');
  await screenshots(page, testInfo, 'filled');
  await form.getByRole('button', { name: 'Submit review' }).click();

  // Saved: what happens next, in the API's words; the review waits for a moderator.
  const sent = main(page).getByRole('region', { name: 'Thank you for your review' });
  await expect(sent.getByRole('heading', { name: 'Thank you for your review' })).toBeFocused();
  await expect(sent.getByText('Verified purchase')).toBeVisible();
  await expect(sent).toContainText('Our team checks every review before it appears');
  await expect(sent).toContainText('Your review has 1 photo.');
  await expectNoViolations(page);
  await screenshots(page, testInfo, 'sent');

  // A second review of the same product is refused in words, with the way back.
  await page.goto(`${BASIN}/review`);
  await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '2 stars: Fair' }).check();
  await form.getByLabel('Title').fill('Second thoughts');
  await form.getByLabel('Your review').fill('Writing again about the same basin, which should not be allowed.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(main(page).getByRole('heading', { name: 'You have already reviewed this product' })).toBeFocused();
  await expect(main(page).getByRole('link', { name: `Back to ${BASIN_NAME}` })).toBeVisible();

  // Pending, it is not on the product page; a moderator publishes it.
  await page.goto(BASIN);
  await expect(main(page).getByRole('region', { name: 'Customer reviews' }).getByRole('link', { name: 'Write a review' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await asStaff(browser, testInfo, async (request, headers) => {
    const found = await request.post('/api/reviews/Search/Reviews/Advanced', { data: { text: title, status: 'pending' }, headers });
    const [review] = ((await found.json()) as { items: { id: string; version: number; photoCount: number }[] }).items;
    expect(review?.photoCount).toBe(1);
    const published = await request.put(`/api/reviews/Reviews/Publish/${review!.id}`, { data: { version: review!.version }, headers });
    expect(published.status(), await published.text()).toBe(200);
  });

  // Published: on the product page, verified, its markup shown as text, its photo a link to the image.
  await page.goto(BASIN);
  const card = main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card.getByText('Verified purchase')).toBeVisible();
  await expect(card).toContainText('<b>Recommended</b>');
  const thumbnail = card.getByRole('img', { name: 'Photo from Rowan’s review' });
  await thumbnail.scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(2);
  // On a connection of its own: the page's request context last sent (the order) a minute or more ago, about when the
  // server closes an idle connection (72 s), and that client, unlike a browser, does not retry on a reset.
  const fresh = await apiRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const full = await fresh.get((await card.getByRole('link', { name: 'Photo from Rowan’s review' }).getAttribute('href'))!);
    expect(full.headers()['content-type']).toBe('image/png');
  } finally {
    await fresh.dispose();
  }

  // Helpful: counted once, said in place; again, it says so and the count stays.
  await card.getByRole('button', { name: 'Yes (0)' }).click();
  await expect(card.getByRole('status')).toHaveText('Thank you');
  await card.getByRole('button', { name: 'Yes (1)' }).click();
  await expect(card.getByRole('status')).toHaveText('You have already voted for this review');
  await expect(card.getByRole('button', { name: 'Yes (1)' })).toBeVisible();
  await expectNoViolations(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-reviews-writing-published.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-reviews-writing-published-390.png`, animations: 'disabled' });
  expect(errors).toEqual([]);

  // Without scripts the same form posts and comes back to the review (its count may lag a few seconds behind, as listings are kept briefly).
  // From the same address as the signed-in page (registerAndSignIn's).
  const plain = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(testInfo) },
  });
  try {
    const noScripts = await plain.newPage();
    await noScripts.goto(BASIN);
    const plainCard = noScripts
      .getByRole('main')
      .getByRole('article')
      .filter({ has: noScripts.getByRole('heading', { name: title }) });
    await plainCard.getByRole('button', { name: /^Yes \(\d\)$/ }).click();
    await expect(noScripts).toHaveURL(/\/p\/tamar-trade-eden-cloakroom-basin-pl000109\?voted=[0-9a-f-]{36}\.again#review-[0-9a-f-]{36}$/);
    await expect(plainCard.getByRole('heading', { name: title })).toBeVisible();
    // The answer is said beside the review, as the page's scripts would have said it.
    await expect(plainCard.getByRole('status')).toHaveText('You have already voted for this review');
  } finally {
    await plain.close();
  }
  // It was the same person (the same address): still one vote, as the page (afresh) is told, whether
  // the press is sent by the page's scripts or, before they have run, by the plain form.
  await page.reload();
  await expect(card.getByRole('status')).toHaveText('');
  await card.getByRole('button', { name: /^Yes \(\d\)$/ }).click();
  await expect(card.getByRole('status')).toHaveText('You have already voted for this review');
  await expect(card.getByRole('button', { name: 'Yes (1)' })).toBeVisible();
});

test('a visitor who is not signed in is asked to sign in first, and comes back to the form', async ({ browser }, testInfo) => {
  const context = await newContext(browser, testInfo);
  try {
    const page = await context.newPage();
    await page.goto(`${BASIN}/review`);
    const signIn = main(page).getByRole('link', { name: 'Sign in or create an account' });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute('href', `/auth/sign-in?returnTo=${encodeURIComponent(`${BASIN}/review`)}`);
    await expect(main(page).getByRole('region', { name: 'The product you are reviewing' })).toContainText(BASIN_NAME);
    await expectNoViolations(page);
    await screenshot(page, testInfo, 'signed-out');
  } finally {
    await context.close();
  }
});
