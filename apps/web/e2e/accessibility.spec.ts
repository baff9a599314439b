import { expectNoViolations } from './axe.ts';
import { expect, test, type TestInfo } from './test.ts';
import { SCREENSHOT_DIR, SHELL_PAGES } from './pages.ts';
import { overflowOf } from './reflow.ts';

// An axe run plus a full-page screenshot takes a while on a busy machine.
test.describe.configure({ timeout: 60_000 });

const screenshotPath = (testInfo: TestInfo, name: string) => `${SCREENSHOT_DIR}/${testInfo.project.name}-${name}.png`;

for (const { name, path, desktopOnly } of SHELL_PAGES) {
  test(`${name} (${path}) has no accessibility violations`, { tag: desktopOnly ? [] : '@phone' }, async ({ page }, testInfo) => {
    // Script errors and hydration mismatches show up in the console.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('h1')).toBeVisible();
    await expectNoViolations(page);
    // Reflow (WCAG 1.4.10), which axe cannot see: nothing may scroll sideways on a phone.
    const { overflow, outside } = await overflowOf(page);
    expect(overflow, `sticks out: ${outside}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: screenshotPath(testInfo, name), fullPage: true, animations: 'disabled' });
    expect(errors).toEqual([]);
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
