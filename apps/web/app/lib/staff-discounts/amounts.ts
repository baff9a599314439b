/**
 * What staff type for a promotion's figures, turned into the API's integers: a percentage into
 * basis points (12.5 → 1250), pounds into pence (£12.50 → 1250). The typed text is parsed digit by
 * digit, never through a float, so "0.29" is 29 pence and not 28.999….
 */

import { formatPenceShort } from '@shop/contracts';

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

/** A decimal number with at most `places` decimals, as an integer scaled by 10^places; null if it isn't one. */
function parseScaled(text: string, places: number): number | null {
  const match = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? match[3] ?? '';
  if (fraction.length > places) return null;
  // Leading zeros are harmless; very long inputs are caught by the range checks of the callers.
  if (whole.length > 12) return Number.POSITIVE_INFINITY;
  return Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0') || '0');
}

/** Pounds as typed ("12.50", "£1,250", "5") into pence. */
export function parsePounds(typed: string, { max = 100_000_000 }: { max?: number } = {}): Parsed {
  const text = typed.trim().replace(/^£/, '').replaceAll(',', '').trim();
  if (!text) return { ok: false, message: 'Enter an amount in pounds, for example 12.50' };
  if (text.startsWith('-')) return { ok: false, message: 'Enter an amount of £0 or more' };
  const pence = parseScaled(text, 2);
  if (pence === null) return { ok: false, message: 'Enter pounds and pence as a number, for example 12.50 (at most 2 decimal places)' };
  if (pence > max) return { ok: false, message: `Enter an amount of at most ${formatPenceShort(max)}` };
  return { ok: true, value: pence };
}

/** A percentage as typed ("12.5", "10%") into basis points (1250, 1000). */
export function parsePercent(typed: string): Parsed {
  const text = typed.trim().replace(/%$/, '').trim();
  if (!text) return { ok: false, message: 'Enter a percentage, for example 12.5' };
  if (text.startsWith('-')) return { ok: false, message: 'Enter a percentage above 0' };
  const basisPoints = parseScaled(text, 2);
  if (basisPoints === null) return { ok: false, message: 'Enter the percentage as a number, for example 12.5 (at most 2 decimal places)' };
  if (basisPoints === 0) return { ok: false, message: 'Enter a percentage above 0' };
  if (basisPoints > 10_000) return { ok: false, message: 'Enter a percentage of at most 100' };
  return { ok: true, value: basisPoints };
}

/** A whole number as typed ("100", "1,000"); `min`/`max` inclusive. */
export function parseWholeNumber(typed: string, { min, max }: { min: number; max: number }): Parsed {
  const text = typed.trim().replaceAll(',', '');
  if (!/^\d+$/.test(text)) return { ok: false, message: 'Enter a whole number, for example 100' };
  const value = text.length > 12 ? Number.POSITIVE_INFINITY : Number(text);
  if (value < min) return { ok: false, message: `Enter ${min} or more` };
  if (value > max) return { ok: false, message: `Enter ${max.toLocaleString('en-GB')} or fewer` };
  return { ok: true, value };
}

/** Basis points back into the text staff type: 1250 → "12.5", 1000 → "10". */
export function basisPointsToText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Pence back into the text staff type: 1250 → "12.50", 500 → "5", 0 → "0". */
export function penceToText(pence: number): string {
  const pounds = Math.trunc(pence / 100);
  const rest = pence % 100;
  return rest === 0 ? String(pounds) : `${pounds}.${String(rest).padStart(2, '0')}`;
}
