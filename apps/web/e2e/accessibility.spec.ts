import { expectNoViolations } from './axe.ts';
import { expect, test, type Page, type TestInfo } from './test.ts';
import { SCREENSHOT_DIR, SHELL_PAGES } from './pages.ts';
import { overflowOf } from './reflow.ts';

type ShellPage = (typeof SHELL_PAGES)[number];

/**
 * The shell's pages are scanned a few to a test, one after another in the same browser page: each page is still loaded on its
 * own and waited for until the network is quiet, but a test's browser context, page and fixtures are made once for all of
 * them. Each check is soft, so a failing page is named and the pages after it are still scanned.
 */
const PAGES_PER_TEST = 6;
/** A budget per page for a busy machine (load, network idle, axe and reflow), not an expected time. */
const BUDGET_PER_PAGE_MS = 30_000;

const screenshotPath = (testInfo: TestInfo, name: string) => `${SCREENSHOT_DIR}/${testInfo.project.name}-${name}.png`;

/**
 * The elements drawn in the page's main content (neither hidden by CSS nor visually hidden), each by its place in the tree:
 * the same list at 390 and 1366 px means axe would see the same page at both.
 */
const drawnInMain = (page: Page) =>
  page.evaluate(() => {
    const place = (element: Element) => {
      const steps: string[] = [];
      for (let node: Element | null = element; node && node.tagName !== 'MAIN'; node = node.parentElement) {
        steps.unshift(`${node.tagName.toLowerCase()}${[...(node.parentElement?.children ?? [])].indexOf(node)}`);
      }
      return steps.join('/');
    };
    const visuallyHidden = (element: Element) => {
      const style = getComputedStyle(element);
      return style.position === 'absolute' && style.width === '1px' && style.height === '1px';
    };
    return [...document.querySelectorAll('main *')]
      .filter((element) => element.checkVisibility({ checkVisibilityCSS: true }) && !visuallyHidden(element))
      .map(place);
  });

/** Axe at 1366 px, and at 390 px where the page draws other elements there; reflow, script errors and the review screenshot at both. */
async function scan(page: Page, testInfo: TestInfo, { name, path, phoneMarkup }: ShellPage, errors: string[]) {
  await test.step(`${name} (${path})`, async () => {
    errors.length = 0;
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect.soft(page.locator('h1'), `${name}'s heading`).toBeVisible();
    if (!testInfo.project.use.isMobile || phoneMarkup) {
      await expectNoViolations(page, [], { soft: true });
    } else {
      const viewport = page.viewportSize()!;
      const atPhone = await drawnInMain(page);
      await page.setViewportSize({ width: 1366, height: 900 });
      const atDesktop = await drawnInMain(page);
      await page.setViewportSize(viewport);
      expect.soft(atPhone, `${name} draws other elements at 390 px than at 1366 px: mark it phoneMarkup in e2e/pages.ts`).toEqual(atDesktop);
    }
    // Reflow (WCAG 1.4.10), which axe cannot see: nothing may scroll sideways on a phone.
    const { overflow, outside } = await overflowOf(page);
    expect.soft(overflow, `${name} sticks out: ${outside}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath(testInfo, name), fullPage: true, animations: 'disabled' });
    expect.soft(errors, `${name}'s script errors`).toEqual([]);
  });
}

const inTurns = (pages: readonly ShellPage[]) =>
  Array.from({ length: Math.ceil(pages.length / PAGES_PER_TEST) }, (_, turn) => pages.slice(turn * PAGES_PER_TEST, (turn + 1) * PAGES_PER_TEST));

const turns = [
  ...inTurns(SHELL_PAGES.filter((shellPage) => !shellPage.desktopOnly)).map((pages) => ({ pages, tag: ['@phone'] })),
  ...inTurns(SHELL_PAGES.filter((shellPage) => shellPage.desktopOnly)).map((pages) => ({ pages, tag: [] })),
];

for (const { pages, tag } of turns) {
  test(`${pages.map((shellPage) => shellPage.name).join(', ')} have no accessibility violations`, { tag }, async ({ page }, testInfo) => {
    test.setTimeout(BUDGET_PER_PAGE_MS * pages.length);
    // Script errors and hydration mismatches show up in the console.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    for (const shellPage of pages) await scan(page, testInfo, shellPage, errors);
  });
}

test('the open category menus have no accessibility violations', { tag: '@phone' }, async ({ page, isMobile }, testInfo) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByText('Toilets', { exact: true }).click();
  } else {
    const menu = page.getByRole('button', { name: 'All categories' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  await expectNoViolations(page);
  await page.screenshot({ path: screenshotPath(testInfo, 'menu-open'), animations: 'disabled' });
});
