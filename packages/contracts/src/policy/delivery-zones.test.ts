import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONE_RULES, REMOTE_DELIVERY_ZONES, zoneDeliveryText } from './delivery-zones.ts';
import { DELIVERY_ZONES } from '../enumerations.ts';

describe('what the shop says about delivery to each zone', () => {
  it('says the Channel Islands are not served and Scilly is surcharged, as the delivery module prices them', () => {
    expect(zoneDeliveryText('channel-islands')).toBe('We do not deliver to the Channel Islands (outside the UK VAT area): click & collect only.');
    expect(zoneDeliveryText('scilly')).toBe(
      'Delivery to the Isles of Scilly adds £25 for parcels or £95 for large items and takes 2 to 5 extra working days, by standard delivery only. ' +
        'Large items, pallets and two-person deliveries are by quotation.',
    );
    expect(zoneDeliveryText('highlands')).toBe(
      'Delivery to the Scottish Highlands adds £15 for parcels or £45 for large items and takes 1 to 2 extra working days, by standard delivery only.',
    );
    expect(zoneDeliveryText('isle-of-man')).toBe('Delivery to the Isle of Man is by quotation: contact us for a price before you order.');
  });

  it('lists every zone but mainland Great Britain once', () => {
    expect(REMOTE_DELIVERY_ZONES.toSorted((a, b) => a.localeCompare(b))).toEqual(
      DELIVERY_ZONES.filter((zone) => zone !== 'mainland').toSorted((a, b) => a.localeCompare(b)),
    );
    expect(Object.keys(DELIVERY_ZONE_RULES)).toHaveLength(DELIVERY_ZONES.length);
  });
});
