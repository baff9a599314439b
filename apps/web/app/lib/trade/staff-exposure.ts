/** Staff's exposure report on account: a path of its own, out of the shop chunk every page loads (the product page's budget). */
export const STAFF_EXPOSURE_PATH = '/staff/trade/exposure';
/** The provider's webhooks received, and the sandbox's events to send. */
export const STAFF_CREDIT_WEBHOOKS_PATH = '/staff/trade/webhooks';
