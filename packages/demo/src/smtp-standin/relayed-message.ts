/**
 * What a mail catcher shows of a message it took: its subject and its plain text, read from the
 * message as SMTP carries it (headers, then a body that may be multipart, quoted-printable or
 * base64, as nodemailer writes the shop's e-mail).
 */
export interface RelayedMessage {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

/** A message's headers (names lower-cased, folded lines joined) and its body. */
function split(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** A header's encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in plain text. */
function decodeWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The plain text of a message or part: its text/plain part when it is multipart, the first found depth first. */
function plainText(raw: string): string | null {
  const { headers, body } = split(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(body, headers.get('content-transfer-encoding')) : null;
}

/** The message SMTP's DATA carried (dot-stuffing undone), to the envelope's recipients. */
export function readRelayedMessage(data: string, to: readonly string[], receivedAt: Date): RelayedMessage {
  const raw = data.replace(/^\.\./gm, '.');
  const { headers } = split(raw);
  return { to: [...to], subject: decodeWords(headers.get('subject') ?? ''), text: plainText(raw) ?? '', receivedAt: receivedAt.toISOString() };
}
