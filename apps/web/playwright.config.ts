import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../tooling/chromium.ts';
import {
  API_DOWN_PORT,
  PORT,
  SHORT_TOKEN_PORT,
  SHORT_TOKEN_TTL_SECONDS,
  SMTP_STANDIN_INBOX_PORT,
  SMTP_STANDIN_PORT,
  STRIPE_SHOP_PORT,
  STRIPE_STANDIN_PORT,
} from './e2e/pages.ts';
import type { TestServer } from './e2e/test-servers.ts';

// The test servers count rate limits in their own processes: with CI's REDIS_URL they would all
// count this one browser's calls against one shared budget.
delete process.env.REDIS_URL;
// Each test shop keeps its own embedded database (DATA_DIR below). With CI's DATABASE_URL they would
// all share the API suites' PostgreSQL database: one shop's outbox sending another's e-mail, four
// demo seeds in one catalogue.
delete process.env.DATABASE_URL;
delete process.env.DATABASE_READ_URL;
delete process.env.DATABASE_URL_FILE;
// The overload guard answers 503 while a server's event loop lags (decision 0070): on a CI machine
// running browsers beside the shops that is the machine, not the shop (its rules: operations.api.test.ts).
process.env.OVERLOAD_EVENT_LOOP_DELAY_MS = '0';

/**
 * A fresh database for every run, so tests never see another run's data: the run's folders, made once. Playwright loads this
 * file again in every worker, which inherits the runner's environment, so a worker finds them there instead of making empty
 * ones of its own that nothing would use or remove.
 */
function runFolders<K extends string>(names: Record<K, string>): Record<K, string> {
  const inherited = process.env.E2E_RUN_FOLDERS;
  if (inherited) return JSON.parse(inherited) as Record<K, string>;
  const made = Object.entries<string>(names).map(([key, prefix]) => [key, fs.mkdtempSync(path.join(os.tmpdir(), prefix))]);
  const folders = Object.fromEntries(made) as Record<K, string>;
  process.env.E2E_RUN_FOLDERS = JSON.stringify(folders);
  return folders;
}
// The demo shop is seeded once (`seeded`), by the shop that starts seeding first; each shop's DATA_DIR starts as a copy (e2e/seeded-data.ts).
const folders = runFolders({ shop: 'plumbline-e2e-', shortToken: 'plumbline-e2e-tokens-', stripe: 'plumbline-e2e-stripe-', seeded: 'plumbline-e2e-seeded-' });
const stripeStandIn = `http://127.0.0.1:${STRIPE_STANDIN_PORT}`;
/**
 * Every shop runs as `npm start` runs one (tooling/start.ts): React's production build draws its pages, and the demo's data
 * and keys are allowed (SHOP_ENV=demo, decision 0065). What a retailer serves is what is tested, at less CPU a page.
 */
const AS_NPM_START = { NODE_ENV: 'production', SHOP_ENV: 'demo' };
/**
 * A shop as `npm start` runs one, on `port`, with a database of its own (`dataDir`) started from the run's seeded demo data,
 * and `env` besides.
 */
function seededShop(name: string, port: number, dataDir: string, env: Record<string, string>): TestServer {
  return {
    name,
    command: 'node e2e/seeded-data.ts && node ../server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      ...AS_NPM_START,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      E2E_SEEDED_DIR: folders.seeded,
      LOG_LEVEL: 'warn',
      ...env,
    },
    showErrors: true,
  };
}

// The system's headless Chromium with the flags every headless run here uses (tooling/chromium.ts).
const chromium = { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS };

/** A shop's start, the first seeding the demo catalogue: seconds on a quiet machine, minutes on one running other suites. */
const SHOP_START_MS = 300_000;

