/**
 * The visitor's choice about cookies that are not strictly necessary (docs/domain.md §10.7: PECR as the
 * Data (Use and Access) Act 2025 amended it). Statistics that store nothing on the device and tie
 * nothing to a person are counted without asking; anything that remembers this browser or person
 * (the recently viewed list, personal shopping events) waits for "accepted". The choice is a cookie
 * the page's scripts can read, so browser code checks it before it stores anything.
 */
export const CONSENT_COOKIE = 'shop_consent';
export type ConsentChoice = 'accepted' | 'rejected';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const isConsentChoice = (value: unknown): value is ConsentChoice => value === 'accepted' || value === 'rejected';

/** The choice in a Cookie header (or `document.cookie`), or null when none was made here. */
export function consentFromCookie(cookie: string): ConsentChoice | null {
  for (const entry of cookie.split(/;\s*/)) {
    const [name, value] = entry.split('=');
    if (name === CONSENT_COOKIE && isConsentChoice(value)) return value;
  }
  return null;
}

/** The Set-Cookie value for a choice: a year, then the banner asks again. */
export const consentCookie = (choice: ConsentChoice, secure: boolean) =>
  `${CONSENT_COOKIE}=${choice}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;

/** In the browser: whether this visitor has accepted cookies that remember them. */
export const personalStorageAllowed = () => typeof document !== 'undefined' && consentFromCookie(document.cookie) === 'accepted';

/** What this browser keeps only with consent: the recently viewed list and the device's id in shopping events. */
export const REMEMBERING_STORAGE = { recentlyViewed: 'plumbline.recently-viewed', deviceId: 'plumbline.device-id' } as const;

/** Removes what this browser kept with a consent since withdrawn (storage turned off: nothing was kept). */
export function forgetRememberedItems(): void {
  try {
    for (const key of Object.values(REMEMBERING_STORAGE)) localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
