/** A page's address with what a step did added to it (`?done=`, and which records), where its action sends the page back. */
export const hrefWith = (href: string, added: [string, string][]) => `${href}${href.includes('?') ? '&' : '?'}${new URLSearchParams(added).toString()}`;
