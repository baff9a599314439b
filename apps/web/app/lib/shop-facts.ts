// The shop's standing offers, shown in the promo bar, home page, help and legal pages. Every figure
// is the shop's policy in the contracts (`policy/`, docs/domain.md §4.1 and §8), which the API
// prices and refuses by too; this file only words the delivery table for people.
import { clockText, DELIVERY_RATES, NEXT_DAY_CUT_OFF, PALLET_LEAD_DAYS, SATURDAY_CUT_OFF, SPECIFIC_DAY_WINDOW, type DeliveryRate } from '@shop/contracts';

export {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  DAMAGE_REPORT_HOURS,
  FREE_LARGE_DELIVERY_THRESHOLD,
  FREE_PARCEL_DELIVERY_THRESHOLD,
  MISSING_REPORT_DAYS,
  REFUND_WITHIN_DAYS,
  SEND_BACK_WITHIN_DAYS,
  WEEE_TAKE_BACK_DAYS,
} from '@shop/contracts';

export interface DeliveryOption {
  name: string;
  appliesTo: string;
  pricePence: number;
  freeOverPence?: number;
  timing: string;
}

const range = (days: readonly [number, number]) => days.join('–');
const priced = ({ pricePence, freeFromPence }: DeliveryRate) => ({ pricePence, ...(freeFromPence === undefined ? {} : { freeOverPence: freeFromPence }) });

export const DELIVERY_OPTIONS: readonly DeliveryOption[] = [
  { name: 'Standard parcel', appliesTo: 'Parcels', ...priced(DELIVERY_RATES.standard), timing: `${range(DELIVERY_RATES.standard.leadDays!)} working days` },
  {
    name: 'Next working day',
    appliesTo: 'In-stock parcels',
    ...priced(DELIVERY_RATES.next_day),
    timing: `Order by ${clockText(NEXT_DAY_CUT_OFF)} Monday to Friday`,
  },
  {
    name: 'Specific day (Mon–Fri)',
    appliesTo: 'Parcels and large items',
    ...priced(DELIVERY_RATES.specific_day),
    timing: `Choose a day ${range(SPECIFIC_DAY_WINDOW)} days ahead`,
  },
  { name: 'Saturday', appliesTo: 'Parcels and large items', ...priced(DELIVERY_RATES.saturday), timing: `Order by ${clockText(SATURDAY_CUT_OFF)} on Friday` },
  {
    name: 'Standard large item (kerbside)',
    appliesTo: 'Large and pallet items',
    ...priced(DELIVERY_RATES.large_kerbside),
    timing: `${range(DELIVERY_RATES.large_kerbside.leadDays!)} working days (pallets ${range(PALLET_LEAD_DAYS)})`,
  },
  {
    name: 'Two-person, room of choice',
    appliesTo: 'Freestanding baths, tall furniture, column radiators',
    ...priced(DELIVERY_RATES.two_person),
    timing: `${range(DELIVERY_RATES.two_person.leadDays!)} working days, booked slot`,
  },
];
