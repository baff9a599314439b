import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pageReady } from './auth.ts';
import { expect, test, type Page } from './test.ts';

/**
 * Every page's content security policy (docs/decisions/0064): its scripts carry the nonce it names,
 * a script without it does not run, and the browser tests notice when a page breaks it (test.ts).
 */

/** Markup an attacker got into the page, as the server sends it: an inline script without the nonce, and an inline handler. */
const injectScript = (page: Page, path: string) =>
  page.route(path, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</h1>',
      '</h1><script>window.injected = true</script><img src="/no-such.png" onerror="window.injected = true">',
    );
    await route.fulfill({ response, body: html });
  });

test('a page’s scripts carry the nonce its policy names, and a script without it does not run', async ({ page, cspViolations }) => {
  const path = '/p/brookvale-eden-mixer-shower-pl000256';
  const response = await page.goto(path);
  const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce).toMatch(/^[\w+/]{22}==$/);
  // The page's scripts ran: those its own loaded ('strict-dynamic') are allowed.
  await pageReady(page);
  const scripts = await page
    .locator('script:not([type="application/ld+json"])')
    .evaluateAll((found) => found.map((script) => (script as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(1);
  expect(new Set(scripts)).toEqual(new Set([nonce]));

  await injectScript(page, path);
  await page.reload();
  await pageReady(page);
  await expect
    .poll(() => cspViolations.filter((violation) => violation.directive !== 'console').map((violation) => violation.directive))
    .toEqual(['script-src-elem', 'script-src-attr']);
  expect(await page.evaluate(() => 'injected' in window)).toBe(false);
  // Caused on purpose: not this test's failure.
  cspViolations.splice(0);
});

test('a test during which a page breaks the policy fails', async ({ page, cspViolations }) => {
  test.fail(true, 'the page runs a script without its nonce: test.ts fails the test');
  await injectScript(page, '/');
  await page.goto('/');
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
});

test('every browser test is one that fails on a policy violation', () => {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  const specs = fs.readdirSync(folder).filter((name) => name.endsWith('.spec.ts'));
  const playwrightsOwn = specs.filter((name) => /import\s*{[^}]*\btest\b[^}]*}\s*from\s*'@playwright\/test'/.test(fs.readFileSync(folder + name, 'utf8')));
  expect(playwrightsOwn, 'import test from ./test.ts').toEqual([]);
});