/** The servers the tests use, started by e2e/test-servers.ts. */
const TEST_SERVERS: TestServer[] = [
  // The address the browser uses: the identity provider's issuer and the storefront's callbacks.
  seededShop('shop', PORT, folders.shop, {
    // The "review your purchase" e-mail as soon as an order is delivered, looked for every 2 s (reviews-journey.spec.ts).
    REVIEW_INVITATION_DAYS: '0',
    REVIEW_INVITATION_POLL_SECONDS: '2',
    // No SMTP: the journeys read sign-up, reset and reply links in the staff mailbox (decision 0048).
    MAILBOX_ONE_TIME_LINKS: 'shown',
  }),
  {
    name: 'storefront without its API',
    command: 'node ../server/src/main.ts',
    url: `http://127.0.0.1:${API_DOWN_PORT}/favicon.svg`,
    // Port 9 (discard) has no listener: every API call fails to connect.
    env: {
      ...AS_NPM_START,
      PORT: String(API_DOWN_PORT),
      PUBLIC_URL: `http://127.0.0.1:${API_DOWN_PORT}`,
      SERVE: 'web',
      API_INTERNAL_URL: 'http://127.0.0.1:9/api',
      WEB_TIER_SECRET: 'the-api-down-storefront-has-no-api-to-call',
      DATA_DIR: folders.shop,
      LOG_LEVEL: 'warn',
    },
    showErrors: false,
  },
  // Short-lived access tokens, so the silent-renewal test sees a renewal within seconds.
  seededShop('short-token shop', SHORT_TOKEN_PORT, folders.shortToken, { IDENTITY_ACCESS_TOKEN_TTL: String(SHORT_TOKEN_TTL_SECONDS) }),
  {
    name: 'Stripe stand-in',
    command: 'node ../../packages/demo/src/stripe-standin/main.ts',
    url: `${stripeStandIn}/v3/`,
    env: { PORT: String(STRIPE_STANDIN_PORT) },
    showErrors: true,
  },
  {
    name: 'SMTP stand-in',
    command: 'node ../../packages/demo/src/smtp-standin/main.ts',
    port: SMTP_STANDIN_PORT,
    env: { PORT: String(SMTP_STANDIN_PORT), HTTP_PORT: String(SMTP_STANDIN_INBOX_PORT) },
    showErrors: true,
  },
  // The shop configured for Stripe, its API and Stripe.js both the stand-in's (e2e/checkout-stripe.spec.ts).
  seededShop('Stripe shop', STRIPE_SHOP_PORT, folders.stripe, {
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: 'whsec_standin',
    STRIPE_API_URL: stripeStandIn,
    STRIPE_JS_URL: `${stripeStandIn}/v3/`,
    // A shop sending real e-mail, through the SMTP stand-in: its mailbox hides one-time links (sign-in.spec.ts),
    // and an e-mail the relay refuses is given up, for staff to retry (staff-operations.spec.ts).
    SMTP_URL: `smtp://127.0.0.1:${SMTP_STANDIN_PORT}`,
    MAILBOX_ONE_TIME_LINKS: 'hidden',
  }),
];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One browser per core (at least two): each test's shop work shares the same cores, so more only queue.
  workers: Math.max(2, os.availableParallelism()),
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // Budgets, not waits: a CI machine can be three or four times slower than a quiet one.
  timeout: 60_000,
  // An assertion's budget: an autocomplete or a redirect that takes a second on a quiet machine can take several on a busy one.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    // A failed test keeps its trace of actions and the page's DOM at each, without the trace's film of the screen: capturing and
    // encoding that film was a third of the browser's CPU in every test, passed or failed, and a fifth of a run's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // What the page looked like when a test failed; the journeys' own screenshots are for review and not taken in CI (e2e/test.ts).
    screenshot: 'only-on-failure',
  },
  // Every test runs at 1366 px. A journey runs at 390 px too only where the layout differs there
  // (tagged '@phone'); what exists only on small screens is tagged '@phone-only'.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'phone',
      grep: /@phone/,
      // Pixel 7 (touch, mobile viewport) at 390px; screenshots at 1× so they stay easy to review.
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, launchOptions: chromium },
    },
  ],
  // The servers start side by side and are waited for together (e2e/test-servers.ts): Playwright starts the entries of its
  // own list one after another, which added their start-up times up before the first test.
  webServer: {
    command: 'node e2e/test-servers.ts',
    wait: { stdout: /test servers ready/ },
    env: { E2E_TEST_SERVERS: JSON.stringify(TEST_SERVERS) },
    reuseExistingServer: false,
    // The seed, then three shops starting at once: on a machine busy with other suites each took up to minutes.
    timeout: 3 * SHOP_START_MS,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
