import { UPLOAD_MAX_BYTES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { chosenFilesProblem, sizeLabel, typesLabel } from './file-rules.ts';

const photos = { accept: 'image/jpeg,image/png', maxFiles: 3 };
const cv = { accept: '.pdf,.doc,.docx,application/pdf', maxFiles: 1 };
const MB = 1024 * 1024;

describe('chosenFilesProblem', () => {
  it('lets through files the API takes', () => {
    expect(chosenFilesProblem([{ name: 'a.jpg', size: MB, type: 'image/jpeg' }], photos)).toBeNull();
    expect(chosenFilesProblem([{ name: 'CV.DOCX', size: MB, type: '' }], cv)).toBeNull();
    expect(chosenFilesProblem([], photos)).toBeNull();
  });

  it('refuses a file over the shop’s limit, in GOV.UK words', () => {
    expect(chosenFilesProblem([{ name: 'big.png', size: 30 * MB, type: 'image/png' }], photos)).toBe('The selected file must be smaller than 5MB');
    expect(chosenFilesProblem([{ name: 'edge.png', size: UPLOAD_MAX_BYTES, type: 'image/png' }], photos)).toBeNull();
    expect(
      chosenFilesProblem(
        [
          { name: 'ok.png', size: MB, type: 'image/png' },
          { name: 'big.png', size: UPLOAD_MAX_BYTES + 1, type: 'image/png' },
        ],
        photos,
      ),
    ).toBe('big.png must be smaller than 5MB');
  });

  it('refuses the wrong type, an empty file and too many files', () => {
    expect(chosenFilesProblem([{ name: 'notes.txt', size: 10, type: 'text/plain' }], cv)).toBe('The selected file must be a PDF or Word document');
    expect(chosenFilesProblem([{ name: 'a.png', size: 0, type: 'image/png' }], photos)).toBe('The selected file is empty');
    const four = Array.from({ length: 4 }, (_, index) => ({ name: `${index}.png`, size: MB, type: 'image/png' }));
    expect(chosenFilesProblem(four, photos)).toBe('Select up to 3 files');
  });

  it('names the types as a person reads them', () => {
    expect(typesLabel('.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png')).toBe('PDF, JPG or PNG');
    expect(typesLabel('image/jpeg,image/png')).toBe('JPG or PNG');
  });

  it('writes sizes as the shop’s hints do', () => {
    expect(sizeLabel(UPLOAD_MAX_BYTES)).toBe('5MB');
    expect(sizeLabel(10 * MB)).toBe('10MB');
  });
});
