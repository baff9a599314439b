import { describe, expect, it } from 'vitest';
import { uploadTargetOf, type EditorBlock } from './block-form.ts';

const blocks: EditorBlock[] = [
  { type: 'hero', values: { heading: 'Welcome' } },
  { type: 'image', values: { src: '' } },
  { type: 'faq', values: {} },
];

describe('the field an upload fills in', () => {
  it("is a block's picture address", () => {
    expect(uploadTargetOf(blocks, 'upload:b0.imageSrc')).toEqual({ index: 0, name: 'imageSrc' });
    expect(uploadTargetOf(blocks, 'upload:b1.src')).toEqual({ index: 1, name: 'src' });
  });

  it('is nothing for another field, another block or a block the form lacks', () => {
    expect(uploadTargetOf(blocks, 'upload:b0.heading')).toBeNull();
    expect(uploadTargetOf(blocks, 'upload:b2.src')).toBeNull();
    expect(uploadTargetOf(blocks, 'upload:b3.src')).toBeNull();
    expect(uploadTargetOf(blocks, 'upload:b1.src.file')).toBeNull();
    expect(uploadTargetOf(blocks, 'save')).toBeNull();
  });
});
