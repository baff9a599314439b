import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures as Stripe and Two sign them: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`
 * with a secret shared with the sender. A delivery signed longer ago than the tolerance is refused as a
 * replay; the receiver handles each event id once besides, so a copy inside the tolerance changes nothing.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, nowSeconds: number): string {
  return `t=${nowSeconds},v1=${hmac(secret, nowSeconds, body)}`;
}

/** Why the signature in `header` (named `headerName` in the reason) is refused, or null when it is good. */
export function checkWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  options: { headerName: string; toleranceSeconds?: number },
): string | null {
  if (!header) return `the ${options.headerName} header is missing`;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return `the ${options.headerName} header is not t=…,v1=…`;
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return 'the signature is too old (or from the future)';
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'the signature does not match the body';
}
