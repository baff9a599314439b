/**
 * UK postcodes (docs/domain.md §4.4): validation, normalisation and the delivery zone of the
 * outward code. Pure functions, no I/O.
 */
import type { DELIVERY_ZONES } from '@shop/contracts';

/** The UK pattern (docs/domain.md §4.4); the format rules below narrow it further. */
export const POSTCODE_PATTERN = /^([A-Za-z][A-Ha-hJ-Yj-y]?[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}|[Gg][Ii][Rr] ?0[Aa]{2})$/;

export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** Which bank holidays apply where the goods arrive. */
export type HolidayRegion = 'england-and-wales' | 'scotland' | 'northern-ireland';

export interface Postcode {
  /** Uppercase with one space before the inward code, e.g. `SW1A 1AA`. */
  normalised: string;
  outward: string;
  inward: string;
  /** The letters of the outward code, e.g. `SW`. */
  area: string;
  /** The district number of the outward code, e.g. 1 for `SW1A`. */
  district: number;
}

export type PostcodeResult = { ok: true; postcode: Postcode } | { ok: false; reason: string };

const EXAMPLE = 'Use a UK postcode such as "SW1A 1AA" or "IV2 3AB".';

/** Uppercase, spaces removed, then one space before the last three characters. */
export function normalisePostcode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function parsePostcode(input: string): PostcodeResult {
  const normalised = normalisePostcode(input);
  if (normalised.length < 6 || normalised.length > 8) {
    return { ok: false, reason: `"${input.trim()}" is not the length of a UK postcode (5 to 7 letters and digits). ${EXAMPLE}` };
  }
  if (!POSTCODE_PATTERN.test(normalised)) return { ok: false, reason: `"${normalised}" is not a UK postcode. ${EXAMPLE}` };
  const [outward = '', inward = ''] = normalised.split(' ');
  const problem = formatProblem(outward, inward);
  if (problem) return { ok: false, reason: `"${normalised}" is not a UK postcode: ${problem}. ${EXAMPLE}` };
  const area = /^[A-Z]+/.exec(outward)?.[0] ?? '';
  const district = Number(/\d+/.exec(outward)?.[0] ?? '0');
  return { ok: true, postcode: { normalised, outward, inward, area, district } };
}

/** docs/domain.md §4.4's position rules (GIR 0AA is the one historic exception). */
function formatProblem(outward: string, inward: string): string | null {
  if (outward === 'GIR') return null;
  if (/[QVX]/.test(outward[0]!)) return 'it cannot start with Q, V or X';
  if (/^[A-Z][IJZ]/.test(outward)) return 'its second letter cannot be I, J or Z';
  // ANA: the third character is a letter.
  if (/^[A-Z]\d[A-Z]$/.test(outward) && !/[ABCDEFGHJKSTUW]/.test(outward[2]!)) return `"${outward[2]}" cannot follow "${outward.slice(0, 2)}"`;
  // AANA: the fourth character is a letter.
  if (/^[A-Z]{2}\d[A-Z]$/.test(outward) && !/[ABEHMNPRVWXY]/.test(outward[3]!)) return `"${outward[3]}" cannot follow "${outward.slice(0, 3)}"`;
  if (/[CIKMOV]/.test(inward.slice(1))) return 'the last two letters never use C, I, K, M, O or V';
  return null;
}

type Ranges = Record<string, readonly (readonly [number, number])[]>;

/** docs/domain.md §4.4: the courier definitions of the Scottish Highlands and Islands by district. */
const HIGHLANDS: Ranges = {
  AB: [
    [36, 38],
    [55, 56],
  ],
  FK: [[17, 21]],
  IV: [
    [1, 39],
    [52, 54],
    [63, 63],
  ],
  KW: [[1, 14]],
  PA: [[21, 40]],
  PH: [
    [19, 26],
    [30, 41],
    [49, 50],
  ],
};
const ISLANDS: Ranges = {
  HS: [[1, 9]],
  IV: [
    [40, 51],
    [55, 56],
  ],
  KA: [[27, 28]],
  KW: [[15, 17]],
  PA: [
    [20, 20],
    [41, 49],
    [60, 78],
  ],
  PH: [[42, 44]],
  ZE: [[1, 3]],
};
const within = (ranges: Ranges, area: string, district: number) => (ranges[area] ?? []).some(([from, to]) => district >= from && district <= to);

export function zoneOf(postcode: Pick<Postcode, 'area' | 'district'>): DeliveryZone {
  const { area, district } = postcode;
  if (area === 'BT') return 'northern-ireland';
  if (area === 'IM') return 'isle-of-man';
  if (area === 'JE' || area === 'GY') return 'channel-islands';
  if (area === 'TR' && district >= 21 && district <= 25) return 'scilly';
  if (area === 'PO' && district >= 30 && district <= 41) return 'isle-of-wight';
  if (within(ISLANDS, area, district)) return 'islands';
  if (within(HIGHLANDS, area, district)) return 'highlands';
  return 'mainland';
}

/** Postcode areas wholly or mostly in Scotland (TD's few English districts are treated as Scottish). */
const SCOTTISH_AREAS = new Set(['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE']);

export function holidayRegionOf(postcode: Pick<Postcode, 'area'> | null): HolidayRegion {
  if (!postcode) return 'england-and-wales';
  if (postcode.area === 'BT') return 'northern-ireland';
  return SCOTTISH_AREAS.has(postcode.area) ? 'scotland' : 'england-and-wales';
}
