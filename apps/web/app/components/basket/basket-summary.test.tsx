import type { Basket } from '@shop/contracts';
import type { ReactNode } from 'react';
import { renderToString as renderToHtml } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BasketTotals } from './basket-summary.tsx';

const retail: Basket = {
  basketId: 'b1',
  version: 3,
  owner: 'guest',
  channel: 100,
  pricing: { tradePriced: false, tradeBand: null, tradeBandName: null, tradeDiscountBasisPoints: 0 },
  lines: [],
  discount: { code: 'WELCOME10', description: '10% off when you spend £100', discountIncVat: 3120, applies: true },
  totals: {
    itemCount: 2,
    subtotalIncVat: 31198,
    subtotalExVat: 25998,
    savingsIncVat: 9920,
    discountIncVat: 3120,
    delivery: {
      code: 'large_kerbside',
      name: 'Standard large item (kerbside)',
      priceIncVat: 2995,
      isEstimate: true,
      freeFromIncVat: 49_900,
      spendForFreeIncVat: 49_900 - (31_198 - 3_120),
    },
    vat: [{ rateCode: 'standard', basisPoints: 2000, netPence: 25894, vatPence: 5179, grossPence: 31073 }],
    totalIncVat: 31073,
    totalExVat: 25894,
    totalVat: 5179,
  },
  notices: [],
  updatedAt: '2026-11-21T18:00:00Z',
};

// The delivery note links to the help page: links need a router.
const renderToString = (node: ReactNode) => renderToHtml(<MemoryRouter>{node}</MemoryRouter>);

// React puts comment markers between adjacent text parts; read the text as a person would.
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('BasketTotals', () => {
  it('shows subtotal, discount, delivery estimate, savings, total and the VAT inside it', () => {
    const shown = text(renderToString(<BasketTotals basket={retail} />));
    expect(shown).toContain('Subtotal (2 items) £311.98');
    expect(shown).toContain('Discount (WELCOME10) −£31.20');
    expect(shown).toContain('Delivery (estimate): Standard large item (kerbside) £29.95');
    // The API's threshold, judged on the goods after the discount.
    expect(shown).toContain('Spend £218.22 more for free delivery');
    expect(shown).toContain('Standard large item (kerbside) is free to most of mainland Great Britain on orders from £499 after discounts.');
    expect(shown).toContain(
      'Deliveries to the Scottish Highlands, the Isle of Wight, the Scottish islands, Northern Ireland and the Isles of Scilly pay a surcharge.',
    );
    expect(shown).toContain('Your savings £99.20');
    expect(shown).toContain('Total inc VAT £310.73');
    expect(shown).toContain('VAT at 20% included £51.79');
    expect(shown).not.toContain('ex VAT');
  });

  it('says when the order has reached free delivery, and nothing about it when delivery is never free', () => {
    const free = text(
      renderToString(
        <BasketTotals
          basket={{ ...retail, totals: { ...retail.totals, delivery: { ...retail.totals.delivery!, priceIncVat: 0, spendForFreeIncVat: null } } }}
        />,
      ),
    );
    expect(free).toContain('Delivery (estimate): Standard large item (kerbside) Free');
    expect(free).toContain('Your order qualifies for free delivery to most of mainland Great Britain.');
    const never = text(
      renderToString(
        <BasketTotals
          basket={{ ...retail, totals: { ...retail.totals, delivery: { ...retail.totals.delivery!, freeFromIncVat: null, spendForFreeIncVat: null } } }}
        />,
      ),
    );
    expect(never).not.toContain('free delivery');
  });

  it('adds ex-VAT figures and the trade band for trade-priced baskets', () => {
    const trade: Basket = {
      ...retail,
      channel: 200,
      discount: null,
      pricing: { tradePriced: true, tradeBand: 'T2', tradeBandName: 'Silver', tradeDiscountBasisPoints: 1000 },
      totals: { ...retail.totals, discountIncVat: 0, delivery: null },
    };
    const shown = text(renderToString(<BasketTotals basket={trade} />));
    expect(shown).toContain('Your trade prices');
    // The band's name, never its internal code.
    expect(shown).toContain('Silver: 10% off ex-VAT retail prices');
    expect(shown).not.toContain('T2');
    // Ex VAT first, inc VAT beside; a trade price is not a sale.
    expect(shown.indexOf('Subtotal ex VAT')).toBeLessThan(shown.indexOf('Subtotal inc VAT'));
    expect(shown).toContain('Total ex VAT £258.94');
    expect(shown.indexOf('Total ex VAT')).toBeLessThan(shown.indexOf('Total inc VAT'));
    expect(shown).not.toContain('savings');
    expect(shown).toContain('Delivery Worked out at checkout');
    expect(shown).not.toContain('free delivery');
    expect(shown).not.toContain('Discount (');
  });
});
