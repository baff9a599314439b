import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header the sandbox signs its webhooks with, in Stripe's format: `t=<unix seconds>,v1=<hex HMAC>`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** A delivery signed longer ago than this is refused (replayed), as Stripe's default tolerance. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, nowSeconds: number): string {
  return `t=${nowSeconds},v1=${hmac(secret, nowSeconds, body)}`;
}

/** Why the signature is refused, or null when it is good. */
export function checkWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): string | null {
  if (!header) return 'the Sandbox-Signature header is missing';
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return 'the Sandbox-Signature header is not t=…,v1=…';
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return 'the signature is too old (or from the future)';
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'the signature does not match the body';
}
