import type { Page } from '@playwright/test';

/**
 * Reflow (WCAG 1.4.10): how far the page is wider than the screen, and the outermost element that sticks
 * out (to say what to fix; a row scrolling inside its own box does not). Measured against the screen's
 * width, not `innerWidth`: a phone widens its layout viewport to fit a page that is too wide, which
 * would hide the overflow.
 */
export const overflowOf = (page: Page, width = page.viewportSize()!.width) =>
  page.evaluate((screen) => {
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = [...document.body.querySelectorAll('*')].find((element) => element.getBoundingClientRect().right > screen + 0.5 && !clipped(element));
    const name = outside ? `${outside.tagName.toLowerCase()}.${String(outside.getAttribute('class') ?? '').replace(/\s+/g, '.')}` : '';
    return { overflow: document.documentElement.scrollWidth - screen, outside: name.slice(0, 120) };
  }, width);
