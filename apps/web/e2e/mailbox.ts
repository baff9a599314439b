import { expect, type Browser, type TestInfo } from '@playwright/test';
import { DEMO, signInByRedirect, storedUser } from './auth.ts';

/** A fresh browser (no basket, no wishlist, no sign-in) like this project's: same address, screen and touch. */
export function newContext(browser: Browser, testInfo: TestInfo) {
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
  return browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent });
}

export interface MailboxEmail {
  subject: string;
  template: string;
}

/** The e-mails the shop has queued for an address, read as staff through the mailbox API. */
export async function staffMailbox(browser: Browser, testInfo: TestInfo, to: string): Promise<MailboxEmail[]> {
  const context = await newContext(browser, testInfo);
  const page = await context.newPage();
  await signInByRedirect(page, DEMO.staff.email);
  const { access_token } = (await storedUser(page))!;
  const response = await page.request.get(`/api/notifications/Mailbox?to=${encodeURIComponent(to)}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  const mailbox = (await response.json()) as { items: MailboxEmail[] };
  await context.close();
  return mailbox.items;
}
