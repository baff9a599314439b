import {
  contentFactText,
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
  TRADE_APPLICATION_MAX_DOCUMENTS,
} from '@shop/contracts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApplicationFields } from '../components/trade/application-fields.tsx';
import { DOCUMENT_SLOTS } from '../lib/trade/application-form.ts';
import { ContentBlocks } from '../components/content/content-blocks.tsx';
import { drawBlocks, loadContentPageOr } from '../lib/content/content-page.server.ts';
import { HELP_PAGE_FALLBACKS, helpPageFallback } from '../lib/content/help-fallbacks.server.ts';
import { HELP_TOPICS } from '../lib/help-topics.ts';

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
    // The help page states it as a fact (its content page: content.api.test.ts).
    expect(contentFactText('trade.application-max-documents', null)).toBe(String(TRADE_APPLICATION_MAX_DOCUMENTS));
    const form = words(render(() => <ApplicationFields values={{}} errors={undefined} />));
    expect(form).toContain(`up to ${DOCUMENT_SLOTS.length} here, and more on your application’s page, ${TRADE_APPLICATION_MAX_DOCUMENTS} in all`);
    expect(DOCUMENT_SLOTS.length).toBeLessThanOrEqual(TRADE_APPLICATION_MAX_DOCUMENTS);
  });
});

// The help and legal pages state the shop's policy (`@shop/contracts`, docs/domain.md §4.1 and §8),
// the figures the API prices and refuses by: each figure below is read from the policy, so a page
// that wrote its own number would fail here once the policy changed.

/** A help page's fallback as the shop draws it (no shop details, no API: the policy's tables only). */
const fallback = async (slug: string) => {
  const blocks = await drawBlocks(new Request('http://shop.test/'), {}, HELP_PAGE_FALLBACKS[slug]!);
  return words(render(() => <ContentBlocks blocks={blocks} />));
};

describe('the delivery help page’s table of options, and its page when its content cannot be had', () => {
  it('prices every delivered option as the delivery module charges it, and says where to turn', async () => {
    const text = await fallback('delivery');
    const { click_collect: _free, ...delivered } = DELIVERY_RATES;
    for (const rate of Object.values(delivered)) expect(text).toContain(formatPence(rate.pricePence));
    expect(text).toContain(`Free over ${formatPenceShort(DELIVERY_RATES.standard.freeFromPence!)}`);
    expect(text).toContain(`Free over ${formatPenceShort(DELIVERY_RATES.large_kerbside.freeFromPence!)}`);
    expect(text).toContain(`${DELIVERY_RATES.standard.leadDays!.join('–')} working days`);
    expect(text).toContain(`Order by ${clockText(NEXT_DAY_CUT_OFF)} Monday to Friday`);
    expect(text).toContain('We do not deliver to the Channel Islands (outside the UK VAT area)');
    expect(text).toContain('We can’t show all of this page just now. Please try again in a few minutes, or contact us');
  });
  it('states the cut-off and the damage and missing-item windows as facts of the policy', () => {
    expect(contentFactText('delivery.saturday-cut-off', null)).toBe(clockText(SATURDAY_CUT_OFF));
    expect(contentFactText('delivery.damage-report-hours', null)).toBe(String(DAMAGE_REPORT_HOURS));
    expect(contentFactText('delivery.missing-report-days', null)).toBe(String(MISSING_REPORT_DAYS));
  });
});

describe('a help page whose content page cannot be had', () => {
  it('draws its fallback, never a blank page: what the page cannot show, where to turn, and the shop’s own tables', async () => {
    // Nothing answers there: the API is down (a missing page is the same, a 404).
    vi.stubEnv('API_INTERNAL_URL', 'http://127.0.0.1:9/api');
    const title = { title: 'Trade accounts', seoDescription: 'Trade prices.' };
    const trade = await loadContentPageOr(new Request('http://shop.test/help/trade-accounts'), {}, 'trade-accounts', {
      ...title,
      blocks: helpPageFallback('trade-accounts'),
    });
    expect(trade).toMatchObject({ slug: 'trade-accounts', title: 'Trade accounts', seoTitle: 'Trade accounts', preview: 'published' });
    const text = words(render(() => <ContentBlocks blocks={trade.blocks} />));
    expect(text).toContain('We can’t show all of this page just now.');
    // No bands either: a line saying so, and the way to apply.
    expect(text).toContain('Trade bands We couldn’t load the bands just now: please try again in a minute.');
    expect(text).toContain('Open a trade account');
    const returns = await loadContentPageOr(new Request('http://shop.test/help/returns'), {}, 'returns', { ...title, blocks: helpPageFallback('returns') });
    expect(words(render(() => <ContentBlocks blocks={returns.blocks} />))).toContain('Please try again in a few minutes, or contact us');
    vi.unstubAllEnvs();
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
