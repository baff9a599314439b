import { expect, test } from './test.ts';
import { collectErrors } from './auth.ts';

test('a request the page abandons is not reported as an error, while any other failure still is', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An aborted request nobody listens to (as React Router can leave one when a newer submission interrupts a load),
  // then, in a later task, a failure nobody listens to: only the failure is an error.
  await page.evaluate(() => {
    const controller = new AbortController();
    void fetch('/', { signal: controller.signal });
    controller.abort();
    setTimeout(() => void Promise.reject(new Error('A real failure')));
  });
  await expect.poll(() => errors).toContain('A real failure');
  expect(errors).toEqual(['A real failure']);
});
