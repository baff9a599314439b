import { describe, expect, it } from 'vitest';
import { backPath, votedMessage, votedPath, writeReviewPath } from './review-links.ts';
import { characterCountMessage, inFormOrder, photosFromForm, photosProblem, reviewFromForm } from './review-form.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string) => new File([bytes], name);

describe('the write-a-review form', () => {
  it('becomes the review the API takes: stars as numbers, yes or no as true or false, blanks left out', () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      rating: '4',
      title: 'Good',
      text: 'Solid tap',
      valueRating: '2',
      wouldRecommend: 'no',
      displayName: 'Sam',
      town: ' ',
    })) {
      form.set(name, value);
    }
    form.set('qualityRating', '7');
    expect(reviewFromForm(form)).toEqual({
      rating: 4,
      title: 'Good',
      text: 'Solid tap',
      qualityRating: undefined,
      valueRating: 2,
      fittingRating: undefined,
      wouldRecommend: false,
      displayName: 'Sam',
      town: undefined,
    });
    // No rating chosen: left out, so the API asks for one in its own words.
    expect(reviewFromForm(new FormData()).rating).toBeUndefined();
  });

  it('takes the photos chosen, not the empty part an empty file input posts', () => {
    const form = new FormData();
    form.append('photos', new File([], ''));
    expect(photosFromForm(form)).toEqual([]);
    form.append('photos', file(PNG, 'bath.png'));
    expect(photosFromForm(form).map((photo) => photo.name)).toEqual(['bath.png']);
  });

  it('checks photos by their first bytes before anything is sent, in the GOV.UK pattern’s words', async () => {
    expect(await photosProblem([file(PNG, 'a.png'), file(JPEG, 'b.jpg')])).toBeNull();
    expect(await photosProblem([file('%PDF-1.4', 'receipt.jpg')])).toBe('The selected file must be a JPG or PNG');
    expect(await photosProblem([file(PNG, 'a.png'), file('hello', 'notes.png')])).toBe('notes.png: the file must be a JPG or PNG');
    expect(await photosProblem([file(new Uint8Array(), 'empty.png')])).toBe('The selected file is empty');
    expect(await photosProblem([file(new Uint8Array(5 * 1024 * 1024 + 1), 'huge.jpg')])).toBe('The selected file must be smaller than 5MB');
    expect(await photosProblem(Array.from({ length: 5 }, () => file(PNG, 'a.png')))).toBe('Select up to 4 photos');
  });

  it('lists the API’s problems in the form’s order, a photo’s under the photos field', () => {
    const ordered = inFormOrder({
      problem: null,
      fields: [
        { path: 'body.displayName', message: 'Enter the name to show with your review' },
        { path: 'body.orderNumber', message: 'Enter an order number like BP10000001' },
        { path: 'body.photos.2', message: 'The selected file must be a JPG or PNG' },
        { path: 'body.rating', message: 'Choose an overall rating from 1 to 5 stars' },
      ],
    });
    expect(ordered.fields.map((field) => field.path)).toEqual(['body.rating', 'body.photos', 'body.displayName', 'body.orderNumber']);
  });

  it('counts characters as the GOV.UK character count does', () => {
    expect(characterCountMessage(0, { min: 20, max: 2000 })).toEqual({ message: 'You have 2,000 characters remaining', over: false });
    expect(characterCountMessage(19, { min: 20, max: 2000 })).toEqual({ message: 'Enter at least 1 more character', over: false });
    expect(characterCountMessage(99, { max: 100 })).toEqual({ message: 'You have 1 character remaining', over: false });
    expect(characterCountMessage(103, { max: 100 })).toEqual({ message: 'You have 3 characters too many', over: true });
  });
});

describe('links to and from reviews', () => {
  it('write a verified review from an order line', () => {
    expect(writeReviewPath('oval-basin')).toBe('/p/oval-basin/review');
    expect(writeReviewPath('oval-basin', { orderNumber: 'BP10000001', sku: 'PL000109-1' })).toBe('/p/oval-basin/review?order=BP10000001&sku=PL000109-1');
  });

  it('go back after a vote only to a product page of this shop', () => {
    expect(backPath('/p/oval-basin?reviewsPage=2')).toBe('/p/oval-basin?reviewsPage=2');
    for (const elsewhere of ['https://evil.example/p/x', '//evil.example', '/p/../../admin', '/account', '/p/x#y', null]) expect(backPath(elsewhere)).toBe('/');
  });

  it('bring a vote sent without scripts back with its answer, for that review only', () => {
    const path = votedPath('/p/oval-basin?reviewsPage=2&voted=r0.counted', 'r1', true);
    expect(path).toBe('/p/oval-basin?reviewsPage=2&voted=r1.again#review-r1');
    const search = new URL(path, 'http://shop.test').searchParams;
    expect(votedMessage(search, 'r1')).toBe('You have already voted for this review');
    expect(votedMessage(search, 'r0')).toBeNull();
    expect(votedMessage(new URLSearchParams({ voted: 'r1.counted' }), 'r1')).toBe('Thank you');
  });
});
