import {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  clockText,
  DAMAGE_REPORT_HOURS,
  DELIVERY_RATES,
  formatPence,
  formatPenceShort,
  MISSING_REPORT_DAYS,
  NEXT_DAY_CUT_OFF,
  REFUND_WITHIN_DAYS,
  SATURDAY_CUT_OFF,
  SEND_BACK_WITHIN_DAYS,
  WEEE_TAKE_BACK_DAYS,
  TRADE_APPLICATION_MAX_DOCUMENTS,
  type ShopDetails,
} from '@shop/contracts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApplicationFields } from '../components/trade/application-fields.tsx';
import { DOCUMENT_SLOTS } from '../lib/trade/application-form.ts';
import { HELP_TOPICS } from '../lib/help-topics.ts';
import { HELP_PAGES } from './help-pages.tsx';
import { termsOfSale } from './legal-pages.tsx';

const render = (Component: () => ReactNode) => {
  const Stub = createRoutesStub([{ path: '/', Component }]);
  return renderToString(<Stub initialEntries={['/']} />);
};
/** The page's words, without tags or the comments React leaves between text and values. */
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('how many documents an application takes', () => {
  it('is the API’s limit on the help page and on the application form, which takes a few at a time', () => {
    const TradeAccounts = HELP_PAGES['trade-accounts'];
    expect(words(render(() => <TradeAccounts />))).toContain(`Optionally, up to ${TRADE_APPLICATION_MAX_DOCUMENTS} documents that show you trade`);
    const form = words(render(() => <ApplicationFields values={{}} errors={undefined} />));
    expect(form).toContain(`up to ${DOCUMENT_SLOTS.length} here, and more on your application’s page, ${TRADE_APPLICATION_MAX_DOCUMENTS} in all`);
    expect(DOCUMENT_SLOTS.length).toBeLessThanOrEqual(TRADE_APPLICATION_MAX_DOCUMENTS);
  });
});

// The help and legal pages state the shop's policy (`@shop/contracts`, docs/domain.md §4.1 and §8),
// the figures the API prices and refuses by: each figure below is read from the policy, so a page
// that wrote its own number would fail here once the policy changed.

const page = (slug: keyof typeof HELP_PAGES) => {
  const Page = HELP_PAGES[slug];
  return words(render(() => <Page />));
};

const shop: ShopDetails = {
  tradingName: 'Plumbline',
  legalName: 'Plumbline Retail Ltd',
  companyNumber: '01234567',
  registeredIn: 'England and Wales',
  vatNumber: 'GB123456789',
  address: { lines: ['Unit 4 Canal Wharf', 'Leeds'], postcode: 'LS11 5PS' },
  phone: { display: '0113 496 0000', uri: 'tel:+441134960000' },
  email: 'help@example.com',
  openingHours: 'Monday to Friday, 8am to 6pm',
};
const terms = words(
  render(() =>
    termsOfSale(shop).map((section) => (
      <div key={section.id}>
        {section.heading} {section.body}
      </div>
    )),
  ),
);

describe('the delivery help page', () => {
  const text = page('delivery');
  it('prices every delivered option as the delivery module charges it', () => {
    const { click_collect: _free, ...delivered } = DELIVERY_RATES;
    for (const rate of Object.values(delivered)) expect(text).toContain(formatPence(rate.pricePence));
    expect(text).toContain(`Free over ${formatPenceShort(DELIVERY_RATES.standard.freeFromPence!)}`);
    expect(text).toContain(`Free over ${formatPenceShort(DELIVERY_RATES.large_kerbside.freeFromPence!)}`);
    expect(text).toContain(`${DELIVERY_RATES.standard.leadDays!.join('–')} working days`);
  });
  it('states the cut-offs and the damage and missing-item windows', () => {
    expect(text).toContain(`Order by ${clockText(NEXT_DAY_CUT_OFF)} Monday to Friday`);
    expect(text).toContain(`Saturday delivery needs your order by ${clockText(SATURDAY_CUT_OFF)} on Friday`);
    expect(text).toContain(`damage within ${DAMAGE_REPORT_HOURS} hours, and about missing items within ${MISSING_REPORT_DAYS} days`);
  });
});

describe('the returns help topic’s summary', () => {
  // The page itself is a content page, its windows facts of the policy (content.api.test.ts).
  it('states the returns and refund windows', () => {
    expect(HELP_TOPICS.find((topic) => topic.slug === 'returns')?.summary).toBe(
      `${CHANGE_OF_MIND_RETURN_DAYS} days to change your mind, and refunds within ${REFUND_WITHIN_DAYS} days of getting the item back.`,
    );
  });
});

describe('the terms of sale', () => {
  it('state the same windows and the large-item rate', () => {
    expect(terms).toContain(`until ${CANCELLATION_PERIOD_DAYS} days after the day you receive it`);
    expect(terms).toContain(`within ${SEND_BACK_WITHIN_DAYS} days of telling us`);
    expect(terms).toContain(`Our ${CHANGE_OF_MIND_RETURN_DAYS}-day returns`);
    expect(terms).toContain(`within ${REFUND_WITHIN_DAYS} days of getting`);
    expect(terms).toContain(`damage within ${DAMAGE_REPORT_HOURS} hours and missing items within ${MISSING_REPORT_DAYS} days`);
    expect(terms).toContain(`within ${WEEE_TAKE_BACK_DAYS} days`);
    expect(terms).toContain(`${formatPenceShort(DELIVERY_RATES.large_kerbside.pricePence)} for standard large-item delivery`);
  });
});
