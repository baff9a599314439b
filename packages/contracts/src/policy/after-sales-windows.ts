/**
 * How long a customer has after an order (docs/domain.md §8): the consumer's legal rights and the
 * shop's own promises. The API's self-service refusals, the order confirmation e-mail and the help
 * and legal pages all read these, so what the shop says and what it does cannot drift apart.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** §8.1: a consumer may cancel a distance sale until this many days after the day the goods arrive… */
export const CANCELLATION_PERIOD_DAYS = 14;
/** …then has this many days from cancelling to send the goods back… */
export const SEND_BACK_WITHIN_DAYS = 14;
/** …and is refunded within this many days of the goods coming back (or of proof they were sent). */
export const REFUND_WITHIN_DAYS = 14;
/** §8.2: the shop's own returns, any unused item within this many days of delivery, consumers and trade alike (*shop figure*). */
export const CHANGE_OF_MIND_RETURN_DAYS = 30;
/** §8.3: damage is reported within this many hours of delivery… */
export const DAMAGE_REPORT_HOURS = 48;
/** …and missing items within this many days, so a claim can be made against the carrier (*shop figures*). */
export const MISSING_REPORT_DAYS = 7;
/** §8.4: an old electrical item comes back free for this many days after the new one is bought. */
export const WEEE_TAKE_BACK_DAYS = 28;

/** The last moment unwanted goods delivered at `deliveredAt` may be returned (§8.2). */
export const returnWindowEndsAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + CHANGE_OF_MIND_RETURN_DAYS * DAY_MS);
/** The last moment damage may be reported (§8.3). */
export const damageReportEndsAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + DAMAGE_REPORT_HOURS * HOUR_MS);
/** The last moment a missing item may be reported (§8.3). */
export const missingReportEndsAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + MISSING_REPORT_DAYS * DAY_MS);

/** The deadline for a report of this kind; a wrong item counts as missing (the right one did not come). */
export const reportEndsAt = (issue: 'damaged' | 'missing' | 'wrong-item', deliveredAt: Date): Date =>
  issue === 'damaged' ? damageReportEndsAt(deliveredAt) : missingReportEndsAt(deliveredAt);

/** The last London day (`YYYY-MM-DD`) an old item bought alongside a new one on `boughtOn` comes back free (§8.4). */
export const weeeTakeBackClosesOn = (boughtOn: string): string =>
  new Date(Date.parse(`${boughtOn}T00:00:00Z`) + WEEE_TAKE_BACK_DAYS * DAY_MS).toISOString().slice(0, 10);
