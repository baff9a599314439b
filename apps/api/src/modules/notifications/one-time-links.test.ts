import { describe, expect, it } from 'vitest';
import { defaultShopDetails } from '../../config.ts';
import { renderEmail } from './email-layout.ts';
import { hideOneTimeLinks, ONE_TIME_LINK_HIDDEN } from './one-time-links.ts';

const RESET = 'https://shop.example/identity/password/reset?token=k3J9xQ_vR2mT8pLw-4ZbN7cY1sHd6FgA0eUoIiKqWnE';
const REPLY = 'https://shop.example/help/reply/XqvTbLpRksWmyHcZadQwErTy';
const RETRIEVE = 'https://shop.example/basket/retrieve?code=ABCD-EFGH';

describe('hideOneTimeLinks', () => {
  it('hides a reset link in the button, its fallback address and the plain text, keeping the button label', () => {
    const email = renderEmail(
      {
        subject: 'Reset your password',
        heading: 'Reset',
        paragraphs: ['Use the link.'],
        action: { label: 'Choose a new password', url: RESET },
      },
      defaultShopDetails(),
    );
    expect(email.html).toContain(RESET);
    const shown = hideOneTimeLinks(email);
    expect(shown.count).toBe(1);
    for (const body of [shown.html, shown.text]) {
      expect(body).not.toContain('token=');
      expect(body).toContain(ONE_TIME_LINK_HIDDEN);
    }
    expect(shown.html).toMatch(/<a data-one-time-link="hidden" target="_blank" [^>]*>Choose a new password<\/a>/);
    expect(shown.html).not.toMatch(/href="[^"]*reset/);
    // The shop's own contact links stay.
    expect(shown.html).toContain('href="mailto:');
  });

  it('hides each one-time link among several and leaves codes people read out', () => {
    const email = renderEmail(
      {
        subject: 'Links',
        heading: 'Links',
        paragraphs: [`Or paste ${REPLY} into your browser.`],
        actions: [
          { label: 'Reply', url: REPLY },
          { label: 'Your basket', url: RETRIEVE },
          { label: 'Unsubscribe', url: 'https://shop.example/newsletter/unsubscribe?token=Xq3vT9bL0pRk7sWm2yHcZa1d&from=email' },
        ],
      },
      defaultShopDetails(),
    );
    const shown = hideOneTimeLinks(email);
    expect(shown.count).toBe(2);
    expect(shown.text).toContain(RETRIEVE);
    expect(shown.html).toContain(`href="${RETRIEVE}"`);
    expect(`${shown.html}${shown.text}`).not.toMatch(/help\/reply|unsubscribe\?token/);
  });

  it('changes nothing in an e-mail without one', () => {
    const email = renderEmail(
      {
        subject: 'Your order',
        heading: 'Thanks',
        paragraphs: ['Track it at https://shop.example/track-order?orderNumber=BP00012345.'],
      },
      defaultShopDetails(),
    );
    expect(hideOneTimeLinks(email)).toEqual({ html: email.html, text: email.text, count: 0 });
  });
});
