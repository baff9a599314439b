import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';
import { Price } from './price.tsx';
import { RatingStars, ratingLabel } from './rating-stars.tsx';

describe('Price', () => {
  it('shows the price in pounds', () => {
    const html = renderToString(<Price pence={123456} />);
    expect(html).toContain('£1,234.56');
    expect(html).not.toContain('Save');
  });

  it('shows the was-price and the saving, in words for screen readers', () => {
    const html = renderToString(<Price pence={7999} wasPence={9999} />);
    expect(html).toContain('<s>£99.99</s>');
    expect(html).toMatch(/Save (<!-- -->)?£20\.00/);
    expect(html).toMatch(/Now <\/span>£79.99/);
    expect(html).toContain(', was ');
  });
});

describe('RatingStars', () => {
  it('says the rating in words', () => {
    expect(ratingLabel(4.5)).toBe('4.5 out of 5 stars');
    expect(ratingLabel(4.46, 1234)).toBe('4.5 out of 5 stars, 1,234 reviews');
    expect(ratingLabel(7, 1)).toBe('5 out of 5 stars, 1 review');
    const html = renderToString(<RatingStars rating={4.5} count={12} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="4.5 out of 5 stars, 12 reviews"');
    // Filled to the rating: 4.5 of 5 stars is 90% of the row.
    expect(html).toContain('--filled:90%');
    expect(renderToString(<RatingStars rating={3.7} />)).toContain('--filled:74%');
  });
});

describe('FormField', () => {
  it('ties the label, hint and error to the control', () => {
    const html = renderToString(
      <FormField id="email" label="Email address" hint="We never share it" error="Enter your email address">
        {(control) => <Input {...control} name="email" />}
      </FormField>,
    );
    expect(html).toContain('for="email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-hint email-error"');
    expect(html).toContain('id="email-error"');
  });

  it('leaves a valid control unmarked', () => {
    const html = renderToString(
      <FormField id="q" label="Search">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    expect(html).not.toContain('aria-invalid=');
    expect(html).not.toContain('aria-describedby=');
  });
});
