import { TRADE_APPLICATION_MAX_DOCUMENTS } from '@shop/contracts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApplicationFields } from '../components/trade/application-fields.tsx';
import { DOCUMENT_SLOTS } from '../lib/trade/application-form.ts';
import { HELP_PAGES } from './help-pages.tsx';

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
