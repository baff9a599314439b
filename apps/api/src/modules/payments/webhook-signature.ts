import { checkWebhookSignature as check, SIGNATURE_TOLERANCE_SECONDS } from '../../platform/webhook-signature.ts';

export { signWebhook, SIGNATURE_TOLERANCE_SECONDS } from '../../platform/webhook-signature.ts';

/** Header the sandbox signs its webhooks with, in Stripe's format: `t=<unix seconds>,v1=<hex HMAC>`. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/** Why the sandbox gateway's signature is refused, or null when it is good. */
export function checkWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): string | null {
  return check(secret, body, header, nowSeconds, { headerName: 'Sandbox-Signature', toleranceSeconds });
}
