import { expect as baseExpect, test, type Locator, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, pageReady, signIn } from './auth.ts';
import { asStaff, emailedLink, newContext } from './mailbox.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * Product questions in the browser (issue 21, decision 0036), by what people see: a shopper asks a
 * question from the product page, a moderator answers it on /staff/questions, and it appears on the
 * product page; and a moderator invites buyers, a buyer follows the e-mailed link (without scripts)
 * and answers, and the moderator publishes that answer.
 */

// Staff sign in through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** In stock, asked about by no other browser test. */
const ASKED = { sku: 'PL000431-1', slug: 'harlow-and-finch-hexham-basin-tap-pl000431', name: 'Harlow & Finch Hexham Basin Tap' };
const BOUGHT = { sku: 'PL000436-1', slug: 'aveline-mere-basin-tap-pl000436', name: 'Aveline Mere Basin Tap' };

const main = (page: Page) => page.getByRole('main');
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Full-page screenshots at 1366 px and 390 px (the page is drawn again at each width), each checked with axe. */
async function screenshotsAndAxe(page: Page, testInfo: TestInfo, name: string) {
  const size = page.viewportSize()!;
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/questions-${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(size);
}

/** The moderator's card for the question with these words, on the queue filtered to them. */
async function questionCard(staff: Page, words: string): Promise<Locator> {
  await staff.goto(`/staff/questions?q=${encodeURIComponent(words)}`);
  await pageReady(staff);
  const card = main(staff).getByRole('article').filter({ hasText: words });
  await expect(card).toBeVisible();
  return card;
}

test('a shopper asks from the product page, a moderator answers, and the answer appears on the product page', async ({ page, browser }, testInfo) => {
  const question = `Does it need a separate isolating valve? (${unique()})`;
  await page.goto(`/p/${ASKED.slug}`);
  await main(page).getByRole('link', { name: 'Ask a question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ask a question about a product' })).toBeVisible();
  await expect(main(page).getByLabel('Product code')).toHaveValue(ASKED.sku);
  await main(page).getByLabel('Your name').fill('Priya Shah');
  await main(page).getByLabel('Your e-mail address').fill(`asker-${unique()}@visitor.example`);
  await main(page).getByLabel('Your question').fill(question);
  await main(page)
    .getByLabel(/You may show my question and your answer on the product page/)
    .check();
  await main(page).getByRole('button', { name: 'Send question' }).click();
  const sent = main(page).getByRole('status').filter({ hasText: 'Your reference is' });
  await expect(sent).toContainText('will appear on the product page');

  // A moderator answers it from the questions queue.
  const staffContext = await newContext(browser, testInfo);
  const staff = await staffContext.newPage();
  const errors = collectErrors(staff);
  await signIn(staff, DEMO.staff.email);
  const card = await questionCard(staff, question);
  await expect(card).toContainText('Asked by Priya S.');
  await expect(card.getByRole('link', { name: ASKED.name })).toHaveAttribute('href', `/p/${ASKED.slug}`);
  const answerForm = card.getByRole('form', { name: 'Answer it yourself' });
  await answerForm.getByRole('button', { name: 'Publish answer' }).click();
  await expect(answerForm.getByText('Enter an answer').first()).toBeVisible();
  await expect(answerForm.getByLabel('Your answer')).toBeFocused();
  await screenshotsAndAxe(staff, testInfo, 'staff-queue');
  await answerForm.getByLabel('Your answer').fill('No: it has built-in isolation valves on both tails.');
  await answerForm.getByRole('button', { name: 'Publish answer' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Published with your answer.' })).toBeVisible();
  await expect(card.getByText('Answered by Plumbline')).toBeVisible();
  expect(errors).toEqual([]);
  await staffContext.close();

  // The shopper sees it on the product page.
  await page.goto(`/p/${ASKED.slug}`);
  const answered = main(page).getByRole('listitem').filter({ hasText: question });
  await expect(answered).toContainText('No: it has built-in isolation valves on both tails.');
  await expect(answered).toContainText('Asked by Priya S.');
  await expect(answered).toContainText('Answered by Plumbline');
  await screenshotsAndAxe(page, testInfo, 'product-page');
});

test('a moderator invites buyers, a buyer answers through the e-mailed link, and the moderator publishes it', async ({ browser, request }, testInfo) => {
  // A customer bought the tap, and it was dispatched.
  const buyerEmail = `buyer-${unique()}@visitor.example`;
  const orderNumber = await placeTestOrder(request, { email: buyerEmail, firstName: 'Dee', lastName: 'Dunn', sku: BOUGHT.sku });
  await asStaff(browser, testInfo, async (staffRequest, headers) => {
    const moved = await staffRequest.post(`/api/orders/Staff/Orders/${orderNumber}/Status`, {
      headers,
      data: { status: 'dispatched', carrier: 'DPD', trackingNumber: 'DPD123456789' },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  });
  // Another shopper asks about it (as the product page's form sends it).
  const question = `Is the cartridge easy to replace? (${unique()})`;
  const asked = await request.post('/api/help-centre/Enquiry/product-question', {
    data: { name: 'Omar Aziz', emailAddress: `omar-${unique()}@visitor.example`, sku: BOUGHT.sku, question, mayPublish: true },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  // The moderator asks the buyers.
  const staffContext = await newContext(browser, testInfo);
  const staff = await staffContext.newPage();
  await signIn(staff, DEMO.staff.email);
  let card = await questionCard(staff, question);
  await card.getByRole('button', { name: 'Invite buyers to answer' }).click();
  await expect(card.getByRole('status').filter({ hasText: /^We e-mailed \d+ customers? who bought this product/ })).toBeVisible();

  // The buyer follows the link: what is missing is listed at the top, each linked to its field.
  const link = await emailedLink(browser, testInfo, buyerEmail, 'reviews.question-invitation', /https?:\/\/\S+\/questions\/answer\/[A-Za-z0-9_-]+/);
  const path = new URL(link).pathname;
  const buyerContext = await newContext(browser, testInfo);
  const buyer = await buyerContext.newPage();
  await buyer.goto(path);
  await pageReady(buyer);
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Answer a question');
  await expect(main(buyer).getByText(question)).toBeVisible();
  await expect(main(buyer).getByRole('link', { name: BOUGHT.name })).toBeVisible();
  await main(buyer).getByRole('button', { name: 'Send answer' }).click();
  const problems = main(buyer).getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problems).toContainText('Enter your name as it will be shown');
  await expect(problems).toContainText('Enter your answer');
  await expect(problems).toBeFocused();
  await problems.getByRole('link', { name: 'Enter your answer' }).click();
  await expect(main(buyer).getByLabel('Your answer')).toBeFocused();
  await screenshotsAndAxe(buyer, testInfo, 'answer-refused');

  // It is a plain form: it answers in a browser without scripts too.
  const noScripts = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  const plain = await noScripts.newPage();
  await plain.goto(path);
  await main(plain).getByLabel('Your name as it will be shown').fill('Dee from York');
  await main(plain).getByLabel('Your answer').fill('Yes: two screws under the handle, and the cartridge lifts out. Took me ten minutes.');
  await main(plain).getByRole('button', { name: 'Send answer' }).click();
  await expect(main(plain).getByText('Thank you: we have your answer')).toBeVisible();
  await expect(main(plain).getByText('A moderator checks every answer before it appears on the product page')).toBeVisible();
  await noScripts.close();
  await buyer.goto(path);
  await expect(main(buyer).getByText('You have answered this question')).toBeVisible();
  await expect(main(buyer).getByText('Shown as Dee from York')).toBeVisible();
  await screenshotsAndAxe(buyer, testInfo, 'answer-sent');
  await buyerContext.close();

  // The moderator publishes the buyer's answer.
  card = await questionCard(staff, question);
  const proposed = card.getByRole('form', { name: 'From Dee from York' });
  await expect(proposed).toContainText('Took me ten minutes.');
  await screenshotsAndAxe(staff, testInfo, 'staff-proposed-answer');
  await proposed.getByRole('button', { name: 'Publish this answer' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Published with Dee from York’s answer.' })).toBeVisible();
  await staffContext.close();

  // Shoppers see it on the product page, from a customer who bought it.
  const shopper = await (await newContext(browser, testInfo)).newPage();
  await shopper.goto(`/p/${BOUGHT.slug}`);
  const answered = main(shopper).getByRole('listitem').filter({ hasText: question });
  await expect(answered).toContainText('Took me ten minutes.');
  await expect(answered).toContainText('Answered by Dee from York, a customer who bought this');
});

test('an answer link that was never sent says what to do instead', async ({ page }) => {
  const response = await page.goto('/questions/answer/not-a-real-link');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await expectNoViolations(page);
});
