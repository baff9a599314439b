/**
 * An SMTP server standing in for a shop's mail relay, for the browser tests' shop that sends its
 * e-mail: `PORT=3108 HTTP_PORT=3109 node packages/demo/src/smtp-standin/main.ts`. It takes every
 * message, except that it refuses any recipient at `undeliverable.test` (550, as a relay refuses an
 * address that does not exist), so the shop's outbox gives that e-mail up (staff's operations page).
 * Like a mail catcher (Mailpit, MailHog), it keeps the last messages it took and shows them over
 * HTTP, newest first: `GET /messages?to=robin@example.com` answers each one's recipients, subject and
 * plain text, so a test can follow a link the shop e-mailed, as a customer does from their inbox.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { readRelayedMessage, type RelayedMessage } from './relayed-message.ts';

const REFUSED_DOMAIN = '@undeliverable.test>';
/** The most messages kept: the oldest go first. */
const KEPT = 1_000;
const messages: RelayedMessage[] = [];

function converse(socket: Socket): void {
  let buffered = '';
  let inData = false;
  let recipients: string[] = [];
  const say = (line: string) => socket.write(`${line}\r\n`);
  say('220 smtp-standin ESMTP');
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (;;) {
      if (inData) {
        const end = buffered.indexOf('\r\n.\r\n');
        if (end < 0) return;
        // The message starts after the line break put before it below.
        messages.unshift(readRelayedMessage(buffered.slice(2, end), recipients, new Date()));
        messages.length = Math.min(messages.length, KEPT);
        buffered = buffered.slice(end + 5);
        inData = false;
        say('250 2.0.0 queued');
        continue;
      }
      const newline = buffered.indexOf('\r\n');
      if (newline < 0) return;
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-smtp-standin\r\n250 8BITMIME\r\n');
      else if (verb === 'MAIL') {
        recipients = [];
        say('250 ok');
      } else if (verb === 'RCPT') {
        const refused = line.toLowerCase().endsWith(REFUSED_DOMAIN);
        if (!refused) recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
        say(refused ? '550 5.1.1 mailbox unavailable' : '250 2.1.5 ok');
      } else if (verb === 'DATA') {
        inData = true;
        // A message may start with the end marker's tail: look for it from the line break before.
        buffered = `\r\n${buffered}`;
        say('354 end data with <CR><LF>.<CR><LF>');
      } else if (verb === 'QUIT') {
        say('221 2.0.0 bye');
        socket.end();
        return;
      } else say('250 ok');
    }
  });
}

const server = createServer(converse);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`SMTP stand-in on ${typeof address === 'object' && address ? address.port : address}\n`);
});

const inbox = createHttpServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || url.pathname !== '/messages') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = to ? messages.filter((message) => message.to.includes(to)) : messages;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
});
if (process.env.HTTP_PORT) inbox.listen(Number(process.env.HTTP_PORT), '127.0.0.1');

const stop = () => {
  inbox.close();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
