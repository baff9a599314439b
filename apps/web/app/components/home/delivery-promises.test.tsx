import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DeliveryPromises } from './home-page.tsx';

const drawn = (promises: Parameters<typeof DeliveryPromises>[0]['promises']) => {
  const Stub = createRoutesStub([{ path: '/', Component: () => <DeliveryPromises promises={promises} /> }]);
  return renderToString(<Stub initialEntries={['/']} />);
};

describe('the delivery promises under the home page’s hero (decision 0130)', () => {
  it('draws each promise staff set, linked where it has an address', () => {
    const html = drawn([
      { heading: 'Free delivery over £499', text: 'To most of mainland UK.', href: '/help/delivery' },
      { heading: 'Price match', text: 'Seen it cheaper? Tell us.' },
    ]);
    expect(html).toContain('aria-label="Why shop with Plumbline"');
    expect(html).toMatch(/<a[^>]*href="\/help\/delivery"[^>]*>.*Free delivery over £499.*To most of mainland UK\.<\/span><\/span><\/a>/s);
    // No address, no link: the promise is words only.
    expect(html).toContain('Price match');
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  it('draws no strip when there are none to show', () => {
    expect(drawn([])).not.toContain('Why shop with Plumbline');
  });
});
