import { describe, expect, it } from 'vitest';
import type { ContentRevision } from '@shop/contracts';
import { publicationText } from './staff-content.ts';

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
