import { describe, expect, it } from 'vitest';
import { deliveryOptions, suggestedOption, type OptionsInput } from './delivery-options.ts';

// Friday 19 June 2026 (BST): 13:59 and 14:01 London time.
const FRIDAY_BEFORE = new Date('2026-06-19T12:59:00Z');
const FRIDAY_AFTER = new Date('2026-06-19T13:01:00Z');

const input = (overrides: Partial<OptionsInput> = {}): OptionsInput => ({
  deliveryClass: 'parcel',
  stock: { status: 'in_stock', eta: null },
  unitPriceIncVat: 2_999,
  quantity: 1,
  zone: 'mainland',
  region: 'england-and-wales',
  now: FRIDAY_BEFORE,
  ...overrides,
});
const byCode = (overrides: Partial<OptionsInput> = {}) => Object.fromEntries(deliveryOptions(input(overrides)).options.map((option) => [option.code, option]));

describe('delivery options', () => {
  it('offer each delivery class its options (docs/domain.md §4.1)', () => {
    const codes = (deliveryClass: OptionsInput['deliveryClass']) => deliveryOptions(input({ deliveryClass })).options.map((option) => option.code);
    expect(codes('parcel')).toEqual(['standard', 'next_day', 'specific_day', 'saturday', 'click_collect']);
    expect(codes('large')).toEqual(['specific_day', 'saturday', 'large_kerbside', 'click_collect']);
    expect(codes('pallet')).toEqual(['large_kerbside', 'click_collect']);
    expect(codes('two_man_eligible')).toEqual(['large_kerbside', 'two_person', 'click_collect']);
  });

  it('price parcels from the table, free standard delivery from £50 of goods', () => {
    const options = byCode();
    expect(Object.fromEntries(Object.entries(options).map(([code, option]) => [code, option.priceIncVat]))).toEqual({
      standard: 495,
      next_day: 695,
      specific_day: 995,
      saturday: 1_995,
      click_collect: 0,
    });
    expect(byCode({ unitPriceIncVat: 2_500, quantity: 2 }).standard!.priceIncVat).toBe(0);
    expect(byCode({ unitPriceIncVat: 2_499, quantity: 2 }).standard!.priceIncVat).toBe(495);
    expect(byCode({ deliveryClass: 'large', unitPriceIncVat: 49_900 }).large_kerbside!.priceIncVat).toBe(0);
    expect(byCode({ deliveryClass: 'large', unitPriceIncVat: 24_900 }).large_kerbside!.priceIncVat).toBe(2_995);
    expect(byCode({ deliveryClass: 'two_man_eligible', unitPriceIncVat: 99_900 }).two_person!.priceIncVat).toBe(5_995);
  });

  it('date next day by the 14:00 cut-off, Friday before and after', () => {
    expect(byCode().next_day).toMatchObject({ available: true, earliestDate: '2026-06-22', cutOff: '2026-06-19T14:00:00+01:00' });
    expect(byCode({ now: FRIDAY_AFTER }).next_day).toMatchObject({ earliestDate: '2026-06-23', cutOff: '2026-06-22T14:00:00+01:00' });
    expect(byCode().standard).toMatchObject({ earliestDate: '2026-06-23', latestDate: '2026-06-25' });
    // GMT: 14:00 London is 14:00 UTC.
    expect(byCode({ now: new Date('2026-11-20T13:59:00Z') }).next_day!.earliestDate).toBe('2026-11-23');
    expect(byCode({ now: new Date('2026-11-20T14:01:00Z') }).next_day!.earliestDate).toBe('2026-11-24');
    // Weekend orders arrive on Tuesday; after a bank-holiday Monday, on Wednesday.
    expect(byCode({ now: new Date('2026-06-20T10:00:00Z') }).next_day!.earliestDate).toBe('2026-06-23');
    expect(byCode({ now: new Date('2026-05-02T10:00:00Z') }).next_day!.earliestDate).toBe('2026-05-06');
    expect(byCode({ now: new Date('2026-05-04T10:00:00Z') }).next_day!.earliestDate).toBe('2026-05-06');
  });

  it('date specific days 2–21 days ahead, by 14:00 the working day before', () => {
    expect(byCode().specific_day).toMatchObject({ earliestDate: '2026-06-22', latestDate: '2026-07-10', cutOff: '2026-06-19T14:00:00+01:00' });
    expect(byCode({ now: FRIDAY_AFTER }).specific_day).toMatchObject({ earliestDate: '2026-06-23', cutOff: '2026-06-22T14:00:00+01:00' });
  });

  it('date Saturday by 12:00 Friday', () => {
    expect(byCode({ now: new Date('2026-06-19T10:59:00Z') }).saturday).toMatchObject({ earliestDate: '2026-06-20', cutOff: '2026-06-19T12:00:00+01:00' });
    expect(byCode({ now: new Date('2026-06-19T11:01:00Z') }).saturday).toMatchObject({ earliestDate: '2026-06-27', cutOff: '2026-06-26T12:00:00+01:00' });
  });

  it('take longer for pallet-sized goods, and two-person slots longer still', () => {
    expect(byCode({ deliveryClass: 'large' }).large_kerbside).toMatchObject({ earliestDate: '2026-06-24', latestDate: '2026-06-26' });
    expect(byCode({ deliveryClass: 'pallet' }).large_kerbside).toMatchObject({ earliestDate: '2026-06-26', latestDate: '2026-07-03' });
    expect(byCode({ deliveryClass: 'two_man_eligible' }).two_person).toMatchObject({ earliestDate: '2026-06-26', latestDate: '2026-07-03' });
  });

  it('need stock for next day, Saturday and click & collect; others leave when the stock arrives', () => {
    const options = byCode({ stock: { status: 'made_to_order', eta: '2026-07-01' } });
    for (const code of ['next_day', 'saturday', 'click_collect']) {
      expect(options[code]).toMatchObject({
        available: false,
        priceIncVat: null,
        earliestDate: null,
        unavailableReason: expect.stringMatching(/made to order/),
      });
    }
    expect(options.standard).toMatchObject({ available: true, earliestDate: '2026-07-03', latestDate: '2026-07-07' });
    expect(options.specific_day).toMatchObject({ available: true, earliestDate: '2026-07-02' });
    expect(byCode({ stock: { status: 'out_of_stock', eta: null } }).standard).toMatchObject({
      available: false,
      unavailableReason: expect.stringMatching(/no delivery date/),
    });
    expect(byCode({ stock: { status: 'low_stock', eta: null } }).next_day!.available).toBe(true);
  });

  it('surcharge remote zones and keep them to the standard services', () => {
    const highlands = byCode({ zone: 'highlands', region: 'scotland', unitPriceIncVat: 10_000 });
    expect(highlands.standard).toMatchObject({ available: true, priceIncVat: 1_500, earliestDate: '2026-06-24', latestDate: '2026-06-29' });
    for (const code of ['next_day', 'specific_day', 'saturday']) {
      expect(highlands[code]).toMatchObject({
        available: false,
        priceIncVat: null,
        unavailableReason: 'Our couriers take only standard deliveries to the Scottish Highlands.',
      });
    }
    expect(highlands.click_collect!.priceIncVat).toBe(0);
    expect(byCode({ zone: 'northern-ireland', region: 'northern-ireland', deliveryClass: 'large' }).large_kerbside!.priceIncVat).toBe(2_995 + 9_500);
    expect(byCode({ zone: 'isle-of-wight', deliveryClass: 'large' }).large_kerbside!.priceIncVat).toBe(2_995 + 4_500);
  });

  it('quote pallets to the islands and Northern Ireland, everything to the Isle of Man, and do not serve the Channel Islands', () => {
    const islands = deliveryOptions(input({ zone: 'islands', region: 'scotland', deliveryClass: 'pallet' }));
    expect(islands).toMatchObject({ quoteOnly: true, notServed: false });
    expect(islands.options.find((option) => option.code === 'large_kerbside')).toMatchObject({
      available: false,
      unavailableReason: expect.stringMatching(/quotation/),
    });
    expect(deliveryOptions(input({ zone: 'islands', region: 'scotland' })).quoteOnly).toBe(false);
    expect(deliveryOptions(input({ zone: 'isle-of-man' })).quoteOnly).toBe(true);
    const channel = deliveryOptions(input({ zone: 'channel-islands' }));
    expect(channel).toMatchObject({ quoteOnly: false, notServed: true });
    expect(channel.options.filter((option) => option.available).map((option) => option.code)).toEqual(['click_collect']);
  });

  it('have click & collect ready at the branch an hour after ordering while it is open, else after it opens', () => {
    expect(byCode({ now: new Date('2026-06-19T10:00:00Z') }).click_collect).toMatchObject({
      available: true,
      priceIncVat: 0,
      earliestDate: '2026-06-19',
      cutOff: '2026-06-19T15:30:00+01:00',
      collection: { branch: { name: 'Plumbline Leeds trade counter', address: { postcode: 'LS11 5PS' } }, readyFrom: '2026-06-19T12:00:00+01:00' },
    });
    // Too late on Friday: Saturday morning, an hour after it opens, with no "order by" for a later day.
    const saturday = byCode({ now: new Date('2026-06-19T14:31:00Z') }).click_collect!;
    expect(saturday).toMatchObject({ earliestDate: '2026-06-20', collection: { readyFrom: '2026-06-20T09:00:00+01:00' } });
    expect(saturday).not.toHaveProperty('cutOff');
  });

  it('suggest the cheapest standard delivery, never a paid-for speed or day', () => {
    const suggested = (overrides: Partial<OptionsInput>) => suggestedOption(deliveryOptions(input(overrides)).options)?.code ?? null;
    expect(suggested({})).toBe('standard');
    // A large item is offered Saturday delivery ahead of the kerbside lorry in the list: the lorry is still the start.
    expect(suggested({ deliveryClass: 'large' })).toBe('large_kerbside');
    expect(suggested({ deliveryClass: 'pallet' })).toBe('large_kerbside');
    expect(suggested({ deliveryClass: 'two_man_eligible' })).toBe('large_kerbside');
    expect(suggested({ zone: 'highlands', region: 'scotland' })).toBe('standard');
    expect(suggested({ zone: 'channel-islands' })).toBeNull();
    expect(suggested({ zone: 'islands', region: 'scotland', deliveryClass: 'pallet' })).toBeNull();
  });
});
