import { describe, expect, it } from 'vitest';
import { readRelayedMessage } from './relayed-message.ts';

/** A message as nodemailer writes the shop's e-mail (multipart, quoted-printable, an encoded subject folded over two lines). */
const SENT = [
  'From: Plumbline <orders@plumbline.test>',
  'To: robin@example.com',
  'Subject: =?UTF-8?Q?Confirm_your_e-mail_address_=E2=80=93_Pl?=',
  ' =?UTF-8?Q?umbline?=',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative;',
  ' boundary="--_NmP-cd82ff917fa043b4-Part_1"',
  '',
  '----_NmP-cd82ff917fa043b4-Part_1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Confirm your e-mail address to finish creating your account: =',
  'https://shop.example/verify?token=3DabcDEF123_-xyz0123456789abcdefghijklmno=',
  'pqrstuvwxyz0123456789',
  '',
  '..The link works for 24 hours. =C2=A30 to pay.',
  '----_NmP-cd82ff917fa043b4-Part_1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '<p><a href=3D"https://shop.example/verify?token=3Dabc">Confirm</a></p>',
  '----_NmP-cd82ff917fa043b4-Part_1--',
].join('\r\n');

describe('a message the mail relay stand-in took', () => {
  it('reads the subject and the plain text part, decoded, with dot-stuffing undone', () => {
    const message = readRelayedMessage(SENT, ['robin@example.com'], new Date('2026-11-30T00:00:00Z'));
    expect(message).toEqual({
      to: ['robin@example.com'],
      subject: 'Confirm your e-mail address – Plumbline',
      text:
        'Confirm your e-mail address to finish creating your account: ' +
        'https://shop.example/verify?token=abcDEF123_-xyz0123456789abcdefghijklmnopqrstuvwxyz0123456789\r\n\r\n' +
        '.The link works for 24 hours. £0 to pay.\r\n',
      receivedAt: '2026-11-30T00:00:00.000Z',
    });
  });

  it('reads a single-part message in base64, and one with no plain text as empty', () => {
    const base64 = [
      'Subject: Hello',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('Your order £12').toString('base64'),
    ];
    expect(readRelayedMessage(base64.join('\r\n'), ['a@example.com'], new Date(0)).text).toBe('Your order £12');
    const html = ['Subject: Hello', 'Content-Type: text/html', '', '<p>Hi</p>'];
    expect(readRelayedMessage(html.join('\r\n'), ['a@example.com'], new Date(0)).text).toBe('');
  });
});
