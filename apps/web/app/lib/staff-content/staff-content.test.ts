import { describe, expect, it } from 'vitest';
import type { ContentImageCleanup, ContentRevision } from '@shop/contracts';
import { lastCleanupText, publicationText, unusedPicturesText } from './staff-content.ts';

const revision = (number: number, action: ContentRevision['action'], at: string, by = 'Edith Editor'): ContentRevision => ({
  revision: number,
  action,
  by,
  at,
  summary: 'About us',
  publishAt: null,
});

describe('publicationText', () => {
  it('says when the live version was published, and when a scheduled one goes live', () => {
    const published = { revision: 3, at: '2026-11-27T10:05:00.000Z' };
    expect(publicationText({ published, scheduled: null, revisions: [] })).toBe('Published 27 November 2026, 10:05 (version 3).');
    const scheduled = { revision: 4, at: '2026-12-01T09:00:00.000Z' };
    expect(publicationText({ published, scheduled, revisions: [] })).toBe(
      'Published 27 November 2026, 10:05 (version 3). Version 4 goes live 1 December 2026, 09:00.',
    );
  });

  it('says who took a page off the shop and when, by its last unpublishing, rather than "not published yet"', () => {
    const revisions = [
      revision(5, 'unpublished', '2026-11-28T16:30:00.000Z', 'Sam Staff'),
      revision(4, 'published', '2026-11-28T09:00:00.000Z'),
      revision(2, 'unpublished', '2026-11-20T12:00:00.000Z'),
    ];
    expect(publicationText({ published: null, scheduled: null, revisions })).toBe('Not on the shop: unpublished by Sam Staff, 28 November 2026, 16:30.');
    expect(publicationText({ published: null, scheduled: null, revisions: [revision(1, 'created', '2026-11-01T10:00:00.000Z')] })).toBe('Not published yet.');
  });
});

describe('the unused pictures line', () => {
  const pictures = (unused: [number, number], removable: [number, number], lastCleanup: ContentImageCleanup['lastCleanup'] = null): ContentImageCleanup => ({
    unused: { count: unused[0], bytes: unused[1] },
    removable: { count: removable[0], bytes: removable[1] },
    graceDays: 7,
    lastCleanup,
  });

  it('says how many pictures no version uses, the space they take, and how many are old enough to go', () => {
    expect(unusedPicturesText(pictures([3, 1_258_291], [2, 900_000]))).toBe(
      '3 pictures uploaded for pages are not used by any page, blog post or global item, or any of their versions, taking 1.2 MB. ' +
        '2 of them are more than 7 days old and can be removed.',
    );
    expect(unusedPicturesText(pictures([1, 2048], [1, 2048]))).toBe(
      '1 picture uploaded for pages is not used by any page, blog post or global item, or any of their versions, taking 2 KB. ' +
        'It is more than 7 days old and can be removed.',
    );
    expect(unusedPicturesText(pictures([2, 300], [0, 0]))).toMatch(/taking 300 bytes\. None is more than 7 days old yet\.$/);
    expect(unusedPicturesText(pictures([0, 0], [0, 0]))).toBe(
      'Every picture uploaded for pages is used by a page, blog post or global item, or one of their versions.',
    );
  });

  it('says when the last clean-up ran, who ran it and what it removed', () => {
    expect(lastCleanupText(pictures([0, 0], [0, 0]))).toBe('No clean-up has run yet.');
    const at = '2026-11-27T10:05:00.000Z';
    expect(lastCleanupText(pictures([0, 0], [0, 0], { at, by: 'Edith Editor', removed: { count: 2, bytes: 4096 } }))).toBe(
      'Last clean-up: 27 November 2026, 10:05 by Edith Editor. It removed 2 pictures (4 KB).',
    );
    expect(lastCleanupText(pictures([0, 0], [0, 0], { at, by: 'The daily clean-up', removed: { count: 0, bytes: 0 } }))).toBe(
      'Last clean-up: 27 November 2026, 10:05 by The daily clean-up. It removed nothing.',
    );
  });
});
