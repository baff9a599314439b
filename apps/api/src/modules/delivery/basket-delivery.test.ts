import { describe, expect, it } from 'vitest';
import { basketDeliveryOptions, specificDayCalendar, type BasketDeliveryInput, type BasketDeliveryLine } from './basket-delivery.ts';

// Friday 19 June 2026 (BST), 13:59 London time.
const FRIDAY = new Date('2026-06-19T12:59:00Z');
const tap: BasketDeliveryLine = { sku: 'TAP-1', productName: 'Basin mixer', deliveryClass: 'parcel', stock: { status: 'in_stock', eta: null } };
const bath: BasketDeliveryLine = { sku: 'BATH-1', productName: 'Steel bath', deliveryClass: 'large', stock: { status: 'in_stock', eta: null } };
const pallet: BasketDeliveryLine = {
  sku: 'SUITE-1',
  productName: 'Bathroom suite',
  deliveryClass: 'pallet',
  stock: { status: 'made_to_order', eta: '2026-06-26' },
};

const input = (lines: BasketDeliveryLine[], overrides: Partial<BasketDeliveryInput> = {}): BasketDeliveryInput => ({
  lines,
  goodsIncVat: 3_000,
  zone: 'mainland',
  region: 'england-and-wales',
  now: FRIDAY,
  ...overrides,
});
const byCode = (result: ReturnType<typeof basketDeliveryOptions>) => Object.fromEntries(result.options.map((option) => [option.code, option]));

describe('basket delivery', () => {
  it('offers a parcel basket the parcel services, free standard delivery on the order total', () => {
    const options = byCode(basketDeliveryOptions(input([tap])));
    expect(Object.keys(options)).toEqual(['standard', 'next_day', 'specific_day', 'saturday', 'click_collect']);
    expect(options.standard).toMatchObject({ available: true, priceIncVat: 495 });
    expect(byCode(basketDeliveryOptions(input([tap], { goodsIncVat: 5_000 }))).standard!.priceIncVat).toBe(0);
  });

  it('sends parcels with a large item on the kerbside lorry, and refuses parcel-only services by name', () => {
    const options = byCode(basketDeliveryOptions(input([tap, bath])));
    expect(options.large_kerbside).toMatchObject({ available: true, priceIncVat: 2_995 });
    expect(options.standard).toMatchObject({ available: false, unavailableReason: 'Steel bath cannot go by standard delivery.' });
    expect(options.next_day).toMatchObject({ available: false });
    expect(options.specific_day).toMatchObject({ available: true });
  });

  it('waits for the slowest line: a made-to-order suite sets the dates', () => {
    const alone = byCode(basketDeliveryOptions(input([bath]))).large_kerbside!;
    const together = byCode(basketDeliveryOptions(input([bath, pallet]))).large_kerbside!;
    expect(together.earliestDate! > alone.earliestDate!).toBe(true);
    expect(byCode(basketDeliveryOptions(input([bath, pallet]))).click_collect).toMatchObject({ available: false });
  });

  it('reports zones we only quote for or do not serve, with no price on what cannot be had', () => {
    expect(basketDeliveryOptions(input([tap], { zone: 'channel-islands' }))).toMatchObject({ notServed: true, suggested: null });
    expect(basketDeliveryOptions(input([pallet], { zone: 'northern-ireland' }))).toMatchObject({ quoteOnly: true, suggested: null });
    const highlands = byCode(basketDeliveryOptions(input([tap, bath], { zone: 'highlands', region: 'scotland' })));
    expect(highlands.large_kerbside).toMatchObject({ available: true, priceIncVat: 2_995 + 4_500 });
    expect(highlands.saturday).toMatchObject({
      available: false,
      priceIncVat: null,
      unavailableReason: 'Our couriers take only standard deliveries to the Scottish Highlands.',
    });
    expect(byCode(basketDeliveryOptions(input([tap], { zone: 'highlands' }))).standard!.priceIncVat).toBe(495 + 1_500);
  });

  it('suggests the cheapest standard delivery: the parcel service, or the kerbside lorry with a large item', () => {
    expect(basketDeliveryOptions(input([tap])).suggested).toBe('standard');
    expect(basketDeliveryOptions(input([bath])).suggested).toBe('large_kerbside');
    expect(basketDeliveryOptions(input([tap, bath])).suggested).toBe('large_kerbside');
    expect(basketDeliveryOptions(input([tap], { zone: 'highlands', region: 'scotland' })).suggested).toBe('standard');
  });

  it('has the basket collected when its last line is ready, from the branch', () => {
    const options = byCode(basketDeliveryOptions(input([tap, bath])));
    expect(options.click_collect).toMatchObject({
      available: true,
      priceIncVat: 0,
      collection: { branch: { name: 'Plumbline Leeds trade counter' }, readyFrom: '2026-06-19T15:00:00+01:00' },
    });
  });

  it('lays out the specific-day calendar: weekends and bank holidays closed, cut-offs the working day before', () => {
    const option = byCode(basketDeliveryOptions(input([tap]))).specific_day!;
    if (!option.available) throw new Error('Specific-day delivery should be open on a Friday in June');
    const days = specificDayCalendar(option, 'england-and-wales', FRIDAY);
    expect(days[0]!.date).toBe('2026-06-20');
    const open = days.filter((day) => day.available);
    expect(open[0]!.date).toBe(option.earliestDate);
    for (const day of open) expect([0, 6]).not.toContain(new Date(`${day.date}T12:00:00Z`).getUTCDay());
    expect(days.find((day) => day.date === '2026-06-23')).toMatchObject({ available: true, cutOff: '2026-06-22T14:00:00+01:00' });
    expect(days.at(-1)!.date).toBe(option.latestDate);
  });
});
