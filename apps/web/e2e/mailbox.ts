import { expect, request as apiRequest, type APIRequestContext, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { DEMO, signIn, storedUser } from './auth.ts';
import { SMTP_STANDIN_INBOX_PORT } from './pages.ts';

/** A fresh browser (no basket, no wishlist, no sign-in) like this project's: same address, screen and touch. */
export function newContext(browser: Browser, testInfo: TestInfo, storageState?: StorageState) {
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent, storageState });
}

export interface MailboxEmail {
  subject: string;
  template: string;
}

/**
 * Staff's sign-in per shop, kept by this worker for the tests it runs after: signing in through the
 * provider's pages (a browser, a password hash, the callback page) took seconds each time, and a
 * test that reads the mailbox or needs a reviewer is not testing staff's sign-in (sign-in.spec.ts
 * and the staff journeys sign in by hand). Kept well inside the access token's 15 minutes
 * (IDENTITY_ACCESS_TOKEN_TTL's default), which the storefront's session cookie lasts too.
 */
const STAFF_SIGN_IN_KEPT_MS = 10 * 60_000;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const staffSignIns = new Map<string, { token: string; state: StorageState; until: number }>();

/**
 * A browser page signed in as staff, in a context of its own like this project's: signed in by hand
 * the first time in a worker, then from the cookies that sign-in left (its next step is a `goto`).
 */
export async function staffPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const baseURL = testInfo.project.use.baseURL!;
  const kept = staffSignIns.get(baseURL);
  if (kept && kept.until > Date.now()) return (await newContext(browser, testInfo, kept.state)).newPage();
  const page = await (await newContext(browser, testInfo)).newPage();
  await signIn(page, DEMO.staff.email);
  const { access_token } = (await storedUser(page))!;
  staffSignIns.set(baseURL, { token: access_token, state: await page.context().storageState(), until: Date.now() + STAFF_SIGN_IN_KEPT_MS });
  return page;
}

/** Runs `read` with a staff access token's headers (staff signed in as `staffPage` does). */
export async function asStaff<T>(
  browser: Browser,
  testInfo: TestInfo,
  read: (request: APIRequestContext, headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const baseURL = testInfo.project.use.baseURL!;
  let kept = staffSignIns.get(baseURL);
  if (!kept || kept.until < Date.now()) {
    await (await staffPage(browser, testInfo)).context().close();
    kept = staffSignIns.get(baseURL)!;
  }
  const api = await apiRequest.newContext({ baseURL });
  try {
    return await read(api, { authorization: `Bearer ${kept.token}` });
  } finally {
    await api.dispose();
  }
}

const mailboxItems = async (request: APIRequestContext, headers: Record<string, string>, to: string) => {
  const response = await request.get(`/api/notifications/Mailbox?to=${encodeURIComponent(to)}`, { headers });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: (MailboxEmail & { id: string })[] }).items;
};

/** The e-mails the shop has queued for an address, read as staff through the mailbox API. */
export function staffMailbox(browser: Browser, testInfo: TestInfo, to: string): Promise<MailboxEmail[]> {
  return asStaff(browser, testInfo, (request, headers) => mailboxItems(request, headers, to));
}

/**
 * The first link matching `link` in the newest e-mail to `to` that has one, as the Stripe shop's mail
 * relay took it (packages/demo/src/smtp-standin): that shop sends real e-mail and its mailbox hides
 * one-time links, so a test reads them where a customer would, in what was delivered. Waits for the
 * e-mail (the outbox is sent by a polling job).
 */
export async function relayedLink(to: string, link: RegExp): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    const response = await fetch(`http://127.0.0.1:${SMTP_STANDIN_INBOX_PORT}/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { subject: string; text: string }[];
    found = messages.map((message) => link.exec(message.text)?.[0]).find(Boolean);
    expect(found, `an e-mail to ${to} with a link like ${link}`).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return found!;
}

/** The link that confirms a new account's address, in the e-mail the provider's sign-up sends. */
export const VERIFY_LINK = /https?:\/\/\S+\/verify\?token=\S+/;

/** The link in the e-mail that confirms a new account's address (the provider's sign-up sends it). */
export function verificationLink(browser: Browser, testInfo: TestInfo, to: string): Promise<string> {
  return asStaff(browser, testInfo, async (request, headers) => {
    const verify = (await mailboxItems(request, headers, to)).find((item) => item.template === 'identity.verify-email');
    expect(verify, `a verification e-mail to ${to}`).toBeDefined();
    const { text } = (await (await request.get(`/api/notifications/Mailbox/${verify!.id}`, { headers })).json()) as { text: string };
    const link = VERIFY_LINK.exec(text)?.[0];
    expect(link, 'the confirmation link in the e-mail').toBeDefined();
    return link!;
  });
}

/**
 * The first link matching `link` in the e-mail of `template` to `to`, read as staff through the
 * mailbox; waits for the e-mail (the outbox is sent by a polling job).
 */
export async function emailedLink(browser: Browser, testInfo: TestInfo, to: string, template: string, link: RegExp): Promise<string> {
  const [found] = await emailedLinks(browser, testInfo, to, template, [link]);
  return found!;
}

/** The first link matching each of `links` in the newest e-mail of `template` to `to`, read with one staff sign-in. */
export function emailedLinks(browser: Browser, testInfo: TestInfo, to: string, template: string, links: readonly RegExp[]): Promise<string[]> {
  return asStaff(browser, testInfo, async (request, headers) => {
    let found: string[] = [];
    await expect(async () => {
      const email = (await mailboxItems(request, headers, to)).find((item) => item.template === template);
      expect(email, `a ${template} e-mail to ${to}`).toBeDefined();
      const { text } = (await (await request.get(`/api/notifications/Mailbox/${email!.id}`, { headers })).json()) as { text: string };
      found = links.map((link) => link.exec(text)?.[0] ?? '');
      expect(found.every(Boolean), `the links in the ${template} e-mail`).toBe(true);
    }).toPass({ timeout: 30_000 });
    return found;
  });
}
