import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  parsed: Email;
}

export interface SmtpReceiver {
  port: number;
  url: string;
  received: ReceivedEmail[];
  /** Resolves once `count` messages have arrived (the test's own time-out bounds it). */
  waitForCount(count: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (npm `smtp-server`) on 127.0.0.1 for tests: accepts every message and keeps it
 * parsed. Port 0 picks a free port.
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const received: ReceivedEmail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed });
            for (const wake of waiters.splice(0)) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    async waitForCount(count) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
