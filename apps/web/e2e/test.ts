import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

// Specs import everything from here: Playwright's own API, with `test` below in place of its own.
export * from '@playwright/test';

/** A content security policy violation a page, popup or frame reported while a test ran. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

const BINDING = '__shopCspViolation';

/**
 * Playwright's own trace (kept for failed tests) copies each picture on the page into its
 * snapshots, fetching a photo preview's `blob:` address from inside the page, which connect-src
 * refuses. The shop's code never fetches a `blob:` address (it only shows them, under img-src), so
 * that refusal is the trace's, not the page's.
 */
export const isTraceSnapshotFetch = (text: string) =>
  /^Connecting to 'blob:[^']*' violates the following Content Security Policy directive: "connect-src/.test(text);

/**
 * Every document tells the test of each violation as it happens (the `securitypolicyviolation`
 * event, in every frame and popup, before the page's own scripts), and Chromium's console says the
 * same of frames that run no script at all (a sandboxed e-mail): both are counted.
 */
function listenForViolations(binding: string) {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, ((violation: unknown) => void) | undefined>)[binding];
      report?.({ page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` });
    },
    true,
  );
}

/** The running test's list: a worker runs one test at a time. */
let current: CspViolation[] | null = null;
const watched = new WeakMap<BrowserContext, Promise<void>>();

/**
 * The screenshots journeys write to a file are for a person to look at (the page at 390 and 1366 px). CI has nobody to look: there
 * they are not taken unless E2E_SCREENSHOTS=1, a full-page capture costing the browser about a third of an axe scan. A failed test
 * still keeps Playwright's own screenshot (playwright.config.ts).
 */
const REVIEW_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

function skipReviewScreenshots(page: Page) {
  const take = page.screenshot.bind(page);
  page.screenshot = (options) => (options?.path ? Promise.resolve(Buffer.alloc(0)) : take(options));
}

function watch(context: BrowserContext): Promise<void> {
  let watching = watched.get(context);
  if (!watching) {
    if (!REVIEW_SCREENSHOTS) {
      context.pages().forEach(skipReviewScreenshots);
      context.on('page', skipReviewScreenshots);
    }
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()) && !isTraceSnapshotFetch(message.text())) {
        current?.push({ page: message.page()?.url() ?? '', directive: 'console', blocked: message.text(), source: message.location().url });
      }
    });
    watching = Promise.all([
      context.exposeBinding(BINDING, (_source, violation: CspViolation) => {
        if (!(violation.directive === 'connect-src' && violation.blocked === 'blob')) current?.push(violation);
      }),
      context.addInitScript(listenForViolations, BINDING),
    ]).then(() => undefined);
    watched.set(context, watching);
  }
  return watching;
}

/**
 * Playwright's `test`, failing any test during which a page broke the shop's content security
 * policy (docs/decisions/0064), whichever context it opened the page in (its own, or one from
 * `browser.newContext()`). `cspViolations` is the list so far: a test that causes one on purpose
 * empties it.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }, { watchContexts: Browser }>({
  watchContexts: [
    async ({ browser }, use) => {
      browser.on('context', (context) => void watch(context));
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
  cspViolations: [
    async ({ watchContexts: _watching }, use) => {
      const violations: CspViolation[] = [];
      current = violations;
      await use(violations);
      current = null;
      if (violations.length) throw new Error(`The page broke its content security policy:\n${JSON.stringify(violations, null, 2)}`);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    await watch(context);
    await use(context);
  },
});
