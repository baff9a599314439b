import { test, type Page } from './test.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import { expect, main } from './checkout-steps.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * The product questions queue is drawn by the server from its loader, and a moderator's step is a
 * plain form posted to the queue (issue 35): on a slow machine, before any script has run, the queue
 * shows a shopper's question, answering it empty comes back with the API's words beside the field,
 * answering it publishes it, and taking it down from a list of published ones says so though it leaves the list.
 */

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });

test('the questions queue shows a question before the scripts run, and answering and taking it down work as plain forms', async ({
  page,
  request,
}, testInfo) => {
  const question = `Will it fit a 35 mm tap hole? (${testInfo.project.name}-${Date.now()})`;
  const asked = await request.post('/api/help-centre/Enquiry/product-question', {
    data: { name: 'Nia Early', emailAddress: `nia-${Date.now()}@visitor.example`, sku: 'PL000431-1', question, mayPublish: true },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await signIn(page, DEMO.staff.email);

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto(`/staff/questions?q=${encodeURIComponent(question)}`, { waitUntil: 'commit' });
  const card = main(page).getByRole('article').filter({ hasText: question });
  await expect(card).toContainText('Asked by Nia E.');
  await expect(card).toContainText('Waiting for an answer');
  await expect(main(page).getByRole('search', { name: 'Find questions' }).getByLabel('Words in the question or answer')).toHaveValue(question);

  // Sent empty, the API's words come back beside the field; then the answer is published.
  const answer = () => card.getByRole('form', { name: 'Answer it yourself' });
  await answer().getByRole('button', { name: 'Publish answer' }).click();
  await expect(answer().getByLabel('Your answer')).toHaveAccessibleDescription(/Enter an answer/);
  await answer().getByLabel('Your answer').fill('Yes: its tail is 32 mm across, so it fits a 35 mm hole.');
  await answer().getByRole('button', { name: 'Publish answer' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Published with your answer.' })).toBeVisible();
  await expect(card).toContainText('Answered by Plumbline');
  await expect(page).toHaveURL(/[?&]done=publish&question=/);

  // Taken down from the published ones: it leaves that list, and the page still says what was done.
  await page.goto(`/staff/questions?status=published&q=${encodeURIComponent(question)}`, { waitUntil: 'commit' });
  const takeDown = card.getByRole('form', { name: 'Take down' });
  await takeDown.getByLabel('Reason').selectOption({ index: 1 });
  await takeDown.getByRole('button', { name: 'Take the question down' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Taken down. The question is no longer in this list.' })).toBeVisible();
  await expect(card).toHaveCount(0);
  // All of it before any script: the header's search is still the plain box.
  await expect(searchForm(page).getByRole('searchbox')).toBeVisible();

  release();
  await fullSpeed();
  await pageReady(page);
  await expect(main(page).getByRole('status').filter({ hasText: 'Taken down. The question is no longer in this list.' })).toBeVisible();
});
