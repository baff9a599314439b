import type { Page } from './test.ts';

/** Chromium's CPU six times slower, as a mid-range phone; the returned function gives it its speed back. */
export async function slowCpu(page: Page): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
}

/** Holds the page's scripts back; the returned function lets them (and every later page's) through. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A mid-range phone before its scripts: the CPU slowed and the page's scripts held back. The returned
 * function lets the scripts through at full speed: what is tested is what was done before them, and
 * hydrating six times slower only makes the test long.
 */
export async function slowBeforeScripts(page: Page): Promise<() => Promise<void>> {
  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  return async () => {
    release();
    await fullSpeed();
  };
}
