import { describe, expect, it } from 'vitest';
import { firstPassHold, productSlugOf } from './review-rules.ts';

const review = (text: string, extra: { title?: string; displayName?: string; town?: string } = {}) => ({
  title: extra.title ?? 'Solid basin',
  text,
  displayName: extra.displayName ?? 'Sam',
  town: extra.town ?? 'Leeds',
});

describe('the first pass', () => {
  it('lets an ordinary review through, negative or not', () => {
    expect(firstPassHold(review('Cracked after a week and the tap hole was off-centre. Poor.'))).toBeNull();
    expect(firstPassHold(review('Fitted in 2 hours, 600mm wide, 45cm deep: fits the cloakroom.'))).toBeNull();
    expect(firstPassHold(review('Good value. Ordered on 01/02/2026, arrived in 3 days.'))).toBeNull();
    expect(firstPassHold(review('Lovely basin from Scunthorpe to Penistone, a classic design.'))).toBeNull();
  });

  it('holds links', () => {
    expect(firstPassHold(review('Cheaper at https://example.test/basin, go there'))).toBe('link');
    expect(firstPassHold(review('Cheaper at www.example.test honestly folks'))).toBe('link');
    expect(firstPassHold(review('Buy it from cheapbasins.co.uk instead of here'))).toBe('link');
    expect(firstPassHold(review('A perfectly nice basin, fits well', { title: 'see bathstore.com' }))).toBe('link');
  });

  it('holds e-mail addresses and UK phone numbers, wherever they are', () => {
    expect(firstPassHold(review('Email me at sam.smith@example.com for photos'))).toBe('email_address');
    expect(firstPassHold(review('Ring me on 07700 900123 for a fitter'))).toBe('phone_number');
    expect(firstPassHold(review('Ring me on +44 7700 900123 for a fitter'))).toBe('phone_number');
    expect(firstPassHold(review('Call (020) 7946-0000 if you want one fitted'))).toBe('phone_number');
    expect(firstPassHold(review('A perfectly nice basin, fits well', { displayName: 'Sam 07700900123' }))).toBe('phone_number');
  });

  it('holds swearing, and the author’s own earlier text sent again', () => {
    expect(firstPassHold(review('This is a shit basin, do not buy it ever'))).toBe('profanity');
    expect(firstPassHold(review('Absolute BOLLOCKS of a product, honestly'))).toBe('profanity');
    expect(firstPassHold(review('Great basin!! Easy to fit, looks lovely.'), ['great basin easy to fit looks lovely'])).toBe('duplicate');
    expect(firstPassHold(review('Great basin, easy to fit and looks lovely.'), ['Great tap, easy to fit.'])).toBeNull();
  });
});

describe('product slugs', () => {
  it('are trimmed and stripped of empty path segments', () => {
    expect(productSlugOf('/basins//oval-basin/')).toBe('oval-basin');
    expect(productSlugOf('  oval-basin  ')).toBe('oval-basin');
    expect(productSlugOf('//')).toBe('');
  });
});
