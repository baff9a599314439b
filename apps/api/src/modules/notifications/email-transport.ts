import nodemailer from 'nodemailer';
import type { EmailTransportKind } from './notifications.tables.ts';

export interface OutgoingEmail {
  /** The outbox id: the Message-ID is derived from it, so a resend after a crash is recognisable. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where the dispatcher hands a message: an SMTP server, or the staff mailbox. */
export interface EmailTransport {
  readonly kind: EmailTransportKind;
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(message: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailSettings {
  smtpUrl?: string;
  from: string;
}

/** `<outbox-id@domain-of-MAIL_FROM>` */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'plumbline.example';
  return `<${id}@${domain}>`;
}

/** SMTP through nodemailer; time-outs stay well inside the dispatcher's lease. */
export function createSmtpTransport(settings: { smtpUrl: string; from: string }): EmailTransport {
  const transporter = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transporter.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: messageIdFor(message.id, settings.from),
      });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/** No SMTP server: the outbox row is the delivery, read by staff on the mailbox page. */
export function createMailboxTransport(settings: { from: string }): EmailTransport {
  return {
    kind: 'mailbox',
    send: async (message) => ({ messageId: messageIdFor(message.id, settings.from) }),
    close: () => {},
  };
}

export function createTransport(settings: MailSettings): EmailTransport {
  return settings.smtpUrl ? createSmtpTransport({ smtpUrl: settings.smtpUrl, from: settings.from }) : createMailboxTransport(settings);
}

/**
 * A rejection no retry will change: the server refused the recipient (5xx on RCPT TO).
 * Connection failures, time-outs and 4xx replies are worth retrying.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}
