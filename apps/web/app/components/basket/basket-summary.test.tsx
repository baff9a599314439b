import type { Basket } from '@shop/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BasketTotals } from './basket-summary.tsx';

const retail: Basket = {
  basketId: 'b1',
  version: 3,
  owner: 'guest',
  channel: 100,
  pricing: { tradePriced: false, tradeBand: null, tradeDiscountBasisPoints: 0 },
  lines: [],
  discount: { code: 'WELCOME10', description: '10% off when you spend £100', discountIncVat: 3120, applies: true },
  totals: {
    itemCount: 2,
    subtotalIncVat: 31198,
    subtotalExVat: 25998,
    savingsIncVat: 9920,
    discountIncVat: 3120,
    delivery: { code: 'large', name: 'Standard large item', priceIncVat: 2995, isEstimate: true },
    vat: [{ rateCode: 'standard', basisPoints: 2000, netPence: 25894, vatPence: 5179, grossPence: 31073 }],
    totalIncVat: 31073,
    totalExVat: 25894,
    totalVat: 5179,
  },
  notices: [],
  updatedAt: '2026-11-21T18:00:00Z',
};

// React puts comment markers between adjacent text parts; read the text as a person would.
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('BasketTotals', () => {
  it('shows subtotal, discount, delivery estimate, savings, total and the VAT inside it', () => {
    const shown = text(renderToString(<BasketTotals basket={retail} />));
    expect(shown).toContain('Subtotal (2 items) £311.98');
    expect(shown).toContain('Discount (WELCOME10) −£31.20');
    expect(shown).toContain('Delivery (estimate): Standard large item £29.95');
    expect(shown).toContain('Your savings £99.20');
    expect(shown).toContain('Total inc VAT £310.73');
    expect(shown).toContain('VAT at 20% included £51.79');
    expect(shown).not.toContain('ex VAT');
  });

  it('adds ex-VAT figures and the trade band for trade-priced baskets', () => {
    const trade: Basket = {
      ...retail,
      channel: 200,
      discount: null,
      pricing: { tradePriced: true, tradeBand: 'T2', tradeDiscountBasisPoints: 1000 },
      totals: { ...retail.totals, discountIncVat: 0, delivery: null },
    };
    const shown = text(renderToString(<BasketTotals basket={trade} />));
    expect(shown).toContain('Trade prices');
    expect(shown).toContain('Trade band T2, 10% off list prices');
    expect(shown).toContain('Subtotal ex VAT £259.98');
    expect(shown).toContain('Total ex VAT £258.94');
    expect(shown).toContain('Delivery Worked out at checkout');
    expect(shown).not.toContain('Discount (');
  });
});
