import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { WCAG_TAGS } from './pages.ts';

/**
 * An axe scan (WCAG 2.x A and AA) of the page as it is now: no violations, each named with its targets. `soft` records a
 * failure and lets the test go on, as a scan of several pages in one test does (accessibility.spec.ts).
 */
export async function expectNoViolations(page: Page, exclude: string[] = [], { soft = false } = {}) {
  // Only violations are read, so only they are gathered in full: axe otherwise builds the selector and HTML of every element each
  // passing rule checked, which was half of each scan (measured on the home, category and product pages: the same violations found).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  // A page without frames is checked by one axe.run inside it: the same rules, the same results. By default the page's partial results
  // are put together in a blank page opened for it, with axe loaded again there, as long again as the check itself; that is for
  // frames (a card field's, from another origin), and a page with any keeps it.
  if (page.frames().length === 1) builder = builder.setLegacyMode(true);
  const results = await builder.analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  (soft ? expect.soft : expect)(summary, `axe on ${page.url()}`).toEqual([]);
}
