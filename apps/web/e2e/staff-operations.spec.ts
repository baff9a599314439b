import { expect as baseExpect, test, type Page } from './test.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import { expectNoViolations } from './axe.ts';
import { STRIPE_SHOP_PORT } from './pages.ts';
import { holdScripts, slowCpu } from './slow-start.ts';

/**
 * Staff's operations page (decision 0075) in the shop that sends its e-mail through a relay (the
 * SMTP stand-in refuses `undeliverable.test`): an e-mail the relay refused is shown as given up,
 * drawn by the server before any script has run, and Retry, a plain form, puts it back in the queue.
 */
test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const main = (page: Page) => page.getByRole('main');
const scriptsHeldBack = (page: Page) => expect(page.getByRole('search', { name: 'Search products and categories' }).getByRole('combobox')).toHaveCount(0);

test('an e-mail the relay refused shows as given up before the scripts run, and Retry sends it again as a plain form', async ({ page, request }, testInfo) => {
  const email = `ops-${testInfo.project.name}-${Date.now()}@undeliverable.test`;
  expect((await request.post('/api/accounts/api/Newsletters', { data: { email } })).status()).toBe(202);
  await signIn(page, DEMO.staff.email);

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  const givenUp = main(page).getByRole('region', { name: 'Given up' });
  // The outbox sends within a second or so, and the relay's refusal is final: the page shows it once it has happened.
  // A busy machine can miss the stand-in's time-out once, and a missed send is tried again 30 s later.
  await expect(async () => {
    await page.goto('/staff/operations', { waitUntil: 'commit' });
    await baseExpect(givenUp.getByRole('row').filter({ hasText: 'email-outbox' }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 150_000 });
  await expect(main(page).getByRole('region', { name: 'Jobs' }).getByRole('rowheader', { name: 'email-outbox' })).toBeVisible();
  const row = givenUp.getByRole('row').filter({ hasText: '550 5.1.1 mailbox unavailable' }).first();
  await expect(row).toBeVisible();
  // What staff see names no recipient.
  await expect(main(page)).not.toContainText(email);

  await row.getByRole('button', { name: /^Retry/ }).click();
  await expect(page).toHaveURL(/\/staff\/operations\?retried=[0-9a-f-]{36}$/);
  await expect(main(page).getByRole('status').filter({ hasText: 'Sent again: it is back in its queue' })).toBeVisible();
  await scriptsHeldBack(page);

  release();
  await fullSpeed();
  await pageReady(page);
  await expectNoViolations(page);
});
