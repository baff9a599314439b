import { renderToString } from 'react-dom/server';
import { createRoutesStub, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchForm } from '../layout/search-form.tsx';
import { SuggestionList } from './suggestion-list.tsx';
import { buildSuggestions, categoryTargets } from './suggestions.ts';

const suggestions = buildSuggestions(
  {
    products: [{ slug: 'wensley-basin-pl1', sku: 'PL1-1', productName: 'Wensley Pedestal Basin', imageUrl: '/images/a.svg', priceIncTax: 10099 }],
    categories: [{ slug: 'basins', name: 'Basins' }],
    brands: [{ slug: 'norland', name: 'Norland' }],
  },
  'basin',
  categoryTargets([]),
);

function renderList(activeIndex: number) {
  return renderToString(
    <MemoryRouter>
      <SuggestionList
        id="s"
        label="Search suggestions"
        suggestions={suggestions}
        query="basin"
        activeIndex={activeIndex}
        onHover={() => {}}
        onChoose={() => {}}
      />
    </MemoryRouter>,
  );
}

describe('the suggestion listbox', () => {
  it('is a named listbox of labelled groups, with "See all results" last', () => {
    const html = renderList(-1);
    expect(html).toContain('role="listbox" id="s" aria-label="Search suggestions"');
    for (const [key, label] of [
      ['products', 'Products'],
      ['categories', 'Categories'],
      ['brands', 'Brands'],
    ]) {
      expect(html).toContain(`role="group" aria-labelledby="s-${key}"`);
      expect(html).toMatch(new RegExp(`role="presentation" id="s-${key}"[^>]*>${label}<`));
    }
    expect(html.match(/role="option"/g)).toHaveLength(4);
    expect(html).toMatch(/id="s-option-3"[^>]*href="\/search\?q=basin"|href="\/search\?q=basin"[^>]*id="s-option-3"/);
    expect(html).toContain('See all results for “basin”');
    expect(html.indexOf('Brands')).toBeLessThan(html.indexOf('See all results'));
  });

  it('shows a product with a fixed-size picture, its price and the typed text in bold', () => {
    const html = renderList(-1);
    expect(html).toMatch(/<img src="\/images\/a.svg" alt="" width="48" height="48"/);
    expect(html).toContain('£100.99');
    expect(html).toContain('<strong class="font-bold text-navy-950">Basin</strong>');
    expect(html).toContain('href="/p/wensley-basin-pl1"');
  });

  it('marks only the active option as selected, and keeps every option out of the tab order', () => {
    const html = renderList(1);
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toMatch(/id="s-option-1"[^>]*aria-selected="true"/);
    expect(html.match(/tabindex="-1"/g)).toHaveLength(4);
  });
});

describe('the header search form', () => {
  function renderForm(defaultQuery?: string) {
    const Stub = createRoutesStub([{ path: '/', Component: () => <SearchForm id="site-search" defaultQuery={defaultQuery} /> }]);
    return renderToString(<Stub initialEntries={['/']} />);
  }

  it('is rendered on the server as a plain GET search form, without the combobox', () => {
    const html = renderForm('basin');
    const form = html.match(/<form[^>]*>/)?.[0] ?? '';
    expect(form).toContain('role="search"');
    expect(form).toContain('action="/search"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<input id="site-search-q"[^>]*name="q"/);
    expect(html).toContain('value="basin"');
    // Until the page's scripts run there is no popup to control, so nothing claims one.
    expect(html).not.toContain('role="combobox"');
    expect(html).not.toContain('role="listbox"');
    expect(html).not.toContain('aria-expanded');
  });
});
