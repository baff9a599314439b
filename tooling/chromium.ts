/**
 * The system Chromium (Debian's package) and the flags every headless run here uses: browser
 * tests and Lighthouse alike. Nothing downloads a browser; the resolver rule keeps the browser
 * from making any outside lookups.
 */
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests run in Debian's headless shell (package chromium-headless-shell), the same engine
 * without the full browser's window machinery: a page and its axe scan take about a third less CPU
 * (docs/decisions/0029). Lighthouse keeps the full browser, as its scores assume it.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
