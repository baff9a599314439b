import type { ShopDetails } from '@shop/contracts';

/**
 * The shop's e-mail layout: a table-based, inline-styled HTML e-mail (what mail clients render
 * reliably) in the storefront's colours, and a plain-text twin with the same words. Every e-mail
 * ends with how to reach customer service and the company's details (the SHOP_* settings).
 * Pure apart from those details: no I/O.
 */

export interface EmailContent {
  subject: string;
  /** The line mail clients show after the subject in the inbox; hidden in the body. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  action?: EmailAction;
  /** Several buttons, one under another (a review link per product), in place of `action`. */
  actions?: EmailAction[];
  /** Small print under the body, e.g. "You are receiving this because you asked to reset your password." */
  footnote?: string;
}

export interface EmailAction {
  label: string;
  url: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** "call us on 0113 496 0000 (Monday to Friday 8am to 6pm) or e-mail help@plumbline.example", for a sentence. */
export const contactLine = (shop: ShopDetails) => `call us on ${shop.phone.display} (${shop.openingHours}) or e-mail ${shop.email}`;

const addressLine = (shop: ShopDetails) => `${shop.address.lines.join(', ')} ${shop.address.postcode}`;

/** What a company's e-mails must say about it (Companies Act 2006 s.82; Trading Disclosures Regulations 2015). */
const companyLine = (shop: ShopDetails) =>
  `${shop.tradingName} is a trading name of ${shop.legalName}, registered in ${shop.registeredIn}, company number ${shop.companyNumber}. ` +
  `Registered office: ${addressLine(shop)}. VAT number ${shop.vatNumber}.`;

const NAVY = '#0f2339';
const TEAL = '#0f766e';
const BRASS = '#d9a441';
const INK = '#1f2937';
const MUTED = '#5b6472';
const PAGE = '#f5f2ec';
const FONT = "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Only web and mail links may become a button; anything else (javascript:, data:) is refused. */
function safeUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`E-mail action URL is not absolute: ${url}`);
  }
  if (!['https:', 'http:', 'mailto:'].includes(parsed.protocol)) {
    throw new Error(`E-mail action URL must be http(s) or mailto, not ${parsed.protocol}`);
  }
  return parsed.href;
}

/** Subjects are headers: one line, control characters (CR, LF, tab…) turned into single spaces. */
export function singleLine(value: string): string {
  let line = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    line += code < 0x20 || code === 0x7f ? ' ' : char;
  }
  return line.replace(/ {2,}/g, ' ').trim();
}

export function renderEmail(content: EmailContent, shop: ShopDetails): RenderedEmail {
  const subject = singleLine(content.subject);
  const actions = (content.actions ?? (content.action ? [content.action] : [])).map(({ label, url }) => ({ label, url: safeUrl(url) }));
  return { subject, html: renderHtml(content, shop, subject, actions), text: renderText(content, shop, actions) };
}

function renderHtml(content: EmailContent, shop: ShopDetails, subject: string, actions: EmailAction[]): string {
  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const buttons = actions
    .map(
      ({ label, url }) =>
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px;">
<tr><td align="center" bgcolor="${TEAL}" style="border-radius:8px;background:${TEAL};">
<a href="${escapeHtml(url)}" target="_blank" ` +
        `style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:600;line-height:20px;` +
        `color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr>
</table>`,
    )
    .join('\n');
  const fallbackLink = (url: string) => `<a href="${escapeHtml(url)}" style="color:${TEAL};word-break:break-all;">${escapeHtml(url)}</a>`;
  const fallback =
    actions.length === 1
      ? `If the button does not work, copy this address into your browser:<br>${fallbackLink(actions[0]!.url)}`
      : `If a button does not work, copy its address into your browser:` +
        actions.map(({ label, url }) => `<br>${escapeHtml(label)}: ${fallbackLink(url)}`).join('');
  const button =
    actions.length > 0 ? `${buttons}\n<p style="margin:8px 0 16px;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};">${fallback}</p>` : '';
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;` +
      `line-height:1px;color:${PAGE};opacity:0;">${escapeHtml(content.preheader)}</div>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:0 0 8px;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${escapeHtml(content.footnote)}</p>`
    : '';
  const small = `margin:0 0 8px;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};`;
  const link = `color:${TEAL};`;
  const contact =
    `<p style="${small}">Questions? Call us on <a href="${escapeHtml(shop.phone.uri)}" style="${link}">${escapeHtml(shop.phone.display)}</a> ` +
    `(${escapeHtml(shop.openingHours)}) or e-mail <a href="mailto:${escapeHtml(shop.email)}" style="${link}">${escapeHtml(shop.email)}</a>.</p>`;
  return (
    `<!DOCTYPE html>
<html lang="en-GB" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
<style>
  @media (max-width: 620px) {
    .container { width: 100% !important; }
    .body-cell { padding: 24px 20px !important; }
  }
</style>
</head>
<body style="margin:0;padding:0;background:${PAGE};">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE}" style="background:${PAGE};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" border="0" ` +
    `style="width:600px;max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td bgcolor="${NAVY}" style="background:${NAVY};padding:20px 32px;border-bottom:4px solid ${BRASS};">
<span style="font-family:${FONT};font-size:22px;font-weight:700;letter-spacing:-0.02em;color:#ffffff;">${escapeHtml(shop.tradingName)}</span>
</td></tr>
<tr><td class="body-cell" style="padding:32px;">
<h1 style="margin:0 0 20px;font-family:${FONT};font-size:24px;line-height:32px;font-weight:700;color:${NAVY};">${escapeHtml(content.heading)}</h1>
${paragraphs}
${button}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e7e2d8;">
${footnote}
${contact}
<p style="margin:0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${escapeHtml(companyLine(shop))}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
  );
}

function renderText(content: EmailContent, shop: ShopDetails, actions: EmailAction[]): string {
  const lines = [shop.tradingName.toUpperCase(), '', content.heading, '='.repeat(Math.min(content.heading.length, 72)), ''];
  for (const paragraph of content.paragraphs) lines.push(paragraph, '');
  for (const { label, url } of actions) lines.push(`${label}:`, url, '');
  lines.push('--');
  if (content.footnote) lines.push(content.footnote);
  lines.push(`Questions? Call us on ${shop.phone.display} (${shop.openingHours}) or e-mail ${shop.email}.`, companyLine(shop));
  return `${lines.join('\n')}\n`;
}
