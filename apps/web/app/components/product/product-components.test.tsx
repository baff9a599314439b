import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { postcodeProblem } from './delivery-options.tsx';
import { orderEssentials } from './essential-items.tsx';
import { ServerPriceDisplay } from '../../lib/price-display.ts';
import { PriceBlock } from './price-block.tsx';
import { parseQuantity } from './quantity-input.tsx';
import { StockStatus } from './stock-status.tsx';
import type { Offering } from './variant-axes.ts';
import { VariantPicker } from './variant-picker.tsx';

const price = {
  currencyCode: 'GBP',
  priceIncTax: 12999,
  priceExcTax: 10833,
  wasPriceIncTax: 15999,
  wasPriceExcTax: 13333,
  isOnPromotion: true,
  discountPercentage: 19,
} as const;
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('PriceBlock', () => {
  it('shows the price inc VAT, the was-price, the saving and the ex-VAT price', () => {
    const shown = text(renderToString(<PriceBlock price={price} />));
    expect(shown).toContain('£129.99');
    expect(shown).toContain('was £159.99');
    expect(shown).toContain('Save £30.00 (19%)');
    expect(shown).toContain('£108.33 ex VAT');
  });

  it('shows a trade customer their own price, ex VAT first, with the retail price for reference and not as a sale', () => {
    const trade = { priceIncTax: 12349, priceExcTax: 10291, tradeBand: 'T1', tradeBandName: 'Trade Starter', tradeDiscountBasisPoints: 500 };
    const shown = text(renderToString(<PriceBlock price={price} tradePrice={trade} />));
    expect(shown).toContain('Your trade price£102.91ex VAT£123.49 inc VATTrade Starter: 5% off the ex-VAT retail priceRetail price £108.33 ex VAT');
    expect(shown).not.toContain('was');
    expect(shown).not.toContain('Save');
    expect(text(renderToString(<PriceBlock price={price} />))).not.toContain('trade price');
  });

  it('puts inc VAT first for a trade customer who chose so', () => {
    const trade = { priceIncTax: 12349, priceExcTax: 10291, tradeBand: 'T1', tradeBandName: 'Trade Starter', tradeDiscountBasisPoints: 500 };
    const shown = text(
      renderToString(
        <ServerPriceDisplay value="inc">
          <PriceBlock price={price} tradePrice={trade} />
        </ServerPriceDisplay>,
      ),
    );
    expect(shown).toContain('Your trade price£123.49inc VAT£102.91 ex VAT');
    expect(shown).toContain('Retail price £129.99 inc VAT');
  });

  it('keeps a trade customer’s order for the retail price while their own is on its way', () => {
    const shown = text(
      renderToString(
        <ServerPriceDisplay value="ex">
          <PriceBlock price={price} />
        </ServerPriceDisplay>,
      ),
    );
    expect(shown).toBe('£108.33ex VAT£129.99 inc VAT');
  });

  it('shows no saving without a was-price', () => {
    const shown = text(renderToString(<PriceBlock price={{ ...price, wasPriceIncTax: null, wasPriceExcTax: null, discountPercentage: 0 }} />));
    expect(shown).not.toContain('Save');
    expect(shown).not.toContain('was');
  });
});

describe('StockStatus', () => {
  it('says the status in words with the dispatch date', () => {
    expect(text(renderToString(<StockStatus stock={{ status: 'made_to_order', eta: '2026-12-03' }} />))).toBe('Made to order — dispatches from 3 December');
  });
});

describe('VariantPicker', () => {
  const offering = (sku: string, finish: string, status: Offering['stockStatus']['status'] = 'in_stock'): Offering => ({
    sku,
    label: finish,
    isDefault: sku === 'T-1',
    widthMm: null,
    finish,
    handing: null,
    packQty: 1,
    price,
    stockStatus: { status, eta: null },
  });
  const offerings = [offering('T-1', 'Chrome'), offering('T-2', 'Matt Black', 'out_of_stock')];

  it('renders a labelled radio group per axis with the current choice checked', () => {
    const html = renderToString(<VariantPicker offerings={offerings} selected={offerings[0] as Offering} onSelect={() => {}} />);
    expect(html).toContain('<fieldset');
    expect(text(html)).toContain('Finish: Chrome');
    expect(html.match(/type="radio"/g)).toHaveLength(2);
    expect(html).toMatch(/checked="" value="Chrome"/);
    expect(text(html)).toContain('Matt Black, out of stock');
  });

  it('renders nothing for a product with one offering', () => {
    expect(renderToString(<VariantPicker offerings={[offerings[0] as Offering]} selected={offerings[0] as Offering} onSelect={() => {}} />)).toBe('');
  });
});

describe('form rules', () => {
  it('accepts UK postcodes and explains anything else', () => {
    expect(postcodeProblem('IV2 3AA')).toBeNull();
    expect(postcodeProblem('sw1a1aa')).toBeNull();
    expect(postcodeProblem('  ')).toBe('Enter a postcode to check delivery');
    expect(postcodeProblem('12345')).toBe('Enter a real UK postcode, like SW1A 1AA');
  });

  it('takes quantities from 1 to 999 only', () => {
    expect(parseQuantity('1')).toBe(1);
    expect(parseQuantity('999')).toBe(999);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1000')).toBeNull();
    expect(parseQuantity('2.5')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });

  it('lists required essential items before recommended ones, keeping their order', () => {
    const item = (sku: string, requirement: 'required' | 'recommended') => ({ sku, requirement }) as Parameters<typeof orderEssentials>[0][number];
    expect(
      orderEssentials([item('a', 'recommended'), item('b', 'required'), item('c', 'recommended'), item('d', 'required')]).map((entry) => entry.sku),
    ).toEqual(['b', 'd', 'a', 'c']);
  });
});
