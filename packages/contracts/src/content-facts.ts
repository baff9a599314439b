import {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  DAMAGE_REPORT_HOURS,
  MISSING_REPORT_DAYS,
  REFUND_WITHIN_DAYS,
  SEND_BACK_WITHIN_DAYS,
  WEEE_TAKE_BACK_DAYS,
} from './policy/after-sales-windows.ts';
import { DELIVERY_RATES, FREE_LARGE_DELIVERY_THRESHOLD, FREE_PARCEL_DELIVERY_THRESHOLD, SATURDAY_CUT_OFF } from './policy/delivery-rates.ts';
import { SAVED_BASKET_DAYS, UNCONFIRMED_RETENTION_DAYS } from './policy/keeping.ts';
import { clockText } from './policy/london-time.ts';
import { TRADE_APPLICATION_MAX_DOCUMENTS } from './enumerations.ts';
import { formatPenceShort } from './money.ts';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './reviews-values.ts';

/**
 * Facts a content page may state without copying them (decisions 0056, 0085): a run of rich text
 * naming a fact is drawn as the fact's value now, so an edited page still says what the shop's
 * policy and its company details say. The words a run carries are what editors see in its place.
 */
export const CONTENT_FACTS = {
  'returns.change-of-mind-days': 'Days to return an unused item',
  'returns.refund-within-days': 'Days to refund once an item is back',
  'returns.cancellation-days': 'Days a consumer may cancel after delivery',
  'returns.send-back-days': 'Days to send goods back after cancelling',
  'delivery.damage-report-hours': 'Hours to report damage',
  'delivery.missing-report-days': 'Days to report a missing item',
  'weee.take-back-days': 'Days to hand over an old electrical item',
  'delivery.free-large-over': 'The order value over which delivery is free to most of mainland UK',
  'delivery.free-parcel-over': 'The order value over which an order of parcels goes free',
  'delivery.large-item-price': 'What standard large-item (kerbside) delivery costs',
  'delivery.saturday-cut-off': 'The time on Friday by which to order for Saturday delivery',
  'trade.application-max-documents': 'The most documents a trade application may carry',
  'reviews.text-min': 'The fewest characters a review may have',
  'reviews.text-max': 'The most characters a review may have',
  'keeping.saved-basket-days': 'Days a saved basket’s retrieval code works',
  'keeping.unconfirmed-signup-days': 'Days before a newsletter sign-up never confirmed is deleted',
  'shop.phone': 'Customer service telephone',
  'shop.email': 'Customer service e-mail address',
  'shop.opening-hours': 'When the phone is answered',
  'shop.legal-name': 'The company’s name',
  'shop.trading-name': 'The name the shop trades under',
  'shop.registered-in': 'Where the company is registered',
  'shop.company-number': 'Company number',
  'shop.vat-number': 'VAT number',
  'shop.address': 'The company’s postal address',
} as const;
export type ContentFact = keyof typeof CONTENT_FACTS;
export const CONTENT_FACT_NAMES = /* @__PURE__ */ Object.keys(CONTENT_FACTS) as [ContentFact, ...ContentFact[]];

/** The shop's details a fact may name (the site's ShopDetails). */
interface FactShop {
  phone: { display: string };
  email: string;
  openingHours: string;
  legalName: string;
  tradingName: string;
  registeredIn: string;
  companyNumber: string;
  vatNumber: string;
  address: { lines: readonly string[]; postcode: string };
}

/** A fact's value now; null when it is the shop's and the shop's details are not at hand. */
export function contentFactText(fact: ContentFact, shop: FactShop | null): string | null {
  switch (fact) {
    case 'returns.change-of-mind-days':
      return String(CHANGE_OF_MIND_RETURN_DAYS);
    case 'returns.refund-within-days':
      return String(REFUND_WITHIN_DAYS);
    case 'returns.cancellation-days':
      return String(CANCELLATION_PERIOD_DAYS);
    case 'returns.send-back-days':
      return String(SEND_BACK_WITHIN_DAYS);
    case 'delivery.damage-report-hours':
      return String(DAMAGE_REPORT_HOURS);
    case 'delivery.missing-report-days':
      return String(MISSING_REPORT_DAYS);
    case 'weee.take-back-days':
      return String(WEEE_TAKE_BACK_DAYS);
    case 'delivery.free-large-over':
      return formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD);
    case 'delivery.free-parcel-over':
      return formatPenceShort(FREE_PARCEL_DELIVERY_THRESHOLD);
    case 'delivery.large-item-price':
      return formatPenceShort(DELIVERY_RATES.large_kerbside.pricePence);
    case 'delivery.saturday-cut-off':
      return clockText(SATURDAY_CUT_OFF);
    case 'trade.application-max-documents':
      return String(TRADE_APPLICATION_MAX_DOCUMENTS);
    case 'reviews.text-min':
      return String(REVIEW_TEXT_MIN);
    case 'reviews.text-max':
      return String(REVIEW_TEXT_MAX);
    case 'keeping.saved-basket-days':
      return String(SAVED_BASKET_DAYS);
    case 'keeping.unconfirmed-signup-days':
      return String(UNCONFIRMED_RETENTION_DAYS);
    case 'shop.address':
      return shop ? `${shop.address.lines.join(', ')} ${shop.address.postcode}` : null;
    case 'shop.phone':
      return shop?.phone.display ?? null;
    case 'shop.email':
      return shop?.email ?? null;
    case 'shop.opening-hours':
      return shop?.openingHours ?? null;
    case 'shop.legal-name':
      return shop?.legalName ?? null;
    case 'shop.trading-name':
      return shop?.tradingName ?? null;
    case 'shop.registered-in':
      return shop?.registeredIn ?? null;
    case 'shop.company-number':
      return shop?.companyNumber ?? null;
    case 'shop.vat-number':
      return shop?.vatNumber ?? null;
  }
}

const FACT_IN_WORDS = /\{([a-z-]+\.[a-z-]+)\}/g;

/**
 * Plain words of a block (a hero's text, a page's description) with each fact named as staff type it,
 * `{returns.change-of-mind-days}`, drawn as its value now; anything else in braces is left as typed.
 */
export function withContentFacts(words: string, shop: FactShop | null): string {
  return words.replace(FACT_IN_WORDS, (typed, name: string) =>
    Object.hasOwn(CONTENT_FACTS, name) ? (contentFactText(name as ContentFact, shop) ?? typed) : typed,
  );
}
