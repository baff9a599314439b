/**
 * Midnight UK time at the start of a day such as `2026-11-24` (or of the day after, for an inclusive
 * "to"): what a staff search's dates mean. The rule is the policy's London time (decision 0056).
 */
export { londonDayStart as ukDayStart } from '@shop/contracts';
