/**
 * The remote delivery zones' surcharges, limits and exclusions (docs/domain.md §4.4), as plain values:
 * the delivery module prices by them, and the help centre and the product page say them, so the
 * three can never disagree. Money is integer pence inc VAT.
 */
import type { DELIVERY_ZONES } from '../enumerations.ts';
import { formatPenceShort } from '../money.ts';

type Zone = (typeof DELIVERY_ZONES)[number];
type ZoneDeliveryClass = 'parcel' | 'large' | 'pallet' | 'two_man_eligible';

export interface DeliveryZoneRule {
  /** The zone in a sentence: "the Isles of Scilly". */
  name: string;
  /** As the delivery module's refusals name it (with why, where that matters). */
  label: string;
  /** Pence added to every delivered option: parcels, and large or pallet goods. */
  surcharge?: { parcel: number; large: number };
  /** Working days added to the lead time: earliest and latest. */
  extraDays?: readonly [number, number];
  /** Only the standard services reach it: no next day, specific day, Saturday or two-person. */
  standardOnly?: boolean;
  /** Delivery classes we only quote for, or all of them. */
  quoteOnly?: readonly ZoneDeliveryClass[] | 'all';
  notServed?: boolean;
}

const remote = { standardOnly: true } as const;
const farSurcharge = { surcharge: { parcel: 2_500, large: 9_500 }, extraDays: [2, 5] } as const;

export const DELIVERY_ZONE_RULES: Readonly<Record<Zone, DeliveryZoneRule>> = {
  mainland: { name: 'mainland Great Britain', label: 'mainland GB' },
  highlands: { name: 'the Scottish Highlands', label: 'the Scottish Highlands', surcharge: { parcel: 1_500, large: 4_500 }, extraDays: [1, 2], ...remote },
  'isle-of-wight': { name: 'the Isle of Wight', label: 'the Isle of Wight', surcharge: { parcel: 1_500, large: 4_500 }, extraDays: [1, 2], ...remote },
  islands: { name: 'the Scottish islands', label: 'the Scottish Islands', ...farSurcharge, ...remote, quoteOnly: ['pallet', 'two_man_eligible'] },
  'northern-ireland': { name: 'Northern Ireland', label: 'Northern Ireland', ...farSurcharge, ...remote, quoteOnly: ['pallet', 'two_man_eligible'] },
  scilly: { name: 'the Isles of Scilly', label: 'the Isles of Scilly', ...farSurcharge, ...remote, quoteOnly: ['large', 'pallet', 'two_man_eligible'] },
  'isle-of-man': { name: 'the Isle of Man', label: 'the Isle of Man', quoteOnly: 'all' },
  'channel-islands': { name: 'the Channel Islands', label: 'the Channel Islands (outside the UK VAT area)', notServed: true },
};

/** The zones outside mainland Great Britain, in the order the help centre lists them. */
export const REMOTE_DELIVERY_ZONES: readonly Zone[] = ['highlands', 'isle-of-wight', 'islands', 'northern-ireland', 'scilly', 'isle-of-man', 'channel-islands'];

const QUOTED_WORDS: Record<ZoneDeliveryClass, string> = {
  parcel: 'parcels',
  large: 'large items',
  pallet: 'pallets',
  two_man_eligible: 'two-person deliveries',
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const listOf = (words: readonly string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

/** What delivery to a zone costs and allows, in one or two sentences: the same words wherever the shop says it. */
export function zoneDeliveryText(zone: Zone): string {
  const rule = DELIVERY_ZONE_RULES[zone];
  if (rule.notServed) return `We do not deliver to ${rule.label}: click & collect only.`;
  if (rule.quoteOnly === 'all') return `Delivery to ${rule.name} is by quotation: contact us for a price before you order.`;
  if (!rule.surcharge) return `Standard prices apply to ${rule.name}.`;
  const [fewest, most] = rule.extraDays ?? [0, 0];
  const sentences = [
    `Delivery to ${rule.name} adds ${formatPenceShort(rule.surcharge.parcel)} for parcels or ${formatPenceShort(rule.surcharge.large)} for large items` +
      ` and takes ${fewest} to ${most} extra working days${rule.standardOnly ? ', by standard delivery only' : ''}.`,
  ];
  if (rule.quoteOnly?.length) sentences.push(`${capitalise(listOf(rule.quoteOnly.map((what) => QUOTED_WORDS[what])))} are by quotation.`);
  return sentences.join(' ');
}
