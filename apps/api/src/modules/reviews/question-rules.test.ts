import { describe, expect, it } from 'vitest';
import { invitationMessage } from '@shop/contracts';
import { invitationExpired, proposedAnswerHold, publicAskerName, publishedAnswererName } from './question-rules.ts';

describe('publicAskerName', () => {
  it('shows a first name and the last name’s initial', () => {
    expect(publicAskerName('Jane Smith')).toBe('Jane S.');
    expect(publicAskerName('  mary   ann  o’brien ')).toBe('mary O.');
    expect(publicAskerName('Zoë Ødegaard')).toBe('Zoë Ø.');
  });

  it('keeps one word, skips a surname with no letter, and names nobody as “A customer”', () => {
    expect(publicAskerName('Prince')).toBe('Prince');
    expect(publicAskerName('Sam 42')).toBe('Sam');
    expect(publicAskerName('   ')).toBe('A customer');
  });

  it('keeps markup as text and cuts a very long first name', () => {
    expect(publicAskerName('<b>Bo</b> <i>x</i>')).toBe('<b>Bo</b> I.');
    expect(publicAskerName('x'.repeat(100))).toHaveLength(60);
  });
});

describe('proposedAnswerHold', () => {
  it('holds links, e-mail addresses, phone numbers and swearing in the answer or the name', () => {
    expect(proposedAnswerHold({ answererName: 'Ann', answer: 'See www.example.com for fitting notes' })).toBe('link');
    expect(proposedAnswerHold({ answererName: 'Ann', answer: 'Mail me at ann@example.com' })).toBe('email_address');
    expect(proposedAnswerHold({ answererName: 'Ann', answer: 'Ring me on 07700 900123 and I will explain' })).toBe('phone_number');
    expect(proposedAnswerHold({ answererName: 'Ann at ann.co.uk', answer: 'Yes, it has fixings' })).toBe('link');
    expect(proposedAnswerHold({ answererName: 'Ann', answer: 'It is a bloody good basin, no bollocks' })).toBe('profanity');
  });

  it('lets an ordinary answer through', () => {
    expect(proposedAnswerHold({ answererName: 'Ann from Leeds', answer: 'Yes: the fixings and a waste came in the box. Fitted in an hour.' })).toBeNull();
  });
});

describe('invitationMessage', () => {
  it('says how many were invited, or why nobody was', () => {
    expect(invitationMessage(1, 0)).toMatch(/^We e-mailed 1 customer who bought/);
    expect(invitationMessage(3, 2)).toMatch(/^We e-mailed 3 customers who bought/);
    expect(invitationMessage(0, 4)).toMatch(/asked to answer this question already/);
    expect(invitationMessage(0, 0)).toMatch(/^Nobody has bought this product/);
  });
});

describe('invitationExpired', () => {
  it('takes answers for 30 whole days after the e-mail went, and not from then on', () => {
    const sentAt = new Date('2031-03-01T09:00:00Z');
    expect(invitationExpired(sentAt, new Date('2031-03-31T08:59:59Z'))).toBe(false);
    expect(invitationExpired(sentAt, new Date('2031-03-31T09:00:00Z'))).toBe(true);
  });
});

describe('publishedAnswererName', () => {
  it('keeps the name stored with the answer', () => {
    expect(publishedAnswererName('Dee from York', 'Plumbline')).toBe('Dee from York');
  });

  it('names the shop when none was stored, and never shows an empty name', () => {
    expect(publishedAnswererName(null, 'Plumbline')).toBe('Plumbline');
    expect(publishedAnswererName('  ', 'Plumbline')).toBe('Plumbline');
    expect(publishedAnswererName(null, undefined)).toBe('Our team');
    expect(publishedAnswererName(null, ' ')).toBe('Our team');
  });
});
