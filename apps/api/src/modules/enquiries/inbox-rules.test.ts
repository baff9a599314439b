import { describe, expect, it } from 'vitest';
import { isOverdue, olderThan, referenceFilter, staffMayReply, staffMoveAllowed, statusAfterAssigning } from './inbox-rules.ts';

describe('status moves', () => {
  it('lets staff move an open request to any other open status or close it', () => {
    expect(staffMoveAllowed('new', 'in_progress')).toBe(true);
    expect(staffMoveAllowed('new', 'closed')).toBe(true);
    expect(staffMoveAllowed('in_progress', 'waiting_for_customer')).toBe(true);
    expect(staffMoveAllowed('waiting_for_customer', 'in_progress')).toBe(true);
    expect(staffMoveAllowed('waiting_for_customer', 'closed')).toBe(true);
  });
  it('never moves back to new, nor to where it is', () => {
    expect(staffMoveAllowed('in_progress', 'new')).toBe(false);
    expect(staffMoveAllowed('closed', 'new')).toBe(false);
    expect(staffMoveAllowed('closed', 'closed')).toBe(false);
    expect(staffMoveAllowed('in_progress', 'in_progress')).toBe(false);
  });
  it('reopens a closed request only as in progress', () => {
    expect(staffMoveAllowed('closed', 'in_progress')).toBe(true);
    expect(staffMoveAllowed('closed', 'waiting_for_customer')).toBe(false);
  });
  it('replies only to open requests, and assigning starts a new one', () => {
    expect(staffMayReply('closed')).toBe(false);
    expect(staffMayReply('waiting_for_customer')).toBe(true);
    expect(statusAfterAssigning('new')).toBe('in_progress');
    expect(statusAfterAssigning('waiting_for_customer')).toBe('waiting_for_customer');
  });
});

describe('overdue', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it('is an open request past its routing time', () => {
    expect(isOverdue({ status: 'new', dueAt: new Date('2026-11-24T11:59:59Z') }, now)).toBe(true);
    expect(isOverdue({ status: 'waiting_for_customer', dueAt: new Date('2026-11-20T09:00:00Z') }, now)).toBe(true);
  });
  it('is never a closed request, nor one due now or later', () => {
    expect(isOverdue({ status: 'closed', dueAt: new Date('2026-11-01T09:00:00Z') }, now)).toBe(false);
    expect(isOverdue({ status: 'new', dueAt: now }, now)).toBe(false);
  });
});

describe('filters', () => {
  it('counts ages in whole days back from now', () => {
    expect(olderThan(new Date('2026-11-24T12:00:00Z'), 3).toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });
  it('finds a whole reference exactly and a part of one by its start', () => {
    expect(referenceFilter('hc-7k3p9q')).toEqual({ exact: 'HC-7K3P9Q' });
    expect(referenceFilter('7K3P9Q')).toEqual({ exact: 'HC-7K3P9Q' });
    expect(referenceFilter('HC-7K')).toEqual({ prefix: 'HC-7K' });
    expect(referenceFilter('HC-')).toBeNull();
  });
});
