import { londonSortableDateTime } from '@shop/contracts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { exportedRows } from './range-export.ts';

// Signing in goes through the provider's pages (password hashing included), on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const DAY_MS = 86_400_000;
/** How far ahead the price starts: time to save it while it is still to come, on a busy machine. */
const LEAD_MS = 15_000;
/**
 * A scheduled price shows within the `scheduled-prices` job's period (30 s) plus 5 s for the change
 * notice after its start (decision 0086); the rest is slack for a busy machine.
 */
const SHOWN_WITHIN_MS = LEAD_MS + 30_000 + 5_000 + 25_000;
/** As the pages show it: `1,234.50`. */
const asPounds = (pence: number) => (pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pence = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);
/** `2026-11-28T14:35:10`: the form's UK time, to the second (a London offset is whole minutes, so the seconds are UTC's). */
const londonSeconds = (at: Date) => `${londonSortableDateTime(at).replace(' ', 'T')}:${String(at.getUTCSeconds()).padStart(2, '0')}`;

test('staff schedule a price cut a few seconds ahead; the product page shows it once it starts, with "was" as the reference-price rule decides', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/products');

  // A product a third of the way through the range: away from the first (renamed by staff-products.spec.ts)
  // and from the end that the import, feed and withdrawal journeys change.
  const exported = await page.request.get((await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!);
  const rows = exportedRows(await exported.text());
  const { sku, product_slug: slug, product_name: name } = rows[Math.floor(rows.length / 3)]!;
  await page.goto(`/staff/products?text=${encodeURIComponent(sku!)}`);
  await expect(page).toHaveURL(new RegExp(`[?&]text=${sku}(&|$)`));
  await page.getByRole('table', { name: 'Products, by name' }).getByRole('link', { name, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);

  // Its history decides the outcome: the price in force is the one the cut is compared with.
  const history = page.getByRole('region', { name: `Price history of ${sku}` });
  const inForce = history.getByRole('row').filter({ hasText: 'In force' });
  await expect(inForce).toHaveCount(1);
  const before = pence(/£([\d,]+\.\d{2})/.exec((await inForce.getByRole('cell').first().textContent())!)![1]!);
  const inForceSince = new Date((await inForce.locator('time').first().getAttribute('datetime'))!);
  const cut = Math.floor(before * 0.75);

  const priceForm = page.getByRole('form', { name: 'Change a price' });
  await priceForm.getByLabel('Variant').selectOption(sku!);
  await priceForm.getByLabel('Price inc VAT (£)').fill((cut / 100).toFixed(2));
  const startsAt = new Date(Date.now() + LEAD_MS);
  await priceForm.getByLabel('Starts (UK time)').fill(londonSeconds(startsAt));
  await priceForm.getByRole('button', { name: 'Save price' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The price is saved' })).toBeVisible();
  // Saved while still to come: scheduled, not put in force at once (a start already past would be "from now").
  const scheduled = page.getByRole('region', { name: `Scheduled prices of ${sku}` });
  await expect(scheduled.getByRole('row').filter({ hasText: `£${asPounds(cut)}` })).toContainText('Scheduled');
  await expectNoViolations(page);

  // The rule (docs/domain.md §1): the price just before, higher, charged for 28 days or more without a break.
  const wasAllowed = startsAt.getTime() - inForceSince.getTime() >= 28 * DAY_MS;

  // The shopper's page: reloaded until the new price shows, within the stated bound, never a fixed wait.
  await page.goto(`/p/${slug}?sku=${encodeURIComponent(sku!)}`);
  const main = page.getByRole('main');
  await expect(async () => {
    await page.reload();
    await baseExpect(main.getByText(new RegExp(`^(Now )?£${asPounds(cut)} including VAT$`)).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: SHOWN_WITHIN_MS });
  expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
  testInfo.annotations.push({ type: 'shown after its start', description: `${Math.round((Date.now() - startsAt.getTime()) / 1000)} s` });
  if (wasAllowed) await expect(main.getByText(`, was £${asPounds(before)}`, { exact: false }).first()).toBeAttached();
  else await expect(main.getByText(`£${asPounds(before)}`)).toHaveCount(0);

  // The editor says the same: the schedule in force, the cut in the history, and "was" only as allowed.
  await page.goBack();
  await page.reload();
  await expect(scheduled.getByRole('row').filter({ hasText: `£${asPounds(cut)}` })).toContainText('In force');
  await expect(history.getByRole('row').filter({ hasText: 'In force' })).toContainText(`£${asPounds(cut)}`);
  const variantLine = page.getByRole('region', { name: 'Prices and their history' }).getByText(new RegExp(`^£${asPounds(cut)} inc VAT, `));
  if (wasAllowed) await expect(variantLine).toContainText(`shown as “was £${asPounds(before)}”`);
  else await expect(variantLine).not.toContainText('shown as “was');
  expect(errors).toEqual([]);
});
