import { londonSortableDateTime } from './london-time.ts';

/*
 * London time as staff type it and as files carry it: read by the API and by staff pages only, so
 * kept out of the storefront's frame chunk (`@shop/contracts/london-clock`; `london-time.ts` is in it,
 * and any function of a module there that a staff page uses would be carried by every page).
 */

/**
 * The instant London's clock reads a UK date and time staff typed (`2026-12-01T09:00`, or with a space
 * and seconds); null when it is not one. London is UTC or an hour ahead of it: the instant is the one
 * of the two whose London clock reads it (a time the clocks skip is taken as the hour after).
 */
export function londonWallClockInstant(local: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(local);
  if (!match) return null;
  const asUtc = new Date(`${match[1]}T${match[2]}${match[3] ?? ':00'}Z`);
  // 30 February is read by Date as 2 March: only a real day and time will do.
  if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 16) !== `${match[1]}T${match[2]}`) return null;
  const summer = new Date(asUtc.getTime() - 3_600_000);
  return londonSortableDateTime(summer) === `${match[1]} ${match[2]}` ? summer : asUtc;
}

/** "2026-12-01T09:00:00+00:00" (or +01:00 in summer): an exact instant in ISO 8601 that reads as UK time, for files. */
export function londonIsoDateTime(at: Date | string): string {
  const when = typeof at === 'string' ? new Date(at) : at;
  const wholeMinute = Math.floor(when.getTime() / 60_000) * 60_000;
  const offsetMinutes = Math.round((Date.parse(`${londonSortableDateTime(when).replace(' ', 'T')}:00Z`) - wholeMinute) / 60_000);
  const local = new Date(when.getTime() + offsetMinutes * 60_000).toISOString();
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${local.slice(0, local.endsWith('.000Z') ? 19 : 23)}${sign}${hours}:${String(Math.abs(offsetMinutes) % 60).padStart(2, '0')}`;
}
