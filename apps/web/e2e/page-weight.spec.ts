import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './test.ts';
import { PAGE_BUDGETS, weigh } from '../../../tooling/check-page-weight.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * What a page's scripts really fetch until it has hydrated and the network is quiet, without a scroll
 * or a press: the shop's own JavaScript within its budget (docs/decisions/0054). The build check
 * (tooling/check-page-weight.ts) counts what the HTML names; this counts what hydrating adds, such as
 * a section near the top whose code comes as it nears the window. Sections further down, the footer
 * and every dialog fetch theirs later.
 */
const clientDir = path.join(process.env.WEB_BUILD_DIR ?? fileURLToPath(new URL('../build', import.meta.url)), 'client');

async function scriptsFetched(page: Page, address: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(address, { waitUntil: 'networkidle' });
  // The scripts have taken over: their search box is a combobox.
  await expect(page.getByRole('search').first().getByRole('combobox')).toBeVisible();
  return scripts;
}

const pages = [
  { page: 'product', address: '/p/tamar-trade-eden-cloakroom-basin-pl000109' },
  { page: 'home', address: '/' },
  { page: 'category', address: '/c/basins' },
];

for (const { page: name, address } of pages) {
  test(`the ${name} page fetches no more than its budget of the shop's own JavaScript @phone`, async ({ page }, testInfo) => {
    const budgetKb = PAGE_BUDGETS.find((budget) => budget.page === name)!.ownKb;
    const weight = weigh(clientDir, await scriptsFetched(page, address));
    testInfo.annotations.push({ type: 'own JavaScript', description: `${(weight.ownBytes / 1024).toFixed(1)} kB in ${weight.scripts} scripts` });
    expect(weight.ownBytes / 1024, weight.files.map((file) => `${file.url} ${file.bytes}`).join('\n')).toBeLessThanOrEqual(budgetKb);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `page-weight-${name}-${testInfo.project.name}.png`), fullPage: true });
  });
}

test("the footer's code comes as the footer nears the window, its markup kept until then @phone", async ({ page }) => {
  const footerCode: string[] = [];
  page.on('request', (request) => /\/site-footer-[^/]*\.js$/.test(request.url()) && footerCode.push(request.url()));
  await scriptsFetched(page, '/p/tamar-trade-eden-cloakroom-basin-pl000109');
  expect(footerCode).toEqual([]);
  // Until then the server's footer and reviews stay, whatever the page's scripts have done since (the basket loading).
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Basins' })).toBeAttached();
  await expect(page.getByRole('heading', { name: /reviews/i }).first()).toBeAttached();
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => footerCode.length).toBe(1);
  await expect(footer.getByRole('link', { name: 'Basins' })).toBeVisible();
});
