import { urlCarriesToken } from '@shop/contracts/redaction';

/** What staff read in place of a link that acts for its recipient. */
export const ONE_TIME_LINK_HIDDEN = '[one-time link hidden]';

const HREF = /\shref="([^"]*)"/g;
const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const unescapeHtml = (value: string) => value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]!);

/**
 * An e-mail's bodies as staff may read them (decision 0048): each link that acts for its recipient,
 * one carrying a token (`urlCarriesToken`: a password reset, an address or erasure confirmation, a
 * newsletter or back-in-stock link, a help reply or question answer link), becomes a marked
 * placeholder. In the HTML a button keeps its label and loses its address. `count` is how many
 * distinct links were found.
 */
export function hideOneTimeLinks(email: { html: string; text: string }): { html: string; text: string; count: number } {
  const found = new Set<string>();
  const hide = (url: string, replacement: string, original: string) => {
    if (!urlCarriesToken(url)) return original;
    found.add(url);
    return replacement;
  };
  const html = email.html
    .replace(HREF, (attribute, href: string) => hide(unescapeHtml(href), ' data-one-time-link="hidden"', attribute))
    .replace(URL_IN_TEXT, (url) => hide(unescapeHtml(url), ONE_TIME_LINK_HIDDEN, url));
  const text = email.text.replace(URL_IN_TEXT, (url) => hide(url, ONE_TIME_LINK_HIDDEN, url));
  return { html, text, count: found.size };
}
